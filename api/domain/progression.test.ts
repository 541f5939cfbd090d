// A battle's end moves the players' daily tasks, quests and crew XP through the same path
// /game/api/battles/end takes; a finished task pays through the ledger exactly once, also when the
// battle's end is reported again.
import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { and, eq } from "drizzle-orm";
import { makeWorld, type TestWorld } from "../test/fixture.ts";
import { gameApi, signInPlayer } from "../test/sign-in.ts";
import { putContent, DEMO_TANKS } from "./content.ts";
import { ledgerEntries } from "../db/schema/ledger.ts";
import { players } from "../db/schema/players.ts";
import { outbox } from "../db/schema/outbox.ts";
import { contentCrews, contentDailyTasks, playerCrewMembers, playerDailyTasks } from "../db/schema/progression.ts";
import { crewSchema, DEMO_CREWS } from "./progression-content.ts";
import { addXp, dailyTasksOf, drawTasks, hireCrewMember, xpToNext } from "./progression.ts";

let w: TestWorld;
let a: number;
let b: number;
const crew = crewSchema.parse(DEMO_CREWS[1]); // gunner: win 110 XP

beforeAll(async () => {
  w = await makeWorld();
  const at = w.clock.now();
  await putContent(w.deps.db, "tank", DEMO_TANKS, at);
  await w.deps.db.insert(contentCrews).values({
    ...crew,
    id: 2,
    groups: JSON.stringify(crew.groups),
    gains: JSON.stringify(crew.gains),
    upgrades: "[]",
    speedups: "[]",
    updatedAt: at,
  });
  // One template only, so the draw is known: win 2 battles for 700 silver.
  await w.deps.db.insert(contentDailyTasks).values({
    id: 1,
    kind: "win_battles",
    nameRu: "Победите в 2 боях",
    nameEn: "Win 2 battles",
    target: 2,
    weight: 10,
    rewardCurrency: "silver",
    rewardAmount: 700,
    updatedAt: at,
  });
  a = (await signInPlayer(w)).playerId;
  b = (await signInPlayer(w)).playerId;
  await hireCrewMember(w.deps.db, { playerId: a, crewId: 2, level: 1, at, source: "admin" });
}, 60_000);
afterAll(() => w.close());

async function battle(winner: number, loser: number) {
  const s = await gameApi(w, "/game/api/battles/start", {
    mode: "random",
    map: "steppe",
    players: [
      { playerId: a, tankId: 1 },
      { playerId: b, tankId: 1 },
    ],
  });
  const { battleId } = (await s.json()) as { battleId: number };
  const body = {
    battleId,
    results: [
      { playerId: winner, result: "win", experience: 500, silver: 1000, kills: 2, damage: 900, durationS: 300 },
      { playerId: loser, result: "loss", experience: 200, silver: 300, kills: 0, damage: 100, durationS: 300 },
    ],
  };
  const r = await gameApi(w, "/game/api/battles/end", body);
  expect(r.status).toBe(200);
  return body;
}
const taskOf = async (playerId: number) =>
  (await w.deps.db.select().from(playerDailyTasks).where(eq(playerDailyTasks.playerId, playerId)))[0];
const member = async () =>
  (
    await w.deps.db
      .select()
      .from(playerCrewMembers)
      .where(and(eq(playerCrewMembers.playerId, a), eq(playerCrewMembers.crewId, 2)))
  )[0];
const rewards = async (playerId: number) =>
  w.deps.db
    .select()
    .from(ledgerEntries)
    .where(and(eq(ledgerEntries.playerId, playerId), eq(ledgerEntries.reason, "daily_task.reward")));

describe("a battle's end", () => {
  test("moves the day's task and the crew's XP by the gains table", async () => {
    await battle(a, b);
    const t = await taskOf(a);
    expect(t.kind).toBe("win_battles");
    expect(t.progress).toBe(1);
    expect(t.completedAt).toBeNull();
    expect((await taskOf(b)).progress).toBe(0); // a loss does not count for "win"
    const m = await member();
    expect(m.xp).toBe(crew.gains.win);
    expect(m.level).toBe(1);
  });

  test("a finished task pays once, also when the battle's end is reported again", async () => {
    const silverBefore = (await w.deps.db.select().from(players).where(eq(players.id, a)))[0].silver;
    const body = await battle(a, b);
    const t = await taskOf(a);
    expect(t.progress).toBe(2);
    expect(t.completedAt).not.toBeNull();
    expect((await rewards(a)).map((e) => e.delta)).toEqual([700]);
    const silverAfter = (await w.deps.db.select().from(players).where(eq(players.id, a)))[0].silver;
    const replay = await gameApi(w, "/game/api/battles/end", body);
    expect(((await replay.json()) as { replayed: boolean }).replayed).toBe(true);
    await battle(a, b); // a third win: the task is done, nothing more to pay
    expect((await rewards(a)).map((e) => e.delta)).toEqual([700]);
    expect(silverAfter).toBeGreaterThan(silverBefore);
    expect((await member()).xp).toBe(3 * crew.gains.win);
    const events = await w.deps.db.select().from(outbox).where(eq(outbox.table, "progression"));
    expect(events.filter((e) => e.row.includes("task_completed")).length).toBe(1);
  });

  test("crew XP raises levels along the curve and stops at the cap", () => {
    const c = { xpBase: 100, xpGrowth: 200, levelCap: 3 };
    expect(xpToNext(c, 1)).toBe(100);
    expect(xpToNext(c, 2)).toBe(200);
    expect(addXp(c, 1, 50, 60)).toEqual({ level: 2, xp: 10 });
    expect(addXp(c, 1, 0, 10_000)).toEqual({ level: 3, xp: 0 });
  });

  test("daily tasks are drawn by weight among the templates that fit the level, the same for the same seed", async () => {
    const templates = [
      { id: 1, weight: 1 },
      { id: 2, weight: 0 },
      { id: 3, weight: 1000 },
      { id: 4, weight: 1 },
    ];
    const once = drawTasks(templates, 2, 42);
    expect(drawTasks(templates, 2, 42)).toEqual(once);
    expect(once.map((t) => t.id)).toContain(3);
    expect(once.map((t) => t.id)).not.toContain(2);
    // Tomorrow brings a new set.
    w.clock.advance(86_400_000);
    const tomorrow = await dailyTasksOf(w.deps.db, a, w.clock.now());
    expect(tomorrow.length).toBe(1);
    expect(tomorrow[0].progress).toBe(0);
  });
});
