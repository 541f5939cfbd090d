// Applies what a provider answered about an order (verify, cashbox/request, return pages).
import type { Db } from "../db/index.ts";
import { findOrder, type After, type Order, type Source } from "../domain/billing/orders.ts";
import { reportMovements, settlePaid, settleUnpaid, wholeRefund } from "../domain/billing/provider-orders.ts";
import type { ProviderState } from "./providers.ts";

export { orderView } from "../domain/billing/orders.ts";

/** Applies the state; `after` runs inside the transaction of a change (not called when nothing changes). */
export async function applyState(
  db: Db,
  order: Order,
  state: ProviderState,
  source: Source,
  at: number,
  adminId?: number,
  after?: After,
): Promise<Order> {
  switch (state.status) {
    case "paid":
      if (order.status === "paid" || order.status === "refunded") return order;
      return (
        await settlePaid(db, {
          provider: order.provider,
          orderId: order.id,
          providerTxId: state.txId!,
          amountMinor: state.amountMinor!,
          currency: state.currency!,
          source,
          at,
          detail: state.raw,
          after,
        })
      ).order;
    case "failed":
    case "cancelled":
      if (order.status !== "created" && order.status !== "pending") return order;
      return settleUnpaid(db, {
        provider: order.provider,
        orderId: order.id,
        to: state.status,
        source,
        at,
        detail: state.raw,
        adminId,
        after,
      });
    case "refunded":
      // Money given back, as the provider's status says: counted once however often it is read
      // (the provider's own movements when it names them, else the whole amount).
      return (
        (
          await reportMovements(
            db,
            { provider: order.provider, orderId: order.id, source, at, adminId, after },
            state.movements ?? [wholeRefund(order, state.raw)],
          )
        ).order ?? order
      );
    default:
      return (await findOrder(db, order.id)) ?? order;
  }
}
