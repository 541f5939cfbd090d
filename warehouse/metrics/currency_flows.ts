// Expenses and values movements: where gold and silver come from and go to. Definition: every
// currency movement with delta > 0 is a source (earned) and with delta < 0 a sink (spent, as a
// positive amount), of its currency, attributed to its reason (what the ledger recorded: shop
// purchase, battle reward, repair…) and to the player's level at that moment, on the UTC day of
// its timestamp. Expenses = the sinks of one currency by reason over time. Read from the daily
// rollup currency_daily.
import { z } from "zod";
import type { Warehouse } from "../port.ts";
import { type Period, DAY_RANGE, bucketOfDay, fill, periodParams } from "./period.ts";

export const CURRENCIES = ["gold", "silver"] as const;
export type Currency = (typeof CURRENCIES)[number];

export const FlowRowSchema = z.object({ earned: z.number(), spent: z.number(), n_in: z.number(), n_out: z.number() });
export type FlowRow = z.infer<typeof FlowRowSchema>;
const FLOW =
  "toInt64(sum(earned)) AS earned, toInt64(sum(spent)) AS spent, toUInt64(sum(n_in)) AS n_in, toUInt64(sum(n_out)) AS n_out";

/** Period as days: the hourly (daily) view of a flow is that one day. */
const dayUnit = (p: Period) => (p.unit === "month" ? "month" : "day");

export interface ExpensesData {
  period: Period;
  currency: Currency;
  total: number;
  reasons: { reason: string; spent: number; n: number }[];
  series: { bucket: string; total: number; byReason: Record<string, number> }[];
}

const BucketReasonSpentNRow = z.object({ bucket: z.string(), reason: z.string(), spent: z.number(), n: z.number() });
const BucketCurrencyFlowRow = FlowRowSchema.extend({ bucket: z.string(), currency: z.enum(CURRENCIES) });
const LevelFlowRow = FlowRowSchema.extend({ level: z.number() });
const ReasonFlowRow = FlowRowSchema.extend({ reason: z.string() });
const BucketFlowRow = FlowRowSchema.extend({ bucket: z.string() });

export async function expenses(wh: Warehouse, p: Period, currency: Currency): Promise<ExpensesData> {
  const rows = await wh.query(
    `SELECT ${bucketOfDay(dayUnit(p))} AS bucket, reason, toInt64(sum(spent)) AS spent, toUInt64(sum(n_out)) AS n FROM currency_daily
     WHERE ${DAY_RANGE} AND currency = {currency:String} AND n_out > 0 GROUP BY bucket, reason ORDER BY bucket, reason`,
    { ...periodParams(p), currency },
    BucketReasonSpentNRow,
  );
  const reasons = new Map<string, { spent: number; n: number }>();
  const buckets = new Map<string, { bucket: string; total: number; byReason: Record<string, number> }>();
  for (const r of rows) {
    const t = reasons.get(r.reason) ?? { spent: 0, n: 0 };
    t.spent += r.spent;
    t.n += r.n;
    reasons.set(r.reason, t);
    const b = buckets.get(r.bucket) ?? { bucket: r.bucket, total: 0, byReason: {} };
    b.total += r.spent;
    b.byReason[r.reason] = r.spent;
    buckets.set(r.bucket, b);
  }
  const series =
    p.unit === "hour"
      ? [...buckets.values()]
      : fill(p, [...buckets.values()], (bucket) => ({ bucket, total: 0, byReason: {} }));
  return {
    period: p,
    currency,
    total: rows.reduce((s, r) => s + r.spent, 0),
    reasons: [...reasons]
      .map(([reason, v]) => ({ reason, ...v }))
      .sort((a, b) => b.spent - a.spent || a.reason.localeCompare(b.reason)),
    series,
  };
}

export const SummaryRowSchema = FlowRowSchema.extend({ currency: z.enum(CURRENCIES), net: z.number() });
export type SummaryRow = z.infer<typeof SummaryRowSchema>;
/** Sources, sinks and net of each currency in the period, with its series over time. */
export async function loadSummary(wh: Warehouse, p: Period) {
  const params = periodParams(p);
  const [totals, series] = await Promise.all([
    wh.query(
      `SELECT currency, ${FLOW}, earned - spent AS net FROM currency_daily WHERE ${DAY_RANGE} GROUP BY currency ORDER BY currency`,
      params,
      SummaryRowSchema,
    ),
    wh.query(
      `SELECT ${bucketOfDay(dayUnit(p))} AS bucket, currency, ${FLOW} FROM currency_daily WHERE ${DAY_RANGE} GROUP BY bucket, currency ORDER BY bucket, currency`,
      params,
      BucketCurrencyFlowRow,
    ),
  ]);
  return { period: p, totals, series };
}

/** Sources and sinks by player level (the level at the time of each movement). */
export async function loadByLevel(wh: Warehouse, p: Period, currency: Currency) {
  const levels = await wh.query(
    `SELECT player_level AS level, ${FLOW} FROM currency_daily WHERE ${DAY_RANGE} AND currency = {currency:String} GROUP BY level ORDER BY level`,
    { ...periodParams(p), currency },
    LevelFlowRow,
  );
  return { period: p, currency, levels };
}

/** Sources and sinks by reason ("meta": what the movement was for). */
export async function loadByMeta(wh: Warehouse, p: Period, currency: Currency) {
  const reasons = await wh.query(
    `SELECT reason, ${FLOW} FROM currency_daily WHERE ${DAY_RANGE} AND currency = {currency:String} GROUP BY reason ORDER BY reason`,
    { ...periodParams(p), currency },
    ReasonFlowRow,
  );
  return { period: p, currency, reasons };
}

/** One reason of one currency over time, optionally for one level. */
export async function loadSpecificData(wh: Warehouse, p: Period, currency: Currency, reason: string, level?: number) {
  const series = await wh.query(
    `SELECT ${bucketOfDay(dayUnit(p))} AS bucket, ${FLOW} FROM currency_daily
     WHERE ${DAY_RANGE} AND currency = {currency:String} AND reason = {reason:String} AND ({level:Int32} < 0 OR player_level = {level:Int32})
     GROUP BY bucket ORDER BY bucket`,
    { ...periodParams(p), currency, reason, level: level ?? -1 },
    BucketFlowRow,
  );
  const zero = (bucket: string) => ({ bucket, earned: 0, spent: 0, n_in: 0, n_out: 0 });
  return {
    period: p,
    currency,
    reason,
    level: level ?? null,
    series: p.unit === "hour" ? series : fill(p, series, zero),
  };
}

/**
 * CSV export: day (ISO 8601) × currency (the amounts' unit: gold or silver) × reason × level. The
 * day's own column is read in a subquery: an alias `day` would shadow it in the range.
 */
export const valuesMovementsCsvSql = `SELECT toString(d) AS day, currency, reason, level, ${FLOW}, earned - spent AS net
  FROM (SELECT day AS d, currency, reason, player_level AS level, earned, spent, n_in, n_out
    FROM currency_daily WHERE ${DAY_RANGE})
  GROUP BY d, currency, reason, level ORDER BY day, currency, reason, level`;
