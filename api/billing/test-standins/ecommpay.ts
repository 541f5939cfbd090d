// A local stand-in of Ecommpay for tests and e2e: the Payment Page (checks the signature of its
// parameters), signed callbacks, and the Gate API's POST /v2/payment/status (the whole body
// signed, the signature in `general`), all signed as Ecommpay's SDKs sign. Web-standard only.
import { Hono } from "hono";
import { ecommpaySign } from "../ecommpay.ts";
import { testSheet } from "./sheet.ts";

interface Payment {
  id: string;
  amount: number;
  currency: string;
  status: string;
  customer: string;
  successUrl?: string;
  failUrl?: string;
}

export function ecommpayStandin(o: { projectId: number; secretKey: string; callbackUrl?: string; returnUrl?: string }) {
  const payments = new Map<string, Payment>();
  const state = { down: false };
  const app = new Hono();
  app.use("*", async (c, next) => (state.down ? c.json({ status: "error", message: "unavailable" }, 503) : next()));

  app.get("/payment", async (c) => {
    const q = c.req.query();
    const { signature, ...rest } = q;
    const typed = { ...rest, project_id: Number(rest.project_id), payment_amount: Number(rest.payment_amount) };
    if ((await ecommpaySign(typed, o.secretKey)) !== signature || typed.project_id !== o.projectId)
      return c.text("Invalid signature", 400);
    // merchant_success_url / merchant_fail_url: where the Payment Page sends the customer after.
    payments.set(
      q.payment_id,
      payments.get(q.payment_id) ?? {
        id: q.payment_id,
        amount: typed.payment_amount,
        currency: q.payment_currency,
        status: "awaiting customer",
        customer: q.customer_id,
        successUrl: q.merchant_success_url,
        failUrl: q.merchant_fail_url,
      },
    );
    return testSheet(
      "Ecommpay payment page (test)",
      `<h1>Ecommpay (test)</h1><p id="amount">${(typed.payment_amount / 100).toFixed(2)} ${q.payment_currency}</p>
<form method="post" action="payment/${q.payment_id}/pay"><button id="pay" type="submit">Pay</button></form>
<form method="post" action="payment/${q.payment_id}/cancel"><button id="cancel" type="submit">Cancel</button></form>`,
    );
  });
  app.post("/payment/:id/pay", async (c) => {
    const p = payments.get(c.req.param("id"));
    if (!p) return c.text("No such payment", 404);
    p.status = "success";
    if (o.callbackUrl)
      await fetch(o.callbackUrl, {
        method: "POST",
        headers: { "content-type": "application/json" },
        body: JSON.stringify(await standin.callback(p.id)),
      }).catch(() => undefined);
    return c.redirect(p.successUrl ?? o.returnUrl ?? "/");
  });
  app.post("/payment/:id/cancel", async (c) => {
    const p = payments.get(c.req.param("id"));
    if (!p) return c.text("No such payment", 404);
    p.status = "decline";
    if (o.callbackUrl)
      await fetch(o.callbackUrl, {
        method: "POST",
        headers: { "content-type": "application/json" },
        body: JSON.stringify(await standin.callback(p.id)),
      }).catch(() => undefined);
    return c.redirect(p.failUrl ?? o.returnUrl ?? "/");
  });
  app.post("/v2/payment/status", async (c) => {
    // The Gate checks the signature of the whole body (general.signature left out).
    const body = (await c.req.json().catch(() => null)) as { general?: Record<string, unknown> } | null;
    const g = body?.general;
    if (!g || (await ecommpaySign(body, o.secretKey)) !== g.signature)
      return c.json({ status: "error", code: "1501", message: "Wrong signature" }, 400);
    if (Number(g.project_id) !== o.projectId)
      return c.json({ status: "error", code: "1301", message: "Project not found" }, 400);
    const p = payments.get(String(g.payment_id));
    if (!p) return c.json({ status: "error", message: "Payment not found" }, 404);
    return c.json({
      project_id: o.projectId,
      payment: { id: p.id, status: p.status, sum: { amount: p.amount, currency: p.currency }, type: "purchase" },
      customer: { id: p.customer },
    });
  });

  const standin = {
    app,
    state,
    payments,
    open(id: string, amount: number, currency: string) {
      payments.set(id, { id, amount, currency, status: "awaiting customer", customer: "" });
    },
    /** A signed callback, as Ecommpay sends it after an operation on the payment. */
    async callback(
      id: string,
      over: {
        status?: string;
        amount?: number;
        currency?: string;
        operationType?: string;
        /** The operation's own sum (a partial refund's), else the payment's. */
        operationAmount?: number;
        operationId?: number;
      } = {},
    ) {
      const p = payments.get(id)!;
      if (over.status) p.status = over.status;
      const body: Record<string, unknown> = {
        project_id: o.projectId,
        payment: {
          id: p.id,
          type: "purchase",
          status: p.status,
          date: "2026-11-20T12:00:00+0000",
          method: "card",
          sum: { amount: over.amount ?? p.amount, currency: over.currency ?? p.currency },
          description: "",
        },
        account: {
          number: "411111******1111",
          type: "visa",
          card_holder: "TEST",
          expiry_month: "12",
          expiry_year: "2030",
        },
        customer: { id: p.customer },
        operation: {
          id: over.operationId ?? Math.floor(Math.random() * 1e12),
          type: over.operationType ?? "sale",
          status: "success",
          date: "2026-11-20T12:00:00+0000",
          created_date: "2026-11-20T12:00:00+0000",
          request_id: crypto.randomUUID(),
          sum_initial: { amount: over.operationAmount ?? p.amount, currency: p.currency },
          sum_converted: { amount: over.operationAmount ?? p.amount, currency: p.currency },
          code: "0",
          message: "Success",
          provider: { id: 1, payment_id: "", auth_code: "" },
        },
      };
      body.signature = await ecommpaySign(body, o.secretKey);
      return body;
    },
  };
  return standin;
}
