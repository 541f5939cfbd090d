// Starting a purchase: the order priced on the server, then the provider's payment page.
import { eq } from "drizzle-orm";
import type { Context } from "hono";
import type { Deps } from "../deps.ts";
import type { HonoEnv } from "../http/env.ts";
import { players } from "../db/schema/players.ts";
import { createOrder, findOrder, markPending } from "./orders.ts";
import type { Provider } from "./providers.ts";
import { orderView } from "./apply.ts";
import { AppError } from "../domain/errors.ts";
import { testStoreUrl } from "./test-mode.ts";
import { boostAt, cachedCatalog, grantsAt, isAvailable } from "../domain/billing/catalog.ts";
import { assertMayMoveMoney } from "../domain/guests.ts";

export async function playerCountry(deps: Deps, playerId: number): Promise<string> {
  const [p] = await deps.db.select({ country: players.country }).from(players).where(eq(players.id, playerId)).limit(1);
  return p?.country ?? "";
}

/**
 * Creates the signed-in player's order and asks the provider for the payment page. If the
 * provider cannot be reached the order stays `created` (nothing was sent) and the player gets a 503.
 */
export async function startPurchase(
  c: Context<HonoEnv>,
  provider: Provider,
  item: string,
  currency: string | undefined,
) {
  const { db, clock } = c.var.deps;
  const playerId = c.var.player!.playerId;
  // Guests and unconfirmed addresses pay nothing (api/domain/guests.ts).
  await assertMayMoveMoney(db, playerId);
  provider.ready(c.var.deps);
  if (currency && provider.currencies && !provider.currencies.includes(currency))
    throw new AppError("validation", "billing.error.currency", [provider.name, currency], 400, {
      currency: { id: "validation.pattern" },
    });
  const order = await createOrder(db, {
    playerId,
    itemId: item,
    provider: provider.name,
    market: provider.market,
    currency,
    at: clock.now(),
  });
  const { url, ref } = await provider.start!(c, order);
  await markPending(db, order.id, ref, clock.now(), { ref });
  // In-app stores (Apple) get the reference to pass to the store (appAccountToken) instead of a
  // page; in test mode the stand-in's store sheet stands in for the game app's.
  return { order: orderView((await findOrder(db, order.id))!), url: url ?? testStoreUrl(c.var.deps, order, ref), ref };
}

/** What the signed-in player can buy in a market now: items with their prices and grants in force. */
export async function offers(deps: Deps, playerId: number, market: "web" | "rustore" | "app_store" | "google_play") {
  const [p] = await deps.db
    .select({ country: players.country, platform: players.platform })
    .from(players)
    .where(eq(players.id, playerId))
    .limit(1);
  if (!p) return [];
  const now = deps.clock.now();
  const snap = await cachedCatalog(deps.db, now);
  return snap.items
    .filter((i) => isAvailable(i, market, p, now))
    .map((i) => ({
      id: i.id,
      title: { ru: i.titleRu, en: i.titleEn },
      grants: grantsAt(i, snap.multipliers, now),
      // What a multiplier in force scales (the shop's "x2" badge): the base grant only, not the bonus.
      bonusGold: i.bonusGold,
      boosts: (["gold", "silver"] as const)
        .map((currency) => ({ currency, ...boostAt(i, snap.multipliers, now)[currency] }))
        .filter((b) => b.percent > 100 && i.grants[b.currency] > 0)
        .map((b) => ({ currency: b.currency, percent: b.percent, endsAt: b.endsAt ?? now })),
      prices: i.prices.filter((x) => x.market === market).map(({ currency, amount }) => ({ currency, amount })),
    }));
}
