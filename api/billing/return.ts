// The page a player comes back to from any provider (Ecommpay's merchant_success_url, PayPal's
// return_url; Stripe and Robokassa have pages of their own): the order, asked from the provider
// while it is unsettled. A PayPal order the buyer approved is captured here (verify's `finish`),
// as PayPal's return flow expects; the same order is credited once whichever path comes first.
// The spec names no such page; see docs/decisions/billing.md.
import type { Hono } from "hono";
import type { HonoEnv } from "../http/env.ts";
import { page } from "../http/router.ts";
import { notFound } from "../domain/errors.ts";
import * as calls from "../contracts/billing.ts";
import { findOrder } from "../domain/billing/orders.ts";
import { ProviderDown } from "./providers.ts";
import { applyState, orderView } from "./apply.ts";
import { providers } from "./registry.ts";
import { isTestMode } from "./test-mode-flag.ts";

export function registerReturn(app: Hono<HonoEnv>) {
  page(app, calls.orderReturn, async (c, q) => {
    const { deps } = c.var;
    let order = await findOrder(deps.db, q.order);
    if (!order || order.playerId !== c.var.player!.playerId) throw notFound();
    const provider = providers[order.provider];
    let providerDown = false;
    if (provider && (order.status === "created" || order.status === "pending")) {
      try {
        let state = await provider.check(deps, order);
        if (state.status === "pending" && provider.finish) state = await provider.finish(deps, order);
        order = await applyState(deps.db, order, state, "return", deps.clock.now());
      } catch (e) {
        if (!(e instanceof ProviderDown)) throw e;
        providerDown = true;
      }
    }
    return { order: orderView(order), providerDown, testMode: isTestMode(deps) };
  });
}
