// Crash test: the server as `npm start` runs it (bun edge/bun.ts on an embedded libSQL file and
// chDB) takes writes under load and is killed with SIGKILL several times, restarted after each.
// Then, in a process of its own (edge/test/crash-check.ts): every acknowledged write is in the
// store, every balance equals the sum of its ledger entries, the warehouse holds exactly the
// outbox's events by event id, and every dashboard rollup equals its recomputation from the raw
// events. Bounded to ~30 s of load and restarts.
import { test, expect } from "bun:test";
import { spawn, type ChildProcess } from "node:child_process";
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";

const root = new URL("..", import.meta.url).pathname;
const bun = join(root, "node_modules/.bin/bun");
const KEY = "crash-test-game-key-0123456789";
const KILLS = 4;

async function freePort(): Promise<number> {
  const s = Bun.serve({ port: 0, hostname: "127.0.0.1", fetch: () => new Response() });
  const port = s.port!;
  s.stop(true);
  return port;
}

function start(dir: string, port: number): Promise<ChildProcess> {
  const proc = spawn(bun, ["edge/bun.ts"], {
    cwd: root,
    env: { ...process.env, PORT: String(port), HOST: "127.0.0.1", DATA_DIR: dir, SEED_PLAYERS: "0", GAME_API_KEY: KEY },
    stdio: ["ignore", "pipe", "pipe"],
  });
  return new Promise((resolve, reject) => {
    let out = "";
    const timer = setTimeout(() => reject(new Error(`the server did not start: ${out}`)), 60_000);
    proc.stdout!.on("data", (d) => {
      out += String(d);
      if (out.includes("ready at")) {
        clearTimeout(timer);
        resolve(proc);
      }
    });
    proc.stderr!.on("data", (d) => void (out += String(d)));
    proc.on("exit", (code) => reject(new Error(`the server exited (${code}) before it was ready: ${out}`)));
  });
}

test("SIGKILL under load, restarted several times: acknowledged writes kept, ledger = balances, warehouse = outbox by event id, rollups = raw events", async () => {
  const dir = mkdtempSync(join(tmpdir(), "tk-crash-"));
  const port = await freePort();
  const base = `http://127.0.0.1:${port}`;
  const acknowledged: number[] = [];
  let seq = 0;
  let errors = 0;
  try {
    for (let round = 0; round <= KILLS; round++) {
      const proc = await start(dir, port);
      const exited = new Promise((r) => proc.on("exit", r));
      let running = true;
      // 8 writers registering players (a store transaction with its ledger entries and outbox events each).
      const writer = async () => {
        while (running) {
          const uid = `crash-${++seq}`;
          try {
            const res = await fetch(`${base}/game/api/players/register`, {
              method: "POST",
              headers: { authorization: `Bearer ${KEY}`, "content-type": "application/json" },
              body: JSON.stringify({ network: "device", uid, nickname: `Crash${seq}`, country: ["RU", "DE", "US"][seq % 3], platform: "web" }),
            });
            if (res.status === 201 || res.status === 200) acknowledged.push(((await res.json()) as { playerId: number }).playerId);
            else await res.body?.cancel();
          } catch {
            errors++; // the connection died with the server: not acknowledged
            await Bun.sleep(5);
          }
        }
      };
      const writers = Array.from({ length: 8 }, writer);
      await Bun.sleep(round === KILLS ? 1500 : 1500 + Math.floor(Math.random() * 1500));
      if (round < KILLS) {
        proc.kill("SIGKILL");
        await exited;
        running = false;
        await Promise.all(writers);
      } else {
        running = false;
        await Promise.all(writers);
        proc.kill("SIGTERM");
        await exited;
      }
    }
    expect(acknowledged.length).toBeGreaterThan(50);
    const idsFile = join(dir, "acknowledged.txt");
    writeFileSync(idsFile, acknowledged.join("\n"));
    const check = Bun.spawnSync([bun, "edge/test/crash-check.ts", dir, idsFile], { cwd: root, env: { ...process.env, TK_TEST_CHDB_DIR: "" } });
    const text = check.stdout.toString().trim().split("\n").at(-1) ?? "";
    if (check.exitCode !== 0) throw new Error(`crash-check failed: ${check.stderr.toString()}`);
    const result = JSON.parse(text);
    console.log(`crash test: ${KILLS} kills, ${result.acknowledged} acknowledged writes, ${result.players} players, ${errors} requests cut off; rollup rows ${JSON.stringify(result.figures)}`);
    expect(result.missing).toEqual([]);
    expect(result.ledgerDiffs).toEqual([]);
    for (const [table, r] of Object.entries(result.outboxVsWarehouse as Record<string, { notInWarehouse: number; notInOutbox: number }>)) {
      expect({ table, ...r }).toEqual({ table, ...r, notInWarehouse: 0, notInOutbox: 0 });
    }
    expect(result.outboxVsWarehouse.registrations.outbox).toBe(result.players);
    expect(result.rollupDiffs).toEqual([]);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}, 180_000);
