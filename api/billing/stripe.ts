// Stripe: Checkout Sessions through the official library (fetch http client, so it runs on Bun,
// Deno and Workers) and webhooks verified from the Stripe-Signature header (HMAC-SHA256 over
// "t.payload", 5-minute tolerance) with the library's SubtleCrypto provider.
// The API version is pinned (STRIPE_API_VERSION): a library upgrade never changes what Stripe
// answers us without a change here. A webhook for a session or charge that is not ours answers
// 200 (recorded as ignored in the log), so Stripe neither retries it for days nor disables the
// endpoint. Refunds, disputes and inquiries are movements of the order's money (stripeMovements;
// the rules are api/domain/billing/movements.ts): an inquiry takes nothing, a dispute takes the
// grants while its funds are withdrawn, a refund when refunds reach the whole amount.
// Settings: STRIPE_SECRET_KEY, STRIPE_WEBHOOK_SECRET, STRIPE_API_BASE (optional, e.g. a stand-in).
import Stripe from "stripe";
import { z } from "zod";
import type { Context, Hono } from "hono";
import type { Deps } from "../deps.ts";
import type { HonoEnv } from "../http/env.ts";
import * as calls from "../contracts/billing.ts";
import { route, page } from "../http/router.ts";
import { AppError, notFound } from "../domain/errors.ts";
import { findByTx, findOrder, type Order } from "../domain/billing/orders.ts";
import { reportMovements, settlePaid, settleUnpaid } from "../domain/billing/provider-orders.ts";
import type { Movement } from "../domain/billing/movements.ts";
import { ProviderDown, secret, type Provider, type ProviderState } from "./providers.ts";
import { applyState, orderView } from "./apply.ts";
import type { Market } from "../domain/billing/catalog.ts";
import { startPurchase } from "./start.ts";
import { offers, playerCountry } from "../domain/billing/offers.ts";
import { robokassaProvider } from "./robokassa.ts";
import { isTestMode } from "./test-mode-flag.ts";
import { ecommpayProvider } from "./ecommpay.ts";

const NAME = "stripe";
const TOLERANCE_S = 300;
/** The Stripe API version every call is made with (and webhook endpoints should be set to). */
export const STRIPE_API_VERSION = "2026-10-28.endive";
const EUR_COUNTRIES = new Set([
  "DE",
  "FR",
  "IT",
  "ES",
  "NL",
  "BE",
  "AT",
  "FI",
  "IE",
  "PT",
  "GR",
  "SK",
  "SI",
  "LT",
  "LV",
  "EE",
  "LU",
  "MT",
  "CY",
  "HR",
]);
const crypto = Stripe.createSubtleCryptoProvider();

function client(deps: Deps): Stripe {
  const key = secret(deps, NAME, "STRIPE_SECRET_KEY");
  // STRIPE_API_BASE (a stand-in) may carry a path: the library's requests to api.stripe.com are
  // sent under it instead.
  const base = deps.settings.secrets.STRIPE_API_BASE?.replace(/\/$/, "");
  const fetchFn: ((input: RequestInfo | URL, init?: RequestInit) => Promise<Response>) | undefined = base
    ? (input, init) => {
        const url = new URL(input instanceof Request ? input.url : String(input));
        return fetch(`${base}${url.pathname}${url.search}`, init);
      }
    : undefined;
  return new Stripe(key, {
    apiVersion: STRIPE_API_VERSION,
    // (Bun types fetch with an extra preconnect(); the library only calls it.)
    httpClient: Stripe.createFetchHttpClient(fetchFn as Parameters<typeof Stripe.createFetchHttpClient>[0]),
    maxNetworkRetries: 0,
    timeout: 10_000,
  });
}

const isDown = (e: unknown) =>
  e instanceof Stripe.errors.StripeConnectionError ||
  e instanceof Stripe.errors.StripeAPIError ||
  (e instanceof Stripe.errors.StripeError && (e.statusCode ?? 0) >= 500);

async function call<T>(fn: () => Promise<T>): Promise<T> {
  try {
    return await fn();
  } catch (e) {
    if (e instanceof AppError) throw e;
    if (isDown(e) || !(e instanceof Stripe.errors.StripeError)) throw new ProviderDown(NAME, e);
    throw e;
  }
}

const sessionSchema = z.object({
  id: z.string().min(1),
  payment_status: z.string(),
  status: z.string().nullable().optional(),
  amount_total: z.number().int().nullable(),
  currency: z.string().nullable(),
  client_reference_id: z.string().nullable().optional(),
  metadata: z.record(z.string(), z.string()).nullable().optional(),
  payment_intent: z
    .union([z.string(), z.object({ id: z.string() })])
    .nullable()
    .optional(),
});
type Session = z.output<typeof sessionSchema>;

function sessionState(s: Session): ProviderState {
  const pi = typeof s.payment_intent === "string" ? s.payment_intent : s.payment_intent?.id;
  if (s.payment_status === "paid" || s.payment_status === "no_payment_required")
    return {
      status: "paid",
      txId: pi ?? s.id,
      amountMinor: s.amount_total ?? -1,
      currency: (s.currency ?? "").toUpperCase(),
      raw: { session: s.id, payment_status: s.payment_status },
    };
  if (s.status === "expired") return { status: "cancelled", raw: { session: s.id, status: s.status } };
  return { status: "pending", raw: { session: s.id, status: s.status, payment_status: s.payment_status } };
}

const orderIdOf = (s: Session): number | null => {
  const raw = s.metadata?.order_id ?? s.client_reference_id ?? "";
  return /^[0-9]{1,15}$/.test(raw) ? Number(raw) : null;
};

export const stripeProvider: Provider = {
  name: NAME,
  market: "web" as Market,
  currencyFor: (country) => (EUR_COUNTRIES.has(country) ? "EUR" : "USD"),
  ready: (deps) => void secret(deps, NAME, "STRIPE_SECRET_KEY"),
  async start(c, order) {
    const { deps, locale } = c.var;
    const back = `${deps.settings.publicUrl}/billing/stripe/order/checkout?order=${order.id}`;
    const session = await call(() =>
      client(deps).checkout.sessions.create(
        {
          mode: "payment",
          client_reference_id: String(order.id),
          metadata: { order_id: String(order.id), player_id: String(order.playerId) },
          locale: locale === "ru" ? "ru" : "en",
          line_items: [
            {
              quantity: 1,
              price_data: {
                currency: order.currency.toLowerCase(),
                unit_amount: order.amountMinor,
                product_data: { name: order.itemId },
              },
            },
          ],
          success_url: `${back}&session_id={CHECKOUT_SESSION_ID}`,
          cancel_url: `${back}&cancelled=1`,
        },
        { idempotencyKey: `order-${order.id}` },
      ),
    );
    if (!session.url) throw new ProviderDown(NAME, "no checkout url");
    return { url: session.url, ref: session.id };
  },
  async check(deps, order) {
    if (!order.providerRef)
      return {
        status: order.status === "created" ? "pending" : (order.status as ProviderState["status"]),
        raw: { reason: "no checkout session" },
      };
    const s = await call(() => client(deps).checkout.sessions.retrieve(order.providerRef!));
    return sessionState(sessionSchema.parse(s));
  },
};

async function playerOrder(c: Context<HonoEnv>, id: number): Promise<Order> {
  const o = await findOrder(c.var.deps.db, id);
  if (!o || o.provider !== NAME || o.playerId !== c.var.player!.playerId) throw notFound();
  return o;
}

const eventSchema = z.object({
  id: z.string(),
  type: z.string(),
  data: z.object({ object: z.record(z.string(), z.unknown()) }),
});
const paymentIntent = z
  .union([z.string(), z.object({ id: z.string() })])
  .nullable()
  .optional()
  .transform((v) => (typeof v === "string" ? v : v?.id));
// The objects of the money events (api.stripe.com/docs/api: Charge, Refund, Dispute).
const chargeObject = z.object({
  id: z.string(),
  object: z.literal("charge"),
  payment_intent: paymentIntent,
  amount_refunded: z.number().int().min(0),
});
const refundObject = z.object({
  id: z.string(),
  object: z.literal("refund"),
  payment_intent: paymentIntent,
  amount: z.number().int().min(0),
  status: z.string().nullable().optional(),
});
const disputeObject = z.object({
  id: z.string(),
  object: z.literal("dispute"),
  payment_intent: paymentIntent,
  amount: z.number().int().min(0),
  status: z.string(),
});

const REFUND_EVENTS = new Set(["refund.created", "refund.updated", "refund.failed", "charge.refund.updated"]);
const DISPUTE_EVENTS = new Set([
  "charge.dispute.created",
  "charge.dispute.updated",
  "charge.dispute.closed",
  "charge.dispute.funds_withdrawn",
  "charge.dispute.funds_reinstated",
]);

/**
 * What a money event says, as movements keyed by Stripe's own objects (a refund's or a dispute's
 * id, a charge's running refund total), so a replay or a second event about the same thing adds
 * nothing. An inquiry (warning_*) withdraws no funds: recorded, nothing taken. A dispute withdraws
 * them (needs_response, under_review, funds_withdrawn; lost keeps them); won or funds_reinstated
 * returns them — and implies the withdrawal, so the events may come in any order.
 */
function stripeMovements(type: string, obj: unknown): { pi: string | null | undefined; movements: Movement[] } | null {
  if (type === "charge.refunded") {
    const c = chargeObject.safeParse(obj);
    if (!c.success) return null;
    const total = c.data.amount_refunded;
    return {
      pi: c.data.payment_intent,
      movements: [
        { kind: "refund_total", key: `refund_total:${c.data.id}:${total}`, subject: c.data.id, amountMinor: total },
      ],
    };
  }
  if (REFUND_EVENTS.has(type)) {
    const r = refundObject.safeParse(obj);
    if (!r.success) return null;
    const { id, amount } = r.data;
    const failed = type === "refund.failed" || r.data.status === "failed" || r.data.status === "canceled";
    const refund: Movement = { kind: "refund", key: `refund:${id}`, subject: id, amountMinor: amount };
    return {
      pi: r.data.payment_intent,
      movements: failed
        ? [
            refund,
            {
              kind: "refund_reversed",
              key: `refund_reversed:${id}`,
              subject: id,
              amountMinor: amount,
              detail: { status: r.data.status },
            },
          ]
        : [refund],
    };
  }
  if (DISPUTE_EVENTS.has(type)) {
    const d = disputeObject.safeParse(obj);
    if (!d.success) return null;
    const { id, amount, status } = d.data;
    const m = (kind: Movement["kind"], amountMinor = 0): Movement => ({
      kind,
      key: `${kind}:${id}`,
      subject: id,
      amountMinor,
      detail: { status },
    });
    const withdrawn = m("chargeback", amount);
    let movements: Movement[];
    if (type === "charge.dispute.funds_reinstated" || status === "won")
      movements = [withdrawn, m("chargeback_reversed", amount)];
    else if (status === "lost") movements = [withdrawn, m("dispute_lost")];
    else if (type === "charge.dispute.funds_withdrawn") movements = [withdrawn];
    // An inquiry closed, or a dispute Stripe prevented: nothing was withdrawn, and it is over.
    else if (status === "warning_closed" || status === "prevented") movements = [m("inquiry"), m("inquiry_closed")];
    else if (status === "needs_response" || status === "under_review") movements = [withdrawn];
    // warning_* (an inquiry) or a status this version does not know: no funds withdrawn, nothing taken.
    else movements = [m("inquiry")];
    return { pi: d.data.payment_intent, movements };
  }
  return null;
}

async function handleEvent(deps: Deps, event: z.output<typeof eventSchema>) {
  const at = deps.clock.now();
  const obj = event.data.object;
  switch (event.type) {
    case "checkout.session.completed":
    case "checkout.session.async_payment_succeeded":
    case "checkout.session.async_payment_failed":
    case "checkout.session.expired": {
      const parsed = sessionSchema.safeParse(obj);
      if (!parsed.success) throw new AppError("malformed");
      const s = parsed.data;
      const orderId = orderIdOf(s);
      const order = orderId === null ? null : await findOrder(deps.db, orderId);
      // Not one of our orders (another integration on the account, or a deleted test order):
      // acknowledged, so Stripe stops retrying, and written down.
      if (!order || order.provider !== NAME) return ignored(deps, event, "unknown checkout session");
      if (event.type === "checkout.session.expired") return settleIfUnpaid(deps, order, "cancelled", event.id, at);
      if (event.type === "checkout.session.async_payment_failed")
        return settleIfUnpaid(deps, order, "failed", event.id, at);
      const state = sessionState(s);
      if (state.status !== "paid") return "waiting";
      const { order: paid } = await settlePaid(deps.db, {
        provider: NAME,
        orderId: order.id,
        providerTxId: state.txId!,
        amountMinor: state.amountMinor!,
        currency: state.currency!,
        source: "callback",
        at,
        detail: { event: event.id },
      });
      return paid.status;
    }
    default: {
      if (event.type !== "charge.refunded" && !REFUND_EVENTS.has(event.type) && !DISPUTE_EVENTS.has(event.type))
        return "ignored";
      const said = stripeMovements(event.type, obj);
      if (!said?.pi) throw new AppError("malformed");
      const order = await findByTx(deps.db, NAME, said.pi);
      // Stripe does not promise order: a refund or dispute of a payment we have not seen paid
      // waits under its PaymentIntent and is applied when the payment comes (settlePaid).
      const r = await reportMovements(
        deps.db,
        { provider: NAME, orderId: order?.id ?? null, providerTxId: said.pi, source: "callback", at },
        said.movements.map((m) => ({ ...m, detail: { event: event.id, ...(m.detail as object | undefined) } })),
      );
      if (!r.order) {
        deps.logger.info("stripe: a money event before its payment, kept for it", {
          event: event.id,
          type: event.type,
        });
        return `remembered: ${r.added} new`;
      }
      return `${r.added ? "recorded" : "already recorded"}: ${r.order.status}`;
    }
  }
}

function ignored(deps: Deps, event: z.output<typeof eventSchema>, why: string) {
  deps.logger.warn("stripe: webhook acknowledged and ignored", { event: event.id, type: event.type, why });
  return `ignored: ${why}`;
}

async function settleIfUnpaid(deps: Deps, order: Order, to: "failed" | "cancelled", eventId: string, at: number) {
  if (order.status !== "created" && order.status !== "pending") return "unchanged";
  await settleUnpaid(deps.db, {
    provider: NAME,
    orderId: order.id,
    to,
    source: "callback",
    at,
    detail: { event: eventId },
  });
  return to;
}

export function registerStripe(app: Hono<HonoEnv>) {
  route(app, calls.stripeInitialize, async (c, { item_id, currency }) => {
    const result = await startPurchase(
      c,
      stripeProvider,
      item_id,
      currency ?? stripeProvider.currencyFor(await playerCountry(c.var.deps, c.var.player!.playerId)),
    );
    return result;
  });

  // Stripe sends the player back here; the page shows the order, its data asks Stripe at once
  // so the gold arrives even before the webhook (both paths credit the same order once).
  page(app, calls.stripeCheckout, async (c, q) => {
    // Without an order: what the player can buy and how, for the purchase screen.
    if (q.order === undefined) {
      const playerId = c.var.player!.playerId;
      const country = await playerCountry(c.var.deps, playerId);
      const currencies = {
        stripe: stripeProvider.currencyFor(country),
        robokassa: robokassaProvider.currencyFor(country),
        ecommpay: ecommpayProvider.currencyFor(country),
      };
      return {
        offers: await offers(c.var.deps, playerId, "web"),
        currencies,
        testMode: isTestMode(c.var.deps),
      };
    }
    let order = await playerOrder(c, q.order);
    let providerDown = false;
    if (order.status === "created" || order.status === "pending") {
      try {
        order = await applyState(
          c.var.deps.db,
          order,
          await stripeProvider.check(c.var.deps, order),
          "return",
          c.var.deps.clock.now(),
        );
      } catch (e) {
        if (!(e instanceof ProviderDown)) throw e;
        providerDown = true;
      }
    }
    return { order: orderView(order), providerDown, testMode: isTestMode(c.var.deps) };
  });

  route(app, calls.stripeEvent, async (c) => {
    const deps = c.var.deps;
    const whsec = secret(deps, NAME, "STRIPE_WEBHOOK_SECRET");
    const header = c.req.header("stripe-signature");
    const body = await c.req.text();
    if (!header) throw new AppError("signature", "billing.error.signature", [], 400);
    let event: Stripe.Event;
    try {
      event = await Stripe.webhooks.constructEventAsync(body, header, whsec, TOLERANCE_S, crypto, deps.clock.now());
    } catch (e) {
      if (e instanceof Stripe.errors.StripeSignatureVerificationError)
        throw new AppError("signature", "billing.error.signature", [], 400);
      throw new AppError("malformed");
    }
    const parsed = eventSchema.safeParse(event);
    if (!parsed.success) throw new AppError("malformed");
    const outcome = await handleEvent(deps, parsed.data);
    return { received: true as const, outcome };
  });
}
