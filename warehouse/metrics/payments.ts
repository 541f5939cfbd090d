// Payments. Definitions (reporting currency: USD cents, amount_usd_cents; UTC days):
// - revenue (net) of a period = the sum of amount_usd_cents of every payment event in it: paid
//   events add, refunded and chargeback events carry negative amounts and subtract in the
//   period they happen in; refund_reversed and chargeback_reversed (a dispute won) add back what
//   they returned. gross = paid only (once per order, however often its money went back and
//   forth); refunds = the (positive) net of refunds and chargebacks, so a won dispute and a
//   reversed refund count as none, and an inquiry emits nothing at all
//   (docs/decisions/billing.md, "Money in any order"; checked against the table by
//   api/billing/sequences.test.ts).
// - a paying user of a period = a player with at least one `paid` payment in it.
// - an active user = a player with activity in it (see dau.ts).
// - ARPU = net revenue / active users; ARPPU = net revenue / paying users (USD cents,
//   2 decimals); conversion = paying users / active users.
// - leaving payers of a month = paying users of the previous month who did not pay in it.
// Breakdowns by market (store), by in-app item and by country are of net revenue. Read from the
// rollups payments_daily, payers_daily/payers_monthly and active_days/active_monthly.
import { z } from "zod";
import type { Warehouse } from "../port.ts";
import { type Period, bucketOfDay, fill, periodParams } from "./period.ts";

const BucketPreviousStayedLeavingRow = z.object({
  bucket: z.string(),
  previous: z.number(),
  stayed: z.number(),
  leaving: z.number(),
});

export const BREAKDOWNS = { market: "market", item: "item_id", country: "country" } as const;
export const PAYMENT_TYPES = [
  "market",
  "item",
  "country",
  "arpu",
  "arppu",
  "payingUsers",
  "conversion",
  "leavingPayers",
] as const;
export type PaymentType = (typeof PAYMENT_TYPES)[number];
export type Breakdown = keyof typeof BREAKDOWNS;

type MonthOrDay = "month" | "day";
const unitOf = (p: Period): MonthOrDay => (p.unit === "month" ? "month" : "day");

export const breakdownSql = (b: Breakdown, unit: MonthOrDay) =>
  `SELECT ${bucketOfDay(unit)} AS bucket, ${BREAKDOWNS[b]} AS key, toInt64(sum(amount)) AS revenue, toInt64(sumIf(amount, status = 'paid')) AS gross,
   toInt64(-sumIf(amount, status != 'paid')) AS refunds, toUInt64(sumIf(n, status = 'paid')) AS purchases, groupBitmapMergeIf(payers, status = 'paid') AS payers
   FROM payments_daily WHERE day >= {from:Date} AND day < {to:Date} GROUP BY bucket, key ORDER BY bucket, key`;

/**
 * Per bucket (or for the whole period when `whole`): net revenue, gross, refunds, paying and
 * active users and the ratios. Distinct players come from the per-day or per-month bitmaps
 * (payers_*, active_*): months when the buckets (or the whole period) are whole months.
 */
export const metricsSql = (unit: MonthOrDay, whole = false, wholeMonths = true) => {
  const b = whole ? "'total'" : bucketOfDay(unit);
  const monthly = whole ? wholeMonths : unit === "month";
  const mb = whole ? "'total'" : "toString(month)";
  const payers = monthly
    ? `SELECT ${mb} AS bucket, groupBitmapMerge(payers) AS payers FROM payers_monthly WHERE month >= {from:Date} AND month < {to:Date} GROUP BY bucket`
    : `SELECT ${b} AS bucket, groupBitmapMerge(payers) AS payers FROM payers_daily WHERE day >= {from:Date} AND day < {to:Date} GROUP BY bucket`;
  const active = monthly
    ? `SELECT ${mb} AS bucket, groupBitmapMerge(players) AS active FROM active_monthly WHERE month >= {from:Date} AND month < {to:Date} GROUP BY bucket`
    : `SELECT ${b} AS bucket, groupBitmapMerge(players) AS active FROM active_days WHERE day >= {from:Date} AND day < {to:Date} GROUP BY bucket`;
  return `SELECT bucket, revenue, gross, refunds, payers, active,
    if(active = 0, 0, round(revenue / active, 2)) AS arpu, if(payers = 0, 0, round(revenue / payers, 2)) AS arppu,
    if(active = 0, 0, round(payers / active, 4)) AS conversion
  FROM (SELECT ${b} AS bucket, toInt64(sum(amount)) AS revenue, toInt64(sumIf(amount, status = 'paid')) AS gross,
          toInt64(-sumIf(amount, status != 'paid')) AS refunds FROM payments_daily WHERE day >= {from:Date} AND day < {to:Date} GROUP BY bucket) AS pay
  FULL OUTER JOIN (${payers}) AS pp USING bucket
  FULL OUTER JOIN (${active}) AS act USING bucket
  ORDER BY bucket`;
};

/** Leaving payers per month of [from, to): paid in the month before, not in the month. */
export const leavingSql = `WITH months AS (SELECT month AS m, groupBitmapMergeState(payers) AS b FROM payers_monthly
    WHERE month >= addMonths(toStartOfMonth({from:Date}), -1) AND month < {to:Date} GROUP BY month)
  SELECT toString(addMonths(p.m, 1)) AS bucket, bitmapCardinality(p.b) AS previous, bitmapCardinality(bitmapAnd(p.b, c.b)) AS stayed,
    bitmapCardinality(bitmapAndnot(p.b, c.b)) AS leaving
  FROM months AS p LEFT JOIN months AS c ON c.m = addMonths(p.m, 1)
  WHERE addMonths(p.m, 1) >= {from:Date} AND addMonths(p.m, 1) < {to:Date} ORDER BY bucket`;

export const MetricsRowSchema = z.object({
  bucket: z.string(),
  revenue: z.number(),
  gross: z.number(),
  refunds: z.number(),
  payers: z.number(),
  active: z.number(),
  arpu: z.number(),
  arppu: z.number(),
  conversion: z.number(),
});
export type MetricsRow = z.infer<typeof MetricsRowSchema>;
export const BreakdownRowSchema = z.object({
  bucket: z.string(),
  key: z.string(),
  revenue: z.number(),
  gross: z.number(),
  refunds: z.number(),
  purchases: z.number(),
  payers: z.number(),
});
export type BreakdownRow = z.infer<typeof BreakdownRowSchema>;

const zeroMetrics = (bucket: string): MetricsRow => ({
  bucket,
  revenue: 0,
  gross: 0,
  refunds: 0,
  payers: 0,
  active: 0,
  arpu: 0,
  arppu: 0,
  conversion: 0,
});

export async function paymentsData(wh: Warehouse, p: Period, type: PaymentType) {
  const params = periodParams(p);
  const unit = unitOf(p);
  const [series, [total = zeroMetrics("total")]] = await Promise.all([
    wh.query(metricsSql(unit), params, MetricsRowSchema),
    wh.query(metricsSql(unit, true, p.kind !== "daily"), params, MetricsRowSchema),
  ]);
  const base = { type, period: p, series: fill(p, series, zeroMetrics), total };
  if (type === "market" || type === "item" || type === "country") {
    const rows = await wh.query(breakdownSql(type, unit), params, BreakdownRowSchema);
    const totals = new Map<
      string,
      { key: string; revenue: number; gross: number; refunds: number; purchases: number }
    >();
    for (const r of rows) {
      const t = totals.get(r.key) ?? { key: r.key, revenue: 0, gross: 0, refunds: 0, purchases: 0 };
      t.revenue += r.revenue;
      t.gross += r.gross;
      t.refunds += r.refunds;
      t.purchases += r.purchases;
      totals.set(r.key, t);
    }
    return {
      ...base,
      breakdown: rows,
      keys: [...totals.values()].sort((a, b) => b.revenue - a.revenue || a.key.localeCompare(b.key)),
    };
  }
  if (type === "leavingPayers") {
    const months = await wh.query(leavingSql, params, BucketPreviousStayedLeavingRow);
    const monthly = p.unit === "month" ? p : { ...p, unit: "month" as const };
    const list =
      p.unit === "month"
        ? fill(monthly, months, (bucket) => ({ bucket, previous: 0, stayed: 0, leaving: 0 }))
        : months.length
          ? months
          : [{ bucket: p.from, previous: 0, stayed: 0, leaving: 0 }];
    return { ...base, leaving: list };
  }
  return base;
}

/**
 * The SQL and parameters a CSV export of a type streams. Its columns say what they hold for a
 * spreadsheet read without the screen: the period's first day (ISO 8601) under its unit (`day`
 * or `month`), money in the reporting currency's cents (`…_usd_cents`: USD, converted from what
 * the player paid), counts of players, and shares as fractions of 1 (docs/decisions/exports.md).
 */
export function paymentsCsv(p: Period, type: PaymentType): { sql: string; params: Record<string, unknown> } {
  const unit = unitOf(p);
  const params = periodParams(p);
  if (type === "market" || type === "item" || type === "country")
    return {
      sql: `SELECT bucket AS ${unit}, key AS ${type}, revenue AS net_revenue_usd_cents, gross AS gross_usd_cents,
        refunds AS refunds_usd_cents, purchases, payers AS paying_players FROM (${breakdownSql(type, unit)}) ORDER BY ${unit}, ${type}`,
      params,
    };
  if (type === "leavingPayers")
    return {
      sql: `SELECT bucket AS month, previous AS paid_previous_month, stayed, leaving AS left_payers FROM (${leavingSql}) ORDER BY month`,
      params,
    };
  return {
    sql: `SELECT bucket AS ${unit}, revenue AS net_revenue_usd_cents, gross AS gross_usd_cents, refunds AS refunds_usd_cents,
      payers AS paying_players, active AS active_players, arpu AS arpu_usd_cents, arppu AS arppu_usd_cents,
      conversion AS conversion_share FROM (${metricsSql(unit)}) ORDER BY ${unit}`,
    params,
  };
}
