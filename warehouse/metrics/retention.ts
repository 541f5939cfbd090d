// Retention. Definitions (UTC days): a player's cohort is the UTC day of their registration
// (for the weekly triangle: the ISO week, Monday first, of that day; a period's weekly
// cohorts are the whole weeks that start in it or contain its first day). The cohort size is the
// number of registrations of that day/week. A player is retained on day n when they have
// activity on cohort day + n (classic "day n" retention, not "n or later"); in the weekly
// triangle, in week n = any day of the cohort's week + n. Dn of a set of cohorts = players
// retained on day n / sizes of the cohorts for which day n has ended (cohort day + n < today,
// UTC): a cohort whose day n is today is still filling and is left out of Dn, numerator and
// denominator alike, so the summary never reads today's partial figure as a drop. The triangle
// shows every cell that has begun; the screen marks the unfinished ones. Read from retention_daily (exact bitmaps of
// the active players per cohort day × day), retention_weekly (the same per week) and
// registrations_daily.
// Guests count as players of the cohort of the day they were made (their registration), whether
// they keep the account or not; keeping it later moves nobody to another cohort. A pruned guest
// stays in its cohort as a player who did not come back.
import { z } from "zod";
import type { Warehouse } from "../port.ts";
import { type Period, addDays, isoDay, periodParams } from "./period.ts";

const CohortNPlayersRow = z.object({ cohort: z.string(), n: z.number(), players: z.number() });
const CohortSizeRow = z.object({ cohort: z.string(), size: z.number() });
const NPlayersRow = z.object({ n: z.number(), players: z.number() });

export const RETENTION_UNITS = ["day", "week"] as const;
export type RetentionUnit = (typeof RETENTION_UNITS)[number];
export const RETENTION_DAYS = [1, 7, 30] as const;
/** Columns of the triangle: days 0…30 or weeks 0…12. */
export const TRIANGLE_WIDTH: Record<RetentionUnit, number> = { day: 31, week: 13 };

export const triangleSql = (unit: RetentionUnit) =>
  unit === "day"
    ? `SELECT toString(cohort_day) AS cohort, toUInt32(dateDiff('day', cohort_day, day)) AS n, groupBitmapMerge(players) AS players
  FROM retention_daily WHERE cohort_day >= {from:Date} AND cohort_day < {to:Date} AND day >= cohort_day AND dateDiff('day', cohort_day, day) < {width:UInt32}
  GROUP BY cohort_day, day ORDER BY cohort_day, day`
    : `SELECT toString(cohort_week) AS cohort, toUInt32(intDiv(dateDiff('day', cohort_week, week), 7)) AS n, groupBitmapMerge(players) AS players
  FROM retention_weekly WHERE cohort_week >= toMonday({from:Date}) AND cohort_week < {to:Date} AND week >= cohort_week AND dateDiff('day', cohort_week, week) < {width:UInt32} * 7
  GROUP BY cohort_week, week ORDER BY cohort_week, week`;
export const sizesSql = (unit: RetentionUnit) =>
  unit === "day"
    ? `SELECT toString(day) AS cohort, toUInt64(sum(n)) AS size FROM registrations_daily WHERE day >= {from:Date} AND day < {to:Date} GROUP BY day ORDER BY day`
    : `SELECT toString(toMonday(day)) AS cohort, toUInt64(sum(n)) AS size FROM registrations_daily
       WHERE day >= toMonday({from:Date}) AND toMonday(day) < {to:Date} GROUP BY cohort ORDER BY cohort`;
export const dnSql = `SELECT toUInt32(dateDiff('day', cohort_day, day)) AS n, groupBitmapMerge(players) AS players FROM retention_daily
  WHERE cohort_day >= {from:Date} AND cohort_day < {to:Date} AND dateDiff('day', cohort_day, day) IN (1, 7, 30) AND day < {today:Date} GROUP BY n`;

export interface RetentionData {
  period: Period;
  unit: RetentionUnit;
  /** Today (UTC) by the server's clock: a cell of this day (or week) or later has not ended. */
  today: string;
  /** D1, D7, D30 over the cohorts whose day n has ended: retained, the cohorts' size they are out of, the rate (0 when none has). */
  dn: { day: number; retained: number; cohort: number; rate: number }[];
  cohorts: { cohort: string; size: number; retained: number[]; rates: number[] }[];
}

const rate = (a: number, b: number) => (b === 0 ? 0 : Math.round((a / b) * 10_000) / 10_000);

export async function retention(wh: Warehouse, p: Period, unit: RetentionUnit, now: number): Promise<RetentionData> {
  // Cohorts are whole days, whatever the period's buckets.
  const today = isoDay(now);
  // biome-ignore lint/complexity/useMathMinMax: ISO days (strings) compare in order; Math.min would give NaN
  const range = { from: p.from, to: p.to < addDays(today, 1) ? p.to : addDays(today, 1) };
  const params = { ...periodParams(range), width: TRIANGLE_WIDTH[unit], today };
  const [cells, sizes, dayRows, daySizes] = await Promise.all([
    wh.query(triangleSql(unit), params, CohortNPlayersRow),
    wh.query(sizesSql(unit), params, CohortSizeRow),
    wh.query(dnSql, params, NPlayersRow),
    wh.query(sizesSql("day"), params, CohortSizeRow),
  ]);
  const dn = RETENTION_DAYS.map((d) => {
    const cohort = daySizes.filter((s) => addDays(s.cohort, d) < today).reduce((s, r) => s + r.size, 0);
    const retained = dayRows.find((r) => r.n === d)?.players ?? 0;
    return { day: d, retained, cohort, rate: rate(retained, cohort) };
  });
  const width = TRIANGLE_WIDTH[unit];
  const step = unit === "day" ? 1 : 7;
  const cohorts = sizes.map((s) => {
    // Only the columns that have begun by today.
    const begun = Math.min(width, Math.floor((Date.parse(today) - Date.parse(s.cohort)) / 86_400_000 / step) + 1);
    const retained = Array.from(
      { length: begun },
      (_, n) => cells.find((c) => c.cohort === s.cohort && c.n === n)?.players ?? 0,
    );
    return { cohort: s.cohort, size: s.size, retained, rates: retained.map((r) => rate(r, s.size)) };
  });
  return { period: p, unit, today, dn, cohorts };
}
