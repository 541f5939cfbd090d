// Orders and crediting: an order is priced on the server when it is created; a provider's
// report moves it along created → pending → paid / failed / cancelled, and paid → refunded.
// Every change is one transaction with its order_events row, its ledger entries and its
// warehouse event. A transaction is credited exactly once: the conditional UPDATE only moves
// an unpaid order to paid, the (provider, provider_tx_id) unique index refuses the same money
// on a second order, and the ledger entries carry idempotency keys derived from the order.
import { and, eq, inArray, lt, sql } from "drizzle-orm";
import { orders, orderEvents, type OrderStatus } from "../db/schema/billing.ts";
import { players } from "../db/schema/players.ts";
import type { Db, Tx, DbOrTx } from "../db/index.ts";
import { applyLedger } from "../domain/ledger.ts";
import { emit } from "../domain/outbox.ts";
import { recordActivity } from "../domain/players.ts";
import { newEventId, toCHDateTime } from "../../warehouse/events.ts";
import { AppError, notFound } from "../domain/errors.ts";
import { cachedCatalog, grantsAt, isAvailable, priceFor, type Grants, type Market } from "./catalog.ts";
import { toUsdCents } from "./money.ts";
import "./messages.ts";

export type Order = typeof orders.$inferSelect;
export type Source = "player" | "callback" | "return" | "verify" | "sweep" | "admin" | "seed";

const UNPAID: OrderStatus[] = ["created", "pending", "failed", "cancelled"];
const DAY = 86_400_000;

export const amountMismatch = () => new AppError("amount_mismatch", "billing.error.amount_mismatch", [], 400);
export const orderState = (status: string) => new AppError("conflict", "billing.error.order_state", [status], 409);

async function logEvent(
  tx: DbOrTx,
  o: Pick<Order, "id" | "playerId">,
  from: OrderStatus | null,
  to: OrderStatus,
  source: string,
  at: number,
  detail?: unknown,
  adminId?: number,
) {
  await tx.insert(orderEvents).values({
    orderId: o.id,
    playerId: o.playerId,
    fromStatus: from,
    toStatus: to,
    source,
    detail: detail === undefined ? null : JSON.stringify(detail).slice(0, 4000),
    adminId: adminId ?? null,
    createdAt: at,
  });
}

export function grantsOf(o: Pick<Order, "grants">): Grants {
  return JSON.parse(o.grants);
}

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

export async function findOrder(db: DbOrTx, id: number): Promise<Order | null> {
  const [o] = await db.select().from(orders).where(eq(orders.id, id)).limit(1);
  return o ?? null;
}

export async function findByRef(db: DbOrTx, provider: string, ref: string): Promise<Order | null> {
  const [o] = await db
    .select()
    .from(orders)
    .where(and(eq(orders.provider, provider), eq(orders.providerRef, ref)))
    .limit(1);
  return o ?? null;
}

export async function findByTx(db: DbOrTx, provider: string, txId: string): Promise<Order | null> {
  const [o] = await db
    .select()
    .from(orders)
    .where(and(eq(orders.provider, provider), eq(orders.providerTxId, txId)))
    .limit(1);
  return o ?? null;
}

/** The player was sent to the provider: created → pending, remembering the provider's reference. */
export async function markPending(
  db: Db,
  orderId: number,
  providerRef: string | null,
  at: number,
  detail?: unknown,
): Promise<void> {
  await db.transaction(async (tx) => {
    const [o] = await tx
      .update(orders)
      .set({ status: "pending", providerRef: providerRef ?? sql`${orders.providerRef}`, updatedAt: at })
      .where(and(eq(orders.id, orderId), eq(orders.status, "created")))
      .returning();
    if (o) await logEvent(tx, o, "created", "pending", "player", at, detail);
  });
}

/** Runs inside the transaction of a change (an operator's audit row commits with it). */
export type After = (tx: Tx, order: Order) => Promise<void>;

export interface Paid {
  after?: After;
  provider: string;
  orderId: number;
  providerTxId: string;
  amountMinor: number;
  currency: string;
  source: Source;
  at: number;
  detail?: unknown;
  /** The provider sets the price (an App Store storefront): record its amount and currency on the order instead of requiring ours. */
  providerPriced?: boolean;
}

export interface SettleResult {
  order: Order;
  credited: boolean;
}

/**
 * The provider says the order is paid: checks amount and currency, moves it to paid and credits
 * the grants, once. A replay of the same transaction answers the paid order and credits nothing.
 */
export async function settlePaid(db: Db, p: Paid): Promise<SettleResult> {
  return db.transaction(async (tx) => {
    const o = await findOrder(tx, p.orderId);
    if (!o || o.provider !== p.provider) throw notFound();
    if (!p.providerPriced && (o.amountMinor !== p.amountMinor || o.currency !== p.currency.toUpperCase()))
      throw amountMismatch();
    if (o.status === "paid" || o.status === "refunded") {
      if (o.providerTxId === p.providerTxId) return { order: o, credited: false };
      throw new AppError("conflict", "billing.error.tx_conflict", [], 409);
    }
    const other = await findByTx(tx, p.provider, p.providerTxId);
    if (other && other.id !== o.id) throw new AppError("conflict", "billing.error.tx_conflict", [], 409);
    const [moved] = await tx
      .update(orders)
      .set({
        status: "paid",
        providerTxId: p.providerTxId,
        paidAt: p.at,
        updatedAt: p.at,
        ...(p.providerPriced ? { amountMinor: p.amountMinor, currency: p.currency.toUpperCase() } : {}),
      })
      .where(and(eq(orders.id, o.id), inArray(orders.status, UNPAID)))
      .returning();
    if (!moved) return { order: (await findOrder(tx, o.id))!, credited: false };
    await credit(tx, moved, p.at);
    await logEvent(tx, moved, o.status, "paid", p.source, p.at, p.detail);
    await emitPayment(tx, moved, "paid", p.at);
    await recordActivity(tx, moved.playerId, "purchase", p.at);
    await p.after?.(tx, moved);
    return { order: moved, credited: true };
  });
}

async function credit(tx: Tx, o: Order, at: number) {
  const g = grantsOf(o);
  const ref = `order:${o.id}`;
  if (g.gold > 0)
    await applyLedger(tx, {
      playerId: o.playerId,
      currency: "gold",
      delta: g.gold,
      reason: "payment.credit",
      ref,
      idempotencyKey: `${ref}:credit`,
      at,
    });
  if (g.silver > 0)
    await applyLedger(tx, {
      playerId: o.playerId,
      currency: "silver",
      delta: g.silver,
      reason: "payment.credit",
      ref,
      idempotencyKey: `${ref}:credit`,
      at,
    });
  if (g.premiumDays > 0) {
    await tx
      .update(players)
      .set({ premiumUntil: sql`max(coalesce(${players.premiumUntil}, 0), ${at}) + ${g.premiumDays * DAY}` })
      .where(eq(players.id, o.playerId));
  }
}

async function emitPayment(tx: Tx, o: Order, status: "paid" | "refunded" | "chargeback", at: number) {
  const [p] = await tx
    .select({ source: players.source, createdAt: players.createdAt })
    .from(players)
    .where(eq(players.id, o.playerId))
    .limit(1);
  const sign = status === "paid" ? 1 : -1;
  await emit(tx, "payments", {
    event_id: newEventId(),
    ts: toCHDateTime(at),
    order_id: String(o.id),
    player_id: o.playerId,
    provider: o.provider,
    market: o.market,
    item_id: o.itemId,
    country: o.country,
    platform: o.platform,
    source: p?.source ?? "",
    status,
    amount_minor: sign * o.amountMinor,
    currency: o.currency,
    amount_usd_cents: sign * toUsdCents(o.amountMinor, o.currency),
    reg_ts: toCHDateTime(p?.createdAt ?? at),
  });
}

/** The provider says the attempt ended without money: an unpaid order becomes failed or cancelled. */
export async function settleUnpaid(
  db: Db,
  a: {
    provider: string;
    orderId: number;
    to: "failed" | "cancelled";
    source: Source;
    at: number;
    detail?: unknown;
    adminId?: number;
    after?: After;
  },
): Promise<Order> {
  return db.transaction(async (tx) => {
    const o = await findOrder(tx, a.orderId);
    if (!o || o.provider !== a.provider) throw notFound();
    if (o.status === a.to) return o;
    const [moved] = await tx
      .update(orders)
      .set({ status: a.to, updatedAt: a.at })
      .where(and(eq(orders.id, o.id), inArray(orders.status, ["created", "pending"])))
      .returning();
    if (!moved) throw orderState(o.status);
    await logEvent(tx, moved, o.status, a.to, a.source, a.at, a.detail, a.adminId);
    await a.after?.(tx, moved);
    return moved;
  });
}

export interface Reversal {
  orderId: number;
  kind: "refund" | "chargeback";
  source: Source;
  at: number;
  detail?: unknown;
  adminId?: number;
  after?: After;
}

/**
 * A refund or chargeback: paid → refunded, the grants taken back through the ledger. What the
 * player already spent cannot be taken from a zero balance: it is kept as the order's debt.
 * A replay answers the refunded order and takes nothing again.
 */
export async function reverseOrder(tx: Tx, r: Reversal): Promise<{ order: Order; reversed: boolean }> {
  const o = await findOrder(tx, r.orderId);
  if (!o) throw notFound();
  if (o.status === "refunded") return { order: o, reversed: false };
  const [moved] = await tx
    .update(orders)
    .set({ status: "refunded", updatedAt: r.at })
    .where(and(eq(orders.id, o.id), eq(orders.status, "paid")))
    .returning();
  if (!moved) throw orderState(o.status);
  const g = grantsOf(o);
  const [bal] = await tx
    .select({ gold: players.gold, silver: players.silver })
    .from(players)
    .where(eq(players.id, o.playerId))
    .limit(1);
  const ref = `order:${o.id}`;
  const takeGold = Math.min(g.gold, bal?.gold ?? 0);
  const takeSilver = Math.min(g.silver, bal?.silver ?? 0);
  if (takeGold > 0)
    await applyLedger(tx, {
      playerId: o.playerId,
      currency: "gold",
      delta: -takeGold,
      reason: `payment.${r.kind}`,
      ref,
      idempotencyKey: `${ref}:reverse`,
      at: r.at,
    });
  if (takeSilver > 0)
    await applyLedger(tx, {
      playerId: o.playerId,
      currency: "silver",
      delta: -takeSilver,
      reason: `payment.${r.kind}`,
      ref,
      idempotencyKey: `${ref}:reverse`,
      at: r.at,
    });
  if (g.premiumDays > 0) {
    await tx
      .update(players)
      .set({
        premiumUntil: sql`case when ${players.premiumUntil} is null then null else max(${r.at}, ${players.premiumUntil} - ${g.premiumDays * DAY}) end`,
      })
      .where(eq(players.id, o.playerId));
  }
  const debt = { debtGold: g.gold - takeGold, debtSilver: g.silver - takeSilver };
  const [final] = await tx.update(orders).set(debt).where(eq(orders.id, o.id)).returning();
  await logEvent(
    tx,
    final,
    "paid",
    "refunded",
    r.kind === "chargeback" ? "chargeback" : r.source,
    r.at,
    { kind: r.kind, ...debt, ...(r.detail ? { provider: r.detail } : {}) },
    r.adminId,
  );
  if (o.provider !== "manual") await emitPayment(tx, final, r.kind === "chargeback" ? "chargeback" : "refunded", r.at);
  await r.after?.(tx, final);
  return { order: final, reversed: true };
}

export async function reverse(db: Db, r: Reversal) {
  return db.transaction((tx) => reverseOrder(tx, r));
}

/**
 * An operator's manual credit: a paid order of provider "manual" with no money (it is not
 * revenue and emits no payment event), its grants credited through the ledger.
 */
export async function manualCredit(
  tx: Tx,
  m: { playerId: number; grants: Grants; reason: string; adminId: number; at: number },
): Promise<Order> {
  const [p] = await tx
    .select({ country: players.country, platform: players.platform })
    .from(players)
    .where(eq(players.id, m.playerId))
    .limit(1);
  if (!p) throw notFound();
  const [o] = await tx
    .insert(orders)
    .values({
      playerId: m.playerId,
      itemId: "manual",
      provider: "manual",
      market: "manual",
      country: p.country,
      platform: p.platform,
      amountMinor: 0,
      currency: "USD",
      grants: JSON.stringify(m.grants),
      status: "paid",
      providerTxId: `manual:${crypto.randomUUID()}`,
      note: m.reason,
      createdAt: m.at,
      updatedAt: m.at,
      paidAt: m.at,
    })
    .returning();
  await credit(tx, o, m.at);
  await logEvent(tx, o, null, "paid", "admin", m.at, { reason: m.reason, grants: m.grants }, m.adminId);
  return o;
}

/**
 * A chargeback the merchant won (the provider gave the money back): refunded → paid, and what the
 * reversal took is given back through the ledger; the debt it recorded is cleared. A replay
 * answers the paid order and gives nothing again.
 */
export async function reinstate(
  db: Db,
  r: { orderId: number; source: Source; at: number; detail?: unknown },
): Promise<{ order: Order; reinstated: boolean }> {
  return db.transaction(async (tx) => {
    const o = await findOrder(tx, r.orderId);
    if (!o) throw notFound();
    if (o.status === "paid") return { order: o, reinstated: false };
    const [moved] = await tx
      .update(orders)
      .set({ status: "paid", debtGold: 0, debtSilver: 0, updatedAt: r.at })
      .where(and(eq(orders.id, o.id), eq(orders.status, "refunded")))
      .returning();
    if (!moved) throw orderState(o.status);
    const g = grantsOf(o);
    const ref = `order:${o.id}`;
    const backGold = g.gold - (o.debtGold ?? 0);
    const backSilver = g.silver - (o.debtSilver ?? 0);
    if (backGold > 0)
      await applyLedger(tx, {
        playerId: o.playerId,
        currency: "gold",
        delta: backGold,
        reason: "payment.reinstate",
        ref,
        idempotencyKey: `${ref}:reinstate`,
        at: r.at,
      });
    if (backSilver > 0)
      await applyLedger(tx, {
        playerId: o.playerId,
        currency: "silver",
        delta: backSilver,
        reason: "payment.reinstate",
        ref,
        idempotencyKey: `${ref}:reinstate`,
        at: r.at,
      });
    if (g.premiumDays > 0) {
      await tx
        .update(players)
        .set({ premiumUntil: sql`max(coalesce(${players.premiumUntil}, 0), ${r.at}) + ${g.premiumDays * DAY}` })
        .where(eq(players.id, o.playerId));
    }
    await logEvent(tx, moved, "refunded", "paid", "dispute_won", r.at, {
      gold: backGold,
      silver: backSilver,
      ...(r.detail ? { provider: r.detail } : {}),
    });
    await emitPayment(tx, moved, "paid", r.at);
    return { order: moved, reinstated: true };
  });
}

/** A payment still pending after this long has likely lost its callback: an operator should verify it. */
export const AWAITING_VERIFICATION_MS = 30 * 60_000;

/** Orders awaiting verification at `now`: pending, unchanged for AWAITING_VERIFICATION_MS. */
export const awaitingVerification = (now: number) =>
  and(eq(orders.status, "pending"), lt(orders.updatedAt, now - AWAITING_VERIFICATION_MS))!;
