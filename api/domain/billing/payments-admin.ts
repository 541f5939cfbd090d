// One player's payments as operators handle them (/admin/playerPayment): the player's balances,
// the payments paged and sorted, a manual credit, a note, the reversal of a payment (refunded
// through the ledger when paid, cancelled when not; never deleted), a verify's admin log row, and
// the order events the live feed follows. Each change is one transaction with its audit row.
import { and, asc, count, desc, eq, gt } from "drizzle-orm";
import { players } from "../../db/schema/players.ts";
import { catalogItems, orders, orderEvents, type OrderStatus } from "../../db/schema/billing.ts";
import { type AdminActor, type Call, type Ctx, type TxCtx, transact } from "../context.ts";
import { audit, type AuditChange } from "../audit.ts";
import { AppError, notFound } from "../errors.ts";
import {
  type After,
  findOrder,
  grantsOf,
  manualCredit,
  type Order,
  orderState,
  orderView,
  settleUnpaidIn,
} from "./orders.ts";
import { removeOrder } from "./movements.ts";

const SORTS = {
  createdAt: orders.createdAt,
  amount: orders.amountMinor,
  status: orders.status,
  provider: orders.provider,
  id: orders.id,
} as const;
/** The columns a player's payments sort by. */
export const PAYMENT_SORTS = Object.keys(SORTS) as (keyof typeof SORTS)[];

export interface PaymentsQuery {
  playerId: number;
  page: number;
  size: number;
  sort: keyof typeof SORTS;
  dir: "asc" | "desc";
  status?: OrderStatus;
  provider?: string;
}

/** The player whose payments these are, with their balances (404 when there is none). */
export async function paymentsPlayer(ctx: Ctx, playerId: number) {
  const [p] = await ctx.db
    .select({
      id: players.id,
      nickname: players.nickname,
      country: players.country,
      platform: players.platform,
      gold: players.gold,
      silver: players.silver,
      premiumUntil: players.premiumUntil,
    })
    .from(players)
    .where(eq(players.id, playerId))
    .limit(1);
  if (!p) throw notFound();
  return p;
}

/** A page of one player's payments with each item's title (404 when the player is not there). */
export async function playerPayments({ ctx, input: q }: Call<PaymentsQuery>) {
  await paymentsPlayer(ctx, q.playerId);
  const where = and(
    eq(orders.playerId, q.playerId),
    q.status ? eq(orders.status, q.status) : undefined,
    q.provider ? eq(orders.provider, q.provider) : undefined,
  );
  const col = SORTS[q.sort];
  const rows = await ctx.db
    .select({ order: orders, itemTitleRu: catalogItems.titleRu, itemTitleEn: catalogItems.titleEn })
    .from(orders)
    .leftJoin(catalogItems, eq(catalogItems.id, orders.itemId))
    .where(where)
    .orderBy(q.dir === "asc" ? asc(col) : desc(col), desc(orders.id))
    .limit(q.size)
    .offset((q.page - 1) * q.size);
  const [{ n }] = await ctx.db.select({ n: count() }).from(orders).where(where);
  return {
    rows: rows.map((r) => ({
      ...orderView(r.order),
      // The catalogue's title (null once the item is gone from it: the screen shows its id).
      itemTitle: r.itemTitleRu === null || r.itemTitleEn === null ? null : { ru: r.itemTitleRu, en: r.itemTitleEn },
    })),
    total: n,
    page: q.page,
    size: q.size,
  };
}

/** The order, or a 404. */
export async function paymentOr404(ctx: Ctx, orderId: number): Promise<Order> {
  const o = await findOrder(ctx.db, orderId);
  if (!o) throw notFound();
  return o;
}

/** An operator's manual credit (a paid "manual" order, its grants through the ledger), audited. */
export async function creditManually({
  ctx,
  input: v,
}: Call<{ playerId: number; gold: number; silver: number; premiumDays: number; reason: string }, AdminActor>) {
  const order = await transact(ctx, async (tx) => {
    const o = await manualCredit(tx.db, {
      playerId: v.playerId,
      grants: { gold: v.gold, silver: v.silver, premiumDays: v.premiumDays },
      reason: v.reason,
      adminId: ctx.actor.adminId,
      at: ctx.clock.now(),
    });
    await audit(tx, {
      action: "playerPayment.add",
      targetType: "player",
      targetId: v.playerId,
      summary: `manual credit #${o.id}: gold ${v.gold}, silver ${v.silver}, premium ${v.premiumDays} d — ${v.reason}`,
      details: {
        changes: [
          { field: "order", after: o.id },
          { field: "gold", after: v.gold },
          { field: "silver", after: v.silver },
          { field: "premiumDays", after: v.premiumDays },
          { field: "note", after: v.reason },
        ],
      },
    });
    return o;
  });
  return { order: orderView(order) };
}

/** The operator's note on an order ("" clears it), audited. */
export async function notePayment({ ctx, input: v }: Call<{ orderId: number; note: string }, AdminActor>) {
  const order = await transact(ctx, async (tx) => {
    const o = await paymentOr404(tx, v.orderId);
    const [u] = await tx.db
      .update(orders)
      .set({ note: v.note === "" ? null : v.note, updatedAt: ctx.clock.now() })
      .where(eq(orders.id, o.id))
      .returning();
    await audit(tx, {
      action: "playerPayment.edit",
      targetType: "order",
      targetId: o.id,
      summary: `note "${o.note ?? ""}" → "${v.note}"`,
      details: { changes: [{ field: "note", before: o.note ?? "", after: v.note }] },
    });
    return u;
  });
  return { order: orderView(order) };
}

/**
 * Reverses a payment: a paid order is refunded through the ledger (what the player cannot give
 * back becomes debt), an unpaid one cancelled. The order and its history stay. Audited.
 */
export async function reversePayment({ ctx, input: v }: Call<{ orderId: number; reason: string }, AdminActor>) {
  const order = await transact(ctx, async (tx) => {
    const o = await paymentOr404(tx, v.orderId);
    const adminId = ctx.actor.adminId;
    const at = ctx.clock.now();
    const note = (summary: string, changes: AuditChange[]) =>
      audit(tx, {
        action: "playerPayment.remove",
        targetType: "order",
        targetId: o.id,
        summary: `${summary} — ${v.reason}`,
        details: { changes: [...changes, { field: "note", after: v.reason }] },
      });
    if (o.status === "created" || o.status === "pending")
      return settleUnpaidIn(tx.db, {
        provider: o.provider,
        orderId: o.id,
        to: "cancelled",
        source: "admin",
        at,
        detail: { reason: v.reason },
        adminId,
        after: () =>
          note(`cancelled ${o.status} order`, [{ field: "orderStatus", before: o.status, after: "cancelled" }]),
      });
    if (o.status !== "paid") throw orderState(o.status);
    const removed = await removeOrder(tx.db, { orderId: o.id, reason: v.reason, adminId, at });
    const gold = grantsOf(o).gold;
    await note(`reversed paid order (gold ${gold}, debt ${removed.debtGold})`, [
      { field: "orderStatus", before: o.status, after: removed.status },
      { field: "gold", after: -gold },
      { field: "debtGold", after: removed.debtGold },
    ]);
    return removed;
  });
  return { order: orderView(order) };
}

/** What a provider says of an order (api/billing/providers.ts ProviderState). */
export interface ProviderAnswer {
  status: string;
}

/**
 * An operator's verify: `ask` puts the order to its provider and applies what it says (credits
 * when paid), calling `after` inside that change's transaction. The admin log gets a row whatever
 * comes of it — a change, no change, or the provider not answering (an `unavailable` error, rethrown).
 */
export async function verifyPayment<P extends ProviderAnswer>(
  { ctx, input: v }: Call<{ orderId: number }, AdminActor>,
  ask: (o: Order, after: After) => Promise<{ order: Order; provider: P; changed: boolean }>,
) {
  const o = await paymentOr404(ctx, v.orderId);
  if (o.provider === "manual") throw orderState(o.status);
  const logged = (summary: string, changes: AuditChange[]) => (tx: TxCtx<AdminActor>) =>
    audit(tx, { action: "playerPayment.verify", targetType: "order", targetId: o.id, summary, details: { changes } });
  try {
    const r = await ask(o, (tx, moved) =>
      logged(`verified: ${o.status} → ${moved.status}`, [
        { field: "orderStatus", before: o.status, after: moved.status },
      ])({
        ...ctx,
        db: tx,
      }),
    );
    // Nothing changed: the check itself is still logged.
    if (!r.changed)
      await transact(
        ctx,
        logged(`verified: provider says ${r.provider.status}, order stays ${r.order.status}`, [
          { field: "providerStatus", after: r.provider.status },
          { field: "orderStatus", before: r.order.status, after: r.order.status },
        ]),
      );
    return { order: orderView(r.order), provider: r.provider };
  } catch (e) {
    if (e instanceof AppError && e.code === "unavailable")
      await transact(
        ctx,
        logged(`verify: provider not answering, order stays ${o.status}`, [
          { field: "providerAnswered", after: false },
          { field: "orderStatus", before: o.status, after: o.status },
        ]),
      );
    throw e;
  }
}

/** The payments' feed (/admin/playerPayment/stream/payments): an order's change of status, with the order now. */
export type PaymentEvents = {
  payment: {
    event: { id: number; from: string | null; to: string; source: string; at: number };
    order: ReturnType<typeof orderView>;
  };
};

/** The newest order event's id (the feed starts after it). */
export async function newestOrderEvent(ctx: Ctx): Promise<number | undefined> {
  const [row] = await ctx.db.select({ id: orderEvents.id }).from(orderEvents).orderBy(desc(orderEvents.id)).limit(1);
  return row?.id;
}

/** Order events after `last` (of one player's orders, or anyone's), oldest first, as the feed sends them. */
export async function orderEventsAfter(ctx: Ctx, last: number, playerId?: number) {
  const rows = await ctx.db
    .select({ e: orderEvents, o: orders })
    .from(orderEvents)
    .innerJoin(orders, eq(orders.id, orderEvents.orderId))
    .where(and(gt(orderEvents.id, last), playerId ? eq(orderEvents.playerId, playerId) : undefined))
    .orderBy(asc(orderEvents.id))
    .limit(100);
  return rows.map(({ e, o }): PaymentEvents["payment"] => ({
    event: { id: e.id, from: e.fromStatus, to: e.toStatus, source: e.source, at: e.createdAt },
    order: orderView(o),
  }));
}
