// A local stand-in of the Stripe API for tests and e2e, following the published protocol:
// form-encoded POST /v1/checkout/sessions with Bearer auth, GET /v1/checkout/sessions/:id,
// a hosted checkout page that pays or cancels, and webhooks signed the way Stripe signs them
// (Stripe-Signature: t=<unix>,v1=<hex HMAC-SHA256(secret, "t.payload")>, made by the `stripe` library's generateTestHeaderString). Web-standard only;
// the caller serves `app.fetch` on 127.0.0.1.
import { Hono } from "hono";
import Stripe from "stripe";
import { testSheet } from "./sheet.ts";

export interface StripeStandinOptions {
  secretKey: string;
  webhookSecret: string;
  /** Where webhooks go (the app's /billing/stripe/event/handle); none: the test delivers them. */
  webhookUrl?: string;
  /** The stand-in's own origin, for the checkout page addresses it hands out. */
  origin: () => string;
  now?: () => number;
}

export interface StandinSession {
  id: string;
  object: "checkout.session";
  status: "open" | "complete" | "expired";
  payment_status: "unpaid" | "paid";
  amount_total: number;
  currency: string;
  client_reference_id: string | null;
  metadata: Record<string, string>;
  payment_intent: string | null;
  success_url: string;
  cancel_url: string;
  url: string;
}

const subtle = Stripe.createSubtleCryptoProvider();

/** The Stripe-Signature header of a payload, made by Stripe's own library (its test-header helper). */
export function stripeSignature(secret: string, payload: string, timestamp: number): Promise<string> {
  return Stripe.webhooks.generateTestHeaderStringAsync({ payload, secret, timestamp, cryptoProvider: subtle });
}

/** Stripe's form encoding (a[b][0][c]=v) back into an object. */
function parseForm(body: URLSearchParams): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const [key, value] of body) {
    const parts = key.replace(/\]/g, "").split("[");
    let node = out as Record<string, unknown>;
    parts.forEach((p, i) => {
      if (i === parts.length - 1) node[p] = value;
      else node = (node[p] ??= {}) as Record<string, unknown>;
    });
  }
  return out;
}

export function stripeStandin(o: StripeStandinOptions) {
  const sessions = new Map<string, StandinSession>();
  const now = o.now ?? (() => Date.now());
  const state = { down: false, requests: 0, versions: [] as (string | undefined)[] };
  let seq = 0;
  const app = new Hono();

  app.use("/v1/*", async (c, next) => {
    state.requests++;
    // Every request names the API version it was written for (Stripe-Version); none means the
    // account's default, which changes when the account is upgraded.
    state.versions.push(c.req.header("stripe-version"));
    if (state.down) return c.json({ error: { type: "api_error", message: "stand-in is down" } }, 503);
    if (c.req.header("authorization") !== `Bearer ${o.secretKey}`)
      return c.json({ error: { type: "invalid_request_error", message: "Invalid API Key provided" } }, 401);
    await next();
  });

  app.post("/v1/checkout/sessions", async (c) => {
    const f = parseForm(new URLSearchParams(await c.req.text())) as {
      mode?: string;
      success_url?: string;
      cancel_url?: string;
      client_reference_id?: string;
      metadata?: Record<string, string>;
      line_items?: Record<string, { quantity?: string; price_data?: { currency?: string; unit_amount?: string } }>;
    };
    const line = f.line_items?.["0"];
    const amount = Number(line?.price_data?.unit_amount) * Number(line?.quantity ?? 1);
    if (
      f.mode !== "payment" ||
      !f.success_url ||
      !Number.isInteger(amount) ||
      amount <= 0 ||
      !line?.price_data?.currency
    )
      return c.json({ error: { type: "invalid_request_error", message: "Missing required param" } }, 400);
    const id = `cs_test_${++seq}_${crypto.randomUUID().replace(/-/g, "").slice(0, 16)}`;
    const s: StandinSession = {
      id,
      object: "checkout.session",
      status: "open",
      payment_status: "unpaid",
      amount_total: amount,
      currency: line.price_data.currency,
      client_reference_id: f.client_reference_id ?? null,
      metadata: f.metadata ?? {},
      payment_intent: null,
      success_url: f.success_url,
      cancel_url: f.cancel_url ?? f.success_url,
      url: `${o.origin()}/pay/${id}`,
    };
    sessions.set(id, s);
    return c.json(s);
  });

  app.get("/v1/checkout/sessions/:id", (c) => {
    const s = sessions.get(c.req.param("id"));
    return s
      ? c.json(s)
      : c.json({ error: { type: "invalid_request_error", message: "No such checkout.session" } }, 404);
  });

  // The hosted checkout page a player's browser is sent to.
  app.get("/pay/:id", async (c) => {
    const s = sessions.get(c.req.param("id"));
    if (!s) return c.text("No such session", 404);
    const amount = `${(s.amount_total / 100).toFixed(2)} ${s.currency.toUpperCase()}`;
    return testSheet(
      "Stripe test checkout",
      `<h1>Test checkout</h1><p id="amount">${amount}</p>
<form method="post" action="${s.id}/complete"><button type="submit" id="pay">Pay ${amount}</button></form>
<form method="post" action="${s.id}/cancel"><button type="submit" id="cancel">Cancel</button></form>`,
    );
  });
  app.post("/pay/:id/complete", async (c) => {
    const s = sessions.get(c.req.param("id"));
    if (!s) return c.text("No such session", 404);
    const delivery = await standin.complete(s.id);
    if (o.webhookUrl)
      await fetch(o.webhookUrl, {
        method: "POST",
        headers: { "content-type": "application/json", "stripe-signature": delivery.signature },
        body: delivery.payload,
      }).catch(() => undefined);
    return c.redirect(s.success_url.replace("{CHECKOUT_SESSION_ID}", s.id));
  });
  app.post("/pay/:id/cancel", (c) => {
    const s = sessions.get(c.req.param("id"));
    if (!s) return c.text("No such session", 404);
    return c.redirect(s.cancel_url);
  });

  async function signed(type: string, object: unknown, at = now()) {
    const payload = JSON.stringify({
      id: `evt_${crypto.randomUUID().replace(/-/g, "")}`,
      object: "event",
      type,
      created: Math.floor(at / 1000),
      data: { object },
    });
    return { payload, signature: await stripeSignature(o.webhookSecret, payload, Math.floor(at / 1000)) };
  }

  const refundedOf = new Map<string, number>();
  const chargeOf = (s: StandinSession) => `ch_${(s.payment_intent ?? s.id).replace(/^pi_test_/, "")}`;
  // A Dispute as Stripe sends it (api.stripe.com/docs/api/disputes/object).
  const disputeOf = (id: string, disputeId: string, status: string) => {
    const s = sessions.get(id)!;
    return {
      id: disputeId,
      object: "dispute",
      amount: s.amount_total,
      charge: chargeOf(s),
      currency: s.currency,
      payment_intent: s.payment_intent,
      reason: "fraudulent",
      status,
      is_charge_refundable: status.startsWith("warning"),
      balance_transactions: [],
      created: Math.floor(now() / 1000),
    };
  };
  const standin = {
    app,
    state,
    sessions,
    /** The customer pays: the session becomes paid; answers the signed checkout.session.completed delivery. */
    async complete(id: string) {
      const s = sessions.get(id)!;
      s.status = "complete";
      s.payment_status = "paid";
      s.payment_intent ??= `pi_test_${crypto.randomUUID().replace(/-/g, "").slice(0, 20)}`;
      return signed("checkout.session.completed", s);
    },
    expire(id: string) {
      const s = sessions.get(id)!;
      s.status = "expired";
      return signed("checkout.session.expired", s);
    },
    /** Stripe refunds the whole charge: the signed charge.refunded (a Charge, amount_refunded cumulative). */
    refund(id: string, amount?: number) {
      const s = sessions.get(id)!;
      const refunded = Math.min(s.amount_total, (refundedOf.get(id) ?? 0) + (amount ?? s.amount_total));
      refundedOf.set(id, refunded);
      return signed("charge.refunded", {
        id: chargeOf(s),
        object: "charge",
        payment_intent: s.payment_intent,
        amount: s.amount_total,
        amount_captured: s.amount_total,
        amount_refunded: refunded,
        currency: s.currency,
        paid: true,
        refunded: refunded >= s.amount_total,
        status: "succeeded",
      });
    },
    /** A Refund object's event (refund.created, refund.updated, refund.failed): one refund of `amount`, by its id. */
    refundObject(id: string, refundId: string, type: string, status: string, amount?: number) {
      const s = sessions.get(id)!;
      return signed(type, {
        id: refundId,
        object: "refund",
        amount: amount ?? s.amount_total,
        charge: chargeOf(s),
        currency: s.currency,
        payment_intent: s.payment_intent,
        status,
        ...(status === "failed" ? { failure_reason: "expired_or_canceled_card" } : {}),
      });
    },
    /** A dispute that withdraws the funds (status needs_response): charge.dispute.created. */
    dispute(id: string, type = "charge.dispute.created", disputeId = `dp_${id}`) {
      return signed(type, disputeOf(id, disputeId, "needs_response"));
    },
    /** An inquiry (a "retrieval request": no funds withdrawn) in a warning_* status. */
    inquiry(id: string, status: string, type = "charge.dispute.created", disputeId = `dp_${id}`) {
      return signed(type, disputeOf(id, disputeId, status));
    },
    /** The dispute is closed: "won" returns the money to the merchant, "lost" keeps it withdrawn. */
    disputeClosed(id: string, status: "won" | "lost", disputeId = `dp_${id}`, type = "charge.dispute.closed") {
      return signed(type, disputeOf(id, disputeId, status));
    },
    signed,
  };
  return standin;
}
