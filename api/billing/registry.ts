// The payment providers by name, for verify, cashbox/request and the generic purchase start.
import type { Deps } from "../deps.ts";
import { rustoreProvider } from "./rustore.ts";
import { appleProvider } from "./apple.ts";
import { ecommpayProvider } from "./ecommpay.ts";
import { paypalProvider } from "./paypal.ts";
import { AppError } from "../domain/errors.ts";
import type { Provider, ProviderState } from "./providers.ts";
import { stripeProvider } from "./stripe.ts";
import { robokassaProvider } from "./robokassa.ts";
import { applyState } from "./apply.ts";
import type { After, Order, Source } from "../domain/billing/orders.ts";

export const providers: Record<string, Provider> = {
  [stripeProvider.name]: stripeProvider,
  [robokassaProvider.name]: robokassaProvider,
  [ecommpayProvider.name]: ecommpayProvider,
  [paypalProvider.name]: paypalProvider,
  [appleProvider.name]: appleProvider,
  [rustoreProvider.name]: rustoreProvider,
};

export function providerOf(name: string): Provider {
  const p = providers[name];
  if (!p)
    throw new AppError("validation", "billing.error.unknown_provider", [], 400, {
      provider: { id: "validation.pattern" },
    });
  return p;
}

/** Asks the provider for the order's state and applies it (credits if paid); ProviderDown leaves the order as it is. */
export async function verifyOrder(
  deps: Deps,
  order: Order,
  source: Source,
  adminId?: number,
  after?: After,
): Promise<{ order: Order; provider: ProviderState; changed: boolean }> {
  const provider = providerOf(order.provider);
  let state = await provider.check(deps, order);
  if (state.status === "pending" && provider.finish && source === "verify") state = await provider.finish(deps, order);
  let changed = false;
  const result = await applyState(deps.db, order, state, source, deps.clock.now(), adminId, async (tx, o) => {
    changed = true;
    await after?.(tx, o);
  });
  return { order: result, provider: state, changed };
}
