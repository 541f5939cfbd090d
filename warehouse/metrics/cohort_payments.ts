// Cohort payments. Definitions (UTC days, USD cents): a player's cohort is the UTC day of their
// registration (week: its ISO week; month: its calendar month). For each cohort and each day n
// since registration (payment day - registration day, of the payment's own reg_ts), the
// cumulative net revenue (paid minus refunds and chargebacks, see payments.ts) of the cohort's
// players from day 0 through day n, and that sum per player of the cohort (cohort size =
// registrations in it). Columns run to day 90 or to today, whichever comes first. Read from
// payments_cohort_daily and registrations_daily.
import { z } from "zod";
import type { Warehouse } from "../port.ts";
import { type Period, addDays, isoDay, periodParams } from "./period.ts";

const CohortNRevenueRow = z.object({ cohort: z.string(), n: z.number(), revenue: z.number() });
const CohortSizeRow = z.object({ cohort: z.string(), size: z.number() });

export const COHORT_UNITS = ["day", "week", "month"] as const;
export type CohortUnit = (typeof COHORT_UNITS)[number];
export const COHORT_MAX_DAYS = 90;

const cohortOf = (unit: CohortUnit, col: string) =>
  unit === "day" ? col : unit === "week" ? `toMonday(${col})` : `toStartOfMonth(${col})`;

export const cohortRevenueSql = (
  unit: CohortUnit,
) => `SELECT toString(${cohortOf(unit, "cohort_day")}) AS cohort, toUInt32(dateDiff('day', cohort_day, day)) AS n,
    toInt64(sum(amount)) AS revenue
  FROM payments_cohort_daily WHERE cohort_day >= {from:Date} AND cohort_day < {to:Date} AND day >= cohort_day AND dateDiff('day', cohort_day, day) <= {max:UInt32}
  GROUP BY cohort, n ORDER BY cohort, n`;
export const cohortSizeSql = (
  unit: CohortUnit,
) => `SELECT toString(${cohortOf(unit, "day")}) AS cohort, toUInt64(sum(n)) AS size
  FROM registrations_daily WHERE day >= {from:Date} AND day < {to:Date} GROUP BY cohort ORDER BY cohort`;

export interface CohortPaymentsRow {
  cohort: string;
  size: number;
  /** Cumulative net revenue (USD cents) through day n, n = 0…days-1. */
  cumulative: number[];
  /** cumulative / size, USD cents with 2 decimals. */
  perPlayer: number[];
}

export async function cohortPayments(wh: Warehouse, p: Period, unit: CohortUnit, now: number) {
  const today = isoDay(now);
  // biome-ignore lint/complexity/useMathMinMax: ISO days (strings) compare in order; Math.min would give NaN
  const range = { from: p.from, to: p.to < addDays(today, 1) ? p.to : addDays(today, 1) };
  const params = { ...periodParams(range), max: COHORT_MAX_DAYS };
  const [cells, sizes] = await Promise.all([
    wh.query(cohortRevenueSql(unit), params, CohortNRevenueRow),
    wh.query(cohortSizeSql(unit), params, CohortSizeRow),
  ]);
  const cellsOf = new Map<string, typeof cells>();
  for (const c of cells) (cellsOf.get(c.cohort) ?? cellsOf.set(c.cohort, []).get(c.cohort)!).push(c);
  const cohorts: CohortPaymentsRow[] = sizes.map((s) => {
    const days = Math.min(COHORT_MAX_DAYS + 1, Math.floor((Date.parse(today) - Date.parse(s.cohort)) / 86_400_000) + 1);
    const perDay = new Array<number>(Math.max(days, 0)).fill(0);
    for (const c of cellsOf.get(s.cohort) ?? []) if (c.n < perDay.length) perDay[c.n] += c.revenue;
    let run = 0;
    const cumulative = perDay.map((v) => (run += v));
    return {
      cohort: s.cohort,
      size: s.size,
      cumulative,
      perPlayer: cumulative.map((v) => (s.size === 0 ? 0 : Math.round((v / s.size) * 100) / 100)),
    };
  });
  // today (UTC, the server's clock): a day n whose last member's day has not ended is still filling.
  return { period: p, unit, today, maxDays: COHORT_MAX_DAYS, cohorts };
}
