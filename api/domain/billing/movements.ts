// What happens to an order's money after it is paid, in any order of events. Each provider
// adapter records what the provider said as movements (refund, running refund total, refund
// reversed, chargeback, chargeback reversed, dispute lost, inquiry, inquiry closed) under a key
// naming the movement itself — the refund's or dispute's id, never the delivery — so a replay
// adds nothing and a new movement always counts. The order's money is then worked out from all
// of its movements, whatever order they came in (sums, not a sequence of states):
//   refunded     = max(Σ refunds, the largest running total) − Σ refunds reversed (0…amount;
//                  an operator's remove counts as the whole amount)
//   charged back = Σ chargebacks − Σ chargebacks reversed (0…amount)
//   the grants are the player's while refunded < amount and charged back = 0.
// A partial refund therefore leaves the grants (and is revenue lost, in the metrics); refunds
// that add up to the whole amount take them. When that answer differs from the order's state,
// the grants move through the ledger under a key counting the order's reversals
// (`order:<id>:reverse:<n>`, `order:<id>:reinstate:<n>`): money can go back and forth many
// times, and each time moves gold exactly once. The warehouse gets the difference between what
// it was told (refunded_minor, charged_back_minor on the order) and the new figures.
// Movements that arrive before the payment is known wait under the provider's transaction id and
// are applied by settlePaid.
import { and, asc, desc, eq, inArray, isNull } from "drizzle-orm";
import {
  orders,
  orderEvents,
  orderMovements,
  type DisputeState,
  type MovementKind,
  type OrderStatus,
} from "../../db/schema/billing.ts";
import type { Tx } from "../../db/index.ts";
import { recordActivity } from "../players.ts";
import { AppError, notFound } from "../errors.ts";
import {
  UNPAID,
  amountMismatch,
  emitPayment,
  findByTx,
  findOrder,
  giveGrants,
  grantsOf,
  logEvent,
  orderState,
  takeGrants,
  type After,
  type Order,
  type Paid,
} from "./orders.ts";

export interface Movement {
  kind: MovementKind;
  /** Names the movement at the provider (a refund's or dispute's id…): the same key twice is one movement. */
  key: string;
  /** The refund's or dispute's id, to tell disputes apart on the order. */
  subject?: string;
  amountMinor?: number;
  detail?: unknown;
}

export interface Reported {
  provider: string;
  /** The order, when the adapter knows it. */
  orderId?: number | null;
  /** The provider's payment it is about, to find the order once it is paid (when the order is not known yet). */
  providerTxId?: string | null;
  source: string;
  at: number;
  adminId?: number;
  after?: After;
}

type Row = typeof orderMovements.$inferSelect;

export interface Money {
  refunded: number;
  chargedBack: number;
  /** The grants are the player's. */
  kept: boolean;
  dispute: DisputeState | null;
}

const DISPUTE_RANK: Partial<Record<MovementKind, [number, DisputeState]>> = {
  inquiry: [1, "inquiry"],
  inquiry_closed: [2, "inquiry_closed"],
  chargeback: [3, "open"],
  chargeback_reversed: [4, "won"],
  dispute_lost: [4, "lost"],
};

/** The order's money from its movements: order-independent (see the top of this file). */
export function moneyOf(amount: number, ms: Pick<Row, "kind" | "amountMinor" | "subject">[]): Money {
  const sum = (k: MovementKind) => ms.reduce((a, m) => (m.kind === k ? a + m.amountMinor : a), 0);
  const clamp = (v: number) => Math.max(0, Math.min(amount, v));
  const back = sum("refund_reversed");
  const totals = ms.filter((m) => m.kind === "refund_total").map((m) => m.amountMinor);
  const removed = ms.some((m) => m.kind === "removed");
  const refunded = removed ? amount : clamp(Math.max(sum("refund"), totals.length ? Math.max(...totals) : 0) - back);
  const chargedBack = clamp(sum("chargeback") - sum("chargeback_reversed"));
  // The latest dispute (by its first movement) in its furthest state.
  const disputes = new Map<string, [number, DisputeState]>();
  for (const m of ms) {
    const r = DISPUTE_RANK[m.kind];
    if (!r) continue;
    const seen = disputes.get(m.subject);
    disputes.delete(m.subject);
    disputes.set(m.subject, seen && seen[0] >= r[0] ? seen : r);
  }
  const firstSeen = [...new Set(ms.filter((m) => DISPUTE_RANK[m.kind]).map((m) => m.subject))];
  const latest = firstSeen.at(-1);
  return {
    refunded,
    chargedBack,
    kept: !removed && refunded < amount && chargedBack === 0,
    dispute: latest === undefined ? null : disputes.get(latest)![1],
  };
}

/**
 * Records what the provider reported about an order's money (a replay adds nothing) and, when the
 * order is known and paid, moves the grants to match. Answers the order (null while it waits for
 * its payment) and how many movements were new.
 */
export async function reportMoney(
  tx: Tx,
  r: Reported,
  movements: Movement[],
): Promise<{ order: Order | null; added: number }> {
  // Looked up again inside the transaction: a payment settled after the adapter looked is seen here.
  const byTx = !r.orderId && r.providerTxId ? await findByTx(tx, r.provider, r.providerTxId) : null;
  const orderId = r.orderId ?? byTx?.id ?? null;
  let added = 0;
  for (const m of movements) {
    const rows = await tx
      .insert(orderMovements)
      .values({
        provider: r.provider,
        providerTxId: r.providerTxId ?? null,
        orderId,
        key: m.key,
        kind: m.kind,
        subject: m.subject ?? "",
        amountMinor: m.amountMinor ?? 0,
        source: r.source,
        detail: m.detail === undefined ? null : JSON.stringify(m.detail).slice(0, 4000),
        adminId: r.adminId ?? null,
        createdAt: r.at,
      })
      .onConflictDoNothing()
      .returning({ id: orderMovements.id });
    added += rows.length;
  }
  if (orderId === null) return { order: null, added };
  const o = await findOrder(tx, orderId);
  if (!o) throw notFound();
  if (o.providerTxId) await adoptWaiting(tx, o.provider, o.providerTxId, o.id);
  const final = await applyMovements(tx, o, r.at, r.source, r.adminId);
  if (added > 0) await r.after?.(tx, final);
  return { order: final, added };
}

/** Brings the order's grants, state and reported figures in line with its movements. */
export async function applyMovements(
  tx: Tx,
  order: Order,
  at: number,
  source: string,
  adminId?: number,
): Promise<Order> {
  if (order.status !== "paid" && order.status !== "refunded") return order;
  order = await adoptLegacyReversal(tx, order, at);
  const ms = await tx
    .select()
    .from(orderMovements)
    .where(eq(orderMovements.orderId, order.id))
    .orderBy(asc(orderMovements.id));
  const m = moneyOf(order.amountMinor, ms);
  const last = ms.at(-1);
  const cause = last
    ? { movement: last.kind, key: last.key, ...(last.detail ? { provider: JSON.parse(last.detail) } : {}) }
    : {};
  let o = order;
  if (o.provider !== "manual") {
    const dr = m.refunded - o.refundedMinor;
    if (dr !== 0) await emitPayment(tx, o, dr > 0 ? "refunded" : "refund_reversed", Math.abs(dr), at);
    const dc = m.chargedBack - o.chargedBackMinor;
    if (dc !== 0) await emitPayment(tx, o, dc > 0 ? "chargeback" : "chargeback_reversed", Math.abs(dc), at);
  }
  const g = grantsOf(o);
  if (!m.kept && o.status === "paid") {
    const n = o.reversals + 1;
    const [moved] = await tx
      .update(orders)
      .set({ status: "refunded", reversals: n, updatedAt: at })
      .where(and(eq(orders.id, o.id), eq(orders.status, "paid"), eq(orders.reversals, o.reversals)))
      .returning();
    if (!moved) throw orderState(o.status);
    const kind = m.chargedBack > 0 ? "chargeback" : "refund";
    const debt = await takeGrants(tx, moved, g, `payment.${kind}`, `order:${o.id}:reverse:${n}`, at);
    [o] = await tx.update(orders).set(debt).where(eq(orders.id, o.id)).returning();
    await logEvent(
      tx,
      o,
      "paid",
      "refunded",
      kind === "chargeback" ? "chargeback" : source,
      at,
      { kind, ...debt, ...cause },
      adminId,
    );
  } else if (m.kept && o.status === "refunded") {
    const n = o.reinstatements + 1;
    const [moved] = await tx
      .update(orders)
      .set({ status: "paid", reinstatements: n, debtGold: 0, debtSilver: 0, updatedAt: at })
      .where(and(eq(orders.id, o.id), eq(orders.status, "refunded"), eq(orders.reinstatements, o.reinstatements)))
      .returning();
    if (!moved) throw orderState(o.status);
    const back = { gold: g.gold - o.debtGold, silver: g.silver - o.debtSilver, premiumDays: g.premiumDays };
    await giveGrants(tx, moved, back, "payment.reinstate", `order:${o.id}:reinstate:${n}`, at);
    o = moved;
    const why = last?.kind === "refund_reversed" ? "refund_reversed" : "dispute_won";
    await logEvent(tx, o, "refunded", "paid", why, at, { gold: back.gold, silver: back.silver, ...cause }, adminId);
  }
  if (o.refundedMinor !== m.refunded || o.chargedBackMinor !== m.chargedBack || o.dispute !== m.dispute)
    [o] = await tx
      .update(orders)
      .set({ refundedMinor: m.refunded, chargedBackMinor: m.chargedBack, dispute: m.dispute })
      .where(eq(orders.id, o.id))
      .returning();
  return o;
}

/** What came before the payment, waiting under its transaction id, is this order's now. */
async function adoptWaiting(tx: Tx, provider: string, providerTxId: string, orderId: number) {
  await tx
    .update(orderMovements)
    .set({ orderId })
    .where(
      and(
        eq(orderMovements.provider, provider),
        eq(orderMovements.providerTxId, providerTxId),
        isNull(orderMovements.orderId),
      ),
    );
}

/**
 * An order reversed before movements were kept (refunded, no reversal counted): its reversal
 * becomes a movement of the kind its log names (a chargeback or a refund of the whole amount),
 * already reported to the warehouse, so later movements count from there.
 */
async function adoptLegacyReversal(tx: Tx, o: Order, at: number): Promise<Order> {
  if (o.status !== "refunded" || o.reversals > 0) return o;
  const [last] = await tx
    .select({ source: orderEvents.source })
    .from(orderEvents)
    .where(and(eq(orderEvents.orderId, o.id), eq(orderEvents.toStatus, "refunded")))
    .orderBy(desc(orderEvents.id))
    .limit(1);
  const chargeback = last?.source === "chargeback";
  const removed = last?.source === "admin";
  await tx
    .insert(orderMovements)
    .values({
      provider: o.provider,
      providerTxId: o.providerTxId,
      orderId: o.id,
      key: `legacy:${o.id}`,
      kind: removed ? "removed" : chargeback ? "chargeback" : "refund_total",
      amountMinor: o.amountMinor,
      source: "legacy",
      createdAt: at,
    })
    .onConflictDoNothing();
  const [adopted] = await tx
    .update(orders)
    .set({
      reversals: 1,
      refundedMinor: chargeback ? 0 : o.amountMinor,
      chargedBackMinor: chargeback ? o.amountMinor : 0,
    })
    .where(eq(orders.id, o.id))
    .returning();
  return adopted;
}

/**
 * The provider says the order is paid: checks amount and currency, moves it to paid and credits
 * the grants, once; then applies what was reported about its money before (a refund or dispute
 * that overtook the payment). A replay of the same transaction answers the order and credits nothing.
 */
export async function settlePaidIn(tx: Tx, p: Paid): Promise<{ order: Order; credited: boolean }> {
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
    .where(and(eq(orders.id, o.id), inArray(orders.status, UNPAID as OrderStatus[])))
    .returning();
  if (!moved) return { order: (await findOrder(tx, o.id))!, credited: false };
  await giveGrants(tx, moved, grantsOf(moved), "payment.credit", `order:${moved.id}:credit`, p.at);
  await logEvent(tx, moved, o.status, "paid", p.source, p.at, p.detail);
  if (moved.provider !== "manual") await emitPayment(tx, moved, "paid", moved.amountMinor, p.at);
  await recordActivity(tx, moved.playerId, "purchase", p.at);
  await adoptWaiting(tx, p.provider, p.providerTxId, moved.id);
  const final = await applyMovements(tx, moved, p.at, p.source);
  await p.after?.(tx, final);
  return { order: final, credited: true };
}

/**
 * An operator removes a paid order: the grants are taken back (as a refund, the rest as debt) and
 * stay taken whatever the provider reports later. Answers the order.
 */
export async function removeOrder(
  tx: Tx,
  r: { orderId: number; reason: string; adminId: number; at: number },
): Promise<Order> {
  const o = await findOrder(tx, r.orderId);
  if (!o) throw notFound();
  if (o.status !== "paid") throw orderState(o.status);
  const { order } = await reportMoney(
    tx,
    { provider: o.provider, orderId: o.id, source: "admin", at: r.at, adminId: r.adminId },
    [{ kind: "removed", key: `removed:${o.id}:${o.reversals}`, detail: { reason: r.reason } }],
  );
  return order!;
}
