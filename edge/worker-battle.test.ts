// On Workers a battle is a Durable Object, and it survives the object's eviction: under `wrangler
// dev` (local workerd) a battle is formed and played over its WebSocket; then wrangler dev is killed
// (SIGKILL, the whole process group: the object's memory is gone, its storage kept in --persist-to)
// and started again. The player's client reconnects by itself; the new object takes the battle up
// from its storage at the tick its log reached (a battle started over would be at tick 0), and the
// battle's end (an operator stops it) carries the digest of its stored record replayed whole.
import { test, expect } from "bun:test";
import { spawn, type ChildProcess } from "node:child_process";
import { existsSync, mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { createClient } from "@libsql/client";
import { digest } from "../api/game/sim/sim.ts";
import { replay, type InputRecord } from "../api/game/sim/replay.ts";
import type { BattleSetup } from "../api/game/sim/types.ts";
import { BattleClient, addOperator, addPlayer, battleOf, post, prepareStore, root } from "./test/battle-harness.ts";
import { spawnStoreServer, type StoreServer } from "./test/store-servers.ts";

/** Below Linux's ephemeral range; the inspector takes the port after it. */
const port = 20000 + Math.floor(Math.random() * 12000);

function wrangler(dir: string, libsql: string, clickhouse: string): ChildProcess {
  return spawn(
    join(root, "node_modules/.bin/wrangler"),
    [
      "dev",
      "--local",
      "--ip",
      "127.0.0.1",
      "--port",
      String(port),
      "--inspector-port",
      String(port + 1),
      "--persist-to",
      join(dir, "wrangler-state"),
      "--var",
      `LIBSQL_URL:${libsql}`,
      "--var",
      `CLICKHOUSE_URL:${clickhouse}`,
    ],
    {
      cwd: root,
      env: { ...process.env, WRANGLER_SEND_METRICS: "false", CI: "true", NO_COLOR: "1" },
      stdio: "ignore",
      // Its own process group: killing it kills workerd with it.
      detached: true,
    },
  );
}

async function answering(url: string, ms: number) {
  for (const until = Date.now() + ms; ; await Bun.sleep(250)) {
    try {
      const r = await fetch(url);
      if (r.status < 500) return;
      await r.body?.cancel();
    } catch {
      // not up yet
    }
    if (Date.now() > until) throw new Error(`${url} did not answer within ${ms} ms`);
  }
}

function killGroup(p: ChildProcess | null) {
  if (p?.pid && p.exitCode === null && p.signalCode === null) {
    try {
      process.kill(-p.pid, "SIGKILL");
    } catch {
      // gone
    }
  }
}

test("under wrangler dev, a battle's Durable Object survives its eviction: resumed from its storage", async () => {
  if (!existsSync(join(root, "ui/dist/manifest.json"))) throw new Error("build the UI first (npm run ui:build)");
  const dir = mkdtempSync(join(tmpdir(), "tk-worker-battle-"));
  const stores: StoreServer[] = [];
  let dev: ChildProcess | null = null;
  let bc: BattleClient | null = null;
  try {
    stores.push(
      ...(await Promise.all([
        spawnStoreServer("libsql", join(dir, "store.db")),
        spawnStoreServer("clickhouse", join(dir, "chdb")),
      ])),
    );
    const [libsql, clickhouse] = stores;
    const client = createClient({ url: libsql.url });
    await prepareStore(client);
    const player = await addPlayer(client, "Evicted");
    const operator = await addOperator(client);
    const base = `http://127.0.0.1:${port}`;
    dev = wrangler(dir, libsql.url, clickhouse.url);
    await answering(`${base}/healthz`, 90_000);

    const battleId = await battleOf(base, player);
    bc = new BattleClient(() => base, battleId, player);
    await bc.helloAfter(0, 30_000);
    for (const until = Date.now() + 15_000; bc.lastTick < 60 && Date.now() < until; ) await Bun.sleep(100);
    expect(bc.lastTick).toBeGreaterThanOrEqual(60);

    // The object is evicted: wrangler dev and its workerd killed, then started again on the same state.
    const before = bc.lastTick;
    killGroup(dev);
    await Bun.sleep(500);
    const restarted = performance.now();
    dev = wrangler(dir, libsql.url, clickhouse.url);
    await answering(`${base}/healthz`, 90_000);
    const back = await bc.helloAfter(restarted, 30_000);
    console.log(`resumed at tick ${back.tick} (the client had seen ${before}) from the object's storage`);
    // Not started over: at most a flush (400 ms, 8 ticks) before what the player had seen.
    expect(back.tick).toBeGreaterThan(before - 10);
    await Bun.sleep(1_000);
    expect(bc.lastTick).toBeGreaterThan(back.tick);

    expect((await post(base, operator, `/admin/battles/${battleId}/stop`)).status).toBe(200);
    const end = await bc.ended(15_000);
    const row = (
      await client.execute({ sql: "select setup, inputs from battle_rooms where battle_id = ?", args: [battleId] })
    ).rows[0];
    const record = {
      setup: JSON.parse(String(row.setup)) as BattleSetup,
      inputs: JSON.parse(String(row.inputs)) as InputRecord[],
    };
    expect(digest(replay(record))).toBe(end.digest as string);
    client.close();
  } finally {
    bc?.close();
    killGroup(dev);
    for (const s of stores) await s.stop();
    rmSync(dir, { recursive: true, force: true });
  }
}, 240_000);
