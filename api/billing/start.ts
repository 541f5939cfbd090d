// Starting a purchase: the order priced on the server, then the provider's payment page.
import type { Context } from "hono";
import type { HonoEnv } from "../http/env.ts";
import { createOrder, markPending } from "../domain/billing/provider-orders.ts";
import { findOrder } from "../domain/billing/orders.ts";
import type { Provider } from "./providers.ts";
import { orderView } from "./apply.ts";
import { AppError } from "../domain/errors.ts";
import { testStoreUrl } from "./test-mode.ts";
import { assertMayMoveMoney } from "../domain/guests.ts";

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
