// A local stand-in of PayPal's REST API for tests and e2e: OAuth2 client credentials (tokens can
// be revoked, as when they expire), Orders v2 (create with PayPal-Request-Id idempotency, get,
// capture with ORDER_ALREADY_CAPTURED / ORDER_NOT_APPROVED; the full resource only with
// `Prefer: return=representation`, else PayPal's minimal answer), an approval page, and webhooks:
// events signed as PayPal signs them (RSA-SHA256 over transmission_id|transmission_time|
// webhook_id|crc32(body), PAYPAL-* headers) and POST /v1/notifications/verify-webhook-signature.
// Web-standard only.
import { Hono } from "hono";
import { testSheet } from "./sheet.ts";

interface PpOrder {
  id: string;
  status: "PAYER_ACTION_REQUIRED" | "APPROVED" | "COMPLETED" | "VOIDED";
  referenceId: string;
  amount: { currency_code: string; value: string };
  returnUrl: string;
  capture?: {
    id: string;
    status: "COMPLETED" | "REFUNDED" | "REVERSED" | "DECLINED";
    amount: { currency_code: string; value: string };
  };
}

function crc32(bytes: Uint8Array): number {
  let c = ~0;
  for (const b of bytes) {
    c ^= b;
    for (let k = 0; k < 8; k++) c = (c >>> 1) ^ (0xedb88320 & -(c & 1));
  }
  return ~c >>> 0;
}

export function paypalStandin(o: {
  clientId: string;
  secret: string;
  origin: () => string;
  webhookId?: string;
  webhookUrl?: string;
}) {
  const orders = new Map<string, PpOrder>();
  const byRequest = new Map<string, string>();
  const state = {
    down: false,
    loseCaptureAnswer: false,
    captureAmountOverride: null as null | { currency_code: string; value: string },
  };
  const app = new Hono();
  const tokens = new Set<string>();
  const requests: { path: string; prefer?: string }[] = [];
  const keys = crypto.subtle.generateKey(
    { name: "RSASSA-PKCS1-v1_5", modulusLength: 2048, publicExponent: new Uint8Array([1, 0, 1]), hash: "SHA-256" },
    false,
    ["sign", "verify"],
  ) as Promise<CryptoKeyPair>;
  const b64 = (u: Uint8Array) => btoa(String.fromCharCode(...u));
  const error = (name: string, issue: string, status: 404 | 422) => ({
    body: { name, details: [{ issue }], message: issue },
    status,
  });

  app.use("*", async (c, next) => (state.down ? c.json({ name: "INTERNAL_SERVICE_ERROR" }, 503) : next()));
  app.post("/v1/oauth2/token", async (c) => {
    if (c.req.header("authorization") !== `Basic ${btoa(`${o.clientId}:${o.secret}`)}`)
      return c.json({ error: "invalid_client" }, 401);
    const token = `A21AA${crypto.randomUUID().replace(/-/g, "")}`;
    tokens.add(token);
    return c.json({
      scope: "https://uri.paypal.com/services/payments",
      access_token: token,
      token_type: "Bearer",
      expires_in: 32400,
    });
  });
  const authed = async (c: import("hono").Context, next: () => Promise<void>) => {
    requests.push({ path: c.req.path, prefer: c.req.header("prefer") });
    return tokens.has((c.req.header("authorization") ?? "").replace(/^Bearer /, ""))
      ? next()
      : c.json(
          {
            name: "AUTHENTICATION_FAILURE",
            message:
              "Authentication failed due to invalid authentication credentials or a missing Authorization header.",
          },
          401,
        );
  };
  app.use("/v2/*", authed);
  app.use("/v1/notifications/*", authed);
  // Without Prefer: return=representation PayPal answers the minimal resource (id, status, links).
  const answer = (c: import("hono").Context, p: PpOrder, status: 200 | 201) =>
    (c.req.header("prefer") ?? "").includes("return=representation")
      ? c.json(view(p), status)
      : c.json({ id: p.id, status: p.status, links: view(p).links }, status);
  const view = (p: PpOrder) => ({
    id: p.id,
    status: p.status,
    purchase_units: [
      {
        reference_id: p.referenceId,
        amount: p.amount,
        ...(p.capture ? { payments: { captures: [{ ...p.capture, custom_id: p.referenceId }] } } : {}),
      },
    ],
    links: [
      { rel: "self", href: `${o.origin()}/v2/checkout/orders/${p.id}` },
      { rel: "payer-action", href: `${o.origin()}/checkoutnow?token=${p.id}` },
    ],
  });
  app.post("/v2/checkout/orders", async (c) => {
    const rid = c.req.header("paypal-request-id");
    if (rid && byRequest.has(rid)) return answer(c, orders.get(byRequest.get(rid)!)!, 200);
    const b = (await c.req.json()) as {
      intent?: string;
      purchase_units?: { reference_id?: string; amount?: { currency_code: string; value: string } }[];
      payment_source?: { paypal?: { experience_context?: { return_url?: string } } };
    };
    const unit = b.purchase_units?.[0];
    if (b.intent !== "CAPTURE" || !unit?.amount) return c.json({ name: "INVALID_REQUEST" }, 400);
    const id = crypto.randomUUID().replace(/-/g, "").slice(0, 17).toUpperCase();
    const p: PpOrder = {
      id,
      status: "PAYER_ACTION_REQUIRED",
      referenceId: unit.reference_id ?? "",
      amount: unit.amount,
      returnUrl: b.payment_source?.paypal?.experience_context?.return_url ?? "/",
    };
    orders.set(id, p);
    if (rid) byRequest.set(rid, id);
    return answer(c, p, 200);
  });
  app.get("/v2/checkout/orders/:id", (c) => {
    const p = orders.get(c.req.param("id"));
    return p ? c.json(view(p)) : c.json(error("RESOURCE_NOT_FOUND", "INVALID_RESOURCE_ID", 404).body, 404);
  });
  app.post("/v2/checkout/orders/:id/capture", (c) => {
    const p = orders.get(c.req.param("id"));
    if (!p) return c.json(error("RESOURCE_NOT_FOUND", "INVALID_RESOURCE_ID", 404).body, 404);
    if (p.status === "COMPLETED") return c.json(error("UNPROCESSABLE_ENTITY", "ORDER_ALREADY_CAPTURED", 422).body, 422);
    if (p.status !== "APPROVED") return c.json(error("UNPROCESSABLE_ENTITY", "ORDER_NOT_APPROVED", 422).body, 422);
    p.status = "COMPLETED";
    p.capture = {
      id: crypto.randomUUID().replace(/-/g, "").slice(0, 17).toUpperCase(),
      status: "COMPLETED",
      amount: state.captureAmountOverride ?? p.amount,
    };
    if (state.loseCaptureAnswer) return c.json({ name: "INTERNAL_SERVICE_ERROR" }, 503);
    return answer(c, p, 201);
  });
  app.post("/v1/notifications/verify-webhook-signature", async (c) => {
    const b = (await c.req.json().catch(() => null)) as {
      auth_algo?: string;
      cert_url?: string;
      transmission_id?: string;
      transmission_sig?: string;
      transmission_time?: string;
      webhook_id?: string;
      webhook_event?: unknown;
    } | null;
    if (
      !b?.transmission_id ||
      !b.transmission_sig ||
      !b.transmission_time ||
      !b.webhook_id ||
      !b.webhook_event ||
      b.auth_algo !== "SHA256withRSA"
    )
      return c.json({ name: "VALIDATION_ERROR" }, 400);
    const body = new TextEncoder().encode(JSON.stringify(b.webhook_event));
    const signed = new TextEncoder().encode(
      `${b.transmission_id}|${b.transmission_time}|${b.webhook_id}|${crc32(body)}`,
    );
    const sig = Uint8Array.from(atob(b.transmission_sig), (ch) => ch.charCodeAt(0));
    const ok =
      b.webhook_id === o.webhookId &&
      (await crypto.subtle.verify("RSASSA-PKCS1-v1_5", (await keys).publicKey, sig, signed).catch(() => false));
    return c.json({ verification_status: ok ? "SUCCESS" : "FAILURE" });
  });
  app.get("/checkoutnow", async (c) => {
    const p = orders.get(c.req.query("token") ?? "");
    if (!p) return c.text("No such order", 404);
    return testSheet(
      "PayPal checkout (test)",
      `<h1>PayPal (test)</h1><p id="amount">${p.amount.value} ${p.amount.currency_code}</p><form method="post" action="checkoutnow/${p.id}/approve"><button id="approve" type="submit">Approve</button></form>`,
    );
  });
  app.post("/checkoutnow/:id/approve", (c) => {
    const p = orders.get(c.req.param("id"));
    if (!p) return c.text("No such order", 404);
    standin.approve(p.id);
    const url = new URL(p.returnUrl);
    url.searchParams.set("token", p.id);
    url.searchParams.set("PayerID", "TESTPAYER");
    return c.redirect(String(url));
  });

  /** A webhook event as PayPal delivers it: the body and its PAYPAL-* headers. */
  async function webhook(eventType: string, resource: Record<string, unknown>) {
    const body = JSON.stringify({
      id: `WH-${crypto.randomUUID()}`,
      event_version: "1.0",
      create_time: new Date().toISOString(),
      resource_type: eventType.includes("REFUND") || eventType.includes("REVERSED") ? "refund" : "capture",
      event_type: eventType,
      summary: eventType,
      resource,
    });
    const tid = crypto.randomUUID();
    const time = new Date().toISOString();
    const sig = new Uint8Array(
      await crypto.subtle.sign(
        "RSASSA-PKCS1-v1_5",
        (await keys).privateKey,
        new TextEncoder().encode(`${tid}|${time}|${o.webhookId ?? ""}|${crc32(new TextEncoder().encode(body))}`),
      ),
    );
    const headers = {
      "content-type": "application/json",
      "paypal-transmission-id": tid,
      "paypal-transmission-time": time,
      "paypal-transmission-sig": b64(sig),
      "paypal-auth-algo": "SHA256withRSA",
      "paypal-cert-url": `${o.origin()}/v1/notifications/certs/CERT-360caa42-fca2a594-test`,
    };
    return { body, headers };
  }
  const captureOf = (id: string) => {
    const p = orders.get(id)!;
    return {
      id: p.capture!.id,
      status: p.capture!.status,
      amount: p.capture!.amount,
      custom_id: p.referenceId,
      supplementary_data: { related_ids: { order_id: p.id } },
    };
  };
  // A Refund as PayPal's webhooks carry it (developer.paypal.com/docs/api/payments/v2/#refunds_get):
  // its own id, its amount, and the capture's running total in seller_payable_breakdown.
  const refunded = new Map<string, number>();
  let refundSeq = 0;
  const refundOf = (id: string, value?: string) => {
    const p = orders.get(id)!;
    const amount = value ? { currency_code: p.amount.currency_code, value } : p.capture!.amount;
    const cents = (v: string) => Math.round(Number(v) * 100);
    const total = (refunded.get(id) ?? 0) + cents(amount.value);
    refunded.set(id, total);
    return {
      id: `R${++refundSeq}-${p.capture!.id}`,
      status: "COMPLETED",
      amount,
      custom_id: p.referenceId,
      seller_payable_breakdown: {
        total_refunded_amount: { currency_code: amount.currency_code, value: (total / 100).toFixed(2) },
      },
      links: [{ rel: "up", method: "GET", href: `${o.origin()}/v2/payments/captures/${p.capture!.id}` }],
    };
  };

  const standin = {
    app,
    state,
    orders,
    requests,
    /** Every access token issued so far stops working (as when they expire). */
    expireTokens() {
      tokens.clear();
    },
    webhook,
    /** The signed PAYMENT.CAPTURE.* event for the order's capture (COMPLETED, DENIED). */
    captureEvent(id: string, type = "PAYMENT.CAPTURE.COMPLETED") {
      return webhook(type, captureOf(id));
    },
    /** A refund (full unless `value`) or a reversal (chargeback) of the capture, and its signed event. */
    refundEvent(id: string, value?: string) {
      if (!value) orders.get(id)!.capture!.status = "REFUNDED";
      return webhook("PAYMENT.CAPTURE.REFUNDED", refundOf(id, value));
    },
    reverseEvent(id: string) {
      orders.get(id)!.capture!.status = "REVERSED";
      return webhook("PAYMENT.CAPTURE.REVERSED", refundOf(id));
    },
    approve(id: string) {
      const p = orders.get(id)!;
      if (p.status === "PAYER_ACTION_REQUIRED") p.status = "APPROVED";
    },
    refund(id: string) {
      orders.get(id)!.capture!.status = "REFUNDED";
    },
  };
  return standin;
}
