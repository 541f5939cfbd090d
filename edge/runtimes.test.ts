// The same app under Deno and under wrangler dev (local workerd), started as real processes.
import { test, expect, afterAll } from "bun:test";
import { mkdtempSync, rmSync, existsSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import type { Subprocess } from "bun";

const root = new URL("..", import.meta.url).pathname;
const procs: Subprocess[] = [];
const dirs: string[] = [];
afterAll(() => {
  for (const p of procs) p.kill();
  for (const d of dirs) rmSync(d, { recursive: true, force: true });
});

async function waitFor(url: string, ms: number): Promise<void> {
  const until = Date.now() + ms;
  for (;;) {
    try {
      const r = await fetch(url);
      await r.body?.cancel();
      return;
    } catch {
      if (Date.now() > until) throw new Error(`${url} did not answer within ${ms} ms`);
      await Bun.sleep(250);
    }
  }
}

const freePort = () => 20000 + Math.floor(Math.random() * 20000);

test("under Deno: the HTML shell, a JSON route and a JSON error", async () => {
  const dataDir = mkdtempSync(join(tmpdir(), "tk-deno-"));
  dirs.push(dataDir);
  const port = freePort();
  const proc = Bun.spawn([join(root, "node_modules/.bin/deno"), "run", "-A", "--unstable-sloppy-imports", "--node-modules-dir=manual", "edge/deno.ts"], {
    cwd: root,
    env: { ...process.env, PORT: String(port), DATA_DIR: dataDir, SEED_PLAYERS: "5" },
    stdout: "ignore",
    stderr: "inherit",
  });
  procs.push(proc);
  const base = `http://127.0.0.1:${port}`;
  await waitFor(`${base}/healthz`, 60_000);
  const health = await fetch(`${base}/healthz`);
  expect(await health.json()).toEqual({ ok: true, db: true, warehouse: "chdb" });
  const shell = await fetch(`${base}/admin/login`, { headers: { accept: "text/html", "accept-language": "en" } });
  expect(shell.status).toBe(200);
  expect(await shell.text()).toContain('<meta name="tk-locale" content="en">');
  const denied = await fetch(`${base}/admin/api/user/`, { headers: { accept: "application/json" } });
  expect(denied.status).toBe(401);
  expect((await denied.json()).error.code).toBe("unauthorized");
}, 90_000);

test("under wrangler dev (workerd): the built UI is served and, with no store configured, a clear 503", async () => {
  if (!existsSync(join(root, "ui/dist/manifest.json"))) throw new Error("build the UI first (npm run ui:build)");
  const port = freePort();
  const proc = Bun.spawn([join(root, "node_modules/.bin/wrangler"), "dev", "--local", "--ip", "127.0.0.1", "--port", String(port), "--inspector-port", String(port + 1)], {
    cwd: root,
    env: { ...process.env, WRANGLER_SEND_METRICS: "false", CI: "true", NO_COLOR: "1" },
    stdout: "ignore",
    stderr: "ignore",
  });
  procs.push(proc);
  const base = `http://127.0.0.1:${port}`;
  await waitFor(`${base}/healthz`, 80_000);
  const r = await fetch(`${base}/admin/`, { headers: { accept: "application/json" } });
  expect(r.status).toBe(503);
  expect(await r.json()).toEqual({ error: { code: "unavailable", message: "The service is not configured: LIBSQL_URL, CLICKHOUSE_URL" } });
  const manifest = (await Bun.file(join(root, "ui/dist/manifest.json")).json()) as { scripts: string[] };
  const js = await fetch(`${base}${manifest.scripts[0]}`);
  expect(js.status).toBe(200);
  expect(js.headers.get("content-type")).toContain("javascript");
}, 120_000);
