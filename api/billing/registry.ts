// The payment providers by name, for verify, cashbox/request and the generic purchase start.
import type { Deps } from "../deps.ts";
import { AppError } from "../http/errors.ts";
import type { Provider } from "./providers.ts";
import { stripeProvider } from "./stripe.ts";
import { robokassaProvider } from "./robokassa.ts";
import { applyState } from "./apply.ts";
import type { Order, Source } from "./orders.ts";

export const providers: Record<string, Provider> = {
  [stripeProvider.name]: stripeProvider,
  [robokassaProvider.name]: robokassaProvider,
};

export function providerOf(name: string): Provider {
  const p = providers[name];
  if (!p) throw new AppError("validation", "billing.error.unknown_provider", [], 400, { provider: { id: "validation.pattern" } });
  return p;
}

/** Asks the provider for the order's state and applies it (credits if paid); ProviderDown leaves the order as it is. */
export async function verifyOrder(deps: Deps, order: Order, source: Source, adminId?: number): Promise<{ order: Order; provider: unknown }> {
  const state = await providerOf(order.provider).check(deps, order);
  return { order: await applyState(deps.db, order, state, source, deps.clock.now(), adminId), provider: state };
}
