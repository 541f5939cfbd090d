// Many instances: three server processes (bun edge/bun.ts) over one libSQL server and one
// ClickHouse-over-HTTP endpoint (the test-only servers of edge/test/ stand in for sqld and
// ClickHouse), a round-robin proxy in front. Players fight their battles through the proxy (a
// socket landing on an instance that does not own the battle is proxied to its owner) while game
// servers register players and report battles through it. One instance is killed with SIGKILL
// mid-battle: its battle resumes on another within 3 s of the kill, the player's client
// reconnecting by itself. Another gets a SIGTERM (a deploy): its battle is handed over with no gap
// (no tick lost) and it exits 0. Every battle ends with the digest of an uninterrupted replay of its
// stored record; every acknowledged write is in the store and the warehouse holds exactly the
// outbox's events (none lost); chat written on one instance reaches a reader on another, and a live
// feed (the operators' battles feed) read on one instance shows a battle reported to another.
import { test, expect } from "bun:test";
import { mkdirSync, mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { createClient } from "@libsql/client";
import { z } from "zod";
import { digest } from "../api/game/sim/sim.ts";
import { replay, type InputRecord } from "../api/game/sim/replay.ts";
import type { BattleSetup } from "../api/game/sim/types.ts";
import { migrateWarehouse } from "../warehouse/migrate.ts";
import { WAREHOUSE_TABLES } from "../warehouse/events.ts";
import { outboxBacklog } from "../warehouse/shipper.ts";
import { spawnStoreServer, type StoreServer } from "./test/store-servers.ts";
import { openWarehouse } from "./boot.ts";
import { readEnv } from "./config.ts";
import type { Warehouse } from "../warehouse/port.ts";
import { startRoundRobinProxy } from "./test/round-robin-proxy.ts";
import {
  BattleClient,
  FREE_TANK,
  addOperator,
  addPlayer,
  battleOf,
  freePort,
  post,
  prepareStore,
  startInstance,
  type Instance,
  type Person,
} from "./test/battle-harness.ts";

const KEY = "multi-instance-game-key-0123456789";

/** An SSE stream held open; `until` reads it until `done(all read so far)` or 5 s, then lets it go. */
async function openStream(url: string, cookie: string) {
  const res = await fetch(url, { headers: { cookie, accept: "text/event-stream" } });
  expect(res.status).toBe(200);
  const stream = res.body!.getReader();
  return {
    async until(done: (seen: string) => boolean) {
      let seen = "";
      const deadline = Date.now() + 5_000;
      // One read at a time: a read left waiting when the deadline check comes round is waited on
      // again, never dropped with its chunk.
      let reading = stream.read();
      while (!done(seen) && Date.now() < deadline) {
        const got = await Promise.race([reading, Bun.sleep(500).then(() => null)]);
        if (!got) continue;
        if (got.done) break;
        seen += new TextDecoder().decode(got.value);
        reading = stream.read();
      }
      await stream.cancel();
      return seen;
    },
  };
}

test("three instances behind a proxy: kill -9 and SIGTERM mid-battle, battles go on elsewhere, nothing lost", async () => {
  const dir = mkdtempSync(join(tmpdir(), "tk-multi-"));
  const database = `tk_multi_${process.pid}`;
  const [libsql, clickhouse]: StoreServer[] = await Promise.all([
    spawnStoreServer("libsql", join(dir, "store.db")),
    spawnStoreServer("clickhouse", join(dir, "chdb")),
  ]);
  const client = createClient({ url: libsql.url });
  let wh: Warehouse | null = null;
  const instances: (Instance | null)[] = [];
  const clients: BattleClient[] = [];
  let proxy: ReturnType<typeof startRoundRobinProxy> | null = null;
  let loading = true;
  let load: Promise<void> = Promise.resolve();
  try {
    await prepareStore(client);
    wh = await openWarehouse(
      readEnv({ CLICKHOUSE_URL: clickhouse.url, CLICKHOUSE_DATABASE: database, SEED_PLAYERS: "0" }),
    );
    await migrateWarehouse(wh);
    const ports = await Promise.all([0, 1, 2].map(() => freePort()));
    const proxyPort = await freePort();
    const publicUrl = `http://127.0.0.1:${proxyPort}`;
    const started = await Promise.all(
      ports.map((port, i) => {
        const own = join(dir, `instance-${i}`);
        mkdirSync(own);
        return startInstance({
          PORT: String(port),
          DATA_DIR: own,
          LIBSQL_URL: libsql.url,
          CLICKHOUSE_URL: clickhouse.url,
          CLICKHOUSE_DATABASE: database,
          INSTANCE_URL: `http://127.0.0.1:${port}`,
          PUBLIC_URL: publicUrl,
          GAME_API_KEY: KEY,
          PAYMENTS_TEST_MODE: "0",
        });
      }),
    );
    instances.push(...started);
    proxy = startRoundRobinProxy(
      started.map((s) => s.url),
      proxyPort,
    );
    const via = proxy.url;

    // Game servers' writes through the proxy the whole time: each acknowledged one must survive.
    const acknowledged = { players: [] as number[], battles: [] as number[] };
    const gameAt = (base: string, path: string, body: unknown) =>
      fetch(`${base}${path}`, {
        method: "POST",
        headers: { authorization: `Bearer ${KEY}`, "content-type": "application/json" },
        body: JSON.stringify(body),
      });
    const game = (path: string, body: unknown) => gameAt(via, path, body);
    load = (async () => {
      for (let n = 0; loading; n++) {
        try {
          const reg = await game("/game/api/players/register", {
            network: "vk",
            uid: `multi-${n}`,
            nickname: `Multi${n}`,
          });
          if (reg.status !== 201) continue;
          const { playerId } = (await reg.json()) as { playerId: number };
          acknowledged.players.push(playerId);
          const start = await game("/game/api/battles/start", {
            mode: "random",
            map: "steppe",
            players: [{ playerId, tankId: FREE_TANK }],
          });
          if (start.status >= 300) continue;
          const { battleId } = (await start.json()) as { battleId: number };
          const end = await game("/game/api/battles/end", {
            battleId,
            results: [{ playerId, result: "win", experience: 100, silver: 500, kills: 1, damage: 300, durationS: 60 }],
          });
          if (end.status === 200) acknowledged.battles.push(battleId);
        } catch {
          // an instance died under this request: not acknowledged
        }
        await Bun.sleep(150);
      }
    })();

    // Three players, each in a battle formed by whichever instance their join reached.
    const players: Person[] = [];
    for (let i = 0; i < 3; i++) players.push(await addPlayer(client, `Multi player ${i}`));
    const operator = await addOperator(client);
    const battleIds: number[] = [];
    // Each joins on another instance (the battle forms where the join lands); the sockets go through the proxy.
    for (const [i, p] of players.entries()) battleIds.push(await battleOf(started[i].url, p));
    for (let i = 0; i < 3; i++) clients.push(new BattleClient(() => via, battleIds[i], players[i]));
    for (const c of clients) await c.helloAfter(0);
    const ownerOf = async (battleId: number) => {
      const host = String(
        (await client.execute({ sql: "select host from battle_rooms where battle_id = ?", args: [battleId] })).rows[0]
          .host,
      );
      return instances.findIndex((s) => s?.url === host);
    };
    const owners = await Promise.all(battleIds.map(ownerOf));
    // The battles live on more than one instance.
    expect(new Set(owners).size).toBeGreaterThan(1);

    // Chat written on one instance reaches a reader holding the stream on another.
    const [a, b] = [started[0], started[1]];
    const chat = await openStream(`${b.url}/public/chat/stream?room=global:en`, players[0].cookie);
    const sent = await post(a.url, players[1], "/public/chat/send", { room: "global:en", body: "across instances #1" });
    expect(sent.status).toBeLessThan(300);
    expect(await chat.until((seen) => seen.includes("across instances #1"))).toContain("across instances #1");

    // A live feed read on one instance shows what another wrote: an operator following the battles'
    // feed on the third instance sees the start of a battle a game server reported to the first.
    const feed = await openStream(`${started[2].url}/admin/battles/stream/battles`, operator.cookie);
    const feedPlayer = await gameAt(a.url, "/game/api/players/register", {
      network: "vk",
      uid: "multi-feed",
      nickname: "MultiFeed",
    });
    const { playerId: feedPlayerId } = (await feedPlayer.json()) as { playerId: number };
    const fed = await gameAt(a.url, "/game/api/battles/start", {
      mode: "random",
      map: "steppe",
      players: [{ playerId: feedPlayerId, tankId: FREE_TANK }],
    });
    expect(fed.status).toBeLessThan(300);
    const { battleId: fedBattle } = (await fed.json()) as { battleId: number };
    expect(await feed.until((seen) => seen.includes(`"battleId":${fedBattle},`))).toContain(`"battleId":${fedBattle},`);

    await Bun.sleep(1_500);
    // The battle's owner and lease as the store has them; `taken` waits for the next owner's claim
    // (a new epoch) and answers when it was made (the claim's heartbeat, by the claimer's clock).
    const lease = async (battleId: number) => {
      const r = (
        await client.execute({
          sql: "select epoch, heartbeat_at, host from battle_rooms where battle_id = ?",
          args: [battleId],
        })
      ).rows[0];
      return { epoch: Number(r.epoch), at: Number(r.heartbeat_at), host: String(r.host) };
    };
    const taken = async (battleId: number, epoch: number) => {
      for (let i = 0; i < 400; i++) {
        const l = await lease(battleId);
        if (l.epoch > epoch) return l;
        await Bun.sleep(25);
      }
      throw new Error(`battle ${battleId} was not taken over`);
    };

    // kill -9 the owner of the first battle: its battles resume on another instance within 3 s of
    // the kill, and their players' clients reconnect to them by themselves.
    const victim = owners[0];
    const hit = [0, 1, 2].filter((i) => owners[i] === victim);
    const epochs = await Promise.all(hit.map((i) => lease(battleIds[i]).then((l) => l.epoch)));
    const killedAt = Date.now();
    const tKill = performance.now();
    instances[victim]?.proc.kill("SIGKILL");
    await instances[victim]?.exited;
    instances[victim] = null;
    for (const [k, i] of hit.entries()) {
      const l = await taken(battleIds[i], epochs[k]);
      console.log(`battle ${battleIds[i]} taken over ${l.at - killedAt} ms after the kill by ${l.host}`);
      expect(l.at - killedAt).toBeLessThan(3_000);
      expect(l.host).not.toBe(started[victim].url);
      const h = await clients[i].helloAfter(tKill);
      console.log(`  its player's client back ${Math.round(h.at - tKill)} ms after the kill`);
    }

    // SIGTERM an instance that owns a battle now: each of its battles handed over with no gap (the
    // next owner goes on from the tick the drained one stopped at), then it exits 0.
    const drained = await ownerOf(battleIds[1]);
    const moved = (await Promise.all(battleIds.map(ownerOf))).flatMap((o, i) => (o === drained ? [i] : []));
    const before = await Promise.all(moved.map((i) => lease(battleIds[i])));
    const seenTicks = moved.map((i) => clients[i].lastTick);
    const termAt = Date.now();
    const tTerm = performance.now();
    instances[drained]?.proc.kill("SIGTERM");
    for (const [k, i] of moved.entries()) {
      const l = await taken(battleIds[i], before[k].epoch);
      const h = await clients[i].helloAfter(tTerm);
      console.log(
        `battle ${battleIds[i]} taken over ${l.at - termAt} ms after the SIGTERM; its client back at tick ${h.tick} (had seen ${seenTicks[k]}) ${Math.round(h.at - tTerm)} ms after`,
      );
      expect(l.at - termAt).toBeLessThan(3_000);
      expect(h.tick).toBeGreaterThanOrEqual(seenTicks[k]);
    }
    expect(await instances[drained]?.exited).toBe(0);
    instances[drained] = null;
    await Bun.sleep(700);

    // Every battle ends (an operator stops it) with the digest of its stored record replayed whole.
    for (let i = 0; i < 3; i++) {
      expect((await post(via, operator, `/admin/battles/${battleIds[i]}/stop`)).status).toBe(200);
      const end = await clients[i].ended();
      const row = (
        await client.execute({
          sql: "select setup, inputs from battle_rooms where battle_id = ?",
          args: [battleIds[i]],
        })
      ).rows[0];
      const record = {
        setup: JSON.parse(String(row.setup)) as BattleSetup,
        inputs: JSON.parse(String(row.inputs)) as InputRecord[],
      };
      expect(digest(replay(record))).toBe(end.digest as string);
    }

    // Nothing lost: every acknowledged write is there, and the warehouse holds exactly the outbox's events.
    loading = false;
    await load;
    expect(acknowledged.battles.length).toBeGreaterThan(5);
    const finished = new Set(
      (await client.execute("select id from battles where status = 'finished'")).rows.map((r) => Number(r.id)),
    );
    expect(acknowledged.battles.filter((id) => !finished.has(id))).toEqual([]);
    const known = new Set((await client.execute("select id from players")).rows.map((r) => Number(r.id)));
    expect(acknowledged.players.filter((id) => !known.has(id))).toEqual([]);
    for (let i = 0; i < 100 && (await outboxBacklog(client)) > 0; i++) await Bun.sleep(200);
    expect(await outboxBacklog(client)).toBe(0);
    const idRow = z.object({ event_id: z.string() });
    for (const table of WAREHOUSE_TABLES) {
      const outbox = (
        await client.execute({ sql: 'select event_id from outbox where "table" = ?', args: [table] })
      ).rows.map((r) => String(r.event_id));
      const shipped = new Set(
        (await wh!.query(`SELECT toString(event_id) AS event_id FROM ${table}`, {}, idRow)).map((r) => r.event_id),
      );
      if (outbox.filter((id) => !shipped.has(id)).length || shipped.size !== outbox.length)
        console.log(table, outbox.length, shipped.size);
      expect({
        table,
        missing: outbox.filter((id) => !shipped.has(id)).length,
        extra: shipped.size - outbox.length,
      }).toEqual({ table, missing: 0, extra: 0 });
    }
  } catch (e) {
    // What a failure needs to be understood: each client, each live instance's warnings, the leases.
    for (const c of clients)
      console.log(`client of battle ${c.battleId}: ${c.closes} closes, ${c.hellos.length} hellos, tick ${c.lastTick}`);
    for (const s of instances)
      if (s)
        console.log(
          s.url,
          s
            .out()
            .split("\n")
            .filter((l) => !l.includes('"info"'))
            .slice(-15)
            .join("\n"),
        );
    console.log((await client.execute("select battle_id, host, epoch, lease_until, tick from battle_rooms")).rows);
    throw e;
  } finally {
    loading = false;
    await load.catch(() => undefined);
    for (const c of clients) c.close();
    for (const s of instances) s?.proc.kill("SIGKILL");
    await Promise.all(instances.map((s) => s?.exited));
    proxy?.stop();
    client.close();
    await wh?.close();
    await libsql.stop();
    await clickhouse.stop();
    rmSync(dir, { recursive: true, force: true });
  }
}, 120_000);
