// Starting a purchase with a provider that works by redirect (Robokassa, Ecommpay…): the spec
// names no start route for them (Stripe has order/initialize, PayPal order/create), so the shop
// posts here; see docs/decisions/billing.md.
import type { Hono } from "hono";
import type { HonoEnv } from "../http/env.ts";
import { route } from "../http/router.ts";
import { fieldError } from "../domain/errors.ts";
import * as calls from "../contracts/billing.ts";
import { providers, providerOf } from "./registry.ts";
import { startPurchase } from "./start.ts";
import { playerCountry } from "../domain/billing/offers.ts";

export function registerPurchase(app: Hono<HonoEnv>) {
  route(app, calls.orderStart, async (c, { provider: name, item_id, currency }) => {
    // A provider that starts a purchase by redirect (the others have routes of their own).
    if (!providers[name]?.start) throw fieldError({ provider: { id: "validation.pattern" } });
    const provider = providerOf(name);
    const result = await startPurchase(
      c,
      provider,
      item_id,
      currency ?? provider.currencyFor(await playerCountry(c.var.deps, c.var.player!.playerId)),
    );
    return result;
  });
}
