// Orders' money rules, as services taking an open transaction (the provider adapters in
// api/billing/ only translate each provider's protocol into these calls). An order moves
// created → pending → paid / failed / cancelled; once paid, what happens to its money — refunds,
// partial ones too, chargebacks, inquiries, won and lost disputes, reversed refunds, an
// operator's remove — is recorded as movements (movements.ts), and the grants follow the money:
// credited while the money is ours, taken back while it is not. Every change is one transaction
// with its order_events row, its ledger entries and its warehouse events.
import { and, eq, inArray, lt, sql } from "drizzle-orm";
import { orders, orderEvents, type OrderStatus } from "../../db/schema/billing.ts";
import { players } from "../../db/schema/players.ts";
import type { Tx, DbOrTx } from "../../db/index.ts";
import { applyLedger } from "../ledger.ts";
import { emit } from "../outbox.ts";
import { newEventId, toCHDateTime } from "../../../warehouse/events.ts";
import { AppError, notFound } from "../errors.ts";
import { toUsdCents } from "./money.ts";

export type Order = typeof orders.$inferSelect;
export type Source = "player" | "callback" | "return" | "verify" | "sweep" | "admin" | "seed";
/** What an order grants: fixed when it is priced. */
export interface Grants {
  gold: number;
  silver: number;
  premiumDays: number;
}

export const UNPAID: OrderStatus[] = ["created", "pending", "failed", "cancelled"];
export const DAY = 86_400_000;

export const amountMismatch = () => new AppError("amount_mismatch", "billing.error.amount_mismatch", [], 400);
export const orderState = (status: string) => new AppError("conflict", "billing.error.order_state", [status], 409);

export async function logEvent(
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
export async function markPendingIn(
  tx: Tx,
  orderId: number,
  providerRef: string | null,
  at: number,
  detail?: unknown,
): Promise<void> {
  const [o] = await tx
    .update(orders)
    .set({ status: "pending", providerRef: providerRef ?? sql`${orders.providerRef}`, updatedAt: at })
    .where(and(eq(orders.id, orderId), eq(orders.status, "created")))
    .returning();
  if (o) await logEvent(tx, o, "created", "pending", "player", at, detail);
}

/** Runs inside the transaction of a change (an operator's audit row commits with it). */
export type After = (tx: Tx, order: Order) => Promise<void>;

/** Gives the grants (gold and silver through the ledger, premium days on the player). */
export async function giveGrants(tx: Tx, o: Order, g: Grants, reason: string, key: string, at: number) {
  const ref = `order:${o.id}`;
  for (const currency of ["gold", "silver"] as const)
    if (g[currency] > 0)
      await applyLedger(tx, {
        playerId: o.playerId,
        currency,
        delta: g[currency],
        reason,
        ref,
        idempotencyKey: key,
        at,
      });
  if (g.premiumDays > 0)
    await tx
      .update(players)
      .set({ premiumUntil: sql`max(coalesce(${players.premiumUntil}, 0), ${at}) + ${g.premiumDays * DAY}` })
      .where(eq(players.id, o.playerId));
}

/**
 * Takes the grants back: what the player already spent cannot be taken from a zero balance, so
 * it is answered as debt (the caller keeps it on the order); premium days are shortened, not below now.
 */
export async function takeGrants(
  tx: Tx,
  o: Order,
  g: Grants,
  reason: string,
  key: string,
  at: number,
): Promise<{ debtGold: number; debtSilver: number }> {
  const [bal] = await tx
    .select({ gold: players.gold, silver: players.silver })
    .from(players)
    .where(eq(players.id, o.playerId))
    .limit(1);
  const take = { gold: Math.min(g.gold, bal?.gold ?? 0), silver: Math.min(g.silver, bal?.silver ?? 0) };
  for (const currency of ["gold", "silver"] as const)
    if (take[currency] > 0)
      await applyLedger(tx, {
        playerId: o.playerId,
        currency,
        delta: -take[currency],
        reason,
        ref: `order:${o.id}`,
        idempotencyKey: key,
        at,
      });
  if (g.premiumDays > 0)
    await tx
      .update(players)
      .set({
        premiumUntil: sql`case when ${players.premiumUntil} is null then null else max(${at}, ${players.premiumUntil} - ${g.premiumDays * DAY}) end`,
      })
      .where(eq(players.id, o.playerId));
  return { debtGold: g.gold - take.gold, debtSilver: g.silver - take.silver };
}

/** The warehouse's payment statuses: paid and the reversals' returns add revenue, refunds and chargebacks subtract it. */
export type PaymentStatus = "paid" | "refunded" | "chargeback" | "refund_reversed" | "chargeback_reversed";

/** One payments event of `amountMinor` (positive) with the status's sign. */
export async function emitPayment(tx: Tx, o: Order, status: PaymentStatus, amountMinor: number, at: number) {
  const [p] = await tx
    .select({ source: players.source, createdAt: players.createdAt })
    .from(players)
    .where(eq(players.id, o.playerId))
    .limit(1);
  const sign = status === "refunded" || status === "chargeback" ? -1 : 1;
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
    amount_minor: sign * amountMinor,
    currency: o.currency,
    amount_usd_cents: sign * toUsdCents(amountMinor, o.currency),
    reg_ts: toCHDateTime(p?.createdAt ?? at),
  });
}

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

/** The provider says the attempt ended without money: an unpaid order becomes failed or cancelled. */
export async function settleUnpaidIn(
  tx: Tx,
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
  await giveGrants(tx, o, grantsOf(o), "payment.credit", `order:${o.id}:credit`, m.at);
  await logEvent(tx, o, null, "paid", "admin", m.at, { reason: m.reason, grants: m.grants }, m.adminId);
  return o;
}

/** A payment still pending after this long has likely lost its callback: an operator should verify it. */
export const AWAITING_VERIFICATION_MS = 30 * 60_000;

/** Orders awaiting verification at `now`: pending, unchanged for AWAITING_VERIFICATION_MS. */
export const awaitingVerification = (now: number) =>
  and(eq(orders.status, "pending"), lt(orders.updatedAt, now - AWAITING_VERIFICATION_MS))!;

/** An order as the player and the operator see it. */
export function orderView(o: Order) {
  return {
    id: o.id,
    playerId: o.playerId,
    itemId: o.itemId,
    provider: o.provider,
    market: o.market,
    status: o.status,
    amountMinor: o.amountMinor,
    currency: o.currency,
    grants: grantsOf(o),
    providerTxId: o.providerTxId,
    debtGold: o.debtGold,
    debtSilver: o.debtSilver,
    refundedMinor: o.refundedMinor,
    chargedBackMinor: o.chargedBackMinor,
    dispute: o.dispute,
    note: o.note,
    createdAt: o.createdAt,
    updatedAt: o.updatedAt,
    paidAt: o.paidAt,
  };
}
