// /admin/playerPayment: one player's payments for operators — the list, manual credits,
// notes, reversal (never deletion), asking the provider (cashbox/request), re-verifying and
// crediting (verify), a live feed of payment changes (SSE following order_events by id) — and
// /admin/api/payment/find across players. The rules: api/domain/billing/payments-admin.ts and
// orders-admin.ts; the contracts: api/contracts/admin/playerPayment.ts.
import type { Hono } from "hono";
import type { HonoEnv } from "../../http/env.ts";
import { page, route } from "../../http/router.ts";
import { followById, type FeedMessage } from "../../http/feed.ts";
import { findOrders } from "../../domain/billing/orders-admin.ts";
import {
  creditManually,
  newestOrderEvent,
  notePayment,
  orderEventsAfter,
  paymentsPlayer,
  type PaymentEvents,
  playerPayments,
  reversePayment,
} from "../../domain/billing/payments-admin.ts";
import * as adminApi from "../../contracts/admin/api.ts";
import * as billing from "../../contracts/admin/billing.ts";
import * as payments from "../../contracts/admin/playerPayment.ts";

export function registerPlayerPayments(app: Hono<HonoEnv>) {
  page(app, payments.player, async (_c, { playerId }, ctx) => ({
    player: await paymentsPlayer(ctx, playerId),
    payments: await playerPayments({
      ctx,
      input: { playerId, page: 1, size: 20, sort: "id", dir: "desc" },
    }),
    providers: billing.ORDER_PROVIDERS.filter((p) => p !== "manual"),
  }));

  route(app, payments.list, (_c, input, ctx) => playerPayments({ ctx, input }));
  route(app, payments.add, (_c, input, ctx) => creditManually({ ctx, input }));
  route(app, payments.edit, (_c, input, ctx) => notePayment({ ctx, input }));
  route(app, payments.remove, (_c, input, ctx) => reversePayment({ ctx, input }));

  // Asking the provider (cashbox/request) and verify are billing's: api/billing/operator-checks.ts.

  // Live feed: every change of any order (or of one player's), following order_events by id,
  // so any instance serves it from the shared store. Resumes from Last-Event-ID.
  route(app, payments.stream, (c, v, ctx) =>
    followById(c, v.after, {
      newest: () => newestOrderEvent(ctx),
      backlog: 20,
      read: (last) => orderEventsAfter(ctx, last, v.playerId),
      id: (r) => r.event.id,
      messages: (rows): FeedMessage<PaymentEvents>[] =>
        rows.map((data) => ({ id: String(data.event.id), event: "payment", data })),
    }),
  );

  route(app, adminApi.findPayment, (_c, input, ctx) => findOrders({ ctx, input }));
}
