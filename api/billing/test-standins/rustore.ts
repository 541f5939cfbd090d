// A local stand-in of the RuStore public API for tests and e2e: POST /public/auth/ (keyId,
// timestamp and the SHA512withRSA signature of keyId + timestamp, checked with the key's public
// half; a companyId is refused as the current API does) answers a token, and
// GET /public/purchase/{purchaseToken} (Public-Token header) the payment's invoice with its
// application_code. A purchase is `paid` (on hold) until the developer's server confirms it with
// PUT /public/applications/{appId}/purchases/{purchaseId}:confirm (`confirmed`); a confirm on a
// purchase not `paid` answers RuStore's "Purchase status must be PAID". `notification()` builds a
// server notification as RuStore sends it: {id, timestamp, payload}, the payload base64 of
// IV(12) || AES-256-GCM(ciphertext || tag 16) of {notification_type, app_id, data: JSON string}.
// Web-standard only.
import { Hono } from "hono";

interface Purchase { token: string; purchaseId: string; invoiceId: number; orderId: string; amount: number; currency: string; status: string }

export function rustoreStandin(o: { keyId: string; publicKey: CryptoKey; applicationCode?: number; notificationKey?: string }) {
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
  app.put("/public/applications/:appId/purchases/:action", (c) => {
    if (!issued.has(c.req.header("public-token") ?? "")) return c.json({ code: "ERROR", message: "Unauthorized" }, 401);
    const m = /^(.+):confirm$/.exec(c.req.param("action"));
    const p = m ? [...purchases.values()].find((x) => x.purchaseId === m[1]) : undefined;
    if (!m || !p || c.req.param("appId") !== String(o.applicationCode ?? 2063541234)) return c.json({ code: "NOT_FOUND", message: "Purchase not found", body: null, timestamp: new Date().toISOString() }, 404);
    if (p.status !== "paid") return c.json({ code: "ERROR", message: "Purchase status must be PAID", body: null, timestamp: new Date().toISOString() }, 400);
    p.status = "confirmed";
    standin.confirmCalls++;
    return c.json({ code: "OK", message: null, body: {}, timestamp: new Date().toISOString() });
  });
  const standin = {
    confirmCalls: 0,
    app,
    state,
    purchases,
    /** The player pays in the RuStore sheet: the money is on hold (`paid`) until the app confirms. */
    buy(orderId: string, amount: number, currency = "RUB", status = "paid") {
      const token = `rs-${crypto.randomUUID()}`;
      purchases.set(token, { token, purchaseId: crypto.randomUUID(), invoiceId: ++invoice, orderId, amount, currency, status });
      return token;
    },
    /** RuStore's notification of a status change, encrypted with `key` (base64 AES-256; the console's key by default). */
    async notification(token: string, statusOld: string, opts: { key?: string; type?: string; appId?: number; orderId?: string | null } = {}) {
      const p = purchases.get(token)!;
      const data = { product_code: "gold_500", change_status_time: new Date().toISOString(), status_new: p.status, status_old: statusOld, purchase_token: p.token, invoice_id: String(p.invoiceId), order_id: opts.orderId === undefined ? p.orderId : opts.orderId, purchase_id: p.purchaseId };
      const plain = JSON.stringify({ notification_type: opts.type ?? "INVOICE_STATUS", app_id: opts.appId ?? o.applicationCode ?? 2063541234, data: JSON.stringify(data) });
      const keyB64 = opts.key ?? o.notificationKey!;
      const key = await crypto.subtle.importKey("raw", Uint8Array.from(atob(keyB64), (ch) => ch.charCodeAt(0)), { name: "AES-GCM" }, false, ["encrypt"]);
      const iv = crypto.getRandomValues(new Uint8Array(12));
      const sealed = new Uint8Array(await crypto.subtle.encrypt({ name: "AES-GCM", iv, tagLength: 128 }, key, new TextEncoder().encode(plain)));
      const all = new Uint8Array(12 + sealed.length);
      all.set(iv);
      all.set(sealed, 12);
      return { id: String(++invoice), timestamp: new Date().toISOString(), payload: btoa(String.fromCharCode(...all)) };
    },
    /** The SDK's purchase id of a purchase token. */
    purchaseId: (token: string) => purchases.get(token)!.purchaseId,
    /** The purchase is confirmed as by the developer's server (what our server does through the confirm call). */
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
