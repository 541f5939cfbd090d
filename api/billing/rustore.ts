// RuStore (www.rustore.ru/help/work-with-rustore-api): the app buys through the RuStore
// billing SDK, passing our order id as the SDK's orderId, then reports the purchase token to
// /billing/rustore/purchase/validate. We never trust the app: the purchase is read from the
// RuStore API (GET /public/purchase/{purchaseToken}) with a Public-Token obtained from
// POST /public/auth/ (keyId, timestamp, and base64 SHA512withRSA(keyId + timestamp) with the API
// key's private key; companyId is no longer sent), and credited only if RuStore says it is
// `confirmed` (not `paid`: that is money on hold awaiting confirmation, which returns to the
// buyer if never confirmed), for our application (application_code), this order, and the
// order's amount and currency. The purchase token is kept on the order (so `verify` can
// ask again if RuStore was down); the provider transaction id is RuStore's invoice_id.
// Settings: RUSTORE_KEY_ID, RUSTORE_PRIVATE_KEY (PKCS#8 base64), RUSTORE_APPLICATION_CODE (the
// app's code in the RuStore console), RUSTORE_API_BASE (default https://public-api.rustore.ru).
import { z } from "zod";
import { and, eq, isNull } from "drizzle-orm";
import type { Hono } from "hono";
import type { Deps } from "../deps.ts";
import type { HonoEnv } from "../http/env.ts";
import { route } from "../http/router.ts";
import { readFields } from "../http/validate.ts";
import { AppError, notFound } from "../http/errors.ts";
import { orders } from "../db/schema/billing.ts";
import { findOrder, amountMismatch, type Order } from "./orders.ts";
import { ProviderDown, providerFetch, secret, type Provider, type ProviderState } from "./providers.ts";
import { applyState, orderView } from "./apply.ts";
import { base64ToBytes } from "./x509.ts";
import type { Market } from "./catalog.ts";

const NAME = "rustore";
const tokens = new Map<string, { token: string; until: number }>();

const base = (deps: Deps) => (deps.settings.secrets.RUSTORE_API_BASE ?? "https://public-api.rustore.ru").replace(/\/$/, "");

export async function rustoreAuthSignature(privateKeyB64: string, keyId: string, timestamp: string): Promise<string> {
  const key = await crypto.subtle.importKey("pkcs8", base64ToBytes(privateKeyB64) as BufferSource, { name: "RSASSA-PKCS1-v1_5", hash: "SHA-512" }, false, ["sign"]);
  const sig = new Uint8Array(await crypto.subtle.sign("RSASSA-PKCS1-v1_5", key, new TextEncoder().encode(keyId + timestamp)));
  return btoa(String.fromCharCode(...sig));
}

async function publicToken(deps: Deps): Promise<string> {
  const keyId = secret(deps, NAME, "RUSTORE_KEY_ID");
  const cacheKey = `${base(deps)} ${keyId}`;
  const hit = tokens.get(cacheKey);
  if (hit && hit.until > Date.now()) return hit.token;
  const timestamp = new Date(deps.clock.now()).toISOString();
  const signature = await rustoreAuthSignature(secret(deps, NAME, "RUSTORE_PRIVATE_KEY").replace(/-----[^-]+-----|\s+/g, ""), keyId, timestamp);
  const res = await providerFetch(NAME, `${base(deps)}/public/auth/`, { method: "POST", headers: { "content-type": "application/json" }, body: JSON.stringify({ keyId, timestamp, signature }) });
  const body = (await res.json().catch(() => null)) as { code?: string; body?: { jwe?: string; ttl?: number } } | null;
  if (body?.code !== "OK" || !body.body?.jwe) throw new ProviderDown(NAME, `auth: ${body?.code ?? res.status}`);
  tokens.set(cacheKey, { token: body.body.jwe, until: Date.now() + Math.max(0, (body.body.ttl ?? 900) - 60) * 1000 });
  return body.body.jwe;
}

const purchaseSchema = z.object({
  code: z.literal("OK"),
  body: z.object({
    invoice_id: z.union([z.number(), z.string()]),
    invoice_status: z.string(),
    application_code: z.union([z.number(), z.string()]),
    invoice: z.object({ order: z.object({ order_id: z.string().nullable().optional(), amount: z.number().int(), currency: z.string() }) }),
  }),
});

// Only `confirmed` is money received; `paid` is a hold awaiting confirmation (pending here).
const PAID = new Set(["confirmed"]);
const FAILED = new Set(["cancelled", "rejected", "expired"]);

async function fetchPurchase(deps: Deps, order: Order, purchaseToken: string): Promise<ProviderState> {
  const res = await providerFetch(NAME, `${base(deps)}/public/purchase/${encodeURIComponent(purchaseToken)}`, { headers: { "Public-Token": await publicToken(deps) } });
  if (res.status === 401) tokens.clear();
  if (res.status === 404 || res.status === 400) throw notFound();
  const parsed = purchaseSchema.safeParse(await res.json().catch(() => null));
  if (!parsed.success) throw new ProviderDown(NAME, `unreadable answer: HTTP ${res.status}`);
  const { invoice_id, invoice_status, invoice, application_code } = parsed.data.body;
  // The purchase must be our application's, the one the app made for this order.
  if (String(application_code) !== secret(deps, NAME, "RUSTORE_APPLICATION_CODE")) throw notFound();
  if (invoice.order.order_id !== String(order.id)) throw notFound();
  const raw = { invoice_id, invoice_status };
  if (PAID.has(invoice_status)) return { status: "paid", txId: String(invoice_id), amountMinor: invoice.order.amount, currency: invoice.order.currency.toUpperCase(), raw };
  if (invoice_status === "refunded" || invoice_status === "reversed") return { status: "refunded", txId: String(invoice_id), raw };
  if (FAILED.has(invoice_status)) return { status: invoice_status === "cancelled" ? "cancelled" : "failed", raw };
  return { status: "pending", raw };
}

export const rustoreProvider: Provider = {
  name: NAME,
  market: "rustore" as Market,
  currencyFor: () => "RUB",
  ready: (deps) => {
    for (const k of ["RUSTORE_KEY_ID", "RUSTORE_PRIVATE_KEY", "RUSTORE_APPLICATION_CODE"]) secret(deps, NAME, k);
  },
  // The app opens RuStore's own purchase sheet with our order id; nothing to open here.
  async start() {
    return { url: null, ref: null };
  },
  async check(deps, order) {
    if (!order.providerRef) return { status: "pending", raw: { reason: "no purchase token reported yet" } };
    return fetchPurchase(deps, order, order.providerRef);
  },
};

const validateInput = z.object({ orderId: z.string().regex(/^[0-9]{1,15}$/), purchaseToken: z.string().regex(/^[A-Za-z0-9._~:-]{8,512}$/) });

export function registerRustore(app: Hono<HonoEnv>) {
  route(app, { method: "ANY", path: "/billing/rustore/purchase/validate", auth: "provider" }, async (c) => {
    const deps = c.var.deps;
    const fields = await readFields(c);
    const parsed = validateInput.safeParse({ orderId: fields.orderId === undefined ? undefined : String(fields.orderId), purchaseToken: fields.purchaseToken });
    if (!parsed.success) throw new AppError("malformed");
    const order = await findOrder(deps.db, Number(parsed.data.orderId));
    if (!order || order.provider !== NAME) throw notFound();
    const token = parsed.data.purchaseToken;
    let state: ProviderState;
    try {
      state = await fetchPurchase(deps, order, token);
    } catch (e) {
      // RuStore cannot be reached: keep the token on the waiting order so `verify` can ask later.
      if (e instanceof ProviderDown && !order.providerRef && (order.status === "created" || order.status === "pending"))
        await deps.db.update(orders).set({ providerRef: token, updatedAt: deps.clock.now() }).where(and(eq(orders.id, order.id), isNull(orders.providerRef)));
      throw e;
    }
    if (state.status === "paid" && (state.amountMinor !== order.amountMinor || state.currency !== order.currency)) throw amountMismatch();
    // RuStore confirmed this token is this order's purchase: keep it for later checks.
    if (order.providerRef !== token) await deps.db.update(orders).set({ providerRef: token, updatedAt: deps.clock.now() }).where(eq(orders.id, order.id));
    const done = await applyState(deps.db, (await findOrder(deps.db, order.id))!, state, "callback", deps.clock.now());
    return c.json({ order: orderView(done) });
  });
}
