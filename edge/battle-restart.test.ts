// A battle outlives its process on the embedded default (one process, a libSQL file and chDB): the
// server is killed with SIGKILL mid-battle and started again; the battle resumes within 3 s of the
// restart, the player's client reconnecting by itself, and ends as an uninterrupted replay of its
// record. A second process over the same data directory stops at once, saying why. A SIGTERM (a
// deploy) hands the battle back and exits; the next start takes it over.
import { test, expect } from "bun:test";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { createClient } from "@libsql/client";
import { digest } from "../api/game/sim/sim.ts";
import { replay, type InputRecord } from "../api/game/sim/replay.ts";
import type { BattleSetup } from "../api/game/sim/types.ts";
import {
  BattleClient,
  addOperator,
  addPlayer,
  battleOf,
  freePort,
  post,
  prepareStore,
  startInstance,
  type Instance,
} from "./test/battle-harness.ts";

test("kill -9 mid-battle, restart: the battle resumes within 3 s and ends as its uninterrupted replay", async () => {
  const dir = mkdtempSync(join(tmpdir(), "tk-restart-"));
  const client = createClient({ url: `file:${dir}/tankodrome.db` });
  const port = await freePort();
  const env = { PORT: String(port), DATA_DIR: dir };
  const running: Instance[] = [];
  let bc: BattleClient | null = null;
  try {
    await prepareStore(client);
    const player = await addPlayer(client, "Restarted");
    const operator = await addOperator(client);
    const first = await startInstance(env);
    running.push(first);
    // A second process over the same data: refused at once, with what to do (not a silent 503).
    const second = await startInstance({ ...env, PORT: String(await freePort()) }).then(
      () => "started",
      (e: Error) => e.message,
    );
    expect(second).toMatch(/embedded warehouse \(chDB\).*another process \(pid \d+\)/);
    expect(second).toMatch(/CLICKHOUSE_URL/);

    const battleId = await battleOf(first.url, player);
    bc = new BattleClient(() => first.url, battleId, player);
    await bc.helloAfter(0);
    await Bun.sleep(1_500);
    const before = bc.lastTick;
    expect(before).toBeGreaterThan(10);
    first.proc.kill("SIGKILL");
    await first.exited;
    running.pop();

    const again = await startInstance(env);
    running.push(again);
    const resumed = await bc.helloAfter(again.readyAt);
    expect(resumed.at - again.readyAt).toBeLessThan(3_000);
    // It goes on from where its log reached (at most a flush behind what the player saw).
    expect(resumed.tick).toBeGreaterThan(before - 25);
    await Bun.sleep(1_000);
    expect(bc.lastTick).toBeGreaterThan(resumed.tick + 5);

    // A deploy: SIGTERM hands the battle back and the process exits; the next start goes on with it.
    again.proc.kill("SIGTERM");
    expect(await again.exited).toBe(0);
    running.pop();
    const third = await startInstance(env);
    running.push(third);
    const afterDeploy = await bc.helloAfter(third.readyAt);
    expect(afterDeploy.at - third.readyAt).toBeLessThan(3_000);
    await Bun.sleep(500);

    // An operator stops it: the end carries the final state's digest, which the stored record
    // replayed without a break comes to as well.
    expect((await post(third.url, operator, `/admin/battles/${battleId}/stop`)).status).toBe(200);
    const end = await bc.ended();
    const row = (
      await client.execute({ sql: "select setup, inputs from battle_rooms where battle_id = ?", args: [battleId] })
    ).rows[0];
    const record = {
      setup: JSON.parse(String(row.setup)) as BattleSetup,
      inputs: JSON.parse(String(row.inputs)) as InputRecord[],
    };
    expect(record.inputs.length).toBeGreaterThan(10);
    console.log(
      `resumed ${Math.round(resumed.at - again.readyAt)} ms after the restart (kill -9), ${Math.round(afterDeploy.at - third.readyAt)} ms after the start that followed a SIGTERM`,
    );
    expect(digest(replay(record))).toBe(end.digest as string);
  } finally {
    bc?.close();
    for (const r of running) r.proc.kill("SIGKILL");
    await Promise.all(running.map((r) => r.exited));
    client.close();
    rmSync(dir, { recursive: true, force: true });
  }
}, 90_000);
