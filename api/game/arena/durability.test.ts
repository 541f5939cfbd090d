// A battle outlives its owner: the owner logs the inputs in batches (≤ LEASE.flushMs apart) with a
// checkpoint now and then; when it dies its lease runs out, another instance takes the battle over
// from the log, the player reconnects, and the battle ends exactly as an uninterrupted replay of
// its recorded inputs. The dead owner, were it to wake, can write nothing more. Two arenas over one
// store stand for two instances; the clock is the test's.
import { test, expect, beforeAll, afterAll } from "bun:test";
import { eq } from "drizzle-orm";
import { makeWorld, type TestWorld } from "../../test/fixture.ts";
import { signInPlayer } from "../../test/sign-in.ts";
import { putContent, DEMO_TANKS } from "../../domain/content.ts";
import { saveBattleOptions } from "../../domain/options.ts";
import { joinQueue, LEASE, runningBattleOf } from "../../domain/arena.ts";
import { BATTLE_RULES, startBattle } from "../../domain/battles.ts";
import { battles, battleEvents } from "../../db/schema/battles.ts";
import { battleInputLog, battleRooms } from "../../db/schema/arena.ts";
import { digest } from "../sim/sim.ts";
import { replay, type InputRecord } from "../sim/replay.ts";
import { Arena } from "./arena.ts";
import { encodeClient, type Viewer } from "./contract.ts";

let w: TestWorld;
const FREE_TANK = (DEMO_TANKS as { id: number; tier: number; priceSilver?: number; priceGold?: number }[]).find(
  (t) => t.tier === 1 && !t.priceSilver && !t.priceGold,
)!.id;

beforeAll(async () => {
  w = await makeWorld();
  await putContent(w.deps.db, "tank", DEMO_TANKS, w.clock.now());
  await saveBattleOptions(
    w.deps.db,
    { roundSeconds: 60, maps: ["ruinberg"], teamSize: 3, maxWaitSeconds: 0, tierSpread: 1 },
    "test",
    w.clock.now(),
  );
});
afterAll(() => w.close());

function collector() {
  const got: (string | Uint8Array)[] = [];
  let closed: number | undefined;
  const viewer: Viewer = {
    send: (d) => void got.push(d),
    close: (code) => {
      closed = code;
    },
  };
  return {
    viewer,
    closed: () => closed,
    texts: () => got.filter((g): g is string => typeof g === "string").map((s) => JSON.parse(s)),
  };
}

/** One tick of an arena as its timer would run it, 50 ms of the clock apart. */
function tick(a: Arena) {
  w.clock.advance(50);
  a.tickAll();
}

test("an owner dies mid-battle: another takes it over from the log, and it ends as the uninterrupted replay", async () => {
  const a = new Arena(w.deps);
  const b = new Arena(w.deps);
  a.manual = b.manual = true;
  const p = await signInPlayer(w);
  await joinQueue(w.deps.db, { playerId: p.playerId, tankId: FREE_TANK, at: w.clock.now() });
  const [formed] = await a.match(w.clock.now());
  const room = a.get(formed.battleId)!;
  const c = collector();
  let seat = room.reconnect(c.viewer, p.playerId);
  let n = 0;
  const drive = (r: typeof room, s: typeof seat) =>
    r.message(
      s,
      encodeClient("input", { t: n % 3 === 0 ? 1 : -1, r: (n % 5) - 2, a: (n++ % 60) / 10 - 3, f: n % 4 === 0 }),
    );
  for (let i = 0; i < 330; i++) {
    if (i % 9 === 0) drive(room, seat);
    tick(a);
    await a.idle();
  }
  // The log is in the store, batch by batch, with a checkpoint past tick 200.
  const [stored] = await w.deps.db.select().from(battleRooms).where(eq(battleRooms.battleId, room.battleId));
  expect(stored.tick).toBeGreaterThan(300);
  expect(stored.checkpointTick).toBeGreaterThanOrEqual(LEASE.checkpointTicks);
  const logged = (
    await w.deps.db.select().from(battleInputLog).where(eq(battleInputLog.battleId, room.battleId))
  ).flatMap((l) => JSON.parse(l.inputs) as InputRecord[]);
  expect(logged.length).toBeGreaterThan(20);
  // The owner is killed (nothing more of it runs); what it took after its last flush is lost.
  const flushedTick = stored.tick;
  // While its lease holds, nobody takes the battle.
  await b.sweep(w.clock.now());
  expect(b.get(room.battleId)).toBeUndefined();
  w.clock.advance(LEASE.ms + 1);
  await b.sweep(w.clock.now());
  const taken = b.get(room.battleId)!;
  expect(taken).toBeDefined();
  // The battle goes on from the tick its log reached: its clock paused while nobody ran it.
  expect(taken.state.tick).toBe(flushedTick);
  expect(digest(taken.state)).toBe(digest(replay({ setup: formed.setup, inputs: logged }, { until: flushedTick })));
  // The dead owner, woken, cannot write: its flush finds the lease gone and it lets the battle go.
  await a.flush(room);
  expect(a.get(room.battleId)).toBeUndefined();
  expect(c.texts().at(-1)).toEqual({ type: "moving", retryMs: 0 });
  // The player reconnects to the new owner and plays the battle out.
  const c2 = collector();
  seat = taken.reconnect(c2.viewer, p.playerId);
  expect(c2.texts()[0]).toMatchObject({ type: "hello", tick: flushedTick });
  for (let i = 0; !taken.settled && i < 2000; i++) {
    if (i % 11 === 0) drive(taken, seat);
    tick(b);
    await b.idle();
  }
  await taken.stored;
  const [b1] = await w.deps.db.select().from(battles).where(eq(battles.id, room.battleId));
  expect(b1.status).toBe("finished");
  const [end] = await w.deps.db.select().from(battleRooms).where(eq(battleRooms.battleId, room.battleId));
  const record = JSON.parse(end.inputs!) as InputRecord[];
  // The stored record replayed without a break is the battle the two owners played, bit for bit.
  const whole = replay({ setup: formed.setup, inputs: record });
  expect(digest(whole)).toBe(digest(taken.state));
  expect(whole.ended).toEqual(taken.state.ended);
  expect(c2.texts().find((m) => m.type === "end")).toMatchObject({ outcome: { playerId: p.playerId } });
  // The log is gone once the record is stored.
  expect(await w.deps.db.select().from(battleInputLog).where(eq(battleInputLog.battleId, room.battleId))).toEqual([]);
});

test("a drained owner hands the battle back at once; the next instance asked takes it over with no gap", async () => {
  const a = new Arena(w.deps);
  const b = new Arena(w.deps);
  a.manual = b.manual = true;
  const p = await signInPlayer(w);
  await joinQueue(w.deps.db, { playerId: p.playerId, tankId: FREE_TANK, at: w.clock.now() });
  const [formed] = await a.match(w.clock.now());
  const room = a.get(formed.battleId)!;
  const c = collector();
  room.reconnect(c.viewer, p.playerId);
  for (let i = 0; i < 100; i++) tick(a);
  await a.idle();
  await a.drain(5_000);
  expect(a.get(room.battleId)).toBeUndefined();
  expect(c.texts().at(-1)).toEqual({ type: "moving", retryMs: 0 });
  expect(c.closed()).toBe(1012);
  // A drained instance forms no battle.
  const q = await signInPlayer(w);
  await joinQueue(w.deps.db, { playerId: q.playerId, tankId: FREE_TANK, at: w.clock.now() });
  expect(await a.match(w.clock.now())).toEqual([]);
  // The lease is free: the instance the player's socket reaches takes the battle over at once.
  const taken = (await b.takeOver(room.battleId, w.clock.now()))!;
  expect(taken.state.tick).toBe(100);
  expect(digest(taken.state)).toBe(digest(room.state));
  taken.stop();
  await taken.stored;
  for (const f of await b.match(w.clock.now())) b.get(f.battleId)?.stop();
});

test("a stuck battle is closed by the sweep without an operator, with its reason; its player is free again", async () => {
  const a = new Arena(w.deps);
  const b = new Arena(w.deps);
  a.manual = b.manual = true;
  const p = await signInPlayer(w);
  await joinQueue(w.deps.db, { playerId: p.playerId, tankId: FREE_TANK, at: w.clock.now() });
  const [formed] = await a.match(w.clock.now());
  for (let i = 0; i < 30; i++) tick(a);
  await a.idle();
  // Its owner is gone and the battle has run past the longest battle there is.
  w.clock.advance(BATTLE_RULES.stuckAfterMs + 60_000);
  await b.sweep(w.clock.now());
  const [row] = await w.deps.db.select().from(battles).where(eq(battles.id, formed.battleId));
  expect(row.status).toBe("stopped");
  const stop = (await w.deps.db.select().from(battleEvents).where(eq(battleEvents.battleId, formed.battleId))).find(
    (e) => e.kind === "stop",
  );
  expect(JSON.parse(stop!.details)).toMatchObject({ adminId: null, reason: "running past the longest battle" });
  expect(await runningBattleOf(w.deps.db, p.playerId)).toBeNull();
  // A battle reported by an outside battle server is left to the operators' stopTheStuck.
  const external = await startBattle(w.deps.db, {
    mode: "random",
    map: "steppe",
    players: [{ playerId: (await signInPlayer(w)).playerId, tankId: FREE_TANK }],
    at: w.clock.now() - BATTLE_RULES.stuckAfterMs - 60_000,
  });
  await b.sweep(w.clock.now() + 10_000);
  const [ext] = await w.deps.db.select().from(battles).where(eq(battles.id, external.battleId));
  expect(ext.status).toBe("running");
});

test("rooms due together are flushed in one write, each answered alone: a lost lease is that room's only", async () => {
  const a = new Arena(w.deps);
  a.manual = true;
  const rooms = [];
  for (let i = 0; i < 3; i++) {
    const p = await signInPlayer(w);
    await joinQueue(w.deps.db, { playerId: p.playerId, tankId: FREE_TANK, at: w.clock.now() });
    const [formed] = await a.match(w.clock.now());
    rooms.push(a.get(formed.battleId)!);
    // Past the late comers' window: the next player gets a battle of their own.
    w.clock.advance(31_000);
  }
  expect(new Set(rooms).size).toBe(3);
  let writes = 0;
  const { flushAll } = a.journal;
  a.journal.flushAll = (inputs) => {
    writes++;
    return flushAll!(inputs);
  };
  // Another owner took the middle one (its epoch moved on): only that room is let go.
  await w.deps.db.update(battleRooms).set({ epoch: 2 }).where(eq(battleRooms.battleId, rooms[1].battleId));
  // Each pass finds all three due (a flush interval apart): one write each time.
  for (let i = 0; i < 4; i++) {
    for (const r of rooms) r.inputs.push([r.state.tick, 0, 1, 0, 0, 0]);
    w.clock.advance(LEASE.flushMs);
    a.tickAll();
    await a.idle();
  }
  expect(writes).toBe(4);
  expect(a.get(rooms[0].battleId)).toBe(rooms[0]);
  expect(a.get(rooms[1].battleId)).toBeUndefined();
  expect(a.get(rooms[2].battleId)).toBe(rooms[2]);
  for (const r of [rooms[0], rooms[2]]) {
    const [stored] = await w.deps.db.select().from(battleRooms).where(eq(battleRooms.battleId, r.battleId));
    expect(stored.tick).toBeGreaterThanOrEqual(3);
    const logged = await w.deps.db.select().from(battleInputLog).where(eq(battleInputLog.battleId, r.battleId));
    expect(logged.length).toBeGreaterThan(0);
  }
  expect(await w.deps.db.select().from(battleInputLog).where(eq(battleInputLog.battleId, rooms[1].battleId))).toEqual(
    [],
  );
});
