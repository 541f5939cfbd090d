// Who is a payer and what is revenue: one definition for offers, notifications, audiences, the
// start page and the metrics (docs/decisions/payer-and-revenue.md).
// - Revenue is money players paid through a payment provider, net of refunds and chargebacks,
//   in the reporting currency (USD cents at billing's fixed rates). The warehouse's payment
//   events are its only source (warehouse/metrics/payments.ts); an operator's compensation (a
//   "manual" order: gold with no money) emits none, so it is never revenue.
// - A payer is a player who has kept at least one payment made through a provider: an order of a
//   provider other than "manual" whose status is paid. A refunded or charged-back order no longer
//   makes one (the money went back); a compensation never does.
import { and, eq, ne, sql, type SQL } from "drizzle-orm";
import type { SQLiteColumn } from "drizzle-orm/sqlite-core";
import type { DbOrTx } from "../db/index.ts";
import { orders } from "../db/schema/billing.ts";

/** The provider of an operator's compensation (billing's manualCredit): no money, never revenue. */
export const COMPENSATION_PROVIDER = "manual";

/** The orders that make their player a payer: paid through a provider (compensations left out). */
export const payingOrder: SQL = sql`${eq(orders.status, "paid")} and ${ne(orders.provider, COMPENSATION_PROVIDER)}`;

/** SQL true when the player (a column or an expression of their id) is a payer. */
export const payerSql = (playerId: SQLiteColumn | SQL): SQL =>
  sql`exists (select 1 from billing_orders o where o.player_id = ${playerId} and o.status = 'paid' and o.provider <> ${COMPENSATION_PROVIDER})`;

export async function isPayer(db: DbOrTx, playerId: number): Promise<boolean> {
  const [row] = await db
    .select({ id: orders.id })
    .from(orders)
    .where(and(eq(orders.playerId, playerId), payingOrder))
    .limit(1);
  return !!row;
}
