// Saved audiences' warehouse facts (docs/decisions/audiences.md): which players' figure over the
// last N days (or the whole life) stands past a bound, and whose last purchase falls within a range
// of days. The raw event tables are read (a fact is per player and per window, which no rollup
// keys); the SQL is the same on chDB and a ClickHouse server, values bound as {name:Type}.
import { z } from "zod";
import type { Warehouse } from "../port.ts";

/** A per-player figure summed over a window: where it is read from and how it is counted. */
export const WINDOW_FACTS = {
  /** Net spend, USD cents: paid adds, refunds and chargebacks subtract (as revenue counts it). */
  spent: { table: "payments", value: "sum(amount_usd_cents)" },
  /** Battles played. */
  battlesIn: { table: "battles", value: "count()" },
  /** Battles won. */
  winsIn: { table: "battles", value: "countIf(result = 'win')" },
  /** Damage dealt, summed over battles. */
  damageIn: { table: "battles", value: "sum(damage)" },
  /** Experience earned in battles. */
  experienceIn: { table: "battles", value: "sum(experience)" },
  /** UTC days with at least one activity event (the DAU rule: a day the player was active). */
  activeDays: { table: "activity", value: "uniqExact(toDate(ts))" },
} as const;
export type WindowFact = keyof typeof WINDOW_FACTS;
/** The comparisons a bound asks (a fixed set: never text from a request). */
export type FactOp = ">=" | "<" | ">";

const Row = z.object({ player_id: z.coerce.number() });

export const windowFactSql = (fact: WindowFact, op: FactOp) => {
  const { table, value } = WINDOW_FACTS[fact];
  return `SELECT player_id FROM (SELECT player_id, toInt64(${value}) AS v FROM ${table}
    WHERE ts >= fromUnixTimestamp64Milli({from:Int64}) GROUP BY player_id) WHERE v ${op} {v:Int64}`;
};

/** The players with a row in the window whose figure is `op` v (a player with no row has 0). */
export async function windowFactPlayers(
  wh: Warehouse,
  fact: WindowFact,
  op: FactOp,
  v: number,
  from: number,
): Promise<Set<number>> {
  const rows = await wh.query(windowFactSql(fact, op), { from, v }, Row);
  return new Set(rows.map((r) => r.player_id));
}

export const lastPurchaseSql = `SELECT player_id FROM payments WHERE status = 'paid' GROUP BY player_id
  HAVING max(ts) <= fromUnixTimestamp64Milli({upTo:Int64}) AND max(ts) > fromUnixTimestamp64Milli({after:Int64})`;

/** The players whose last paid payment is at or before `upTo` and after `after` (never paid: none). */
export async function lastPurchasePlayers(wh: Warehouse, upTo: number, after: number): Promise<Set<number>> {
  const rows = await wh.query(lastPurchaseSql, { upTo, after }, Row);
  return new Set(rows.map((r) => r.player_id));
}
