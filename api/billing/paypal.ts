// PayPal Orders v2 (developer.paypal.com/docs/api/orders/v2): order/create makes a PayPal order
// (intent CAPTURE, our order id as reference_id and custom_id) and answers its id for the PayPal
// buttons; the buyer approves; order/{id}/capture captures it server to server and credits from
// the capture PayPal returns (amount and currency checked). There is no callback to forge: the
// money is read from PayPal's own answer to our authenticated call. order/{id}/cancel cancels our
// order (PayPal lets an uncaptured order expire). OAuth2 client credentials, the token cached
// per instance until shortly before it expires. The provider transaction id is the capture id.
// Every call asks for the whole resource (Prefer: return=representation) and, on a 401, gets a
// new token and tries once more. PayPal's webhook (/billing/paypal/webhook) reports what happens
// later — a PENDING capture completing or denied, refunds, reversals (chargebacks) — verified by
// PayPal's verify-webhook-signature with our webhook id.
// Settings: PAYPAL_CLIENT_ID, PAYPAL_SECRET, PAYPAL_API_BASE (default https://api-m.paypal.com),
// PAYPAL_WEBHOOK_ID (the webhook's id in the developer dashboard; without it the webhook answers 503).
import { assertMayMoveMoney } from "../domain/guests.ts";
import { z } from "zod";
import type { Context, Hono } from "hono";
import type { Deps } from "../deps.ts";
import type { HonoEnv } from "../http/env.ts";
import * as calls from "../contracts/billing.ts";
import { route } from "../http/router.ts";
import { AppError, notFound } from "../domain/errors.ts";
import {
  createOrder,
  markPending,
  reportMovements,
  settlePaid,
  settleUnpaid,
} from "../domain/billing/provider-orders.ts";
import { findByRef, findByTx, findOrder, type Order } from "../domain/billing/orders.ts";
import type { Movement } from "../domain/billing/movements.ts";
import { ProviderDown, providerFetch, secret, type Provider, type ProviderState } from "./providers.ts";
import { applyState, orderView } from "./apply.ts";
import type { Market } from "../domain/billing/catalog.ts";
import { decimalToMinor, minorToDecimal } from "./money.ts";
import { playerCountry } from "../domain/billing/offers.ts";

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
    headers: {
      authorization: `Basic ${btoa(`${cfg.clientId}:${cfg.secret}`)}`,
      "content-type": "application/x-www-form-urlencoded",
    },
    body: "grant_type=client_credentials",
  });
  const body = (await res.json().catch(() => null)) as { access_token?: string; expires_in?: number } | null;
  if (!res.ok || !body?.access_token) throw new ProviderDown(NAME, `token: HTTP ${res.status}`);
  tokens.set(key, { token: body.access_token, until: Date.now() + Math.max(0, (body.expires_in ?? 300) - 60) * 1000 });
  return body.access_token;
}

async function api(
  deps: Deps,
  method: string,
  path: string,
  body?: unknown,
  requestId?: string,
): Promise<{ status: number; body: Record<string, unknown> | null }> {
  const cfg = config(deps);
  const send = async () =>
    providerFetch(NAME, `${cfg.base}${path}`, {
      method,
      headers: {
        authorization: `Bearer ${await accessToken(deps)}`,
        "content-type": "application/json",
        // The whole resource, not PayPal's minimal default (id, status, links): we read the capture.
        prefer: "return=representation",
        ...(requestId ? { "paypal-request-id": requestId } : {}),
      },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
  return withToken(cfg, send);
}

/** Sends a call with our token; a token PayPal no longer accepts (expired early, revoked): one new token, one retry. Answers the status and the JSON body. */
async function withToken(
  cfg: { base: string; clientId: string },
  send: () => Promise<Response>,
): Promise<{ status: number; body: Record<string, unknown> | null }> {
  let res = await send();
  if (res.status === 401) {
    tokens.delete(`${cfg.base} ${cfg.clientId}`);
    res = await send();
  }
  return { status: res.status, body: (await res.json().catch(() => null)) as Record<string, unknown> | null };
}

const money = z.object({ currency_code: z.string(), value: z.string() });
const ppOrder = z.object({
  id: z.string(),
  status: z.string(),
  purchase_units: z
    .array(
      z.object({
        reference_id: z.string().optional(),
        payments: z
          .object({ captures: z.array(z.object({ id: z.string(), status: z.string(), amount: money })).optional() })
          .optional(),
      }),
    )
    .optional(),
  links: z.array(z.object({ rel: z.string(), href: z.string() })).optional(),
});
type PpOrder = z.output<typeof ppOrder>;

function stateOf(o: PpOrder): ProviderState {
  const capture = o.purchase_units?.flatMap((u) => u.payments?.captures ?? [])[0];
  if (capture && capture.status === "COMPLETED")
    return {
      status: "paid",
      txId: capture.id,
      amountMinor: decimalToMinor(capture.amount.value) ?? -1,
      currency: capture.amount.currency_code,
      raw: { order: o.id, status: o.status, capture: capture.id },
    };
  // Money given back: a refund, or a reversal (chargeback); PARTIALLY_REFUNDED keeps the purchase.
  if (capture && capture.status === "REFUNDED")
    return { status: "refunded", txId: capture.id, raw: { order: o.id, capture: capture.id, status: capture.status } };
  // Reversed: a chargeback, the same movement the webhook's PAYMENT.CAPTURE.REVERSED records.
  if (capture && capture.status === "REVERSED") {
    const raw = { order: o.id, capture: capture.id, status: capture.status };
    const amountMinor = decimalToMinor(capture.amount.value) ?? 0;
    return {
      status: "refunded",
      txId: capture.id,
      raw,
      movements: [
        { kind: "chargeback", key: `chargeback:${capture.id}`, subject: capture.id, amountMinor, detail: raw },
      ],
    };
  }
  if (capture && (capture.status === "DECLINED" || capture.status === "FAILED"))
    return { status: "failed", raw: { order: o.id, capture: capture.id, status: capture.status } };
  if (capture && capture.status === "PARTIALLY_REFUNDED")
    return {
      status: "paid",
      txId: capture.id,
      amountMinor: decimalToMinor(capture.amount.value) ?? -1,
      currency: capture.amount.currency_code,
      raw: { order: o.id, capture: capture.id, status: capture.status },
    };
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
  const r = await api(
    deps,
    "POST",
    `/v2/checkout/orders/${encodeURIComponent(order.providerRef!)}/capture`,
    {},
    `capture-${order.id}`,
  );
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
  const r = await api(
    deps,
    "POST",
    "/v2/checkout/orders",
    {
      intent: "CAPTURE",
      purchase_units: [
        {
          reference_id: String(order.id),
          custom_id: String(order.id),
          description: order.itemId,
          amount: { currency_code: order.currency, value: minorToDecimal(order.amountMinor) },
        },
      ],
      payment_source: {
        paypal: {
          experience_context: {
            return_url: back,
            cancel_url: back,
            user_action: "PAY_NOW",
            locale: c.var.locale === "ru" ? "ru-RU" : "en-US",
          },
        },
      },
    },
    `create-${order.id}`,
  );
  const parsed = ppOrder.safeParse(r.body);
  if (r.status >= 400 || !parsed.success) throw new ProviderDown(NAME, `create: HTTP ${r.status}`);
  return {
    ref: parsed.data.id,
    url: parsed.data.links?.find((l) => l.rel === "payer-action" || l.rel === "approve")?.href ?? null,
  };
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

const webhookEvent = z.object({
  id: z.string(),
  event_type: z.string(),
  resource: z.record(z.string(), z.unknown()),
});
// The resources the events carry (developer.paypal.com/docs/api/payments/v2, /customer-disputes/v1).
const captureResource = z.object({
  id: z.string(),
  status: z.string().optional(),
  amount: money.optional(),
  custom_id: z.string().optional(),
});
const refundResource = z.object({
  id: z.string(),
  status: z.string().optional(),
  amount: money.optional(),
  seller_payable_breakdown: z.object({ total_refunded_amount: money.optional() }).optional(),
  links: z.array(z.object({ rel: z.string(), href: z.string() })).optional(),
});
const disputeResource = z.object({
  dispute_id: z.string(),
  status: z.string().optional(),
  dispute_life_cycle_stage: z.string().optional(),
  dispute_amount: money.optional(),
  dispute_outcome: z.object({ outcome_code: z.string() }).optional(),
  disputed_transactions: z.array(z.object({ seller_transaction_id: z.string().optional() })).min(1),
});

/** POST with a body already serialised (the webhook event must reach PayPal byte for byte). */
async function apiRaw(deps: Deps, path: string, body: string) {
  const cfg = config(deps);
  return withToken(cfg, async () =>
    providerFetch(NAME, `${cfg.base}${path}`, {
      method: "POST",
      headers: { authorization: `Bearer ${await accessToken(deps)}`, "content-type": "application/json" },
      body,
    }),
  );
}

const minor = (m: { value: string } | undefined) => (m ? (decimalToMinor(m.value) ?? -1) : undefined);
/** A dispute that reached the chargeback stages had its funds reversed (PAYMENT.CAPTURE.REVERSED). */
const CHARGEBACK_STAGES = new Set(["CHARGEBACK", "PRE_ARBITRATION", "ARBITRATION"]);

/**
 * A capture's money after it was paid, as movements keyed by PayPal's ids: each refund by its id
 * with the capture's running total (seller_payable_breakdown.total_refunded_amount), so partial
 * refunds that add up to the whole amount take the grants back; a reversal (chargeback) by its id;
 * a dispute in its inquiry stage withdraws nothing; one resolved in the seller's favour after
 * reaching the chargeback stages returns what the reversal took, in the buyer's keeps it.
 */
function paypalMovements(type: string, resource: unknown): { capture: string; movements: Movement[] } | null {
  if (type === "PAYMENT.CAPTURE.REFUNDED" || type === "PAYMENT.CAPTURE.REVERSED") {
    const r = refundResource.safeParse(resource);
    if (!r.success) return null;
    // The resource is the refund; its "up" link names the capture.
    const capture = /\/captures\/([^/?]+)/.exec(r.data.links?.find((l) => l.rel === "up")?.href ?? "")?.[1];
    if (!capture) return null;
    const amount = minor(r.data.amount);
    if (type === "PAYMENT.CAPTURE.REVERSED")
      return {
        capture,
        movements: [{ kind: "chargeback", key: `chargeback:${capture}`, subject: capture, amountMinor: amount ?? 0 }],
      };
    const total = minor(r.data.seller_payable_breakdown?.total_refunded_amount);
    const movements: Movement[] = [
      { kind: "refund", key: `refund:${r.data.id}`, subject: r.data.id, amountMinor: amount ?? 0 },
    ];
    if (total !== undefined)
      movements.push({
        kind: "refund_total",
        key: `refund_total:${capture}:${total}`,
        subject: capture,
        amountMinor: total,
      });
    return { capture, movements };
  }
  if (type.startsWith("CUSTOMER.DISPUTE.")) {
    const d = disputeResource.safeParse(resource);
    const capture = d.success ? d.data.disputed_transactions[0].seller_transaction_id : undefined;
    if (!d.success || !capture) return null;
    const id = d.data.dispute_id;
    const m = (kind: Movement["kind"], amountMinor = 0): Movement => ({
      kind,
      key: `${kind}:${id}`,
      subject: id,
      amountMinor,
      detail: {
        stage: d.data.dispute_life_cycle_stage,
        status: d.data.status,
        outcome: d.data.dispute_outcome?.outcome_code,
      },
    });
    const chargeback = CHARGEBACK_STAGES.has(d.data.dispute_life_cycle_stage ?? "");
    const outcome = d.data.dispute_outcome?.outcome_code;
    if (!chargeback) return { capture, movements: outcome ? [m("inquiry"), m("inquiry_closed")] : [m("inquiry")] };
    // A chargeback reverses the capture (the same movement as PAYMENT.CAPTURE.REVERSED, which may come later or never).
    const amount = minor(d.data.dispute_amount) ?? 0;
    const reversed: Movement = { ...m("chargeback", amount), key: `chargeback:${capture}`, subject: capture };
    if (outcome === "RESOLVED_SELLER_FAVOUR" || outcome === "CANCELED_BY_BUYER")
      return { capture, movements: [reversed, m("chargeback_reversed", amount)] };
    if (outcome) return { capture, movements: [reversed, m("dispute_lost")] };
    return { capture, movements: [reversed] };
  }
  return null;
}

async function handleWebhook(deps: Deps, e: z.output<typeof webhookEvent>): Promise<string> {
  const at = deps.clock.now();
  const detail = { event: e.id, type: e.event_type };
  switch (e.event_type) {
    case "PAYMENT.CAPTURE.COMPLETED":
    case "PAYMENT.CAPTURE.DENIED":
    case "PAYMENT.CAPTURE.DECLINED": {
      const parsed = captureResource.safeParse(e.resource);
      if (!parsed.success) throw new AppError("malformed");
      const r = parsed.data;
      const order = /^[0-9]{1,15}$/.test(r.custom_id ?? "") ? await findOrder(deps.db, Number(r.custom_id)) : null;
      if (!order || order.provider !== NAME) return "ignored: not our order";
      if (e.event_type !== "PAYMENT.CAPTURE.COMPLETED") {
        if (order.status !== "created" && order.status !== "pending") return "unchanged";
        await settleUnpaid(deps.db, {
          provider: NAME,
          orderId: order.id,
          to: "failed",
          source: "callback",
          at,
          detail,
        });
        return "failed";
      }
      if (!r.amount) throw new AppError("malformed");
      const { order: paid } = await settlePaid(deps.db, {
        provider: NAME,
        orderId: order.id,
        providerTxId: r.id,
        amountMinor: decimalToMinor(r.amount.value) ?? -1,
        currency: r.amount.currency_code,
        source: "callback",
        at,
        detail: { ...detail, resource: r.id },
      });
      return paid.status;
    }
    default: {
      if (!e.event_type.startsWith("PAYMENT.CAPTURE.") && !e.event_type.startsWith("CUSTOMER.DISPUTE."))
        return "ignored";
      const said = paypalMovements(e.event_type, e.resource);
      if (!said) {
        if (
          e.event_type === "PAYMENT.CAPTURE.REFUNDED" ||
          e.event_type === "PAYMENT.CAPTURE.REVERSED" ||
          e.event_type.startsWith("CUSTOMER.DISPUTE.")
        )
          throw new AppError("malformed");
        return "ignored";
      }
      const order = await findByTx(deps.db, NAME, said.capture);
      // A refund or dispute of a capture we have not seen completed waits under the capture id.
      const r = await reportMovements(
        deps.db,
        { provider: NAME, orderId: order?.id ?? null, providerTxId: said.capture, source: "callback", at },
        said.movements.map((m) => ({ ...m, detail: { ...detail, ...(m.detail as object | undefined) } })),
      );
      if (!r.order) return `remembered: ${r.added} new`;
      return `${r.added ? "recorded" : "already recorded"}: ${r.order.status}`;
    }
  }
}

async function playerOrderByRef(c: Context<HonoEnv>, ref: string): Promise<Order> {
  const order = await findByRef(c.var.deps.db, NAME, ref);
  if (!order || order.playerId !== c.var.player!.playerId) throw notFound();
  return order;
}

export function registerPaypal(app: Hono<HonoEnv>) {
  route(app, calls.paypalCreate, async (c, { item_id, currency }) => {
    const { deps } = c.var;
    const playerId = c.var.player!.playerId;
    await assertMayMoveMoney(deps.db, playerId);
    paypalProvider.ready(deps);
    const order = await createOrder(deps.db, {
      playerId,
      itemId: item_id,
      provider: NAME,
      market: "web",
      currency: currency ?? paypalProvider.currencyFor(await playerCountry(deps, playerId)),
      at: deps.clock.now(),
    });
    const made = await createPaypalOrder(c, order);
    await markPending(deps.db, order.id, made.ref, deps.clock.now(), { paypalOrder: made.ref });
    return { id: made.ref, order: orderView((await findOrder(deps.db, order.id))!), approveUrl: made.url };
  });

  route(app, calls.paypalCapture, async (c, { orderId }) => {
    const order = await playerOrderByRef(c, orderId);
    const { deps } = c.var;
    if (order.status === "paid" || order.status === "refunded") return { order: orderView(order) };
    const state = await capture(deps, order);
    const done = await applyState(deps.db, order, state, "callback", deps.clock.now());
    return { order: orderView(done) };
  });

  // PayPal's webhook: the event is verified by PayPal itself (verify-webhook-signature with our
  // webhook id and the PAYPAL-* headers, the event passed exactly as received), then applied:
  // capture completed credits, denied fails, refunded (in full) and reversed take the grants back.
  route(app, calls.paypalWebhook, async (c) => {
    const { deps } = c.var;
    const webhookId = secret(deps, NAME, "PAYPAL_WEBHOOK_ID");
    const raw = await c.req.text();
    const h = (n: string) => c.req.header(n) ?? "";
    let event: z.output<typeof webhookEvent>;
    try {
      const parsed = webhookEvent.safeParse(JSON.parse(raw));
      if (!parsed.success) throw new Error("shape");
      event = parsed.data;
    } catch {
      throw new AppError("malformed");
    }
    if (!h("paypal-transmission-sig") || !h("paypal-transmission-id"))
      throw new AppError("signature", "billing.error.signature", [], 400);
    const head = JSON.stringify({
      auth_algo: h("paypal-auth-algo"),
      cert_url: h("paypal-cert-url"),
      transmission_id: h("paypal-transmission-id"),
      transmission_sig: h("paypal-transmission-sig"),
      transmission_time: h("paypal-transmission-time"),
      webhook_id: webhookId,
    });
    const check = await apiRaw(
      deps,
      "/v1/notifications/verify-webhook-signature",
      `${head.slice(0, -1)},"webhook_event":${raw}}`,
    );
    if (check.status === 401 || check.status === 403) throw new ProviderDown(NAME, `verify: HTTP ${check.status}`);
    if (check.body?.verification_status !== "SUCCESS")
      throw new AppError("signature", "billing.error.signature", [], 400);
    return { received: true as const, outcome: await handleWebhook(deps, event) };
  });

  route(app, calls.paypalCancel, async (c, { orderId }) => {
    const order = await playerOrderByRef(c, orderId);
    if (order.status === "cancelled") return { order: orderView(order) };
    const done = await settleUnpaid(c.var.deps.db, {
      provider: NAME,
      orderId: order.id,
      to: "cancelled",
      source: "player",
      at: c.var.deps.clock.now(),
    });
    return { order: orderView(done) };
  });
}
