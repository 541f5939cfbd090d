// Compare periods: the headline figures of any range of UTC days, side by side. Definitions are
// those of each metric's own file: registrations (registrations.ts), active players = distinct
// players with activity in the range (dau.ts), net revenue / gross / refunds in USD cents and
// paying users (payments.ts), battles (tanks_earns.ts), gold and silver earned and spent
// (currency_flows.ts); ARPU, ARPPU and conversion are derived from those integers. Monthly
// figures are materialised in monthly_metrics (one row per month × metric, the latest
// computation wins): computed on first read, recomputed by recalculate, dropped by clear.
import { z } from "zod";
import type { Warehouse } from "../port.ts";
import { addDays, daysInMonth } from "./period.ts";
import { toCsv } from "../../api/domain/csv.ts";
import { ratio } from "./dau.ts";

export const HEADLINE = [
  "registrations",
  "active",
  "revenue",
  "gross",
  "refunds",
  "payers",
  "battles",
  "gold_earned",
  "gold_spent",
  "silver_earned",
  "silver_spent",
] as const;
export type HeadlineMetric = (typeof HEADLINE)[number];
export type Headline = Record<HeadlineMetric, number>;
/** The headline row: every metric, NULL read as 0. */
const HeadlineRow = z.record(z.enum(HEADLINE), z.number().nullable());
export type HeadlineWithRatios = Headline & { arpu: number; arppu: number; conversion: number };

const R = "day >= {from:Date} AND day < {to:Date}";
export const headlineSql = `SELECT
  (SELECT toInt64(sum(n)) FROM registrations_daily WHERE ${R}) AS registrations,
  (SELECT toInt64(groupBitmapMerge(players)) FROM active_days WHERE ${R}) AS active,
  (SELECT toInt64(sum(amount)) FROM payments_daily WHERE ${R}) AS revenue,
  (SELECT toInt64(sumIf(amount, status = 'paid')) FROM payments_daily WHERE ${R}) AS gross,
  (SELECT toInt64(-sumIf(amount, status != 'paid')) FROM payments_daily WHERE ${R}) AS refunds,
  (SELECT toInt64(groupBitmapMerge(payers)) FROM payers_daily WHERE ${R}) AS payers,
  (SELECT toInt64(sum(battles)) FROM tank_daily WHERE ${R}) AS battles,
  (SELECT toInt64(sumIf(earned, currency = 'gold')) FROM currency_daily WHERE ${R}) AS gold_earned,
  (SELECT toInt64(sumIf(spent, currency = 'gold')) FROM currency_daily WHERE ${R}) AS gold_spent,
  (SELECT toInt64(sumIf(earned, currency = 'silver')) FROM currency_daily WHERE ${R}) AS silver_earned,
  (SELECT toInt64(sumIf(spent, currency = 'silver')) FROM currency_daily WHERE ${R}) AS silver_spent`;

export function withRatios(h: Headline): HeadlineWithRatios {
  return {
    ...h,
    arpu: h.active === 0 ? 0 : Math.round((h.revenue / h.active) * 100) / 100,
    arppu: h.payers === 0 ? 0 : Math.round((h.revenue / h.payers) * 100) / 100,
    conversion: ratio(h.payers, h.active),
  };
}

const MonthStartMetricsValuesComputedRow = z.object({
  month_start: z.string(),
  metrics: z.array(z.enum(HEADLINE)),
  values: z.array(z.number()),
  computed: z.string(),
});
const NRow = z.object({ n: z.number() });

/** Headline figures of the days [from, to) (YYYY-MM-DD). */
export async function headline(wh: Warehouse, from: string, to: string): Promise<Headline> {
  const [row] = await wh.query(headlineSql, { from, to }, HeadlineRow);
  return Object.fromEntries(HEADLINE.map((k) => [k, Number(row?.[k] ?? 0)])) as Headline;
}

export interface PeriodRange {
  from: string;
  /** Inclusive last day. */
  to: string;
}

export async function comparePeriods(wh: Warehouse, a: PeriodRange, b: PeriodRange) {
  const [ha, hb] = await Promise.all([headline(wh, a.from, addDays(a.to, 1)), headline(wh, b.from, addDays(b.to, 1))]);
  const first = withRatios(ha);
  const second = withRatios(hb);
  const metrics = (Object.keys(first) as (keyof HeadlineWithRatios)[]).map((metric) => ({
    metric,
    first: first[metric],
    second: second[metric],
    change:
      first[metric] === 0
        ? null
        : Math.round(((second[metric] - first[metric]) / Math.abs(first[metric])) * 10_000) / 100,
  }));
  return { first: { ...a, figures: first }, second: { ...b, figures: second }, metrics };
}

/** What each compared figure counts (the file's `unit` column): money in US cents, a share of 1. */
const UNITS: Record<keyof HeadlineWithRatios, string> = {
  registrations: "players",
  active: "players",
  revenue: "usd_cents",
  gross: "usd_cents",
  refunds: "usd_cents",
  payers: "players",
  battles: "battles",
  gold_earned: "gold",
  gold_spent: "gold",
  silver_earned: "silver",
  silver_spent: "silver",
  arpu: "usd_cents",
  arppu: "usd_cents",
  conversion: "share_of_1",
};

export function compareCsv(data: Awaited<ReturnType<typeof comparePeriods>>): string {
  return toCsv([
    [
      "metric",
      "unit",
      `${data.first.from}..${data.first.to}`,
      `${data.second.from}..${data.second.to}`,
      "change_percent",
    ],
    ...data.metrics.map((m) => [m.metric, UNITS[m.metric], m.first, m.second, m.change]),
  ]);
}

const monthStart = (year: number, month: number) => `${year}-${String(month).padStart(2, "0")}-01`;

export interface MonthFigures {
  month: string;
  computedAt: string;
  figures: HeadlineWithRatios;
}

/** Computes a month's headline figures and stores them (replacing any earlier computation). */
export async function recalculateMonth(wh: Warehouse, year: number, month: number, now: number): Promise<MonthFigures> {
  const from = monthStart(year, month);
  const h = await headline(wh, from, addDays(from, daysInMonth(year, month)));
  const computedAt = new Date(now).toISOString().replace("T", " ").replace("Z", "");
  await wh.insertLines(
    "monthly_metrics",
    HEADLINE.map((metric) => JSON.stringify({ month: from, metric, value: h[metric], computed_at: computedAt })).join(
      "\n",
    ),
  );
  return { month: from, computedAt, figures: withRatios(h) };
}

/** Stored figures of the months [fromMonth, toMonth] (YYYY-MM-01), computing and storing the missing ones. */
export async function monthlyRange(
  wh: Warehouse,
  first: { year: number; month: number },
  last: { year: number; month: number },
  now: number,
): Promise<MonthFigures[]> {
  const months: { year: number; month: number }[] = [];
  for (
    let y = first.year, m = first.month;
    y < last.year || (y === last.year && m <= last.month);
    m === 12 ? (y++, (m = 1)) : m++
  )
    months.push({ year: y, month: m });
  // One row per stored month, its metrics as parallel arrays: a year is 12 rows, not 12 × 9.
  const stored = await wh.query(
    `SELECT month_start, groupArray(metric) AS metrics, groupArray(value) AS values, max(computed) AS computed FROM (
       SELECT toString(month) AS month_start, metric, argMax(value, computed_at) AS value, toString(max(computed_at)) AS computed FROM monthly_metrics
       WHERE month >= {from:Date} AND month <= {to:Date} GROUP BY month, metric
     ) GROUP BY month_start`,
    { from: monthStart(first.year, first.month), to: monthStart(last.year, last.month) },
    MonthStartMetricsValuesComputedRow,
  );
  const byMonth = new Map(stored.map((r) => [r.month_start, r]));
  const out: MonthFigures[] = [];
  for (const { year, month } of months) {
    const key = monthStart(year, month);
    const row = byMonth.get(key);
    if (row && new Set(row.metrics).size === HEADLINE.length) {
      const h = Object.fromEntries(row.metrics.map((m, i) => [m, row.values[i]])) as Headline;
      out.push({ month: key, computedAt: row.computed, figures: withRatios(h) });
    } else out.push(await recalculateMonth(wh, year, month, now));
  }
  return out;
}

export async function clearMonthly(wh: Warehouse): Promise<number> {
  const [{ n } = { n: 0 }] = await wh.query(
    "SELECT toUInt64(uniqExact(month)) AS n FROM monthly_metrics",
    undefined,
    NRow,
  );
  await wh.command("TRUNCATE TABLE monthly_metrics");
  return n;
}
