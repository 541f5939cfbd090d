// The start page's figures of the last days from the warehouse, by the dashboards' own
// definitions (docs/decisions/payer-and-revenue.md): net revenue in USD cents and paid orders
// (payments.ts: payment events of providers only — an operator's compensation emits none) and DAU
// (dau.ts: distinct players with activity in the UTC day). One query per figure the dashboards
// read, so the tile and its screen cannot disagree.
import { z } from "zod";
import type { Warehouse } from "../port.ts";
import { addDays, isoDay, periodParams } from "./period.ts";
import { MetricsRowSchema, metricsSql } from "./payments.ts";

const PurchasesRow = z.object({ bucket: z.string(), purchases: z.number() });
const PURCHASES_SQL = `SELECT toString(day) AS bucket, toUInt64(sumIf(n, status = 'paid')) AS purchases
  FROM payments_daily WHERE day >= {from:Date} AND day < {to:Date} GROUP BY day ORDER BY day`;

export interface StartFigures {
  /** UTC days, oldest first, today last. */
  days: string[];
  /** Net revenue per day, USD cents (paid less refunds and chargebacks). */
  revenue: number[];
  /** Paid orders per day (payment events `paid`). */
  purchases: number[];
  /** Distinct active players per day. */
  dau: number[];
}

export async function startFigures(wh: Warehouse, now: number, days: number): Promise<StartFigures> {
  const to = addDays(isoDay(now), 1);
  const from = addDays(to, -days);
  const params = periodParams({ from, to });
  const [metrics, purchases] = await Promise.all([
    wh.query(metricsSql("day"), params, MetricsRowSchema),
    wh.query(PURCHASES_SQL, params, PurchasesRow),
  ]);
  const list = Array.from({ length: days }, (_, i) => addDays(from, i));
  const m = new Map(metrics.map((r) => [r.bucket, r]));
  const p = new Map(purchases.map((r) => [r.bucket, r.purchases]));
  return {
    days: list,
    revenue: list.map((d) => m.get(d)?.revenue ?? 0),
    purchases: list.map((d) => p.get(d) ?? 0),
    dau: list.map((d) => m.get(d)?.active ?? 0),
  };
}
