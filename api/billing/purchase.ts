// Starting a purchase with a provider that works by redirect (Robokassa, Ecommpay…): the spec
// names no start route for them (Stripe has order/initialize, PayPal order/create), so the shop
// posts here; see docs/decisions/billing.md.
import { z } from "zod";
import type { Hono } from "hono";
import type { HonoEnv } from "../http/env.ts";
import { route } from "../http/router.ts";
import * as f from "../domain/fields.ts";
import { itemId } from "../domain/billing/catalog.ts";
import { CURRENCIES } from "./money.ts";
import { providers, providerOf } from "./registry.ts";
import { startPurchase, playerCountry } from "./start.ts";

const startInput = z.object({
  provider: z.string().refine((p) => !!providers[p]?.start, { params: { rule: "pattern" } }),
  item_id: itemId(),
  currency: f.optional(z.enum(CURRENCIES)),
});

export function registerPurchase(app: Hono<HonoEnv>) {
  route(
    app,
    { method: "POST", path: "/billing/order/start", auth: "player", mutates: true },
    { input: startInput },
    async (c, { provider: name, item_id, currency }) => {
      const provider = providerOf(name);
      const result = await startPurchase(
        c,
        provider,
        item_id,
        currency ?? provider.currencyFor(await playerCountry(c.var.deps, c.var.player!.playerId)),
      );
      return c.json(result);
    },
  );
}
