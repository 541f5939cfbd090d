// The payment methods the player's profile offers (/public/profile/paymentMethods): billing's
// providers for the player's country and platform, with what each sells now.
import type { Hono } from "hono";
import type { HonoEnv } from "../http/env.ts";
import { route } from "../http/router.ts";
import { playerMarket } from "../domain/players.ts";
import * as profile from "../contracts/public/profile.ts";
import { providers } from "./registry.ts";
import { isTestMode } from "./test-mode-flag.ts";
import { offers } from "../domain/billing/offers.ts";

const me = (c: { var: HonoEnv["Variables"] }) => c.var.player!.playerId;

export function registerPaymentMethods(app: Hono<HonoEnv>) {
  // The payment providers for the player's country and platform, with what each sells now.
  // A provider is listed when its market fits the platform, it has a currency for the country
  // and its settings are present (billing's own `ready` check); the catalog is billing's `offers`.
  route(app, profile.paymentMethods, async (c) => {
    const p = await playerMarket(c.var.deps.db, me(c));
    const markets =
      p.platform === "ios" ? ["app_store"] : p.platform === "android" ? ["rustore", "google_play"] : ["web"];
    const methods = [];
    for (const provider of Object.values(providers)) {
      if (!markets.includes(provider.market)) continue;
      const currency = provider.currencyFor(p.country);
      if (!currency) continue;
      try {
        provider.ready(c.var.deps);
      } catch {
        continue;
      }
      const items = await offers(c.var.deps, me(c), provider.market as "web");
      methods.push({
        provider: provider.name,
        market: provider.market,
        currency,
        items: items.map((i) => ({ ...i, prices: i.prices.filter((x) => x.currency === currency) })),
      });
    }
    return { country: p.country, platform: p.platform, methods, testMode: isTestMode(c.var.deps) };
  });
}
