// The same app under Deno and under wrangler dev (local workerd), started as real processes.
import { z } from "zod";
import { test, expect, afterAll } from "bun:test";
import { mkdtempSync, rmSync, existsSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import type { Subprocess } from "bun";
import { createClient, type Client } from "@libsql/client/web";
import { createBunSqliteClient } from "./bun-sqlite-client.ts";
import { eq } from "drizzle-orm";
import { startLibsqlHttpServer } from "./test/libsql-http-server.ts";
import { startClickHouseHttpBridge } from "./test/clickhouse-http-bridge.ts";
import { createDb } from "../api/db/index.ts";
import { admins } from "../api/db/schema/index.ts";
import { createAdmin } from "../api/domain/admins.ts";
import { registerPlayer } from "../api/domain/players.ts";
import { DEMO_ADMIN } from "../api/identity/seed.ts";
import { putContent, DEMO_TANKS } from "../api/domain/content.ts";
import { saveBattleOptions } from "../api/domain/options.ts";
import { sha256Hex } from "../api/domain/tokens.ts";
import { encodeInput, ViewDecoder } from "../api/game/sim/wire.ts";
import { appleStandin } from "../api/billing/test-standins/apple.ts";
import { signedInPlayer, putItem, GOLD_PACK } from "../api/test/billing-world.ts";

const NRow = z.object({ n: z.number() });

const root = new URL("..", import.meta.url).pathname;
const procs: Subprocess[] = [];
const dirs: string[] = [];
const cleanups: (() => unknown)[] = [];
afterAll(async () => {
  for (const p of procs) p.kill();
  for (const c of cleanups) await c();
  // TK_KEEP=1 keeps the temporary directories (with the Worker's wrangler.log) for a look after a failure.
  for (const d of dirs) if (!process.env.TK_KEEP) rmSync(d, { recursive: true, force: true });
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

// Below Linux's ephemeral range (32768 and up), where the machine's own outgoing connections take
// their ports and a listener can find one held; each run needs the port and the one after it.
const freePort = () => 20000 + Math.floor(Math.random() * 12000);

/**
 * One player joins a one-a-side battle through the app (`/game/play/join`) and opens its socket:
 * what the room sends is collected — its JSON messages, and the ticks and acknowledged inputs of
 * its binary views. `seatOf` reads the player's seat from the room's stored set-up.
 */
async function joinBattle(
  db: ReturnType<typeof createDb>,
  client: Pick<Client, "execute">,
  port: number,
  nickname: string,
  onSocketError?: () => Promise<void>,
) {
  await putContent(db, "tank", DEMO_TANKS, Date.now());
  await saveBattleOptions(
    db,
    { roundSeconds: 60, respawn: false, maps: ["mines"], teamSize: 1, maxWaitSeconds: 0, tierSpread: 1 },
    "test",
    Date.now(),
  );
  const at = Date.now();
  const { playerId } = await registerPlayer(db, {
    nickname,
    country: "DE",
    platform: "web",
    source: "organic",
    locale: "en",
    at,
  });
  const token = crypto.randomUUID();
  await client.execute({
    sql: "insert into sessions (token_hash, kind, subject_id, csrf_token, locale, created_at, last_seen_at, expires_at) values (?, 'player', ?, 'csrf-b', 'en', ?, ?, ?)",
    args: [await sha256Hex(token), playerId, at, at, at + 3_600_000],
  });
  const cookie = `tk_player=${token}`;
  const joined = await fetch(`http://127.0.0.1:${port}/game/play/join`, {
    method: "POST",
    headers: { cookie, "x-csrf-token": "csrf-b", "content-type": "application/json", accept: "application/json" },
    body: JSON.stringify({ tankId: 1 }),
  });
  expect(joined.status).toBe(200);
  const where = (await joined.json()) as { battle: { battleId: number } | null };
  expect(where.battle?.battleId).toBeGreaterThan(0);
  const battleId = where.battle!.battleId;
  const socket = new WebSocket(`ws://127.0.0.1:${port}/game/play/ws/${battleId}`, {
    headers: { cookie },
  } as unknown as string[]);
  socket.binaryType = "arraybuffer";
  const texts: { type: string; you?: number }[] = [];
  const views = new ViewDecoder();
  const acks: number[] = [];
  const ticks: number[] = [];
  socket.onmessage = (e) => {
    if (typeof e.data === "string") texts.push(JSON.parse(e.data));
    else if (new Uint8Array(e.data as ArrayBuffer)[0] === 2) {
      const v = views.decode(e.data as ArrayBuffer)!;
      ticks.push(v.tick);
      acks.push(v.ack);
    }
  };
  await new Promise((open, fail) => {
    socket.onopen = open;
    socket.onerror = async (e) => {
      await onSocketError?.();
      fail(e);
    };
  });
  const seatOf = async () => {
    const [room] = (
      await client.execute({ sql: "select setup from battle_rooms where battle_id = ?", args: [battleId] })
    ).rows;
    return (JSON.parse(String(room.setup)) as { seats: { playerId: number | null }[] }).seats.findIndex(
      (x) => x.playerId === playerId,
    );
  };
  return { socket, battleId, texts, ticks, acks, seatOf };
}

test("under Deno: the HTML shell, a JSON route and a JSON error, an App Store purchase", async () => {
  const dataDir = mkdtempSync(join(tmpdir(), "tk-deno-"));
  dirs.push(dataDir);
  const port = freePort();
  const proc = Bun.spawn(
    [
      join(root, "node_modules/.bin/deno"),
      "run",
      "-A",
      "--unstable-sloppy-imports",
      "--node-modules-dir=manual",
      "edge/deno.ts",
    ],
    {
      cwd: root,
      env: { ...process.env, PORT: String(port), DATA_DIR: dataDir, SEED_PLAYERS: "5" },
      stdout: "ignore",
      stderr: "inherit",
    },
  );
  procs.push(proc);
  const base = `http://127.0.0.1:${port}`;
  await waitFor(`${base}/healthz`, 60_000);
  const health = await fetch(`${base}/healthz`);
  expect(await health.json()).toEqual({ ok: true, db: true, warehouse: "chdb" });
  const shell = await fetch(`${base}/admin/login`, { headers: { accept: "text/html", "accept-language": "en" } });
  expect(shell.status).toBe(200);
  expect(await shell.text()).toContain('<meta name="tk-locale" content="en">');
  // The landing rendered on the server under Deno (ui/ssr.tsx through edge/assets.ts).
  const landing = await (await fetch(`${base}/en/public`, { headers: { accept: "text/html" } })).text();
  expect(landing).toContain('<h1 id="landing-title">Tankodrome</h1>');
  const denied = await fetch(`${base}/admin/api/user/`, { headers: { accept: "application/json" } });
  expect(denied.status).toBe(401);
  expect((await denied.json()).error.code).toBe("unauthorized");
  // The demo admin's Argon2id hash, made and checked under Deno.
  const signIn = await fetch(`${base}/admin/login`, {
    method: "POST",
    headers: { "content-type": "application/json", accept: "application/json" },
    body: JSON.stringify({ username: DEMO_ADMIN.username, password: DEMO_ADMIN.password }),
  });
  expect(signIn.status).toBe(200);
  expect((await signIn.json()).csrfToken).toBeString();

  // An App Store purchase (test mode: the stand-in's store sheet in the same process): the
  // signed transaction's certificate path is validated by PKI.js on Deno's Web Crypto, then paid.
  const client = createBunSqliteClient(join(dataDir, "tankodrome.db"), { busyTimeoutMs: 5000 });
  cleanups.unshift(() => client.close());
  const db = createDb(client);
  await putItem(db, GOLD_PACK, Date.now());
  const buyer = await signedInPlayer(db, Date.now(), { platform: "ios", country: "US" });
  const started = await fetch(`${base}/billing/order/start`, {
    method: "POST",
    headers: { ...buyer.headers, "content-type": "application/json", accept: "application/json" },
    body: JSON.stringify({ provider: "apple", item_id: "gold_500" }),
  });
  expect(started.status).toBe(200);
  const { order, url } = (await started.json()) as { order: { id: number }; url: string };
  expect(url).toContain("/test/payments/apple/buy?");
  const bought = await fetch(url, { method: "POST", redirect: "manual" });
  expect(bought.status).toBe(302);
  expect(
    (await client.execute({ sql: "select status from billing_orders where id = ?", args: [order.id] })).rows[0].status,
  ).toBe("paid");

  // A battle over Deno's WebSocket (Hono's helper carrying the room's session, edge/hono-sockets.ts):
  // the hello names the player's seat, the views' ticks advance, and an input reaches the room.
  const { socket, texts, ticks, acks, seatOf } = await joinBattle(db, client, port, "DenoDriver");
  socket.send(encodeInput({ seq: 1, throttle: 1, turn: 0, aim: 0, fire: false, ack: 0, view: 0 }));
  const until = Date.now() + 15_000;
  while ((!acks.includes(1) || Math.max(0, ...ticks) <= 20) && Date.now() < until) await Bun.sleep(100);
  expect(acks).toContain(1);
  expect(Math.max(...ticks)).toBeGreaterThan(20);
  socket.close();
  expect(texts[0]).toMatchObject({ type: "hello", you: await seatOf() });
}, 120_000);

test("under wrangler dev (workerd): the built UI is served and, with no store configured, a clear 503", async () => {
  if (!existsSync(join(root, "ui/dist/manifest.json"))) throw new Error("build the UI first (npm run ui:build)");
  const port = freePort();
  const proc = Bun.spawn(
    [
      join(root, "node_modules/.bin/wrangler"),
      "dev",
      "--local",
      "--ip",
      "127.0.0.1",
      "--port",
      String(port),
      "--inspector-port",
      String(port + 1),
    ],
    {
      cwd: root,
      env: { ...process.env, WRANGLER_SEND_METRICS: "false", CI: "true", NO_COLOR: "1" },
      stdout: "ignore",
      stderr: "ignore",
    },
  );
  procs.push(proc);
  const base = `http://127.0.0.1:${port}`;
  await waitFor(`${base}/healthz`, 80_000);
  const r = await fetch(`${base}/admin/`, { headers: { accept: "application/json" } });
  expect(r.status).toBe(503);
  expect(await r.json()).toEqual({
    error: { code: "unavailable", message: "The service is not configured: LIBSQL_URL, CLICKHOUSE_URL" },
  });
  const manifest = (await Bun.file(join(root, "ui/dist/manifest.json")).json()) as { scripts: string[] };
  const js = await fetch(`${base}${manifest.scripts[0]}`);
  expect(js.status).toBe(200);
  expect(js.headers.get("content-type")).toContain("javascript");
  proc.kill(); // one workerd at a time on this small machine
  await proc.exited;
}, 120_000);

test("under wrangler dev (workerd) with live stores: migrations, the HTML shell, JSON routes reading the store, admin sign-in, the shipper's Cron Trigger, an App Store purchase, a battle in its Durable Object", async () => {
  if (!existsSync(join(root, "ui/dist/manifest.json"))) throw new Error("build the UI first (npm run ui:build)");
  const dir = mkdtempSync(join(tmpdir(), "tk-worker-"));
  dirs.push(dir);
  // Test-only stand-ins for Turso and a ClickHouse server (see edge/test/).
  const libsql = startLibsqlHttpServer(join(dir, "store.db"));
  // Apple's signed transactions, from a stand-in whose root the Worker pins.
  const apple = await appleStandin({
    bundleId: "com.tankodrome.worker",
    now: () => Date.now(),
    environment: "Production",
  });
  const clickhouse = startClickHouseHttpBridge(join(dir, "chdb"));
  cleanups.push(
    () => libsql.stop(),
    () => clickhouse.stop(),
  );
  const port = freePort();
  const proc = Bun.spawn(
    [
      join(root, "node_modules/.bin/wrangler"),
      "dev",
      "--local",
      "--ip",
      "127.0.0.1",
      "--port",
      String(port),
      "--inspector-port",
      String(port + 1),
      "--test-scheduled",
      "--persist-to",
      join(dir, "wrangler-state"),
      "--var",
      `LIBSQL_URL:${libsql.url}`,
      "--var",
      `CLICKHOUSE_URL:${clickhouse.url}`,
      "--var",
      "APPLE_BUNDLE_ID:com.tankodrome.worker",
      "--var",
      `APPLE_ROOT_CERTS:${apple.rootBase64}`,
    ],
    {
      cwd: root,
      env: { ...process.env, WRANGLER_SEND_METRICS: "false", CI: "true", NO_COLOR: "1" },
      stdout: Bun.file(join(dir, "wrangler.log")),
      stderr: Bun.file(join(dir, "wrangler.err")),
    },
  );
  procs.push(proc);
  const base = `http://127.0.0.1:${port}`;
  await waitFor(`${base}/healthz`, 80_000);

  // The first request migrated the libSQL server and opened the warehouse, which migrates in the
  // background (the site never waits for it past 5 s): on a loaded machine it may come a little later.
  let health: unknown;
  for (const until = Date.now() + 60_000; ; await Bun.sleep(250)) {
    health = await (await fetch(`${base}/healthz`)).json();
    if ((health as { warehouse: unknown }).warehouse || Date.now() > until) break;
  }
  expect(health).toEqual({ ok: true, db: true, warehouse: "clickhouse" });
  const client = createClient({ url: libsql.url });
  cleanups.unshift(() => client.close());
  const db = createDb(client);
  expect((await client.execute("SELECT count(*) AS n FROM players")).rows[0].n).toBe(0);

  // A public page's HTML shell, with the built UI's entry, and a public JSON route reading the store.
  const manifest = (await Bun.file(join(root, "ui/dist/manifest.json")).json()) as { scripts: string[] };
  const shell = await fetch(`${base}/en/public`, { headers: { accept: "text/html" } });
  expect(shell.status).toBe(200);
  const html = await shell.text();
  expect(html).toContain('<meta name="tk-locale" content="en">');
  expect(html).toContain(manifest.scripts[0]);
  // Rendered on the server in the Worker too (the renderer bundled by wrangler).
  expect(html).toContain('<h1 id="landing-title">Tankodrome</h1>');
  const guides = await fetch(`${base}/en/public/information/guide/`, { headers: { accept: "application/json" } });
  expect(guides.status).toBe(200);
  expect(guides.headers.get("content-type")).toContain("application/json");
  await guides.json();

  // Admin sign-in: an Argon2id hash made on Bun (WebAssembly) is checked by the Worker (pure JS),
  // and an old PBKDF2-SHA256 600k hash still verifies there (local workerd does not apply
  // production's 100k cap; api/identity/password.test.ts covers the JS fallback for it).
  await createAdmin(db, {
    username: "operator",
    email: "operator@example.com",
    password: "worker sign-in 1",
    role: "superadmin",
    at: Date.now(),
  });
  const legacyKey = await crypto.subtle.importKey(
    "raw",
    new TextEncoder().encode("legacy sign-in 1"),
    "PBKDF2",
    false,
    ["deriveBits"],
  );
  const salt = crypto.getRandomValues(new Uint8Array(16));
  const bits = new Uint8Array(
    await crypto.subtle.deriveBits({ name: "PBKDF2", hash: "SHA-256", salt, iterations: 600_000 }, legacyKey, 256),
  );
  await createAdmin(db, {
    username: "veteran",
    email: "veteran@example.com",
    password: "placeholder-replaced",
    role: "support",
    at: Date.now(),
  });
  const b64 = (b: Uint8Array) => btoa(String.fromCharCode(...b));
  await db
    .update(admins)
    .set({ passwordHash: `pbkdf2-sha256$600000$${b64(salt)}$${b64(bits)}` })
    .where(eq(admins.username, "veteran"));
  const signIn = (username: string, password: string) =>
    fetch(`${base}/admin/login`, {
      method: "POST",
      headers: { "content-type": "application/json", accept: "application/json", "accept-language": "en" },
      body: JSON.stringify({ username, password }),
    });
  const wrong = await signIn("operator", "not the password");
  expect(wrong.status).toBe(401);
  expect((await wrong.json()).error.code).toBe("unauthorized");
  const ok = await signIn("operator", "worker sign-in 1");
  expect(ok.status).toBe(200);
  expect((await ok.json()).csrfToken).toBeString();
  const cookie = ok.headers.get("set-cookie")!.split(";")[0];
  expect(cookie).toStartWith("tk_admin=");
  const list = await fetch(`${base}/admin/api/user/`, { headers: { accept: "application/json", cookie } });
  expect(list.status).toBe(200);
  expect(JSON.stringify(await list.json())).toContain('"veteran"');
  const veteran = await signIn("veteran", "legacy sign-in 1");
  expect(veteran.status).toBe(200);
  await veteran.body?.cancel();

  // The Cron Trigger ships events no request of the Worker wrote: a registration made straight in
  // the store reaches ClickHouse when wrangler fires the scheduled event.
  // A drain a request started (waitUntil) may still be running on a loaded machine and ship the
  // registration itself; then the check tries again with a new one — the cron must ship one.
  const warehouse = await clickhouse.warehouse("tankodrome");
  const shippedOf = async (p: number) =>
    (await warehouse.query("SELECT count() AS n FROM registrations WHERE player_id = {p:UInt64}", { p }, NRow))[0].n;
  let byCron = 0;
  for (let attempt = 1; attempt <= 3 && !byCron; attempt++) {
    await Bun.sleep(1000);
    const { playerId } = await registerPlayer(db, {
      nickname: `CronShipped${attempt}`,
      country: "DE",
      platform: "web",
      source: "organic",
      locale: "en",
      at: Date.now(),
    });
    await Bun.sleep(1000);
    if ((await shippedOf(playerId)) !== 0) continue;
    const cron = await fetch(`${base}/__scheduled?cron=*+*+*+*+*`);
    expect(cron.status).toBe(200);
    await cron.body?.cancel();
    const until = Date.now() + 15_000;
    while ((await shippedOf(playerId)) === 0 && Date.now() < until) await Bun.sleep(200);
    expect(await shippedOf(playerId)).toBe(1);
    byCron = playerId;
  }
  expect(byCron).toBeGreaterThan(0);

  // An App Store purchase: the signed transaction's certificate path validated by PKI.js on
  // workerd's Web Crypto; a tampered one refused.
  await putItem(db, GOLD_PACK, Date.now());
  const buyer = await signedInPlayer(db, Date.now(), { platform: "ios", country: "US" });
  const started = await fetch(`${base}/billing/order/start`, {
    method: "POST",
    headers: { ...buyer.headers, "content-type": "application/json", accept: "application/json" },
    body: JSON.stringify({ provider: "apple", item_id: "gold_500" }),
  });
  expect(started.status).toBe(200);
  const { order, ref } = (await started.json()) as { order: { id: number }; ref: string };
  const jws = await apple.signedTransaction(apple.buy("gold_500", ref, 1990, "USD").transactionId);
  const report = (signedTransactionInfo: string) =>
    fetch(`${base}/billing/apple/`, {
      method: "POST",
      headers: { "content-type": "application/json", accept: "application/json" },
      body: JSON.stringify({ signedTransactionInfo }),
    });
  const [h, p, s] = jws.split(".");
  const tampered = await report(`${h}.${p}.${s.startsWith("A") ? "B" : "A"}${s.slice(1)}`);
  expect(tampered.status).toBe(400);
  await tampered.body?.cancel();
  const paid = await report(jws);
  expect(paid.status).toBe(200);
  expect(await paid.json()).toMatchObject({ ok: true, order: order.id, status: "paid" });

  // A battle in the browser: formed through the app, run by its Durable Object, played over a
  // WebSocket — a snapshot stream whose ticks advance, an input taken for the player's own tank.
  const { socket, battleId, texts, ticks, seatOf } = await joinBattle(db, client, port, "WorkerGunner", async () => {
    await Bun.sleep(1500);
    console.log(
      (await Bun.file(join(dir, "wrangler.log")).text()).slice(-3000),
      (await Bun.file(join(dir, "wrangler.err")).text()).slice(-3000),
    );
  });
  socket.send(JSON.stringify({ t: 1, r: 0, a: 0, f: true }));
  const deadline = Date.now() + 15_000;
  while (ticks.filter((t) => t > 20).length < 3 && Date.now() < deadline) await Bun.sleep(100);
  socket.close();
  expect(Math.max(...ticks)).toBeGreaterThan(20);
  const [room] = (await client.execute({ sql: "select host from battle_rooms where battle_id = ?", args: [battleId] }))
    .rows;
  expect(room.host).toBe("");
  // The hello names the player's own seat (whichever team matchmaking put them in).
  expect(texts[0]).toMatchObject({ type: "hello", you: await seatOf() });
}, 180_000);
