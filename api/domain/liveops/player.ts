// The player's side of the live-events calendar (docs/decisions/liveops.md): what is on for me now
// and next (events whose audience and level I meet), whether I can enter a tournament and with
// which tier, my place and score in the running period, the board around me, what the prize table
// gives my place now, and my result of the last settled period.
import { and, asc, desc, eq, gte, inArray } from "drizzle-orm";
import { liveEventEntries, liveEventPeriods, liveEventResults, liveEvents } from "../../db/schema/liveops.ts";
import { players } from "../../db/schema/players.ts";
import { playerItems } from "../../db/schema/inventory.ts";
import { contentTanks } from "../../db/schema/content.ts";
import type { Ctx } from "../context.ts";
import { notFound } from "../errors.ts";
import { compileSchedule, type Schedule } from "./schedule.ts";
import { boardSeenBy, placeEntries, prizeTableSchema } from "./prizes.ts";
import { eventViewer, meantFor } from "./running.ts";
import { myClanEntry } from "./clans-weekly.ts";

const DAY = 86_400_000;
/** How far ahead "next" looks, and how long a settled period's result stays listed. */
export const WHATS_ON_AHEAD_MS = 7 * DAY;
/** Places either side of mine on the board shown. */
const AROUND = 2;

type EventRow = typeof liveEvents.$inferSelect;

export interface BoardRow {
  rank: number;
  nickname: string;
  score: number;
  me: boolean;
}

/** My entry in the running period. */
export interface MyEntry {
  tier: number;
  bucket: number;
  score: number;
  rank: number;
  boardSize: number;
  /** What my place pays by the prize table if the period ended now (nothing for a score of 0). */
  gold: number;
  silver: number;
  around: BoardRow[];
}

const schedOf = (ev: EventRow) => compileSchedule(JSON.parse(ev.schedule) as Schedule);

/** The player's running-period view of one tournament they entered: place, board around, prize. */
async function myEntry(ctx: Ctx, ev: EventRow, periodStart: number, playerId: number): Promise<MyEntry | null> {
  const entries = await ctx.db
    .select({
      playerId: liveEventEntries.playerId,
      tier: liveEventEntries.tier,
      bucket: liveEventEntries.bucket,
      score: liveEventEntries.score,
      scoredAt: liveEventEntries.scoredAt,
      joinedAt: liveEventEntries.joinedAt,
    })
    .from(liveEventEntries)
    .where(and(eq(liveEventEntries.eventId, ev.id), eq(liveEventEntries.periodStart, periodStart)))
    .orderBy(asc(liveEventEntries.id));
  const mine = entries.find((e) => e.playerId === playerId);
  if (!mine) return null;
  const table = prizeTableSchema.parse(JSON.parse(ev.prizes));
  const board = placeEntries(
    entries.filter((e) => e.bucket === mine.bucket && (!ev.perTier || e.tier === mine.tier)),
    table,
    ev.perTier,
  ).sort((a, b) => a.rank - b.rank);
  const me = board.find((p) => p.playerId === playerId);
  if (!me) return null;
  return boardSeenBy(
    board,
    me,
    AROUND,
    async (ids) =>
      new Map(
        (
          await ctx.db
            .select({ id: players.id, nickname: players.nickname })
            .from(players)
            .where(inArray(players.id, ids))
        ).map((p) => [p.id, p.nickname]),
      ),
  );
}

/** The tiers of tanks the player owns. */
async function ownedTiers(ctx: Ctx, playerId: number): Promise<number[]> {
  const rows = await ctx.db
    .selectDistinct({ tier: contentTanks.tier })
    .from(playerItems)
    .innerJoin(contentTanks, eq(contentTanks.id, playerItems.itemId))
    .where(and(eq(playerItems.playerId, playerId), eq(playerItems.itemType, "tank")))
    .orderBy(asc(contentTanks.tier));
  return rows.map((r) => r.tier);
}

/**
 * What's on for the player now and in the next 7 days: the active events meant for them (audience,
 * level), each with its running period or next start; tournaments with the tiers they could enter
 * with, the period's entries, their entry (place, score, board around, prize now) and their last
 * settled result.
 */
export async function whatsOn({ ctx, input }: { ctx: Ctx; input: { playerId: number; locale: "ru" | "en" } }) {
  const now = ctx.clock.now();
  const viewer = await eventViewer(ctx.db, input.playerId);
  if (!viewer) throw notFound();
  const rows = await ctx.db.select().from(liveEvents).where(eq(liveEvents.active, true)).orderBy(asc(liveEvents.id));
  const tiers = await ownedTiers(ctx, input.playerId);
  const recent = await ctx.db
    .select()
    .from(liveEventResults)
    .where(and(eq(liveEventResults.playerId, input.playerId), gte(liveEventResults.settledAt, now - WHATS_ON_AHEAD_MS)))
    .orderBy(desc(liveEventResults.periodStart));
  const events = [];
  for (const ev of rows) {
    const last = recent.find((r) => r.eventId === ev.id) ?? null;
    if (!meantFor(ev, viewer) && !last) continue;
    let running: { start: number; end: number } | null;
    let next: number | null;
    try {
      const s = schedOf(ev);
      running = s.activeAt(now);
      next = s.nextStart(now);
    } catch {
      continue; // a schedule that no longer compiles runs nothing
    }
    if (!running && !last && (next === null || next - now > WHATS_ON_AHEAD_MS)) continue;
    const base = {
      id: ev.id,
      kind: ev.kind,
      title: input.locale === "en" ? ev.titleEn : ev.titleRu,
      running,
      nextStart: next !== null && next - now <= WHATS_ON_AHEAD_MS ? next : null,
    };
    if (ev.kind !== "tournament") {
      events.push({
        ...base,
        multiplier:
          ev.kind === "multiplier" && ev.multiplied && ev.multiplierPct
            ? { what: ev.multiplied, pct: ev.multiplierPct }
            : null,
        tournament: null,
      });
      continue;
    }
    let entries = 0;
    let me: MyEntry | null = null;
    if (running) {
      const [period] = await ctx.db
        .select({ entries: liveEventPeriods.entries })
        .from(liveEventPeriods)
        .where(and(eq(liveEventPeriods.eventId, ev.id), eq(liveEventPeriods.periodStart, running.start)))
        .limit(1);
      entries = period?.entries ?? 0;
      // A clans' board places the player's clan (clans-weekly.ts).
      if (period)
        me =
          ev.entrant === "clan"
            ? await myClanEntry(ctx.db, ev, running.start, input.playerId, AROUND)
            : await myEntry(ctx, ev, running.start, input.playerId);
    }
    const table = prizeTableSchema.parse(JSON.parse(ev.prizes));
    events.push({
      ...base,
      multiplier: null,
      tournament: {
        metric: ev.metric,
        perTier: ev.perTier,
        autoEnter: ev.autoEnter,
        entrant: ev.entrant,
        minTier: ev.minTier,
        maxTier: ev.maxTier,
        fee: ev.fee,
        feeCurrency: ev.feeCurrency,
        sizeLimit: ev.sizeLimit,
        entries,
        prizes: table,
        /** The tiers of the player's tanks within the event's bounds (empty: cannot enter). */
        tiers: meantFor(ev, viewer) ? tiers.filter((t) => t >= ev.minTier && t <= ev.maxTier) : [],
        me,
        last: last
          ? {
              periodStart: last.periodStart,
              rank: last.rank,
              score: last.score,
              gold: last.gold,
              silver: last.silver,
            }
          : null,
      },
    });
  }
  // Running first (the soonest end first), then the next ones by start.
  events.sort(
    (a, b) =>
      Number(!a.running) - Number(!b.running) ||
      (a.running?.end ?? a.nextStart ?? 0) - (b.running?.end ?? b.nextStart ?? 0) ||
      a.id - b.id,
  );
  return { now, events };
}
