// The operator's questions to a payment provider about one order (/admin/playerPayment): asking
// its state, changing nothing (cashbox/request), and re-verifying with the credit it calls for
// (verify). They reach the providers, so billing serves them; the rest of the operator's payments
// screen is api/admin/billing/payments.ts.
import type { Hono } from "hono";
import type { HonoEnv } from "../http/env.ts";
import { route } from "../http/router.ts";
import { providerOf, verifyOrder } from "./registry.ts";
import { orderView } from "../domain/billing/orders.ts";
import { paymentOr404, verifyPayment } from "../domain/billing/payments-admin.ts";
import * as payments from "../contracts/admin/playerPayment.ts";

export function registerOperatorChecks(app: Hono<HonoEnv>) {
  // Asks the provider for the order's state, changing nothing.
  route(app, payments.cashboxRequest, async (c, v, ctx) => {
    const o = await paymentOr404(ctx, v.orderId);
    const provider =
      o.provider === "manual"
        ? { status: o.status, raw: { manual: true } }
        : await providerOf(o.provider).check(c.var.deps, o);
    return { order: orderView(o), provider };
  });

  route(app, payments.verify, (c, input, ctx) =>
    verifyPayment({ ctx, input }, (o, after) => verifyOrder(c.var.deps, o, "verify", ctx.actor.adminId, after)),
  );
}
