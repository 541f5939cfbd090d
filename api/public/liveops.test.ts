// The player's side of live events over HTTP: what's on (meant for me, running or coming), entering
// a tournament (fee through the ledger once; refusals in the player's language, nothing changed),
// my place, the board around me and the prize my place pays now, then my result once settled.
import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { and, eq } from "drizzle-orm";
import { makeWorld, type TestWorld } from "../test/fixture.ts";
import { playerSpeaks, signInPlayer, type Actor } from "../test/sign-in.ts";
import { contentTanks } from "../db/schema/content.ts";
import { playerItems } from "../db/schema/inventory.ts";
import { players } from "../db/schema/players.ts";
import { ledgerEntries } from "../db/schema/ledger.ts";
import { liveEventEntries, liveEvents } from "../db/schema/liveops.ts";
import { endBattle, startBattle } from "../domain/battles.ts";
import { settleDue } from "../domain/liveops/tournaments.ts";
import { systemCtx } from "../domain/context.ts";

const HOUR = 3_600_000;
const NOW = Date.parse("2026-11-20T12:00:00Z");
type Me = Actor & { playerId: number };
type WhatsOn = {
  now: number;
  events: {
    id: number;
    kind: string;
    title: string;
    running: { start: number; end: number } | null;
    nextStart: number | null;
    multiplier: { what: string; pct: number } | null;
    tournament: {
      autoEnter: boolean;
      tiers: number[];
      entries: number;
      me: {
        rank: number;
        score: number;
        boardSize: number;
        gold: number;
        silver: number;
        around: { rank: number; nickname: string; score: number; me: boolean }[];
      } | null;
      last: { periodStart: number; rank: number; score: number; gold: number; silver: number } | null;
    } | null;
  }[];
};

let w: TestWorld;
let a: Me;
let b: Me;
let c: Me;
let cup: number;

const fixed = (start: string, end: string) =>
  JSON.stringify({ kind: "fixed", periods: [{ start, end }], timeZone: "UTC" });

async function newEvent(values: Partial<typeof liveEvents.$inferInsert>) {
  const [ev] = await w.deps.db
    .insert(liveEvents)
    .values({
      kind: "tournament",
      titleRu: "Кубок",
      titleEn: "Cup",
      schedule: fixed("2026-11-20T10:00", "2026-11-20T16:00"),
      createdAt: NOW,
      updatedAt: NOW,
      ...values,
    })
    .returning({ id: liveEvents.id });
  return ev.id;
}

const whatsOn = async (p: Me) =>
  (await (await w.app.request("/public/liveops", { headers: p.headers() })).json()) as WhatsOn;
const enter = (p: Me, eventId: number, tier: number) =>
  w.app.request("/public/liveops/enter", {
    method: "POST",
    headers: p.headers(),
    body: JSON.stringify({ eventId, tier }),
  });
const silverOf = async (playerId: number) =>
  (await w.deps.db.select({ s: players.silver }).from(players).where(eq(players.id, playerId)))[0].s;

beforeAll(async () => {
  w = await makeWorld({ now: NOW });
  await w.deps.db.insert(contentTanks).values(
    [1, 2].map((id) => ({
      id,
      nameRu: `Танк ${id}`,
      nameEn: `Tank ${id}`,
      nation: "ussr" as const,
      type: "medium" as const,
      tier: id,
      hp: 300,
      damage: 50,
      penetration: 60,
      armor: 40,
      speed: 50,
      rateOfFire: 80,
      updatedAt: NOW,
    })),
  );
  a = await signInPlayer(w, { nickname: "Alpha" });
  b = await signInPlayer(w, { nickname: "Bravo" });
  c = await signInPlayer(w, { nickname: "Charlie" });
  for (const p of [a, b, c]) {
    await w.deps.db.update(players).set({ level: 5, silver: 1000 }).where(eq(players.id, p.playerId));
    await w.deps.db
      .insert(playerItems)
      .values({ playerId: p.playerId, itemType: "tank", itemId: 1, quantity: 1, acquiredAt: NOW })
      .onConflictDoNothing();
  }
  await w.deps.db.update(players).set({ silver: 50 }).where(eq(players.id, c.playerId));
  cup = await newEvent({
    fee: 100,
    feeCurrency: "silver",
    prizes: JSON.stringify({
      by: "rank",
      rows: [
        { from: 1, to: 1, gold: 30, silver: 0 },
        { from: 2, to: 2, gold: 10, silver: 0 },
      ],
    }),
  });
}, 60_000);
afterAll(() => w.close());

describe("what's on", () => {
  test("lists what is meant for me running or within 7 days, running first; not what is for others or far off", async () => {
    await newEvent({ titleEn: "Veterans' cup", minLevel: 20 });
    await newEvent({ titleEn: "Next month", schedule: fixed("2026-12-20T10:00", "2026-12-20T16:00") });
    await newEvent({
      kind: "multiplier",
      titleEn: "Double XP Saturday",
      multiplied: "xp",
      multiplierPct: 200,
      schedule: fixed("2026-11-21T00:00", "2026-11-22T00:00"),
    });
    const on = await whatsOn(a);
    // The weekly players' tournament runs all week for everyone: every battle enters it, nothing to enter.
    // So does the weekly clans' tournament (a clan's members' battles enter it).
    expect(on.events.map((e) => e.title)).toEqual([
      "Cup",
      "Weekly players' tournament",
      "Weekly clans' tournament",
      "Double XP Saturday",
    ]);
    const [t, weekly, clans, x] = on.events;
    expect(weekly.tournament).toMatchObject({ autoEnter: true, metric: "rating", me: null, fee: 0 });
    expect(clans.tournament).toMatchObject({ autoEnter: true, entrant: "clan", me: null, fee: 0 });
    expect(t.tournament?.autoEnter).toBe(false);
    expect(t.running).toEqual({ start: Date.parse("2026-11-20T10:00:00Z"), end: Date.parse("2026-11-20T16:00:00Z") });
    expect(t.tournament?.tiers).toEqual([1]);
    expect(t.tournament?.me).toBeNull();
    expect(x.running).toBeNull();
    expect(x.nextStart).toBe(Date.parse("2026-11-21T00:00:00Z"));
    expect(x.multiplier).toEqual({ what: "xp", pct: 200 });
    // The title in the player's language.
    await playerSpeaks(w, b.playerId, "ru");
    expect((await whatsOn(b)).events[0].title).toBe("Кубок");
  });

  test("entering: the fee once, a replay answers the first entry; refusals in the player's language change nothing", async () => {
    const first = await enter(a, cup, 1);
    expect(first.status).toBe(200);
    expect(await first.json()).toMatchObject({ replayed: false, bucket: 0 });
    expect(await silverOf(a.playerId)).toBe(900);
    const again = await enter(a, cup, 1);
    expect(await again.json()).toMatchObject({ replayed: true });
    expect(await silverOf(a.playerId)).toBe(900);
    const fees = await w.deps.db
      .select()
      .from(ledgerEntries)
      .where(and(eq(ledgerEntries.playerId, a.playerId), eq(ledgerEntries.reason, "liveops.fee")));
    expect(fees.length).toBe(1);

    // A tier b has no tank of: 403 in Russian (b speaks ru), nothing entered, nothing paid.
    const noTank = await enter(b, cup, 2);
    expect(noTank.status).toBe(403);
    expect(JSON.stringify(await noTank.json())).toContain("Это событие вам недоступно");
    // c cannot pay the fee: 409, nothing entered.
    const poor = await enter(c, cup, 1);
    expect(poor.status).toBe(409);
    expect(JSON.stringify(await poor.json())).toContain("Not enough");
    expect(await silverOf(c.playerId)).toBe(50);
    const cEntries = await w.deps.db.select().from(liveEventEntries).where(eq(liveEventEntries.playerId, c.playerId));
    expect(cEntries).toEqual([]);
    // Not running: 409; unknown event: 404; a bad tier: 400.
    const later = await newEvent({ titleEn: "Tomorrow", schedule: fixed("2026-11-21T10:00", "2026-11-21T16:00") });
    expect((await enter(a, later, 1)).status).toBe(409);
    expect((await enter(a, 999_999, 1)).status).toBe(404);
    expect((await enter(a, cup, 0)).status).toBe(400);
  });

  test("my place, the board around me and the prize my place pays now; my result once the period is settled", async () => {
    expect((await enter(b, cup, 1)).status).toBe(200);
    // b wins one battle against a.
    const { battleId } = await startBattle(w.deps.db, {
      mode: "random",
      map: "steppe",
      players: [
        { playerId: a.playerId, tankId: 1 },
        { playerId: b.playerId, tankId: 1 },
      ],
      at: w.clock.now(),
    });
    const r = { experience: 100, silver: 0, kills: 1, damage: 300, durationS: 60 };
    await endBattle(w.deps.db, {
      battleId,
      at: w.clock.now() + 60_000,
      results: [
        { playerId: a.playerId, result: "loss", ...r },
        { playerId: b.playerId, result: "win", ...r },
      ],
    });
    const mine = (await whatsOn(b)).events.find((e) => e.id === cup)?.tournament;
    expect(mine?.entries).toBe(2);
    expect(mine?.me).toMatchObject({ rank: 1, score: 1, boardSize: 2, gold: 30, silver: 0 });
    expect(mine?.me?.around).toEqual([
      { rank: 1, nickname: "Bravo", score: 1, me: true },
      { rank: 2, nickname: "Alpha", score: 0, me: false },
    ]);
    // a scored nothing: a place, but no prize.
    expect((await whatsOn(a)).events.find((e) => e.id === cup)?.tournament?.me).toMatchObject({ rank: 2, gold: 0 });

    w.clock.set(Date.parse("2026-11-20T16:05:00Z"));
    await settleDue({ ctx: systemCtx(w.deps.db, w.clock) });
    const after = (await whatsOn(b)).events.find((e) => e.id === cup);
    expect(after?.running).toBeNull();
    expect(after?.tournament?.last).toEqual({
      rank: 1,
      score: 1,
      gold: 30,
      silver: 0,
      periodStart: Date.parse("2026-11-20T10:00:00Z"),
    });
    w.clock.set(NOW + HOUR);
  });
});
