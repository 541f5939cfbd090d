// Joining the queue is one transaction: the tank chosen and the place in the queue together, or
// (a tank not in the garage, a player already in a battle) nothing at all.
import { test, expect, beforeAll, afterAll } from "bun:test";
import { eq } from "drizzle-orm";
import { makeWorld, type TestWorld } from "../../test/fixture.ts";
import { signInPlayer, type Actor } from "../../test/sign-in.ts";
import { putContent, DEMO_TANKS } from "../../domain/content.ts";
import { players } from "../../db/schema/players.ts";
import { battleQueue } from "../../db/schema/arena.ts";

let w: TestWorld;
const tanks = DEMO_TANKS as { id: number; tier: number; priceSilver?: number; priceGold?: number }[];
const FREE_TANK = tanks.find((t) => t.tier === 1 && !t.priceSilver && !t.priceGold)!.id;
const NOT_MINE = tanks.find((t) => t.tier > 3)!.id;

beforeAll(async () => {
  w = await makeWorld();
  await putContent(w.deps.db, "tank", DEMO_TANKS, w.clock.now());
});
afterAll(() => w.close());

const join = (p: Actor, tankId: unknown) =>
  w.app.request("/game/play/join", {
    method: "POST",
    headers: { cookie: p.cookie, "x-csrf-token": p.csrf, "content-type": "application/json" },
    body: JSON.stringify({ tankId }),
  });
const current = async (playerId: number) =>
  (await w.deps.db.select({ t: players.currentTankId }).from(players).where(eq(players.id, playerId)))[0].t;

test("a refused join changes nothing: not the player's chosen tank, not the queue", async () => {
  const p = await signInPlayer(w);
  expect((await join(p, FREE_TANK)).status).toBe(200);
  expect(await current(p.playerId)).toBe(FREE_TANK);
  const res = await join(p, NOT_MINE);
  expect(res.status).toBe(400);
  // Before, the chosen tank was written first and stayed the refused one.
  expect(await current(p.playerId)).toBe(FREE_TANK);
  const [q] = await w.deps.db.select().from(battleQueue).where(eq(battleQueue.playerId, p.playerId));
  expect(q.tankId).toBe(FREE_TANK);
});
