// Tournaments of the live-events calendar: entry rules, scoring, and prizes paid exactly once —
// across a kill -9 mid-payout and restart, a second settle, and settles racing (in this process
// and in another one).
import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { and, eq, sql } from "drizzle-orm";
import { makeWorld, type TestWorld } from "../../test/fixture.ts";
import { registerPlayer } from "../players.ts";
import { systemCtx } from "../context.ts";
import { contentTanks } from "../../db/schema/content.ts";
import { playerItems } from "../../db/schema/inventory.ts";
import { players } from "../../db/schema/players.ts";
import { ledgerEntries } from "../../db/schema/ledger.ts";
import { liveEventPeriods, liveEventResults, liveEvents } from "../../db/schema/liveops.ts";
import { orders } from "../../db/schema/billing.ts";
import { enterTournament, prizeKey, recordTournamentBattle, settleDue, settlePeriod } from "./tournaments.ts";
import type { PrizeTable } from "./prizes.ts";

const HOUR = 3_600_000;
/** Saturday 2026-11-21 12:00 in Berlin; the weekend period runs 2026-11-20T23:00Z – 2026-11-22T23:00Z. */
const SATURDAY = Date.parse("2026-11-21T11:00:00Z");
const WEEKEND_END = Date.parse("2026-11-22T23:00:00Z");
const PRIZES: PrizeTable = {
  by: "rank",
  rows: [
    { from: 1, to: 1, gold: 100, silver: 1000 },
    { from: 2, to: 3, gold: 50, silver: 0 },
    { from: 4, to: 5, gold: 0, silver: 500 },
  ],
};

let w: TestWorld;
const ctx = () => systemCtx(w.deps.db, w.clock);

async function newPlayer(nickname: string, tiers: number[], level = 5) {
  const { playerId } = await registerPlayer(w.deps.db, {
    nickname,
    country: "DE",
    platform: "web",
    source: "organic",
    locale: "en",
    at: w.clock.now(),
  });
  await w.deps.db.update(players).set({ level, silver: 10_000 }).where(eq(players.id, playerId));
  for (const tier of tiers)
    await w.deps.db
      .insert(playerItems)
      .values({ playerId, itemType: "tank", itemId: tier, quantity: 1, acquiredAt: w.clock.now() })
      .onConflictDoNothing();
  return playerId;
}

async function newEvent(values: Partial<typeof liveEvents.$inferInsert> = {}) {
  const [ev] = await w.deps.db
    .insert(liveEvents)
    .values({
      kind: "tournament",
      titleRu: "Турнир выходных",
      titleEn: "Weekend tournament",
      schedule: JSON.stringify({ kind: "cron", cron: "0 0 * * 6", durationMinutes: 2880, timeZone: "Europe/Berlin" }),
      prizes: JSON.stringify(PRIZES),
      createdAt: w.clock.now(),
      updatedAt: w.clock.now(),
      ...values,
    })
    .returning({ id: liveEvents.id });
  return ev.id;
}

const refusal = async (p: Promise<unknown>) => {
  try {
    await p;
    return "entered";
  } catch (e) {
    return (e as { messageId?: string }).messageId ?? String(e);
  }
};

/** Per player: their prize ledger rows (count and sum) by currency. */
async function prizesPaid(eventId: number, periodStart: number) {
  const rows = await w.deps.db
    .select({
      playerId: ledgerEntries.playerId,
      currency: ledgerEntries.currency,
      n: sql<number>`count(*)`,
      total: sql<number>`sum(${ledgerEntries.delta})`,
    })
    .from(ledgerEntries)
    .where(
      and(
        eq(ledgerEntries.reason, "liveops.prize"),
        sql`${ledgerEntries.ref} like ${`liveEvent:${eventId}:${periodStart}:%`}`,
      ),
    )
    .groupBy(ledgerEntries.playerId, ledgerEntries.currency);
  return rows;
}

/** The prizes the table says, from the scores, ranked here by hand: score desc, then join order. */
function expectedPrizes(scores: { playerId: number; score: number; bucket: number }[]) {
  const out: { playerId: number; currency: "gold" | "silver"; n: number; total: number }[] = [];
  const buckets = new Set(scores.map((s) => s.bucket));
  for (const b of buckets) {
    const board = scores.filter((s) => s.bucket === b).sort((x, y) => y.score - x.score);
    board.forEach((s, i) => {
      const rank = i + 1;
      const row = PRIZES.by === "rank" ? PRIZES.rows.find((r) => r.from <= rank && rank <= r.to) : undefined;
      if (!row || s.score === 0) return;
      if (row.gold) out.push({ playerId: s.playerId, currency: "gold", n: 1, total: row.gold });
      if (row.silver) out.push({ playerId: s.playerId, currency: "silver", n: 1, total: row.silver });
    });
  }
  return out;
}

const sorted = <T extends { playerId: number; currency: string }>(rows: T[]) =>
  [...rows].sort((a, b) => a.playerId - b.playerId || a.currency.localeCompare(b.currency));

beforeAll(async () => {
  w = await makeWorld({ now: SATURDAY });
  await w.deps.db.insert(contentTanks).values(
    [1, 2, 3].map((id) => ({
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

describe("entering a tournament", () => {
  test("entry rules: running, audience, level, tier owned, size limit, the fee through the ledger once", async () => {
    const eventId = await newEvent({
      minLevel: 3,
      maxLevel: 10,
      minTier: 1,
      maxTier: 2,
      sizeLimit: 2,
      fee: 100,
      feeCurrency: "silver",
      audience: "nonPayers",
    });
    const ok = await newPlayer("Entrant", [1]);
    const low = await newPlayer("Novice", [1], 2);
    const noTank = await newPlayer("Tankless", [3]);
    const payer = await newPlayer("Payer", [1]);
    await w.deps.db.insert(orders).values({
      playerId: payer,
      provider: "stripe",
      status: "paid",
      itemId: "gold_100",
      market: "eu",
      country: "DE",
      platform: "web",
      amountMinor: 100,
      currency: "EUR",
      grants: "{}",
      createdAt: w.clock.now(),
      updatedAt: w.clock.now(),
    });
    const enter = (playerId: number, tier = 1) => enterTournament({ ctx: ctx(), input: { eventId, playerId, tier } });

    expect(await refusal(enter(low))).toBe("liveops.not_eligible");
    expect(await refusal(enter(noTank, 3))).toBe("liveops.not_eligible");
    expect(await refusal(enter(noTank, 2))).toBe("liveops.not_eligible");
    expect(await refusal(enter(payer))).toBe("liveops.not_eligible");
    const first = await enter(ok);
    expect(first).toMatchObject({ periodStart: Date.parse("2026-11-20T23:00:00Z"), periodEnd: WEEKEND_END });
    expect((await enter(ok)).replayed).toBe(true);
    const [{ silver }] = await w.deps.db.select({ silver: players.silver }).from(players).where(eq(players.id, ok));
    expect(silver).toBe(10_000 - 100);
    expect(await refusal(enter(await newPlayer("Second", [2]), 2))).toBe("entered");
    expect(await refusal(enter(await newPlayer("Third", [1])))).toBe("liveops.full");

    w.clock.set(WEEKEND_END + HOUR); // Monday: the next period starts on Saturday
    expect(await refusal(enter(await newPlayer("Late", [1])))).toBe("liveops.not_running");
    w.clock.set(SATURDAY);
  });
});

describe("prizes are paid exactly once", () => {
  /** A weekend tournament with leagues of 10; `n` players enter and win i % 7 battles each. */
  async function playedWeekend(n: number, tag: string) {
    w.clock.set(SATURDAY);
    const eventId = await newEvent({ bucketSize: 10 });
    const scores: { playerId: number; score: number; bucket: number }[] = [];
    for (let i = 0; i < n; i++) {
      const playerId = await newPlayer(`${tag}${i}`, [1]);
      w.clock.advance(1000);
      const { bucket } = await enterTournament({ ctx: ctx(), input: { eventId, playerId, tier: 1 } });
      const wins = (i * 5) % 7;
      for (let k = 0; k < wins; k++)
        await recordTournamentBattle({
          ctx: ctx(),
          input: { playerId, tier: 1, won: true, damage: 100, xp: 50, ratingDelta: 15, at: w.clock.now() },
        });
      // A loss and a battle of another tier count for nothing.
      await recordTournamentBattle({
        ctx: ctx(),
        input: { playerId, tier: 1, won: false, damage: 10, xp: 5, ratingDelta: -10, at: w.clock.now() },
      });
      await recordTournamentBattle({
        ctx: ctx(),
        input: { playerId, tier: 2, won: true, damage: 10, xp: 5, ratingDelta: 15, at: w.clock.now() },
      });
      scores.push({ playerId, score: wins, bucket });
    }
    // Equal scores rank by who reached them first: the scores here are reached in join order.
    const periodStart = Date.parse("2026-11-20T23:00:00Z");
    return { eventId, periodStart, want: sorted(expectedPrizes(scores)) };
  }

  test("a period still running is not settled; an ended one pays its table once, a second settle pays nothing", async () => {
    const { eventId, periodStart, want } = await playedWeekend(12, "Once");
    expect(await refusal(settlePeriod({ ctx: ctx(), input: { eventId, periodStart } }))).toBe("liveops.period_running");
    w.clock.set(WEEKEND_END);
    const first = await settlePeriod({ ctx: ctx(), input: { eventId, periodStart } });
    expect(first).toMatchObject({ entries: 12, replayed: false });
    expect(sorted(await prizesPaid(eventId, periodStart))).toEqual(want);
    expect(want.length).toBeGreaterThan(6);
    const again = await settlePeriod({ ctx: ctx(), input: { eventId, periodStart } });
    expect(again).toMatchObject({ paid: 0, replayed: true });
    expect(sorted(await prizesPaid(eventId, periodStart))).toEqual(want);
    const results = await w.deps.db.select().from(liveEventResults).where(eq(liveEventResults.eventId, eventId));
    expect(results.length).toBe(12);
    expect(new Set(results.map((r) => `${r.bucket}:${r.rank}`)).size).toBe(12);
    const ledgerKeys = await w.deps.db
      .select({ key: ledgerEntries.idempotencyKey })
      .from(ledgerEntries)
      .where(eq(ledgerEntries.reason, "liveops.prize"));
    expect(ledgerKeys.map((k) => k.key)).toContain(prizeKey(eventId, periodStart, want[0].playerId));
  });

  test("kill -9 mid-payout, then restart: nothing paid by the killed process, every prize once after", async () => {
    const { eventId, periodStart, want } = await playedWeekend(25, "Killed");
    w.clock.set(WEEKEND_END + 1);
    const [{ file }] = (await w.deps.client.execute("PRAGMA database_list")).rows as unknown as { file: string }[];
    const child = (stopAfter?: number) =>
      Bun.spawn(
        [
          "bun",
          "api/test/liveops-settle-child.ts",
          file,
          String(w.clock.now()),
          ...(stopAfter ? [String(stopAfter)] : []),
        ],
        {
          stdout: "pipe",
          stderr: "inherit",
        },
      );

    for (const stopAfter of [1, 4]) {
      const killed = child(stopAfter);
      const reader = killed.stdout.getReader();
      const { value } = await reader.read();
      expect(new TextDecoder().decode(value)).toContain("paused");
      killed.kill("SIGKILL");
      expect(await killed.exited).not.toBe(0);
      expect(await prizesPaid(eventId, periodStart)).toEqual([]);
      const [period] = await w.deps.db
        .select({ state: liveEventPeriods.state })
        .from(liveEventPeriods)
        .where(and(eq(liveEventPeriods.eventId, eventId), eq(liveEventPeriods.periodStart, periodStart)));
      expect(period.state).toBe("open");
    }

    const restarted = child();
    expect(await restarted.exited).toBe(0);
    expect(await new Response(restarted.stdout).text()).toContain(`"eventId":${eventId}`);
    expect(sorted(await prizesPaid(eventId, periodStart))).toEqual(want);
    expect(await settleDue({ ctx: ctx() })).toEqual([]);
    expect(sorted(await prizesPaid(eventId, periodStart))).toEqual(want);
  }, 60_000);

  test("settles racing (three here, one in another process): every prize once", async () => {
    const { eventId, periodStart, want } = await playedWeekend(20, "Race");
    w.clock.set(WEEKEND_END + 1);
    const [{ file }] = (await w.deps.client.execute("PRAGMA database_list")).rows as unknown as { file: string }[];
    const other = Bun.spawn(["bun", "api/test/liveops-settle-child.ts", file, String(w.clock.now())], {
      stdout: "pipe",
      stderr: "inherit",
    });
    const here = await Promise.all([
      settleDue({ ctx: ctx() }),
      settleDue({ ctx: ctx() }),
      settlePeriod({ ctx: ctx(), input: { eventId, periodStart } }).then((s) => [s]),
    ]);
    expect(await other.exited).toBe(0);
    const settledHere = here.flat().filter((s) => s.eventId === eventId && !s.replayed).length;
    const settledThere = (await new Response(other.stdout).text()).includes('"replayed":false') ? 1 : 0;
    expect(settledHere + settledThere).toBe(1);
    expect(sorted(await prizesPaid(eventId, periodStart))).toEqual(want);
  }, 60_000);
});
