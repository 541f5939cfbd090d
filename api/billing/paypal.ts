// PayPal Orders v2 (developer.paypal.com/docs/api/orders/v2): order/create makes a PayPal order
// (intent CAPTURE, our order id as reference_id and custom_id) and answers its id for the PayPal
// buttons; the buyer approves; order/{id}/capture captures it server to server and credits from
// the capture PayPal returns (amount and currency checked). There is no callback to forge: the
// money is read from PayPal's own answer to our authenticated call. order/{id}/cancel cancels our
// order (PayPal lets an uncaptured order expire). OAuth2 client credentials, the token cached
// per instance until shortly before it expires. The provider transaction id is the capture id.
// Settings: PAYPAL_CLIENT_ID, PAYPAL_SECRET, PAYPAL_API_BASE (default https://api-m.paypal.com).
import { z } from "zod";
import type { Context, Hono } from "hono";
import type { Deps } from "../deps.ts";
import type { HonoEnv } from "../http/env.ts";
import { route } from "../http/router.ts";
import * as f from "../http/fields.ts";
import { AppError, notFound } from "../http/errors.ts";
import { createOrder, findByRef, findOrder, markPending, settleUnpaid, type Order } from "./orders.ts";
import { ProviderDown, providerFetch, secret, type Provider, type ProviderState } from "./providers.ts";
import { applyState, orderView } from "./apply.ts";
import { itemId, type Market } from "./catalog.ts";
import { CURRENCIES, decimalToMinor, minorToDecimal } from "./money.ts";
import { playerCountry } from "./start.ts";

const NAME = "paypal";
const EUR_COUNTRIES = new Set(["DE", "FR", "IT", "ES", "NL", "BE", "AT", "FI", "IE", "PT", "GR", "PL"]);
const tokens = new Map<string, { token: string; until: number }>();

function config(deps: Deps) {
  return {
    clientId: secret(deps, NAME, "PAYPAL_CLIENT_ID"),
    secret: secret(deps, NAME, "PAYPAL_SECRET"),
    base: (deps.settings.secrets.PAYPAL_API_BASE ?? "https://api-m.paypal.com").replace(/\/$/, ""),
  };
}

async function accessToken(deps: Deps): Promise<string> {
  const cfg = config(deps);
  const key = `${cfg.base} ${cfg.clientId}`;
  const hit = tokens.get(key);
  if (hit && hit.until > Date.now()) return hit.token;
  const res = await providerFetch(NAME, `${cfg.base}/v1/oauth2/token`, {
    method: "POST",
    headers: { authorization: `Basic ${btoa(`${cfg.clientId}:${cfg.secret}`)}`, "content-type": "application/x-www-form-urlencoded" },
    body: "grant_type=client_credentials",
  });
  const body = (await res.json().catch(() => null)) as { access_token?: string; expires_in?: number } | null;
  if (!res.ok || !body?.access_token) throw new ProviderDown(NAME, `token: HTTP ${res.status}`);
  tokens.set(key, { token: body.access_token, until: Date.now() + Math.max(0, (body.expires_in ?? 300) - 60) * 1000 });
  return body.access_token;
}

async function api(deps: Deps, method: string, path: string, body?: unknown, requestId?: string): Promise<{ status: number; body: Record<string, unknown> | null }> {
  const cfg = config(deps);
  const res = await providerFetch(NAME, `${cfg.base}${path}`, {
    method,
    headers: { authorization: `Bearer ${await accessToken(deps)}`, "content-type": "application/json", ...(requestId ? { "paypal-request-id": requestId } : {}) },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  if (res.status === 401) tokens.clear();
  return { status: res.status, body: (await res.json().catch(() => null)) as Record<string, unknown> | null };
}

const money = z.object({ currency_code: z.string(), value: z.string() });
const ppOrder = z.object({
  id: z.string(),
  status: z.string(),
  purchase_units: z
    .array(z.object({ reference_id: z.string().optional(), payments: z.object({ captures: z.array(z.object({ id: z.string(), status: z.string(), amount: money })).optional() }).optional() }))
    .optional(),
  links: z.array(z.object({ rel: z.string(), href: z.string() })).optional(),
});
type PpOrder = z.output<typeof ppOrder>;

function stateOf(o: PpOrder): ProviderState {
  const capture = o.purchase_units?.flatMap((u) => u.payments?.captures ?? [])[0];
  if (capture && capture.status === "COMPLETED")
    return { status: "paid", txId: capture.id, amountMinor: decimalToMinor(capture.amount.value) ?? -1, currency: capture.amount.currency_code, raw: { order: o.id, status: o.status, capture: capture.id } };
  if (capture && capture.status === "REFUNDED") return { status: "refunded", txId: capture.id, raw: { order: o.id, capture: capture.id, status: capture.status } };
  if (capture && capture.status === "DECLINED") return { status: "failed", raw: { order: o.id, capture: capture.id, status: capture.status } };
  if (o.status === "VOIDED") return { status: "cancelled", raw: { order: o.id, status: o.status } };
  return { status: "pending", raw: { order: o.id, status: o.status } };
}

async function getOrder(deps: Deps, id: string): Promise<PpOrder | null> {
  const r = await api(deps, "GET", `/v2/checkout/orders/${encodeURIComponent(id)}`);
  if (r.status === 404) return null;
  const parsed = ppOrder.safeParse(r.body);
  if (!parsed.success) throw new ProviderDown(NAME, `unreadable order: HTTP ${r.status}`);
  return parsed.data;
}

/** Captures an approved PayPal order; an order captured before is read back instead. */
async function capture(deps: Deps, order: Order): Promise<ProviderState> {
  const r = await api(deps, "POST", `/v2/checkout/orders/${encodeURIComponent(order.providerRef!)}/capture`, {}, `capture-${order.id}`);
  if (r.status === 200 || r.status === 201) {
    const parsed = ppOrder.safeParse(r.body);
    if (!parsed.success) throw new ProviderDown(NAME, "unreadable capture");
    return stateOf(parsed.data);
  }
  const issue = ((r.body?.details as { issue?: string }[] | undefined) ?? [])[0]?.issue;
  if (r.status === 422 && (issue === "ORDER_ALREADY_CAPTURED" || issue === "ORDER_NOT_APPROVED")) {
    const o = await getOrder(deps, order.providerRef!);
    return o ? stateOf(o) : { status: "pending", raw: { issue } };
  }
  if (r.status === 404) throw notFound();
  throw new AppError("conflict", "billing.error.order_state", [issue ?? `HTTP ${r.status}`], 409);
}

/** Makes the PayPal order for ours (intent CAPTURE); the buyer comes back to our order page. */
async function createPaypalOrder(c: Context<HonoEnv>, order: Order): Promise<{ ref: string; url: string | null }> {
  const { deps } = c.var;
  const back = `${deps.settings.publicUrl}/billing/order/return?order=${order.id}`;
  const r = await api(deps, "POST", "/v2/checkout/orders", {
    intent: "CAPTURE",
    purchase_units: [{ reference_id: String(order.id), custom_id: String(order.id), description: order.itemId, amount: { currency_code: order.currency, value: minorToDecimal(order.amountMinor) } }],
    payment_source: { paypal: { experience_context: { return_url: back, cancel_url: back, user_action: "PAY_NOW", locale: c.var.locale === "ru" ? "ru-RU" : "en-US" } } },
  }, `create-${order.id}`);
  const parsed = ppOrder.safeParse(r.body);
  if (r.status >= 400 || !parsed.success) throw new ProviderDown(NAME, `create: HTTP ${r.status}`);
  return { ref: parsed.data.id, url: parsed.data.links?.find((l) => l.rel === "payer-action" || l.rel === "approve")?.href ?? null };
}

export const paypalProvider: Provider = {
  name: NAME,
  market: "web" as Market,
  currencyFor: (country) => (EUR_COUNTRIES.has(country) ? "EUR" : "USD"),
  ready: (deps) => void config(deps),
  // The payment methods screen starts PayPal like the other redirect providers: the buyer is
  // sent to PayPal's approval page and comes back to our order page, which captures.
  start: createPaypalOrder,
  async check(deps, order) {
    if (!order.providerRef) return { status: "pending", raw: { reason: "no PayPal order" } };
    const o = await getOrder(deps, order.providerRef);
    if (!o) return { status: "pending", raw: { reason: "unknown at PayPal" } };
    return stateOf(o);
  },
  // The buyer approved but our capture never reached PayPal: verify captures it.
  async finish(deps, order) {
    if (!order.providerRef) return { status: "pending", raw: {} };
    const o = await getOrder(deps, order.providerRef);
    if (o?.status === "APPROVED") return capture(deps, order);
    return o ? stateOf(o) : { status: "pending", raw: {} };
  },
};

const createInput = z.object({ item_id: itemId(), currency: f.optional(z.enum(CURRENCIES)) });
const ppId = /^[A-Za-z0-9-]{1,64}$/;

const refParam = z.object({ orderId: z.string().regex(ppId) });

async function playerOrderByRef(c: Context<HonoEnv>, ref: string): Promise<Order> {
  const order = await findByRef(c.var.deps.db, NAME, ref);
  if (!order || order.playerId !== c.var.player!.playerId) throw notFound();
  return order;
}

export function registerPaypal(app: Hono<HonoEnv>) {
  route(app, { method: "POST", path: "/billing/paypal/order/create", auth: "player", mutates: true }, { input: createInput }, async (c, { item_id, currency }) => {
    const { deps } = c.var;
    const playerId = c.var.player!.playerId;
    paypalProvider.ready(deps);
    const order = await createOrder(deps.db, { playerId, itemId: item_id, provider: NAME, market: "web", currency: currency ?? paypalProvider.currencyFor(await playerCountry(deps, playerId)), at: deps.clock.now() });
    const made = await createPaypalOrder(c, order);
    await markPending(deps.db, order.id, made.ref, deps.clock.now(), { paypalOrder: made.ref });
    return c.json({ id: made.ref, order: orderView((await findOrder(deps.db, order.id))!), approveUrl: made.url });
  });

  route(app, { method: "POST", path: "/billing/paypal/order/:orderId{[^/]+}/capture", auth: "player", mutates: true }, { params: refParam }, async (c, { orderId }) => {
    const order = await playerOrderByRef(c, orderId);
    const { deps } = c.var;
    if (order.status === "paid" || order.status === "refunded") return c.json({ order: orderView(order) });
    const state = await capture(deps, order);
    const done = await applyState(deps.db, order, state, "callback", deps.clock.now());
    return c.json({ order: orderView(done) });
  });

  route(app, { method: "POST", path: "/billing/paypal/order/:orderId{[^/]+}/cancel", auth: "player", mutates: true }, { params: refParam }, async (c, { orderId }) => {
    const order = await playerOrderByRef(c, orderId);
    if (order.status === "cancelled") return c.json({ order: orderView(order) });
    const done = await settleUnpaid(c.var.deps.db, { provider: NAME, orderId: order.id, to: "cancelled", source: "player", at: c.var.deps.clock.now() });
    return c.json({ order: orderView(done) });
  });
}
