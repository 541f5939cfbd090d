// Tournaments of the live-events calendar (docs/decisions/liveops.md): entering a running period
// (audience, level, tier, size limit, a fee through the ledger), adding a battle to the entries it
// counts for, and settling a period that has ended — its boards ranked and every prize paid
// through the ledger exactly once, in one transaction, also when a process dies mid-payout or two
// settle at once.
import { and, asc, eq, lte, or, sql } from "drizzle-orm";
import { liveEventEntries, liveEventPeriods, liveEventResults, liveEvents } from "../../db/schema/liveops.ts";
import { playerItems } from "../../db/schema/inventory.ts";
import { contentTanks } from "../../db/schema/content.ts";
import { transact, type Ctx } from "../context.ts";
import { AppError, conflict, notFound } from "../errors.ts";
import { applyLedger } from "../ledger.ts";
import { eventViewer, meantFor } from "./running.ts";
import { compileSchedule, type Schedule } from "./schedule.ts";
import { placeEntries, prizeTableSchema } from "./prizes.ts";
import { addBattle, countEntry, periodsCounting } from "./scoring.ts";
import { recordClanBattle, settleClanPeriod } from "./clans-weekly.ts";

type EventRow = typeof liveEvents.$inferSelect;

async function eventOr404(ctx: Ctx, eventId: number): Promise<EventRow> {
  const [ev] = await ctx.db.select().from(liveEvents).where(eq(liveEvents.id, eventId)).limit(1);
  if (!ev) throw notFound();
  return ev;
}

/** The ledger key of a period's prize to a player: the same event, period and player pay once. */
export const prizeKey = (eventId: number, periodStart: number, playerId: number) =>
  `liveops.prize:${eventId}:${periodStart}:${playerId}`;
export const feeKey = (eventId: number, periodStart: number, playerId: number) =>
  `liveops.fee:${eventId}:${periodStart}:${playerId}`;

/** Does the player own a tank of this tier? */
async function ownsTier(ctx: Ctx, playerId: number, tier: number): Promise<boolean> {
  const [row] = await ctx.db
    .select({ id: playerItems.itemId })
    .from(playerItems)
    .innerJoin(contentTanks, eq(contentTanks.id, playerItems.itemId))
    .where(and(eq(playerItems.playerId, playerId), eq(playerItems.itemType, "tank"), eq(contentTanks.tier, tier)))
    .limit(1);
  return !!row;
}

export interface Entered {
  periodStart: number;
  periodEnd: number;
  bucket: number;
  /** True when the player had entered this period already (nothing changed). */
  replayed: boolean;
}

/**
 * Enters a player into a tournament's running period with a tank tier. Refusals: not running
 * (409 liveops.not_running), not for this player (403: audience, level, a tier outside the
 * event's or not owned), full (409 liveops.full), the fee unaffordable (409 insufficient_funds).
 * Entering twice answers the first entry. The entry, its period row and the fee: one transaction.
 */
export function enterTournament({
  ctx,
  input,
}: {
  ctx: Ctx;
  input: { eventId: number; playerId: number; tier: number };
}): Promise<Entered> {
  return transact(ctx, async (c) => {
    const ev = await eventOr404(c, input.eventId);
    if (!ev.active || ev.kind !== "tournament") throw notFound();
    // A clans' board is entered by a member's battle for the clan, not by a player.
    if (ev.entrant === "clan") throw new AppError("forbidden", "liveops.not_eligible");
    const now = c.clock.now();
    const period = compileSchedule(JSON.parse(ev.schedule) as Schedule).activeAt(now);
    if (!period) throw conflict("liveops.not_running");
    const key = { eventId: ev.id, periodStart: period.start, playerId: input.playerId };
    const [had] = await c.db
      .select({ bucket: liveEventEntries.bucket })
      .from(liveEventEntries)
      .where(
        and(
          eq(liveEventEntries.eventId, key.eventId),
          eq(liveEventEntries.periodStart, key.periodStart),
          eq(liveEventEntries.playerId, key.playerId),
        ),
      )
      .limit(1);
    if (had) return { periodStart: period.start, periodEnd: period.end, bucket: had.bucket, replayed: true };

    const viewer = await eventViewer(c.db, input.playerId);
    if (!viewer) throw notFound();
    const notForYou = () => new AppError("forbidden", "liveops.not_eligible");
    // Audience and level: the one rule "what's on" lists by (running.ts).
    if (!meantFor(ev, viewer)) throw notForYou();
    if (input.tier < ev.minTier || input.tier > ev.maxTier || !(await ownsTier(c, input.playerId, input.tier)))
      throw notForYou();

    const [count] = await c.db
      .select({
        all: sql<number>`count(*)`,
        board: sql<number>`coalesce(sum(case when ${liveEventEntries.tier} = ${input.tier} then 1 else 0 end), 0)`,
      })
      .from(liveEventEntries)
      .where(and(eq(liveEventEntries.eventId, ev.id), eq(liveEventEntries.periodStart, period.start)));
    if (ev.sizeLimit !== null && count.all >= ev.sizeLimit) throw conflict("liveops.full");
    // Leagues fill in join order, on each tier's board apart when tiers rank apart.
    const bucket = ev.bucketSize ? Math.floor((ev.perTier ? count.board : count.all) / ev.bucketSize) : 0;

    if (ev.fee > 0)
      await applyLedger(c.db, {
        playerId: input.playerId,
        currency: ev.feeCurrency,
        delta: -ev.fee,
        reason: "liveops.fee",
        ref: `liveEvent:${ev.id}:${period.start}`,
        idempotencyKey: feeKey(ev.id, period.start, input.playerId),
        at: now,
      });
    await c.db.insert(liveEventEntries).values({ ...key, tier: input.tier, bucket, scoredAt: now, joinedAt: now });
    await countEntry(c.db, ev.id, period);
    return { periodStart: period.start, periodEnd: period.end, bucket, replayed: false };
  });
}

/** What one finished battle brings to an entry. */
export interface BattleScored {
  playerId: number;
  tier: number;
  won: boolean;
  damage: number;
  xp: number;
  ratingDelta: number;
  /** The tank stood idle: it counts only in the tournaments every battle enters (autoEnter). */
  idle?: boolean;
  /** The clan the battle was fought for (battle_players.clan_id): it scores the clans' tournaments. */
  clanId?: number | null;
  at: number;
}

/**
 * Enters the player into every auto-entered tournament running at the battle's end that is meant
 * for them (audience, level, the battle's tier within the event's): the first battle of a period
 * is the entry. Entering twice changes nothing.
 */
async function autoEnter(c: Ctx, b: BattleScored) {
  const events = await c.db
    .select()
    .from(liveEvents)
    .where(
      and(
        eq(liveEvents.active, true),
        eq(liveEvents.kind, "tournament"),
        eq(liveEvents.autoEnter, true),
        eq(liveEvents.entrant, "player"),
      ),
    );
  const counting = periodsCounting(c.db, b);
  for (const ev of events) {
    const period = await counting(ev);
    if (!period) continue;
    const inserted = await c.db
      .insert(liveEventEntries)
      .values({
        eventId: ev.id,
        periodStart: period.start,
        playerId: b.playerId,
        tier: b.tier,
        scoredAt: b.at,
        joinedAt: b.at,
      })
      .onConflictDoNothing()
      .returning({ id: liveEventEntries.id });
    if (inserted.length === 0) continue;
    await countEntry(c.db, ev.id, period);
  }
}

/**
 * A finished battle adds to the player's entries in the tournaments running at its end: each
 * event's metric (wins, damage, XP, rating change, battles) to the score, and every figure
 * (battles, wins, rating change, experience) to the entry's sums. An entered event counts the
 * battles of the entry's own tier; an auto-entered one (the weekly boards) enters the player on
 * their first battle and counts every tier, idle tanks too. Returns the entries it moved.
 */
export function recordTournamentBattle({ ctx, input }: { ctx: Ctx; input: BattleScored }): Promise<number> {
  return transact(ctx, async (c) => {
    await autoEnter(c, input);
    const clans = input.clanId == null ? 0 : await recordClanBattle(c, { ...input, clanId: input.clanId });
    const rows = await c.db
      .select({
        id: liveEventEntries.id,
        metric: liveEvents.metric,
        autoEnter: liveEvents.autoEnter,
        end: liveEventPeriods.periodEnd,
      })
      .from(liveEventEntries)
      .innerJoin(liveEvents, eq(liveEvents.id, liveEventEntries.eventId))
      .innerJoin(
        liveEventPeriods,
        and(
          eq(liveEventPeriods.eventId, liveEventEntries.eventId),
          eq(liveEventPeriods.periodStart, liveEventEntries.periodStart),
        ),
      )
      .where(
        and(
          eq(liveEventEntries.playerId, input.playerId),
          or(eq(liveEventEntries.tier, input.tier), eq(liveEvents.autoEnter, true)),
          lte(liveEventEntries.periodStart, input.at),
          eq(liveEventPeriods.state, "open"),
        ),
      );
    let moved = 0;
    for (const r of rows) {
      if (input.at >= r.end || (input.idle && !r.autoEnter)) continue;
      await c.db
        .update(liveEventEntries)
        .set(addBattle(liveEventEntries, r.metric, input))
        .where(eq(liveEventEntries.id, r.id));
      moved++;
    }
    return moved + clans;
  });
}

export interface Settled {
  eventId: number;
  periodStart: number;
  entries: number;
  /** Prizes paid by this call (0 when the period was settled before). */
  paid: number;
  replayed: boolean;
}

/**
 * Settles one ended period: ranks its boards, writes every entry's place and prize, pays each
 * prize through the ledger under the key naming event, period and player, and marks the period
 * settled — one transaction, so a process that dies mid-payout leaves nothing paid and the next
 * settle pays all; a period settled already (by a replay or another process) pays nothing.
 * `afterPrize` lets a test stop the payout midway.
 */
export function settlePeriod({
  ctx,
  input,
  afterPrize,
}: {
  ctx: Ctx;
  input: { eventId: number; periodStart: number };
  afterPrize?: (paid: number) => Promise<void>;
}): Promise<Settled> {
  return transact(ctx, async (c) => {
    const now = c.clock.now();
    const [period] = await c.db
      .select()
      .from(liveEventPeriods)
      .where(and(eq(liveEventPeriods.eventId, input.eventId), eq(liveEventPeriods.periodStart, input.periodStart)))
      .limit(1);
    if (!period) throw notFound();
    const settled = { eventId: input.eventId, periodStart: input.periodStart, entries: period.entries };
    if (period.state === "settled") return { ...settled, paid: 0, replayed: true };
    if (period.periodEnd > now) throw conflict("liveops.period_running");
    const ev = await eventOr404(c, input.eventId);
    if (ev.entrant === "clan") {
      const paid = await settleClanPeriod(c, ev, period, afterPrize);
      await c.db
        .update(liveEventPeriods)
        .set({ state: "settled", settledAt: now })
        .where(and(eq(liveEventPeriods.eventId, ev.id), eq(liveEventPeriods.periodStart, input.periodStart)));
      return { ...settled, paid, replayed: false };
    }
    const table = prizeTableSchema.parse(JSON.parse(ev.prizes));
    const entries = await c.db
      .select()
      .from(liveEventEntries)
      .where(and(eq(liveEventEntries.eventId, ev.id), eq(liveEventEntries.periodStart, input.periodStart)))
      .orderBy(asc(liveEventEntries.id));
    const placed = placeEntries(entries, table, ev.perTier);
    let paid = 0;
    for (const p of placed) {
      await c.db.insert(liveEventResults).values({
        eventId: ev.id,
        periodStart: input.periodStart,
        playerId: p.playerId,
        tier: p.tier,
        bucket: p.bucket,
        rank: p.rank,
        score: p.score,
        gold: p.gold,
        silver: p.silver,
        settledAt: now,
      });
      for (const currency of ["gold", "silver"] as const) {
        if (p[currency] === 0) continue;
        await applyLedger(c.db, {
          playerId: p.playerId,
          currency,
          delta: p[currency],
          reason: "liveops.prize",
          ref: `liveEvent:${ev.id}:${input.periodStart}:${p.rank}`,
          idempotencyKey: prizeKey(ev.id, input.periodStart, p.playerId),
          at: now,
        });
      }
      if (p.gold > 0 || p.silver > 0) {
        paid++;
        await afterPrize?.(paid);
      }
    }
    await c.db
      .update(liveEventPeriods)
      .set({ state: "settled", settledAt: now })
      .where(and(eq(liveEventPeriods.eventId, ev.id), eq(liveEventPeriods.periodStart, input.periodStart)));
    return { ...settled, paid, replayed: false };
  });
}

/** Settles every period that has ended and is not settled yet, each in its own transaction (the sweep a timer runs). */
export async function settleDue({
  ctx,
  afterPrize,
}: {
  ctx: Ctx;
  afterPrize?: (paid: number) => Promise<void>;
}): Promise<Settled[]> {
  const due = await ctx.db
    .select({ eventId: liveEventPeriods.eventId, periodStart: liveEventPeriods.periodStart })
    .from(liveEventPeriods)
    .where(and(eq(liveEventPeriods.state, "open"), lte(liveEventPeriods.periodEnd, ctx.clock.now())))
    .orderBy(asc(liveEventPeriods.periodEnd));
  const out: Settled[] = [];
  for (const d of due) out.push(await settlePeriod({ ctx, input: d, afterPrize }));
  return out;
}
