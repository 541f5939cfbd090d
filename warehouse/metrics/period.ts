// Periods of the dashboards. Every day is a UTC day; -1 (or an absent part) means "the
// current one" relative to the clock. A period is a half-open range [from, to) split into
// buckets: a year into months, a month into days, a day into hours.
import type { Params } from "../port.ts";

export type Unit = "month" | "day" | "hour";

export interface Period {
  /** "yearly" | "monthly" | "daily" */
  kind: "yearly" | "monthly" | "daily";
  year: number;
  month?: number;
  day?: number;
  /** First UTC day (YYYY-MM-DD), inclusive. */
  from: string;
  /** First UTC day after the period (YYYY-MM-DD), exclusive. */
  to: string;
  unit: Unit;
}

export interface PeriodInput {
  year?: number;
  month?: number;
  day?: number;
}

export const isoDay = (ms: number) => new Date(ms).toISOString().slice(0, 10);
export const dayMs = (day: string) => Date.parse(`${day}T00:00:00Z`);
export const addDays = (day: string, n: number) => isoDay(dayMs(day) + n * 86_400_000);
export const daysInMonth = (year: number, month: number) => new Date(Date.UTC(year, month, 0)).getUTCDate();

/**
 * Resolves a period: with only a year → yearly (months), with a month → monthly (days), with a
 * day → daily (hours). -1 takes the current year/month/day of `now` (UTC).
 */
export function resolvePeriod(input: PeriodInput, now: number, kind?: Period["kind"]): Period {
  const d = new Date(now);
  const k = kind ?? (input.day !== undefined ? "daily" : input.month !== undefined ? "monthly" : "yearly");
  const year = input.year === undefined || input.year === -1 ? d.getUTCFullYear() : input.year;
  if (k === "yearly") return { kind: k, year, from: `${year}-01-01`, to: `${year + 1}-01-01`, unit: "month" };
  const month = input.month === undefined || input.month === -1 ? d.getUTCMonth() + 1 : input.month;
  const first = isoDay(Date.UTC(year, month - 1, 1));
  if (k === "monthly") return { kind: k, year, month, from: first, to: isoDay(Date.UTC(year, month, 1)), unit: "day" };
  const day = input.day === undefined || input.day === -1 ? d.getUTCDate() : input.day;
  const from = isoDay(Date.UTC(year, month - 1, day));
  return { kind: k, year, month, day, from, to: addDays(from, 1), unit: "hour" };
}

/** The buckets of a period, as the labels the queries return (YYYY-MM-01, YYYY-MM-DD, YYYY-MM-DD hh:00:00). */
export function buckets(p: Period): string[] {
  const out: string[] = [];
  if (p.unit === "month") for (let m = 1; m <= 12; m++) out.push(`${p.year}-${String(m).padStart(2, "0")}-01`);
  else if (p.unit === "day") {
    // A period in days is one month (resolvePeriod): its days are written, not computed from dates.
    const month = p.from.slice(0, 8);
    for (let d = 1, n = daysInMonth(p.year, Number(p.from.slice(5, 7))); d <= n; d++)
      out.push(month + String(d).padStart(2, "0"));
  } else for (let h = 0; h < 24; h++) out.push(`${p.from} ${String(h).padStart(2, "0")}:00:00`);
  return out;
}

/** SQL for the bucket of a DateTime64 column (fixed text chosen by unit, never user input). */
export function bucketOfTs(unit: Unit, col = "ts"): string {
  if (unit === "month") return `toString(toStartOfMonth(${col}))`;
  if (unit === "day") return `toString(toDate(${col}))`;
  return `formatDateTime(toStartOfHour(${col}), '%Y-%m-%d %H:00:00', 'UTC')`;
}
/** SQL for the bucket of a Date column of a daily rollup (month or day units). */
export function bucketOfDay(unit: Exclude<Unit, "hour">, col = "day"): string {
  return unit === "month" ? `toString(toStartOfMonth(${col}))` : `toString(${col})`;
}

/** Bound parameters of a period for `{from:Date}`/`{to:Date}` and `{fromTs:DateTime64(3,'UTC')}`/`{toTs:…}`. */
export function periodParams(p: { from: string; to: string }): Params {
  return { from: p.from, to: p.to, fromTs: `${p.from} 00:00:00.000`, toTs: `${p.to} 00:00:00.000` };
}
export const TS_RANGE = "ts >= {fromTs:DateTime64(3, 'UTC')} AND ts < {toTs:DateTime64(3, 'UTC')}";
export const DAY_RANGE = "day >= {from:Date} AND day < {to:Date}";

/** Fills missing buckets with zeros so a chart's x axis is the whole period. */
export function fill<T extends { bucket: string }>(p: Period, rows: T[], zero: (bucket: string) => T): T[] {
  const byBucket = new Map(rows.map((r) => [r.bucket, r]));
  return buckets(p).map((b) => byBucket.get(b) ?? zero(b));
}
