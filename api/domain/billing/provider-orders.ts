// An order's life as the player and the providers drive it: priced and created from the cached
// catalog, sent to the provider (pending), settled paid or unpaid, and the money movements the
// provider reports. Each step is one transaction (the rules: ./orders.ts, ./movements.ts).
import { and, desc, eq, gt, isNotNull, isNull, lt } from "drizzle-orm";
import { orders } from "../../db/schema/billing.ts";
import { players } from "../../db/schema/players.ts";
import type { Db } from "../../db/index.ts";
import { AppError, notFound } from "../errors.ts";
import { logEvent, markPendingIn, settleUnpaidIn, type Order, type Paid } from "./orders.ts";
import { reportMoney, settlePaidIn, type Movement, type Reported } from "./movements.ts";
import { cachedCatalog, grantsAt, isAvailable, priceFor, type Market } from "./catalog.ts";

export interface NewOrder {
  playerId: number;
  itemId: string;
  provider: string;
  market: Market;
  currency?: string;
  at: number;
}

/** Prices an order on the server from the cached catalog and records it as created. */
export async function createOrder(db: Db, n: NewOrder): Promise<Order> {
  const [p] = await db
    .select({ country: players.country, platform: players.platform })
    .from(players)
    .where(eq(players.id, n.playerId))
    .limit(1);
  if (!p) throw notFound();
  const catalog = await cachedCatalog(db, n.at);
  const item = catalog.items.find((i) => i.id === n.itemId);
  if (!item || !isAvailable(item, n.market, p, n.at))
    throw new AppError("not_found", "billing.error.unavailable_item", [], 404);
  const price = priceFor(item, n.market, n.currency);
  if (!price)
    throw new AppError("validation", "billing.error.no_price", [n.currency ?? n.market], 400, {
      currency: { id: "validation.pattern" },
    });
  const grants = grantsAt(item, catalog.multipliers, n.at);
  return db.transaction(async (tx) => {
    const [o] = await tx
      .insert(orders)
      .values({
        playerId: n.playerId,
        itemId: item.id,
        provider: n.provider,
        market: n.market,
        country: p.country,
        platform: p.platform,
        amountMinor: price.amount,
        currency: price.currency,
        grants: JSON.stringify(grants),
        status: "created",
        createdAt: n.at,
        updatedAt: n.at,
      })
      .returning();
    await logEvent(tx, o, null, "created", "player", n.at, { amount: price.amount, currency: price.currency, grants });
    return o;
  });
}

/** The player was sent to the provider: created → pending, remembering the provider's reference. */
export const markPending = (db: Db, orderId: number, providerRef: string | null, at: number, detail?: unknown) =>
  db.transaction((tx) => markPendingIn(tx, orderId, providerRef, at, detail));

/** The provider says the order is paid (see settlePaidIn): credits once, then applies what came before it. */
export const settlePaid = (db: Db, p: Paid) => db.transaction((tx) => settlePaidIn(tx, p));

/** The provider says the attempt ended without money. */
export const settleUnpaid = (db: Db, a: Parameters<typeof settleUnpaidIn>[1]) =>
  db.transaction((tx) => settleUnpaidIn(tx, a));

/** What the provider reported about an order's money (refunds, disputes…): recorded once, applied. */
export const reportMovements = (db: Db, r: Reported, movements: Movement[]) =>
  db.transaction((tx) => reportMoney(tx, r, movements));

/**
 * The whole amount given back, as a provider's status read or a notification of the order's state
 * says it (no refund id of its own): a running total equal to the amount, counted once.
 */
export const wholeRefund = (o: Pick<Order, "id" | "amountMinor">, detail?: unknown): Movement => ({
  kind: "refund_total",
  key: `refund_total:${o.id}:${o.amountMinor}`,
  amountMinor: o.amountMinor,
  detail,
});

/**
 * What a provider said about an order's purchase (its reference, flow, purchase id), kept on the
 * order; with `firstOnly`, only while the order has no provider reference yet (the first report wins).
 */
export async function keepProviderRefs(
  db: Db,
  orderId: number,
  set: Partial<Pick<Order, "providerRef" | "providerFlow" | "providerPurchaseId">>,
  at: number,
  { firstOnly = false } = {},
) {
  await db
    .update(orders)
    .set({ ...set, updatedAt: at })
    .where(and(eq(orders.id, orderId), firstOnly ? isNull(orders.providerRef) : undefined));
}

/** A provider's pending orders holding money unconfirmed, quiet since `quietSince`, newest first. */
export async function holdsToSweep(
  db: Db,
  w: { provider: string; quietSince: number; createdSince: number; limit: number },
): Promise<Order[]> {
  return db
    .select()
    .from(orders)
    .where(
      and(
        eq(orders.provider, w.provider),
        eq(orders.status, "pending"),
        isNotNull(orders.providerRef),
        isNotNull(orders.providerPurchaseId),
        lt(orders.updatedAt, w.quietSince),
        gt(orders.createdAt, w.createdSince),
      ),
    )
    .orderBy(desc(orders.id))
    .limit(w.limit);
}
