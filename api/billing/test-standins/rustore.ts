// A local stand-in of the RuStore public API for tests, e2e and the demo's TEST MODE:
// POST /public/auth/ (keyId, timestamp and the SHA512withRSA signature of keyId + timestamp,
// checked with the key's public half; a companyId is refused as the current API does) answers a
// token. Two reads, as RuStore documents them: GET /public/purchase/{purchaseToken} (BillingClient
// SDK: snake_case invoice with application_code and invoice.order.{order_id, amount, currency})
// and GET /public/v2/purchase/{invoiceId} (Pay SDK: camelCase, invoiceStatus in capitals as the
// page lists them, appId, ownerCode, paymentInfo, and the order block of RuStore's OpenAPI —
// orderId, itemCode, amountCreate, amountCurrent, currency; also under /public/sandbox/v2/).
// A purchase is `paid` (on hold) until the developer's server confirms it with
// PUT /public/applications/{appId}/purchases/{purchaseId}:confirm (`confirmed`); a confirm on a
// purchase not `paid` answers RuStore's "Purchase status must be PAID". `notification()` builds a
// server notification as RuStore sends it: {id, timestamp, payload}, the payload base64 of
// IV(12) || AES-256-GCM(ciphertext || tag 16) of {notification_type, app_id, data: JSON string}
// (server-set-up page: AES/GCM/NoPadding, IV 12, tag 16). In TEST MODE `/buy` is the payment
// sheet the game app would show (the Pay SDK flow: the app reports {orderId, invoiceId,
// purchaseId} to our server, and RuStore notifies), and `/console/…` stands in for RuStore
// Console's refund and for a notification delivered again. Web-standard only.
import { Hono } from "hono";
import { testSheet } from "./sheet.ts";

interface Purchase {
  token: string;
  flow: "billing" | "pay";
  purchaseId: string;
  invoiceId: number;
  orderId: string;
  itemCode: string;
  amount: number;
  currency: string;
  status: string;
}

const now = () => new Date().toISOString();
const b64 = (u: Uint8Array) => btoa(String.fromCharCode(...u));

export function rustoreStandin(o: {
  keyId: string;
  publicKey: CryptoKey;
  applicationCode?: number;
  notificationKey?: string;
  appUrl?: string;
  notificationUrl?: string;
}) {
  const purchases = new Map<string, Purchase>();
  const state = { down: false, failConfirm: false, omitOrder: false };
  const issued = new Set<string>();
  const appCode = o.applicationCode ?? 2063541234;
  let invoice = 1_000_000;
  const app = new Hono();
  const authorised = (h: string | undefined) => issued.has(h ?? "");
  // Which environment each read and confirm went to (RuStore's sandbox paths for test purchases, or the real ones).
  app.use("/public/*", async (c, next) => {
    if (c.req.path !== "/public/auth/") standin.calls[c.req.path.startsWith("/public/sandbox/") ? "sandbox" : "real"]++;
    return next();
  });
  app.use("*", async (c, next) =>
    state.down && !c.req.path.startsWith("/buy") && !c.req.path.startsWith("/console")
      ? c.json({ code: "ERROR", message: "Service unavailable" }, 503)
      : next(),
  );
  app.post("/public/auth/", async (c) => {
    const b = (await c.req.json().catch(() => ({}))) as {
      companyId?: string;
      keyId?: string;
      timestamp?: string;
      signature?: string;
    };
    if (b.companyId !== undefined)
      return c.json(
        { code: "ERROR", message: "companyId is not accepted: authorise with keyId", body: null, timestamp: now() },
        400,
      );
    const sig = Uint8Array.from(atob(b.signature ?? ""), (ch) => ch.charCodeAt(0));
    const ok =
      b.keyId === o.keyId &&
      (await crypto.subtle
        .verify("RSASSA-PKCS1-v1_5", o.publicKey, sig, new TextEncoder().encode(`${b.keyId}${b.timestamp}`))
        .catch(() => false));
    if (!ok) return c.json({ code: "ERROR", message: "Invalid signature", body: null, timestamp: now() }, 401);
    const jwe = `eyJ${crypto.randomUUID().replace(/-/g, "")}`;
    issued.add(jwe);
    return c.json({ code: "OK", message: null, body: { jwe, ttl: 900 }, timestamp: now() });
  });
  app.get("/public/purchase/:token", (c) => {
    if (!authorised(c.req.header("public-token"))) return c.json({ code: "ERROR", message: "Unauthorized" }, 401);
    const p = purchases.get(c.req.param("token"));
    if (p?.flow !== "billing") return c.json({ code: "ERROR", message: "Purchase not found" }, 404);
    return c.json({
      code: "OK",
      message: null,
      body: {
        invoice_id: p.invoiceId,
        invoice_date: "2026-11-20T12:00:00+03:00",
        refund_date: p.status === "refunded" ? "2026-11-21T12:00:00+03:00" : null,
        invoice_status: p.status,
        application_code: appCode,
        application_name: "Tankodrome",
        invoice: {
          purchaser: { email: null, phone: null },
          order: {
            order_id: p.orderId,
            order_number: null,
            visual_name: "500 gold",
            amount: p.amount,
            currency: p.currency,
            description: "",
            language: "ru-RU",
            visual_amount: (p.amount / 100).toFixed(2),
          },
        },
      },
      timestamp: now(),
    });
  });
  const v2 = (c: import("hono").Context) => {
    if (!authorised(c.req.header("public-token"))) return c.json({ code: "ERROR", message: "Unauthorized" }, 401);
    const p = purchases.get(c.req.param("invoiceId") ?? "");
    if (p?.flow !== "pay")
      return c.json({ code: "NOT_FOUND", message: "Invoice not found", body: null, timestamp: now() }, 404);
    return c.json({
      code: "OK",
      message: null,
      body: {
        invoiceId: p.invoiceId,
        invoiceDate: "2026-11-20T12:00:00+03:00",
        refundDate: p.status === "refunded" ? "2026-11-21T12:00:00+03:00" : null,
        invoiceStatus: p.status.toUpperCase(),
        developerPayload: null,
        appId: appCode,
        ownerCode: 4384191,
        paymentInfo:
          p.status === "created"
            ? null
            : {
                paymentDate: "2026-11-20T12:00:05+03:00",
                maskedPan: "220000******0000",
                paymentSystem: "MIR",
                paymentWay: "CARD",
                paymentWayCode: "card",
                bankName: "Test bank",
              },
        ...(state.omitOrder
          ? {}
          : {
              order: {
                orderId: p.orderId,
                orderNumber: null,
                visualName: p.itemCode,
                amountCreate: p.amount,
                amountCurrent: p.amount,
                currency: p.currency,
                itemCode: p.itemCode,
                description: "",
                language: "ru-RU",
              },
            }),
      },
      timestamp: now(),
    });
  };
  app.get("/public/v2/purchase/:invoiceId", v2);
  app.get("/public/sandbox/v2/purchase/:invoiceId", v2);
  const confirm = (c: import("hono").Context) => {
    if (!authorised(c.req.header("public-token"))) return c.json({ code: "ERROR", message: "Unauthorized" }, 401);
    const m = /^(.+):confirm$/.exec(c.req.param("action") ?? "");
    const p = m ? [...purchases.values()].find((x) => x.purchaseId === m[1]) : undefined;
    if (!m || !p || c.req.param("appId") !== String(appCode))
      return c.json({ code: "NOT_FOUND", message: "Purchase not found", body: null, timestamp: now() }, 404);
    if (state.failConfirm)
      return c.json({ code: "ERROR", message: "Confirmation failed", body: null, timestamp: now() }, 400);
    if (p.status !== "paid")
      return c.json({ code: "ERROR", message: "Purchase status must be PAID", body: null, timestamp: now() }, 400);
    p.status = "confirmed";
    standin.confirmCalls++;
    return c.json({ code: "OK", message: null, body: {}, timestamp: now() });
  };
  app.put("/public/applications/:appId/purchases/:action", confirm);
  app.put("/public/sandbox/applications/:appId/purchases/:action", confirm);

  // TEST MODE: RuStore's payment sheet as the game app shows it (Pay SDK). Paying puts the money
  // on hold, the app reports the invoice and purchase ids to our server (which confirms the
  // hold), RuStore notifies our server, and the player goes back to the order page.
  const esc = (v: string) => v.replace(/[<>&"]/g, "");
  app.get("/buy", async (c) => {
    const q = c.req.query();
    const amount = Number(q.amount);
    if (
      !/^[0-9]{1,15}$/.test(q.order ?? "") ||
      !q.product ||
      !Number.isInteger(amount) ||
      !/^[A-Z]{3}$/.test(q.currency ?? "")
    )
      return c.text("Bad purchase request", 400);
    return testSheet(
      "RuStore payment (test)",
      `<h1>RuStore (test)</h1>
<p id="product">${esc(q.product)}</p><p id="amount">${(amount / 100).toFixed(2)} ${esc(q.currency)}</p>
<form method="post" action="buy?${new URLSearchParams(q)}"><button type="submit" id="pay">Pay</button></form>`,
    );
  });
  app.post("/buy", async (c) => {
    const q = c.req.query();
    const p = standin.payBuy(q.order, q.product, Number(q.amount), q.currency);
    if (o.appUrl)
      await fetch(o.appUrl, {
        method: "POST",
        headers: { "content-type": "application/json" },
        body: JSON.stringify({ orderId: q.order, invoiceId: String(p.invoiceId), purchaseId: p.purchaseId }),
      }).catch(() => undefined);
    await standin.deliver(String(p.invoiceId), "paid");
    return c.redirect(q.return ?? "/");
  });
  // TEST MODE: the notification RuStore would deliver again for an invoice, and a refund made in RuStore Console.
  app.get("/console/notification/:invoiceId", async (c) => {
    const p = purchases.get(c.req.param("invoiceId"));
    if (!p) return c.json({ code: "NOT_FOUND" }, 404);
    return c.json(await standin.notification(p.token, "paid"));
  });
  app.post("/console/refund/:invoiceId", async (c) => {
    const p = purchases.get(c.req.param("invoiceId"));
    if (p?.status !== "confirmed")
      return c.json({ code: "ERROR", message: "Only a confirmed payment is refunded" }, 400);
    p.status = "refunded";
    return c.json(await standin.deliver(p.token, "confirmed"));
  });

  const standin = {
    confirmCalls: 0,
    calls: { real: 0, sandbox: 0 },
    app,
    state,
    purchases,
    /** BillingClient SDK: the player pays in the RuStore sheet; the money is on hold (`paid`) until confirmed. Answers the purchase token. */
    buy(orderId: string, amount: number, currency = "RUB", status = "paid") {
      const token = `rs-${crypto.randomUUID()}`;
      purchases.set(token, {
        token,
        flow: "billing",
        purchaseId: crypto.randomUUID(),
        invoiceId: ++invoice,
        orderId,
        itemCode: "gold_500",
        amount,
        currency,
        status,
      });
      return token;
    },
    /** Pay SDK: the player buys `itemCode`; the money is on hold (`paid`). Answers the invoice id (also the purchase's key here) and the purchase id. */
    payBuy(orderId: string, itemCode: string, amount: number, currency = "RUB", status = "paid") {
      const invoiceId = ++invoice;
      const p: Purchase = {
        token: String(invoiceId),
        flow: "pay",
        purchaseId: crypto.randomUUID(),
        invoiceId,
        orderId,
        itemCode,
        amount,
        currency,
        status,
      };
      purchases.set(p.token, p);
      return p;
    },
    /** RuStore's notification of a status change, encrypted with `key` (base64 AES-256; the console's key by default). A Pay SDK purchase's carries no token and its statuses in capitals. */
    async notification(
      token: string,
      statusOld: string,
      opts: { key?: string; type?: string; appId?: number; orderId?: string | null } = {},
    ) {
      const p = purchases.get(token)!;
      const pay = p.flow === "pay";
      const data = {
        product_code: p.itemCode,
        change_status_time: now(),
        status_new: pay ? p.status.toUpperCase() : p.status,
        status_old: pay ? statusOld.toUpperCase() : statusOld,
        ...(pay ? {} : { purchase_token: p.token }),
        invoice_id: String(p.invoiceId),
        order_id: opts.orderId === undefined ? p.orderId : opts.orderId,
        purchase_id: p.purchaseId,
      };
      const plain = JSON.stringify({
        notification_type: opts.type ?? "INVOICE_STATUS",
        app_id: opts.appId ?? appCode,
        data: JSON.stringify(data),
      });
      const keyB64 = opts.key ?? o.notificationKey!;
      const key = await crypto.subtle.importKey(
        "raw",
        Uint8Array.from(atob(keyB64), (ch) => ch.charCodeAt(0)),
        { name: "AES-GCM" },
        false,
        ["encrypt"],
      );
      const iv = crypto.getRandomValues(new Uint8Array(12));
      const sealed = new Uint8Array(
        await crypto.subtle.encrypt({ name: "AES-GCM", iv, tagLength: 128 }, key, new TextEncoder().encode(plain)),
      );
      const all = new Uint8Array(12 + sealed.length);
      all.set(iv);
      all.set(sealed, 12);
      return { id: String(++invoice), timestamp: now(), payload: b64(all) };
    },
    /** Sends the purchase's notification to the server, as RuStore does (when it knows where); answers the notification. */
    async deliver(token: string, statusOld: string) {
      const n = await standin.notification(token, statusOld);
      if (o.notificationUrl)
        await fetch(o.notificationUrl, {
          method: "POST",
          headers: { "content-type": "application/json" },
          body: JSON.stringify(n),
        }).catch(() => undefined);
      return n;
    },
    /** The SDK's purchase id of a purchase. */
    purchaseId: (token: string) => purchases.get(token)!.purchaseId,
    /** The purchase is confirmed as by the developer's server (what our server does through the confirm call). */
    confirm(token: string) {
      const p = purchases.get(token)!;
      if (p.status === "paid") p.status = "confirmed";
    },
    /** A BillingClient purchase the app made and confirmed at once. */
    bought(orderId: string, amount: number, currency = "RUB") {
      const token = standin.buy(orderId, amount, currency);
      standin.confirm(token);
      return token;
    },
  };
  return standin;
}
