// A local stand-in of PayPal's REST API for tests and e2e: OAuth2 client credentials, Orders v2
// (create with PayPal-Request-Id idempotency, get, capture with ORDER_ALREADY_CAPTURED /
// ORDER_NOT_APPROVED), and an approval page. Web-standard only.
import { Hono } from "hono";

interface PpOrder {
  id: string;
  status: "PAYER_ACTION_REQUIRED" | "APPROVED" | "COMPLETED" | "VOIDED";
  referenceId: string;
  amount: { currency_code: string; value: string };
  returnUrl: string;
  capture?: { id: string; status: "COMPLETED" | "REFUNDED"; amount: { currency_code: string; value: string } };
}

export function paypalStandin(o: { clientId: string; secret: string; origin: () => string }) {
  const orders = new Map<string, PpOrder>();
  const byRequest = new Map<string, string>();
  const state = { down: false, loseCaptureAnswer: false, captureAmountOverride: null as null | { currency_code: string; value: string } };
  const app = new Hono();
  const token = `A21AA${crypto.randomUUID().replace(/-/g, "")}`;
  const error = (name: string, issue: string, status: 404 | 422) => ({ body: { name, details: [{ issue }], message: issue }, status });

  app.use("*", async (c, next) => (state.down ? c.json({ name: "INTERNAL_SERVICE_ERROR" }, 503) : next()));
  app.post("/v1/oauth2/token", async (c) => {
    if (c.req.header("authorization") !== `Basic ${btoa(`${o.clientId}:${o.secret}`)}`) return c.json({ error: "invalid_client" }, 401);
    return c.json({ scope: "https://uri.paypal.com/services/payments", access_token: token, token_type: "Bearer", expires_in: 32400 });
  });
  app.use("/v2/*", async (c, next) => (c.req.header("authorization") === `Bearer ${token}` ? next() : c.json({ name: "AUTHENTICATION_FAILURE" }, 401)));
  const view = (p: PpOrder) => ({
    id: p.id,
    status: p.status,
    purchase_units: [{ reference_id: p.referenceId, amount: p.amount, ...(p.capture ? { payments: { captures: [p.capture] } } : {}) }],
    links: [{ rel: "self", href: `${o.origin()}/v2/checkout/orders/${p.id}` }, { rel: "payer-action", href: `${o.origin()}/checkoutnow?token=${p.id}` }],
  });
  app.post("/v2/checkout/orders", async (c) => {
    const rid = c.req.header("paypal-request-id");
    if (rid && byRequest.has(rid)) return c.json(view(orders.get(byRequest.get(rid)!)!), 200);
    const b = (await c.req.json()) as { intent?: string; purchase_units?: { reference_id?: string; amount?: { currency_code: string; value: string } }[]; payment_source?: { paypal?: { experience_context?: { return_url?: string } } } };
    const unit = b.purchase_units?.[0];
    if (b.intent !== "CAPTURE" || !unit?.amount) return c.json({ name: "INVALID_REQUEST" }, 400);
    const id = crypto.randomUUID().replace(/-/g, "").slice(0, 17).toUpperCase();
    const p: PpOrder = { id, status: "PAYER_ACTION_REQUIRED", referenceId: unit.reference_id ?? "", amount: unit.amount, returnUrl: b.payment_source?.paypal?.experience_context?.return_url ?? "/" };
    orders.set(id, p);
    if (rid) byRequest.set(rid, id);
    return c.json(view(p), 200);
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
    p.capture = { id: crypto.randomUUID().replace(/-/g, "").slice(0, 17).toUpperCase(), status: "COMPLETED", amount: state.captureAmountOverride ?? p.amount };
    if (state.loseCaptureAnswer) return c.json({ name: "INTERNAL_SERVICE_ERROR" }, 503);
    return c.json(view(p), 201);
  });
  app.get("/checkoutnow", (c) => {
    const p = orders.get(c.req.query("token") ?? "");
    if (!p) return c.text("No such order", 404);
    return c.html(`<!doctype html><html><body><p id="test-mode" style="background:#ffd400;color:#000;font-weight:700;padding:8px;text-align:center"><strong>TEST MODE — no real money is charged · ТЕСТОВЫЙ РЕЖИМ — деньги не списываются</strong></p><h1>PayPal (test)</h1><p id="amount">${p.amount.value} ${p.amount.currency_code}</p><form method="post" action="checkoutnow/${p.id}/approve"><button id="approve" type="submit">Approve</button></form></body></html>`);
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

  const standin = {
    app,
    state,
    orders,
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
