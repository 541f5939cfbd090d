// The crews metric (/admin/metrics/playersCrews/) from real play: players registered through the
// game API get the free roles of the crew catalogue, battles level them up, an operator hires,
// sets a level and dismisses — and the warehouse's owners, gains, losses and levels agree with
// the crew members libSQL holds. Against a real chDB session, events shipped through the outbox.
import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { asc, eq } from "drizzle-orm";
import { applyLedger } from "../../api/domain/ledger.ts";
import { hireFromGroup } from "../../api/domain/progression.ts";
import { ledgerEntries } from "../../api/db/schema/ledger.ts";
import { players } from "../../api/db/schema/players.ts";
import { makeWorld, type TestWorld } from "../../api/test/fixture.ts";
import { gameApi, signInAdmin, signInPlayer, type Actor } from "../../api/test/sign-in.ts";
import { putContent, DEMO_TANKS } from "../../api/domain/content.ts";
import { contentCrews, playerCrewMembers } from "../../api/db/schema/progression.ts";
import { crewSchema } from "../../api/domain/progression-content.ts";
import { ownership } from "./ownership.ts";

const NOW = Date.UTC(2026, 10, 20, 12, 0, 0);
let w: TestWorld;
let op: Actor;
let a: number;
let b: number;
let c: number;

// Commander: free (or level 3 from the school for 20,000 silver), never levels. Gunner: free, 100 XP for level 2, 150 for level 3, 150 XP a win.
// Loader: only a paid group (school), so nobody starts with one.
const CATALOGUE = [
  {
    id: 1,
    role: "commander",
    nameRu: "Командир",
    nameEn: "Commander",
    xpBase: 100,
    groups: [
      { group: "recruit", startLevel: 1 },
      { group: "school", startLevel: 3, priceSilver: 20_000 },
    ],
    gains: { win: 0, draw: 0, loss: 0 },
  },
  {
    id: 2,
    role: "gunner",
    nameRu: "Наводчик",
    nameEn: "Gunner",
    xpBase: 100,
    groups: [{ group: "recruit", startLevel: 1 }],
    gains: { win: 150, draw: 0, loss: 0 },
  },
  {
    id: 3,
    role: "loader",
    nameRu: "Заряжающий",
    nameEn: "Loader",
    xpBase: 100,
    groups: [{ group: "school", startLevel: 3, priceSilver: 20_000 }],
    gains: { win: 0, draw: 0, loss: 0 },
  },
];

async function battle(winner: number, loser: number) {
  const s = await gameApi(w, "/game/api/battles/start", {
    mode: "random",
    map: "steppe",
    players: [
      { playerId: winner, tankId: 1 },
      { playerId: loser, tankId: 1 },
    ],
  });
  const { battleId } = (await s.json()) as { battleId: number };
  const r = await gameApi(w, "/game/api/battles/end", {
    battleId,
    results: [
      { playerId: winner, result: "win", experience: 500, silver: 1000, kills: 2, damage: 900, durationS: 300 },
      { playerId: loser, result: "loss", experience: 200, silver: 300, kills: 0, damage: 100, durationS: 300 },
    ],
  });
  expect(r.status).toBe(200);
}
const crews = (playerId: number, action: string, body: unknown) =>
  w.app.request(`/admin/player/${playerId}/crews/${action}`, {
    method: "POST",
    headers: op.headers(),
    body: JSON.stringify(body),
  });

beforeAll(async () => {
  w = await makeWorld({ now: NOW });
  const at = w.clock.now();
  await putContent(w.deps.db, "tank", DEMO_TANKS, at);
  for (const c of CATALOGUE) {
    const v = crewSchema.parse(c);
    await w.deps.db.insert(contentCrews).values({
      ...v,
      id: c.id,
      groups: JSON.stringify(v.groups),
      gains: JSON.stringify(v.gains),
      upgrades: "[]",
      speedups: "[]",
      updatedAt: at,
    });
  }
  op = await signInAdmin(w, "operator");
  a = (await signInPlayer(w)).playerId;
  b = (await signInPlayer(w)).playerId;
  c = (await signInPlayer(w)).playerId;
  w.clock.advance(60_000);
  await battle(a, b);
  w.clock.advance(60_000);
  await battle(a, c); // a's gunner: 300 XP → level 3
  w.clock.advance(60_000);
  expect((await crews(b, "save", { crewId: 1, level: 4 })).status).toBe(200); // b's commander set to 4
  expect((await crews(c, "save", { crewId: 3, level: 2 })).status).toBe(200); // c hires a loader at 2
  expect((await crews(c, "remove", { crewId: 2 })).status).toBe(200); // c dismisses the gunner
  w.clock.advance(60_000);
  // a replaces the recruit commander by a school graduate (level 3), paying 20,000 silver; b cannot pay.
  await w.deps.db.transaction((tx) =>
    applyLedger(tx, { playerId: a, currency: "silver", delta: 30_000, reason: "test.grant", at: w.clock.now() }),
  );
  expect(await w.deps.db.transaction((tx) => hireFromGroup(tx, a, 1, "school", w.clock.now()))).toEqual({ level: 3 });
  const bSilver = (await w.deps.db.select().from(players).where(eq(players.id, b)))[0].silver;
  expect(bSilver).toBeLessThan(20_000);
  await expect(w.deps.db.transaction((tx) => hireFromGroup(tx, b, 1, "school", w.clock.now()))).rejects.toThrow();
  await w.ship();
}, 120_000);
afterAll(() => w?.close());

describe("players' crews from real play", () => {
  test("a school hire is paid through the ledger; a player who cannot pay changes nothing", async () => {
    const paid = await w.deps.db.select().from(ledgerEntries).where(eq(ledgerEntries.reason, "crew.hire"));
    expect(paid.map((e) => [e.playerId, e.currency, e.delta])).toEqual([[a, "silver", -20_000]]);
  });

  test("a new player starts with the free roles; the paid one is not hired", async () => {
    const rows = await w.deps.db
      .select()
      .from(playerCrewMembers)
      .orderBy(asc(playerCrewMembers.playerId), asc(playerCrewMembers.crewId));
    expect(rows.map((r) => [r.playerId, r.crewId, r.level])).toEqual([
      [a, 1, 3],
      [a, 2, 3],
      [b, 1, 4],
      [b, 2, 1],
      [c, 1, 1],
      [c, 3, 2],
    ]);
  });

  test("owners, gains and losses per role", async () => {
    const r = await ownership(w.deps.warehouse, "crew");
    expect(r.players).toBe(3);
    expect(r.items).toEqual([
      { item_id: "1", owners: 3, gained: 4, lost: 1 },
      { item_id: "2", owners: 2, gained: 3, lost: 1 },
      { item_id: "3", owners: 1, gained: 1, lost: 0 },
    ]);
  });

  test("members by level agree with the members libSQL holds (hire, battles, an operator's level, a dismissal)", async () => {
    const r = await ownership(w.deps.warehouse, "crew");
    expect(r.levels).toEqual([
      { item_id: "1", level: 1, members: 1 },
      { item_id: "1", level: 3, members: 1 },
      { item_id: "1", level: 4, members: 1 },
      { item_id: "2", level: 1, members: 1 },
      { item_id: "2", level: 3, members: 1 },
      { item_id: "3", level: 2, members: 1 },
    ]);
    const held = await w.deps.db.select().from(playerCrewMembers);
    const fromDb = new Map<string, number>();
    for (const m of held) fromDb.set(`${m.crewId}:${m.level}`, (fromDb.get(`${m.crewId}:${m.level}`) ?? 0) + 1);
    expect(new Map(r.levels!.map((l) => [`${l.item_id}:${l.level}`, l.members]))).toEqual(fromDb);
  });

  test("the dashboard's route answers the same, and the owners of a role open by id", async () => {
    const load = await w.app.request("/admin/metrics/playersCrews/load", { headers: op.headers() });
    expect(load.status).toBe(200);
    expect(await load.json()).toEqual({ ...(await ownership(w.deps.warehouse, "crew")) });
    const open = await w.app.request("/admin/metrics/playersCrews/open/profiles?item_id=2", { headers: op.headers() });
    expect(((await open.json()) as { playerIds: number[] }).playerIds).toEqual([a, b]);
    const tanks = (await (
      await w.app.request("/admin/metrics/playersTanks/load", { headers: op.headers() })
    ).json()) as Record<string, unknown>;
    expect("levels" in tanks).toBe(false);
  });
});
