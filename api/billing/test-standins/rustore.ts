// A local stand-in of the RuStore public API for tests and e2e: POST /public/auth/ (keyId,
// timestamp and the SHA512withRSA signature of keyId + timestamp, checked with the key's public
// half; a companyId is refused as the current API does) answers a token, and
// GET /public/purchase/{purchaseToken} (Public-Token header) the payment's invoice with its
// application_code. A purchase is `paid` (on hold) until the app confirms it (`confirmed`).
// Web-standard only.
import { Hono } from "hono";

interface Purchase { token: string; invoiceId: number; orderId: string; amount: number; currency: string; status: string }

export function rustoreStandin(o: { keyId: string; publicKey: CryptoKey; applicationCode?: number }) {
  const purchases = new Map<string, Purchase>();
  const state = { down: false };
  const issued = new Set<string>();
  let invoice = 1_000_000;
  const app = new Hono();
  app.use("*", async (c, next) => (state.down ? c.json({ code: "ERROR", message: "Service unavailable" }, 503) : next()));
  app.post("/public/auth/", async (c) => {
    const b = (await c.req.json().catch(() => ({}))) as { companyId?: string; keyId?: string; timestamp?: string; signature?: string };
    if (b.companyId !== undefined) return c.json({ code: "ERROR", message: "companyId is not accepted: authorise with keyId", body: null, timestamp: new Date().toISOString() }, 400);
    const sig = Uint8Array.from(atob(b.signature ?? ""), (ch) => ch.charCodeAt(0));
    const ok = b.keyId === o.keyId && (await crypto.subtle.verify("RSASSA-PKCS1-v1_5", o.publicKey, sig, new TextEncoder().encode(`${b.keyId}${b.timestamp}`)).catch(() => false));
    if (!ok) return c.json({ code: "ERROR", message: "Invalid signature", body: null, timestamp: new Date().toISOString() }, 401);
    const jwe = `eyJ${crypto.randomUUID().replace(/-/g, "")}`;
    issued.add(jwe);
    return c.json({ code: "OK", message: null, body: { jwe, ttl: 900 }, timestamp: new Date().toISOString() });
  });
  app.get("/public/purchase/:token", (c) => {
    if (!issued.has(c.req.header("public-token") ?? "")) return c.json({ code: "ERROR", message: "Unauthorized" }, 401);
    const p = purchases.get(c.req.param("token"));
    if (!p) return c.json({ code: "ERROR", message: "Purchase not found" }, 404);
    return c.json({
      code: "OK",
      message: null,
      body: {
        invoice_id: p.invoiceId,
        invoice_date: "2026-11-20T12:00:00+03:00",
        refund_date: p.status === "refunded" ? "2026-11-21T12:00:00+03:00" : null,
        invoice_status: p.status,
        application_code: o.applicationCode ?? 2063541234,
        application_name: "Tankodrome",
        invoice: { purchaser: { email: null, phone: null }, order: { order_id: p.orderId, order_number: null, visual_name: "500 gold", amount: p.amount, currency: p.currency, description: "", language: "ru-RU", visual_amount: (p.amount / 100).toFixed(2) } },
      },
      timestamp: new Date().toISOString(),
    });
  });
  const standin = {
    app,
    state,
    purchases,
    /** The player pays in the RuStore sheet: the money is on hold (`paid`) until the app confirms. */
    buy(orderId: string, amount: number, currency = "RUB", status = "paid") {
      const token = `rs-${crypto.randomUUID()}`;
      purchases.set(token, { token, invoiceId: ++invoice, orderId, amount, currency, status });
      return token;
    },
    /** The app confirms the purchase (the SDK's confirmPurchase): the hold becomes a payment. */
    confirm(token: string) {
      const p = purchases.get(token)!;
      if (p.status === "paid") p.status = "confirmed";
    },
    /** A purchase the app made and confirmed at once. */
    bought(orderId: string, amount: number, currency = "RUB") {
      const token = standin.buy(orderId, amount, currency);
      standin.confirm(token);
      return token;
    },
  };
  return standin;
}
