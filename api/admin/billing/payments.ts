// /admin/playerPayment: one player's payments for operators — the list, manual credits,
// notes, reversal (never deletion), asking the provider (cashbox/request), re-verifying and
// crediting (verify), a live feed of payment changes (SSE following order_events by id) — and
// /admin/api/payment/find across players (api/domain/billing/orders-admin.ts).
import type { Hono } from "hono";
import { z } from "zod";
import { and, asc, count, desc, eq, gt } from "drizzle-orm";
import type { HonoEnv } from "../../http/env.ts";
import { page, route } from "../../http/router.ts";
import { audit, type AuditChange } from "../../http/audit.ts";
import * as f from "../../domain/fields.ts";
import { AppError, notFound } from "../../domain/errors.ts";
import { players } from "../../db/schema/players.ts";
import { orders, orderEvents, ORDER_STATUSES } from "../../db/schema/billing.ts";
import type { Db } from "../../db/index.ts";
import { findOrder, manualCredit, removeOrder, settleUnpaid } from "../../billing/orders.ts";
import { orderView } from "../../billing/apply.ts";
import { providerOf, verifyOrder } from "../../billing/registry.ts";
import { followById, type FeedMessage } from "../../http/feed.ts";
import { ProviderDown } from "../../billing/providers.ts";
import { findOrders } from "../../domain/billing/orders-admin.ts";
import * as adminApi from "../../contracts/admin/api.ts";

const SORTS = {
  createdAt: orders.createdAt,
  amount: orders.amountMinor,
  status: orders.status,
  provider: orders.provider,
  id: orders.id,
} as const;

const listInput = z.object({
  playerId: f.id(),
  page: f.optional(f.int(1, 100_000)).default(1),
  size: f.optional(f.int(1, 100)).default(20),
  sort: f.optional(z.enum(Object.keys(SORTS) as [keyof typeof SORTS])).default("id"),
  dir: f.optional(z.enum(["asc", "desc"])).default("desc"),
  status: f.optional(z.enum(ORDER_STATUSES)),
  provider: f.optional(z.string().max(32)),
});
const addInput = z
  .object({
    playerId: f.id(),
    gold: f.optional(f.int(0, 1_000_000)).default(0),
    silver: f.optional(f.int(0, 100_000_000)).default(0),
    premiumDays: f.optional(f.int(0, 365)).default(0),
    reason: f.text(3, 500),
  })
  .refine((v) => v.gold + v.silver + v.premiumDays > 0, { path: ["gold"], params: { rule: "required" } });
const editInput = z.object({
  orderId: f.id(),
  note: z.preprocess((v) => (typeof v === "string" ? v.trim() : v), z.string().max(1000)),
});
const removeInput = z.object({ orderId: f.id(), reason: f.text(3, 500) });
const orderInput = z.object({ orderId: f.id() });
const streamInput = z.object({ playerId: f.optional(f.id()), after: f.optional(f.int(0)) });

async function playerSummary(db: Db, playerId: number) {
  const [p] = await db
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

async function listPayments(db: Db, q: z.output<typeof listInput>) {
  const where = and(
    eq(orders.playerId, q.playerId),
    q.status ? eq(orders.status, q.status) : undefined,
    q.provider ? eq(orders.provider, q.provider) : undefined,
  );
  const col = SORTS[q.sort];
  const rows = await db
    .select()
    .from(orders)
    .where(where)
    .orderBy(q.dir === "asc" ? asc(col) : desc(col), desc(orders.id))
    .limit(q.size)
    .offset((q.page - 1) * q.size);
  const [{ n }] = await db.select({ n: count() }).from(orders).where(where);
  return { rows: rows.map(orderView), total: n, page: q.page, size: q.size };
}

/** The payments' feed (/admin/playerPayment/stream/payments): an order's change of status, with the order now. */
export type PaymentEvents = {
  payment: {
    event: { id: number; from: string | null; to: string; source: string; at: number };
    order: ReturnType<typeof orderView>;
  };
};

export function registerPlayerPayments(app: Hono<HonoEnv>) {
  const S = { auth: "admin", role: "support" } as const;
  const O = { auth: "admin", role: "operator" } as const;

  page(
    app,
    { path: "/admin/playerPayment/:playerId{[0-9]+}", ...S },
    { params: z.object({ playerId: f.id() }) },
    async (c, { playerId }) => {
      const db = c.var.deps.db;
      return c.json({
        player: await playerSummary(db, playerId),
        payments: await listPayments(db, listInput.parse({ playerId })),
        providers: Object.keys((await import("../../billing/registry.ts")).providers),
      });
    },
  );

  route(app, { method: "ANY", path: "/admin/playerPayment/getPayments", ...S }, { input: listInput }, async (c, q) => {
    await playerSummary(c.var.deps.db, q.playerId);
    return c.json(await listPayments(c.var.deps.db, q));
  });

  route(
    app,
    { method: "ANY", path: "/admin/playerPayment/add", ...O, mutates: true },
    { input: addInput },
    async (c, v, ctx) => {
      const { db, clock } = c.var.deps;
      const order = await db.transaction(async (tx) => {
        const o = await manualCredit(tx, {
          playerId: v.playerId,
          grants: { gold: v.gold, silver: v.silver, premiumDays: v.premiumDays },
          reason: v.reason,
          adminId: ctx.actor.adminId,
          at: clock.now(),
        });
        await audit(c, tx, {
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
      return c.json({ order: orderView(order) });
    },
  );

  route(
    app,
    { method: "ANY", path: "/admin/playerPayment/edit", ...O, mutates: true },
    { input: editInput },
    async (c, v) => {
      const { db, clock } = c.var.deps;
      const order = await db.transaction(async (tx) => {
        const o = await findOrder(tx, v.orderId);
        if (!o) throw notFound();
        const [u] = await tx
          .update(orders)
          .set({ note: v.note === "" ? null : v.note, updatedAt: clock.now() })
          .where(eq(orders.id, o.id))
          .returning();
        await audit(c, tx, {
          action: "playerPayment.edit",
          targetType: "order",
          targetId: o.id,
          summary: `note "${o.note ?? ""}" → "${v.note}"`,
          details: { changes: [{ field: "note", before: o.note ?? "", after: v.note }] },
        });
        return u;
      });
      return c.json({ order: orderView(order) });
    },
  );

  // Removing a payment reverses it: a paid order is refunded through the ledger, an unpaid one
  // cancelled. The order and its history stay.
  route(
    app,
    { method: "ANY", path: "/admin/playerPayment/remove", auth: "admin", role: "admin", mutates: true },
    { input: removeInput },
    async (c, v, ctx) => {
      const { db, clock } = c.var.deps;
      const adminId = ctx.actor.adminId;
      const o = await findOrder(db, v.orderId);
      if (!o) throw notFound();
      const at = clock.now();
      const note = (summary: string, changes: AuditChange[]) => (tx: Parameters<Parameters<Db["transaction"]>[0]>[0]) =>
        audit(c, tx, {
          action: "playerPayment.remove",
          targetType: "order",
          targetId: o.id,
          summary: `${summary} — ${v.reason}`,
          details: { changes: [...changes, { field: "note", after: v.reason }] },
        });
      let result: Parameters<typeof orderView>[0];
      if (o.status === "created" || o.status === "pending") {
        result = await settleUnpaid(db, {
          provider: o.provider,
          orderId: o.id,
          to: "cancelled",
          source: "admin",
          at,
          detail: { reason: v.reason },
          adminId,
          after: note(`cancelled ${o.status} order`, [{ field: "orderStatus", before: o.status, after: "cancelled" }]),
        });
      } else if (o.status === "paid") {
        result = await db.transaction(async (tx) => {
          const removed = await removeOrder(tx, { orderId: o.id, reason: v.reason, adminId, at });
          await note(`reversed paid order (gold ${JSON.parse(o.grants).gold}, debt ${removed.debtGold})`, [
            { field: "orderStatus", before: o.status, after: removed.status },
            { field: "gold", after: -JSON.parse(o.grants).gold },
            { field: "debtGold", after: removed.debtGold },
          ])(tx);
          return removed;
        });
      } else {
        throw new AppError("conflict", "billing.error.order_state", [o.status], 409);
      }
      return c.json({ order: orderView(result) });
    },
  );

  // Asks the provider for the order's state, changing nothing.
  route(
    app,
    { method: "POST", path: "/admin/playerPayment/cashbox/request", ...S },
    { input: orderInput },
    async (c, v) => {
      const o = await findOrder(c.var.deps.db, v.orderId);
      if (!o) throw notFound();
      if (o.provider === "manual")
        return c.json({ order: orderView(o), provider: { status: o.status, raw: { manual: true } } });
      const state = await providerOf(o.provider).check(c.var.deps, o);
      return c.json({ order: orderView(o), provider: state });
    },
  );

  route(
    app,
    { method: "POST", path: "/admin/playerPayment/verify", ...O, mutates: true },
    { input: orderInput },
    async (c, v, ctx) => {
      const { db } = c.var.deps;
      const o = await findOrder(db, v.orderId);
      if (!o) throw notFound();
      if (o.provider === "manual") throw new AppError("conflict", "billing.error.order_state", [o.status], 409);
      try {
        const r = await verifyOrder(c.var.deps, o, "verify", ctx.actor.adminId, (tx, moved) =>
          audit(c, tx, {
            action: "playerPayment.verify",
            targetType: "order",
            targetId: o.id,
            summary: `verified: ${o.status} → ${moved.status}`,
            details: { changes: [{ field: "orderStatus", before: o.status, after: moved.status }] },
          }),
        );
        // Nothing changed: the check itself is still logged.
        if (!r.changed)
          await db.transaction((tx) =>
            audit(c, tx, {
              action: "playerPayment.verify",
              targetType: "order",
              targetId: o.id,
              summary: `verified: provider says ${(r.provider as { status: string }).status}, order stays ${r.order.status}`,
              details: {
                changes: [
                  { field: "providerStatus", after: (r.provider as { status: string }).status },
                  { field: "orderStatus", before: r.order.status, after: r.order.status },
                ],
              },
            }),
          );
        return c.json({ order: orderView(r.order), provider: r.provider });
      } catch (e) {
        if (e instanceof ProviderDown)
          await db.transaction((tx) =>
            audit(c, tx, {
              action: "playerPayment.verify",
              targetType: "order",
              targetId: o.id,
              summary: `verify: provider not answering, order stays ${o.status}`,
              details: {
                changes: [
                  { field: "providerAnswered", after: false },
                  { field: "orderStatus", before: o.status, after: o.status },
                ],
              },
            }),
          );
        throw e;
      }
    },
  );

  // Live feed: every change of any order (or of one player's), following order_events by id,
  // so any instance serves it from the shared store. Resumes from Last-Event-ID.
  route(
    app,
    { method: "ANY", path: "/admin/playerPayment/stream/payments", ...S, kind: "stream" },
    { input: streamInput },
    async (c, v) => {
      const db = c.var.deps.db;
      return followById(c, v.after, {
        newest: async () =>
          (await db.select({ id: orderEvents.id }).from(orderEvents).orderBy(desc(orderEvents.id)).limit(1))[0]?.id,
        backlog: 20,
        read: (last) =>
          db
            .select({ e: orderEvents, o: orders })
            .from(orderEvents)
            .innerJoin(orders, eq(orders.id, orderEvents.orderId))
            .where(and(gt(orderEvents.id, last), v.playerId ? eq(orderEvents.playerId, v.playerId) : undefined))
            .orderBy(asc(orderEvents.id))
            .limit(100),
        id: (r) => r.e.id,
        messages: (rows): FeedMessage<PaymentEvents>[] =>
          rows.map(({ e, o }) => ({
            id: String(e.id),
            event: "payment",
            data: {
              event: { id: e.id, from: e.fromStatus, to: e.toStatus, source: e.source, at: e.createdAt },
              order: orderView(o),
            },
          })),
      });
    },
  );

  route(app, adminApi.findPayment, (_c, input, ctx) => findOrders({ ctx, input }));
}
