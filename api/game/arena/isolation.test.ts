// One broken room stops nothing else: a room whose simulation throws is stopped alone, with its
// reason recorded and a clear end for its players; the other rooms keep ticking and matchmaking
// goes on; the error is logged once for that room, not once a tick.
import { test, expect, beforeAll, afterAll } from "bun:test";
import { eq } from "drizzle-orm";
import { makeWorld, type TestWorld } from "../../test/fixture.ts";
import { signInPlayer } from "../../test/sign-in.ts";
import { putContent, DEMO_TANKS } from "../../domain/content.ts";
import { saveBattleOptions } from "../../domain/options.ts";
import { joinQueue } from "../../domain/arena.ts";
import { battles, battleEvents } from "../../db/schema/battles.ts";
import { battleRooms } from "../../db/schema/arena.ts";
import { arenaOf } from "./arena.ts";
import type { Viewer } from "./contract.ts";

let w: TestWorld;
const logged: { level: string; msg: string; data: unknown }[] = [];
const FREE_TANK = (DEMO_TANKS as { id: number; tier: number; priceSilver?: number; priceGold?: number }[]).find(
  (t) => t.tier === 1 && !t.priceSilver && !t.priceGold,
)!.id;

beforeAll(async () => {
  w = await makeWorld();
  w.deps.logger = {
    info() {},
    warn: (msg, data) => void logged.push({ level: "warn", msg, data }),
    error: (msg, data) => void logged.push({ level: "error", msg, data }),
  };
  await putContent(w.deps.db, "tank", DEMO_TANKS, w.clock.now());
  await saveBattleOptions(
    w.deps.db,
    // No late joins: each player queued here gets a battle of their own.
    { roundSeconds: 60, maps: ["steppe"], teamSize: 2, maxWaitSeconds: 0, tierSpread: 1, lateJoinSeconds: 0 },
    "test",
    w.clock.now(),
  );
  arenaOf(w.deps).manual = true;
});
afterAll(() => w.close());

function collector() {
  const got: (string | Uint8Array)[] = [];
  const viewer: Viewer = { send: (d) => void got.push(d), close() {} };
  return { got, viewer, texts: () => got.filter((g): g is string => typeof g === "string").map((s) => JSON.parse(s)) };
}

test("a room that throws is stopped alone with its reason; the others keep ticking; logged once", async () => {
  const arena = arenaOf(w.deps);
  const players = [await signInPlayer(w), await signInPlayer(w), await signInPlayer(w)];
  const rooms = [];
  for (const p of players) {
    await joinQueue(w.deps.db, { playerId: p.playerId, tankId: FREE_TANK, at: w.clock.now() });
    const [formed] = await arena.match(w.clock.now());
    rooms.push(arena.get(formed.battleId)!);
  }
  const c = collector();
  rooms[0].join(c.viewer, players[0].playerId);
  for (let i = 0; i < 5; i++) arena.tickAll();
  // The first room's simulation breaks (a fault in its state): every step of it throws from now on.
  (rooms[0].state as { tanks: unknown }).tanks = null;
  for (let i = 0; i < 20; i++) arena.tickAll();
  expect(rooms[1].state.tick).toBe(25);
  expect(rooms[2].state.tick).toBe(25);
  expect(rooms[0].settled).toBe(true);
  // Its players are told the battle is over, and why.
  for (let i = 0; i < 100 && !c.texts().some((m) => m.type === "end"); i++) await Bun.sleep(10);
  expect(c.texts().find((m) => m.type === "end")).toMatchObject({ reason: "failed", winner: -1, outcome: null });
  // The store says it stopped and why; its inputs are kept for a look at what broke.
  const [b] = await w.deps.db.select().from(battles).where(eq(battles.id, rooms[0].battleId));
  expect(b.status).toBe("stopped");
  const stop = (await w.deps.db.select().from(battleEvents).where(eq(battleEvents.battleId, rooms[0].battleId))).find(
    (e) => e.kind === "stop",
  );
  expect(JSON.parse(stop!.details).reason).toMatch(/^the room failed: TypeError/);
  const [r] = await w.deps.db.select().from(battleRooms).where(eq(battleRooms.battleId, rooms[0].battleId));
  expect(JSON.parse(r.outcome!)).toMatchObject({ reason: "failed" });
  // Its player, back in the hangar, is sent into no battle.
  const st = (await (
    await w.app.request("/game/play/status", { headers: { cookie: players[0].cookie, accept: "application/json" } })
  ).json()) as { battle: unknown };
  expect(st.battle).toBeNull();
  // One log line for the broken room, not one a tick.
  expect(logged.filter((l) => l.level === "error").length).toBe(1);
  // The others are untouched and still running.
  for (const room of rooms.slice(1)) {
    const [o] = await w.deps.db.select().from(battles).where(eq(battles.id, room.battleId));
    expect(o.status).toBe("running");
    room.stop();
  }
});

test("matchmaking goes on after a room broke", async () => {
  const arena = arenaOf(w.deps);
  const p = await signInPlayer(w);
  await joinQueue(w.deps.db, { playerId: p.playerId, tankId: FREE_TANK, at: w.clock.now() });
  const [formed] = await arena.match(w.clock.now());
  const room = arena.get(formed.battleId)!;
  (room.state as { tanks: unknown }).tanks = null;
  arena.tickAll();
  const q = await signInPlayer(w);
  await joinQueue(w.deps.db, { playerId: q.playerId, tankId: FREE_TANK, at: w.clock.now() });
  const next = await arena.match(w.clock.now());
  expect(next.length).toBe(1);
  arena.get(next[0].battleId)!.stop();
});
