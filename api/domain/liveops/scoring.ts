// What a finished battle adds to a tournament's entry, a player's and a clan's alike: its score
// under the event's metric and the four running totals one board sorts four ways.
import { sql } from "drizzle-orm";
import type { SQLiteColumn } from "drizzle-orm/sqlite-core";
import type { liveEvents } from "../../db/schema/liveops.ts";

type Metric = (typeof liveEvents.$inferSelect)["metric"];

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
