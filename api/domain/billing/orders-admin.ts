// Orders as operators look them up: every player's orders paged, sorted and filtered
// (/admin/billing/orders/), and finding orders by transaction, order or player (/admin/api/payment/find).
import { and, asc, count, desc, eq, or, type SQL } from "drizzle-orm";
import { players } from "../../db/schema/players.ts";
import { catalogItems, orders, type DISPUTE_STATES, type ORDER_STATUSES } from "../../db/schema/billing.ts";
import type { Call } from "../context.ts";
import { awaitingVerification, orderView } from "./orders.ts";

const SORTS = {
  id: orders.id,
  createdAt: orders.createdAt,
  updatedAt: orders.updatedAt,
  amount: orders.amountMinor,
  status: orders.status,
  provider: orders.provider,
  player: orders.playerId,
} as const;

export interface OrdersQuery {
  page: number;
  size: number;
  sort: keyof typeof SORTS;
  dir: "asc" | "desc";
  status?: (typeof ORDER_STATUSES)[number];
  provider?: string;
  playerId?: number;
  awaiting?: "1";
  dispute?: (typeof DISPUTE_STATES)[number];
}

/** A page of every player's orders with the player's nickname and the item's title, and how many await verification. */
export async function listOrders({ ctx, input: q }: Call<OrdersQuery>) {
  const now = ctx.clock.now();
  const conds: SQL[] = [];
  if (q.status) conds.push(eq(orders.status, q.status));
  if (q.provider) conds.push(eq(orders.provider, q.provider));
  if (q.playerId) conds.push(eq(orders.playerId, q.playerId));
  if (q.awaiting) conds.push(awaitingVerification(now));
  if (q.dispute) conds.push(eq(orders.dispute, q.dispute));
  const where = conds.length ? and(...conds) : undefined;
  const col = SORTS[q.sort];
  const rows = await ctx.db
    .select({
      order: orders,
      nickname: players.nickname,
      itemTitleRu: catalogItems.titleRu,
      itemTitleEn: catalogItems.titleEn,
    })
    .from(orders)
    .leftJoin(players, eq(players.id, orders.playerId))
    .leftJoin(catalogItems, eq(catalogItems.id, orders.itemId))
    .where(where)
    .orderBy(q.dir === "asc" ? asc(col) : desc(col), desc(orders.id))
    .limit(q.size)
    .offset((q.page - 1) * q.size);
  const [{ n }] = await ctx.db.select({ n: count() }).from(orders).where(where);
  const [{ waiting }] = await ctx.db.select({ waiting: count() }).from(orders).where(awaitingVerification(now));
  return {
    rows: rows.map((r) => ({
      ...orderView(r.order),
      nickname: r.nickname,
      itemTitle: r.itemTitleRu === null || r.itemTitleEn === null ? null : { ru: r.itemTitleRu, en: r.itemTitleEn },
    })),
    total: n,
    page: q.page,
    size: q.size,
    awaitingVerification: waiting,
  };
}

/** Orders by the provider's transaction or payment id, by order id or by player, newest first. */
export async function findOrders({
  ctx,
  input: v,
}: Call<{ txId?: string; orderId?: number; playerId?: number; limit: number }>) {
  const conds: SQL[] = [];
  if (v.txId) conds.push(or(eq(orders.providerTxId, v.txId), eq(orders.providerRef, v.txId)) as SQL);
  if (v.orderId) conds.push(eq(orders.id, v.orderId));
  if (v.playerId) conds.push(eq(orders.playerId, v.playerId));
  const rows = await ctx.db
    .select()
    .from(orders)
    .where(and(...conds))
    .orderBy(desc(orders.id))
    .limit(v.limit);
  return { rows: rows.map(orderView) };
}
