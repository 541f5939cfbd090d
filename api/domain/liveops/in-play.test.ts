// Live events in finished battles: a battle's end scores the player's running tournaments once
// (a replayed end scores nothing more), not for a player who did not enter, not outside the
// period, only on the entry's tier; a multiplier event running at the end multiplies the base
// experience/silver (its silver as its own ledger row) and stops with its period; an offer named
// by an offer window shows (and sells) only while the window runs.
import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { and, eq } from "drizzle-orm";
import { makeWorld, type TestWorld } from "../../test/fixture.ts";
import { registerPlayer } from "../players.ts";
import { systemCtx } from "../context.ts";
import { endBattle, startBattle } from "../battles.ts";
import { contentTanks } from "../../db/schema/content.ts";
import { playerItems } from "../../db/schema/inventory.ts";
import { players } from "../../db/schema/players.ts";
import { ledgerEntries } from "../../db/schema/ledger.ts";
import { battlePlayers } from "../../db/schema/battles.ts";
import { liveEventEntries, liveEvents } from "../../db/schema/liveops.ts";
import { enterTournament } from "./tournaments.ts";
import { multipliersNow } from "./running.ts";
import { specialOffers } from "../../db/schema/offers.ts";
import { offersFor, takeOffer } from "../offers.ts";

const HOUR = 3_600_000;
/** Saturday 2026-11-21 12:00 in Berlin; the weekend period runs 2026-11-20T23:00Z – 2026-11-22T23:00Z. */
const SATURDAY = Date.parse("2026-11-21T11:00:00Z");
const WEEKEND_END = Date.parse("2026-11-22T23:00:00Z");

let w: TestWorld;
const ctx = () => systemCtx(w.deps.db, w.clock);

async function newPlayer(nickname: string) {
  const { playerId } = await registerPlayer(w.deps.db, {
    nickname,
    country: "DE",
    platform: "web",
    source: "organic",
    locale: "en",
    at: w.clock.now(),
  });
  await w.deps.db.update(players).set({ level: 5, silver: 10_000 }).where(eq(players.id, playerId));
  for (const tier of [1, 2])
    await w.deps.db
      .insert(playerItems)
      .values({ playerId, itemType: "tank", itemId: tier, quantity: 1, acquiredAt: w.clock.now() })
      .onConflictDoNothing();
  return playerId;
}

async function newEvent(values: Partial<typeof liveEvents.$inferInsert>) {
  const [ev] = await w.deps.db
    .insert(liveEvents)
    .values({
      kind: "tournament",
      titleRu: "Турнир выходных",
      titleEn: "Weekend tournament",
      schedule: JSON.stringify({ kind: "cron", cron: "0 0 * * 6", durationMinutes: 2880, timeZone: "Europe/Berlin" }),
      createdAt: w.clock.now(),
      updatedAt: w.clock.now(),
      ...values,
    })
    .returning({ id: liveEvents.id });
  return ev.id;
}

/** Plays one battle of a (tank of tierA) against b (tier 1) that a wins; returns its id and the end as sent. */
async function play(a: number, b: number, tierA = 1, result: "win" | "loss" = "win") {
  const { battleId } = await startBattle(w.deps.db, {
    mode: "random",
    map: "steppe",
    players: [
      { playerId: a, tankId: tierA },
      { playerId: b, tankId: 1 },
    ],
    at: w.clock.now(),
  });
  const end = {
    battleId,
    at: w.clock.now() + 60_000,
    results: [
      { playerId: a, result, experience: 100, silver: 1000, kills: 2, damage: 700, durationS: 60 },
      {
        playerId: b,
        result: result === "win" ? ("loss" as const) : ("win" as const),
        experience: 50,
        silver: 500,
        kills: 0,
        damage: 200,
        durationS: 60,
      },
    ],
  };
  await endBattle(w.deps.db, end);
  return end;
}

const score = async (eventId: number, playerId: number) => {
  const [e] = await w.deps.db
    .select({ score: liveEventEntries.score })
    .from(liveEventEntries)
    .where(and(eq(liveEventEntries.eventId, eventId), eq(liveEventEntries.playerId, playerId)));
  return e?.score ?? null;
};

beforeAll(async () => {
  w = await makeWorld({ now: SATURDAY });
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
      updatedAt: w.clock.now(),
    })),
  );
});
afterAll(() => w.close());

describe("a finished battle scores the running tournaments", () => {
  test("once per battle, replayed ends included; players not entered score nothing; only the entry's tier", async () => {
    const wins = await newEvent({ metric: "wins" });
    const damage = await newEvent({ metric: "damage" });
    const a = await newPlayer("Scorer");
    const b = await newPlayer("Bystander");
    await enterTournament({ ctx: ctx(), input: { eventId: wins, playerId: a, tier: 1 } });
    await enterTournament({ ctx: ctx(), input: { eventId: damage, playerId: a, tier: 1 } });

    const end = await play(a, b);
    expect(await score(wins, a)).toBe(1);
    expect(await score(damage, a)).toBe(700);
    // The same end again (a battle server retrying): answered from the first, nothing scored twice.
    await endBattle(w.deps.db, end);
    await endBattle(w.deps.db, end);
    expect(await score(wins, a)).toBe(1);
    expect(await score(damage, a)).toBe(700);
    // b fought (and lost) but never entered: no entry appears.
    expect(await score(wins, b)).toBeNull();
    expect(await score(damage, b)).toBeNull();

    // A battle in a tier-2 tank does not count for the tier-1 entry; a loss adds no win.
    w.clock.advance(HOUR);
    await play(a, b, 2);
    await play(a, b, 1, "loss");
    expect(await score(wins, a)).toBe(1);
    expect(await score(damage, a)).toBe(1400);
  });

  test("a battle ending after the period scores nothing", async () => {
    const ev = await newEvent({ metric: "xp" });
    const a = await newPlayer("Latecomer");
    const b = await newPlayer("Opponent");
    w.clock.set(SATURDAY + 2 * HOUR);
    await enterTournament({ ctx: ctx(), input: { eventId: ev, playerId: a, tier: 1 } });
    await play(a, b);
    expect(await score(ev, a)).toBe(100);
    w.clock.set(WEEKEND_END + HOUR);
    await play(a, b);
    expect(await score(ev, a)).toBe(100);
    w.clock.set(SATURDAY + 3 * HOUR);
  });
});

describe("a multiplier event while it runs", () => {
  test("doubles the base experience and silver at the battle's end, and not after its period", async () => {
    const a = await newPlayer("Doubled");
    const b = await newPlayer("Plain");
    // Saturday 12:00–14:00 Berlin (11:00–13:00Z): XP ×2 for everyone, silver ×1.5 for non-payers.
    const sched = JSON.stringify({
      kind: "fixed",
      periods: [{ start: "2026-11-21T12:00", end: "2026-11-21T14:00" }],
      timeZone: "Europe/Berlin",
    });
    const xp = await newEvent({ kind: "multiplier", multiplied: "xp", multiplierPct: 200, schedule: sched });
    await newEvent({
      kind: "multiplier",
      multiplied: "silver",
      multiplierPct: 150,
      audience: "nonPayers",
      schedule: sched,
    });
    // An inactive one changes nothing.
    await newEvent({ kind: "multiplier", multiplied: "xp", multiplierPct: 500, schedule: sched, active: false });

    w.clock.set(SATURDAY + 30 * 60_000);
    const now = await multipliersNow(w.deps.db, { at: w.clock.now() });
    expect(now.xpPct).toBe(200);
    expect(now.silverPct).toBe(150);
    expect(now.running.find((r) => r.eventId === xp)?.periodEnd).toBe(Date.parse("2026-11-21T13:00:00Z"));

    const end = await play(a, b);
    const [row] = await w.deps.db
      .select({ experience: battlePlayers.experience, silver: battlePlayers.silverEarned })
      .from(battlePlayers)
      .where(and(eq(battlePlayers.battleId, end.battleId), eq(battlePlayers.playerId, a)));
    expect(row).toEqual({ experience: 200, silver: 1500 });
    const bonus = await w.deps.db
      .select({ delta: ledgerEntries.delta })
      .from(ledgerEntries)
      .where(and(eq(ledgerEntries.playerId, a), eq(ledgerEntries.reason, "liveops.multiplier")));
    expect(bonus.map((r) => r.delta)).toEqual([500]);

    // After the period: the base only.
    w.clock.set(Date.parse("2026-11-21T13:00:00Z"));
    expect((await multipliersNow(w.deps.db, { at: w.clock.now() })).running).toEqual([]);
    const later = await play(a, b);
    const [plain] = await w.deps.db
      .select({ experience: battlePlayers.experience, silver: battlePlayers.silverEarned })
      .from(battlePlayers)
      .where(and(eq(battlePlayers.battleId, later.battleId), eq(battlePlayers.playerId, a)));
    expect(plain).toEqual({ experience: 100, silver: 1000 });
  });
});

describe("an offer window", () => {
  test("shows its offer only while a period runs; an offer no window names is not affected", async () => {
    const a = await newPlayer("Shopper");
    await w.deps.db.update(players).set({ gold: 1000 }).where(eq(players.id, a));
    const offer = async (titleEn: string) => {
      const [o] = await w.deps.db
        .insert(specialOffers)
        .values({
          titleRu: titleEn,
          titleEn,
          grants: JSON.stringify({ gold: 0, silver: 100, premiumDays: 0, items: [] }),
          priceGold: 10,
          startsAt: SATURDAY - 10 * HOUR,
          endsAt: SATURDAY + 100 * HOUR,
          perPlayerLimit: 5,
          createdAt: w.clock.now(),
          updatedAt: w.clock.now(),
        })
        .returning({ id: specialOffers.id });
      return o.id;
    };
    const windowed = await offer("Happy hour pack");
    const plain = await offer("Always pack");
    await newEvent({
      kind: "offerWindow",
      offerId: windowed,
      schedule: JSON.stringify({
        kind: "fixed",
        periods: [{ start: "2026-11-21T18:00", end: "2026-11-21T19:00" }],
        timeZone: "Europe/Berlin",
      }),
    });
    const shown = async () =>
      (await offersFor(w.deps.db, a, "en", w.clock.now())).offers.map((o) => o.id).filter((id) => id >= windowed);
    const take = (offerId: number) =>
      takeOffer(w.deps.db, { playerId: a, offerId, requestId: crypto.randomUUID(), at: w.clock.now() }).then(
        () => "taken",
        (e) => (e as { messageId?: string }).messageId,
      );

    w.clock.set(Date.parse("2026-11-21T16:30:00Z")); // 17:30 Berlin: before the window
    expect(await shown()).toEqual([plain]);
    expect(await take(windowed)).toBe("error.offer_not_found");
    expect(await take(plain)).toBe("taken");
    w.clock.set(Date.parse("2026-11-21T17:15:00Z")); // 18:15 Berlin: in it
    expect(await shown()).toEqual([windowed, plain]);
    expect(await take(windowed)).toBe("taken");
    w.clock.set(Date.parse("2026-11-21T18:00:00Z")); // 19:00 Berlin: over
    expect(await shown()).toEqual([plain]);
    expect(await take(windowed)).toBe("error.offer_not_found");
  });
});
