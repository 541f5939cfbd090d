// What every payment provider module gives the rest of billing: its market, how to send a
// player to pay (where the provider works by redirect) and how to ask the provider for an
// order's state (cashbox/request, verify, and the player's return pages).
import type { Context } from "hono";
import type { Deps } from "../deps.ts";
import type { HonoEnv } from "../http/env.ts";
import { AppError } from "../domain/errors.ts";
import type { Market } from "../domain/billing/catalog.ts";
import type { Movement } from "../domain/billing/movements.ts";
import type { Order } from "../domain/billing/orders.ts";
import "./messages.ts";

export interface ProviderState {
  /** paid: money received; pending: not yet known; failed/cancelled: no money; refunded: given back. */
  status: "paid" | "pending" | "failed" | "cancelled" | "refunded";
  txId?: string;
  amountMinor?: number;
  currency?: string;
  /** What the provider answered, for the operator and the order's history. */
  raw: unknown;
  /** refunded: the movements the provider names (Apple: the revocation by its date); none: the whole amount, once. */
  movements?: Movement[];
}

export interface Provider {
  name: string;
  market: Market;
  /** The only currencies the provider takes, where it is limited (Robokassa: roubles). */
  currencies?: readonly string[];
  /** The currency a buyer from `country` pays in when they ask for none. */
  currencyFor(country: string): string | undefined;
  /** Sends the player to pay: the address to open (none for in-app stores), and the provider's reference. */
  start?(c: Context<HonoEnv>, order: Order): Promise<{ url: string | null; ref: string | null }>;
  /** Throws 503 "not configured" when the provider's settings are missing (checked before an order is made). */
  ready(deps: Deps): void;
  /** Asks the provider for the order's state; throws ProviderDown when it cannot be reached. */
  check(deps: Deps, order: Order): Promise<ProviderState>;
  /** verify only: completes what the buyer approved but we never finished (PayPal's capture). */
  finish?(deps: Deps, order: Order): Promise<ProviderState>;
}

export class ProviderDown extends AppError {
  constructor(
    provider: string,
    readonly cause?: unknown,
  ) {
    super("unavailable", "billing.error.provider_down", [provider], 503);
  }
}

export const notConfigured = (provider: string) =>
  new AppError("unavailable", "billing.error.not_configured", [provider], 503);

/** A required setting of a provider, or a 503 naming the provider. */
export function secret(deps: Deps, provider: string, name: string): string {
  const v = deps.settings.secrets[name];
  if (!v) throw notConfigured(provider);
  return v;
}

/** fetch that turns "cannot reach" and 5xx into ProviderDown, with a timeout. */
export async function providerFetch(
  provider: string,
  url: string,
  init: RequestInit = {},
  timeoutMs = 10_000,
): Promise<Response> {
  let res: Response;
  try {
    res = await fetch(url, { ...init, signal: AbortSignal.timeout(timeoutMs) });
  } catch (e) {
    throw new ProviderDown(provider, e);
  }
  if (res.status >= 500) throw new ProviderDown(provider, `HTTP ${res.status}`);
  return res;
}
