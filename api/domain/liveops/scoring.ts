// What a finished battle adds to a tournament's entry, a player's and a clan's alike: its score
// under the event's metric and the four running totals one board sorts four ways.
import { sql } from "drizzle-orm";
import type { SQLiteColumn } from "drizzle-orm/sqlite-core";
import type { DbOrTx } from "../../db/index.ts";
import { liveEventPeriods, type liveEvents } from "../../db/schema/liveops.ts";
import { eventViewer, meantFor, runningPeriod, type EventViewer } from "./running.ts";
import type { Period } from "./schedule.ts";

type EventRow = typeof liveEvents.$inferSelect;
type Metric = EventRow["metric"];

/**
 * For one finished battle (its player, tier and end): the running period of an event the battle
 * counts for, or null — the tier within the event's, a period running at the end, the event meant
 * for the player. Who the player is is asked once per battle, and only for an event not meant for
 * everyone at every level.
 */
export function periodsCounting(db: DbOrTx, b: { playerId: number; tier: number; at: number }) {
  let viewer: Promise<EventViewer | null> | undefined;
  return async (ev: EventRow): Promise<Period | null> => {
    if (b.tier < ev.minTier || b.tier > ev.maxTier) return null;
    const period = runningPeriod(ev, b.at);
    if (!period) return null;
    // For everyone at every level (the weekly boards): no need to ask who the player is.
    if (ev.audience !== "all" || ev.minLevel > 1 || ev.maxLevel < 100) {
      viewer ??= eventViewer(db, b.playerId);
      const v = await viewer;
      if (!v || !meantFor(ev, v)) return null;
    }
    return period;
  };
}

/** One more entry in an event's period (the period's row made on its first entry). */
export async function countEntry(db: DbOrTx, eventId: number, period: Period) {
  await db
    .insert(liveEventPeriods)
    .values({ eventId, periodStart: period.start, periodEnd: period.end, entries: 1 })
    .onConflictDoUpdate({
      target: [liveEventPeriods.eventId, liveEventPeriods.periodStart],
      set: { entries: sql`${liveEventPeriods.entries} + 1` },
    });
}

/** The figures of a finished battle that scoring reads. */
export interface BattleFigures {
  won: boolean;
  damage: number;
  xp: number;
  ratingDelta: number;
  at: number;
}

/** What a battle adds to an entry's score under a metric (rating may be negative). */
export const battleScore = (metric: Metric, b: BattleFigures) =>
  ({ wins: b.won ? 1 : 0, damage: b.damage, xp: b.xp, rating: b.ratingDelta, battles: 1 })[metric];

/** The running totals of an entry's table (live_event_entries, live_event_clan_entries). */
interface Totals {
  score: SQLiteColumn;
  battles: SQLiteColumn;
  wins: SQLiteColumn;
  ratingDelta: SQLiteColumn;
  experience: SQLiteColumn;
}

/** The update that adds a battle to an entry: its score (and when it last scored), a battle, a win, the rating moved, the experience. */
export function addBattle(t: Totals, metric: Metric, b: BattleFigures) {
  const add = battleScore(metric, b);
  return {
    score: sql`${t.score} + ${add}`,
    ...(add > 0 ? { scoredAt: b.at } : {}),
    battles: sql`${t.battles} + 1`,
    wins: sql`${t.wins} + ${b.won ? 1 : 0}`,
    ratingDelta: sql`${t.ratingDelta} + ${b.ratingDelta}`,
    experience: sql`${t.experience} + ${b.xp}`,
  };
}
