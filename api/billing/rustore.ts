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
// A `paid` purchase is confirmed by OUR server, never left to the app: with the purchase id the
// app reports (or RuStore's notification carries) we call
// PUT /public/applications/{appId}/purchases/{purchaseId}:confirm, then read the purchase again
// and credit only once it reads `confirmed`.
// RuStore's server notifications (POST /billing/rustore/notification, body {id, timestamp,
// payload}: payload is base64 of AES-256-GCM, 12-byte IV, 16-byte tag, with the console's key)
// are decrypted (a payload that does not decrypt with our key is refused), checked for our app_id,
// and then only tell us which purchase to read again: refunds and reversals go through the same
// refund path as a verify; replays change nothing.
// Settings: RUSTORE_KEY_ID, RUSTORE_PRIVATE_KEY (PKCS#8 base64), RUSTORE_APPLICATION_CODE (the
// app's id in the RuStore console, also the appId of the confirm call), RUSTORE_API_BASE (default
// https://public-api.rustore.ru), RUSTORE_NOTIFICATION_KEY (base64 AES-256 key from the console's
// server notifications; without it the notification route answers 503).
import { z } from "zod";
import { and, eq, isNull } from "drizzle-orm";
import type { Hono } from "hono";
import type { Deps } from "../deps.ts";
import type { HonoEnv } from "../http/env.ts";
import { route } from "../http/router.ts";
import { AppError, notFound } from "../http/errors.ts";
import { orders } from "../db/schema/billing.ts";
import { findOrder, amountMismatch, type Order, type Source } from "./orders.ts";
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

interface Read { state: ProviderState; invoiceStatus: string }

async function readPurchase(deps: Deps, order: Order, purchaseToken: string): Promise<Read> {
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
  const amounts = { amountMinor: invoice.order.amount, currency: invoice.order.currency.toUpperCase() };
  if (PAID.has(invoice_status)) return { invoiceStatus: invoice_status, state: { status: "paid", txId: String(invoice_id), ...amounts, raw } };
  if (invoice_status === "refunded" || invoice_status === "reversed") return { invoiceStatus: invoice_status, state: { status: "refunded", txId: String(invoice_id), raw } };
  if (FAILED.has(invoice_status)) return { invoiceStatus: invoice_status, state: { status: invoice_status === "cancelled" ? "cancelled" : "failed", raw } };
  // `paid` (on hold) keeps the amounts so they can be checked before we confirm.
  return { invoiceStatus: invoice_status, state: { status: "pending", ...amounts, raw } };
}

/** RuStore's confirm call: the hold becomes a payment. "Purchase status must be PAID" means it no longer is (confirmed meanwhile, or reversed): the next read tells. */
async function confirmPurchase(deps: Deps, purchaseId: string): Promise<void> {
  const appId = secret(deps, NAME, "RUSTORE_APPLICATION_CODE");
  const res = await providerFetch(NAME, `${base(deps)}/public/applications/${encodeURIComponent(appId)}/purchases/${encodeURIComponent(purchaseId)}:confirm`, { method: "PUT", headers: { "Public-Token": await publicToken(deps) } });
  if (res.status === 401) tokens.clear();
  const body = (await res.json().catch(() => null)) as { code?: string; message?: string | null } | null;
  if (body?.code === "OK") return;
  if (res.status === 404 || body?.code === "NOT_FOUND") throw notFound();
  if (body?.code === "ERROR" || body?.code === "BAD_REQUEST") return;
  throw new ProviderDown(NAME, `confirm: ${body?.code ?? res.status}`);
}

/**
 * The purchase as RuStore has it, confirmed by us when it is on hold: read it; if `paid` and
 * we know its purchase id, check it is this order's amount, confirm it, read it again.
 */
async function settle(deps: Deps, order: Order, purchaseToken: string, purchaseId?: string): Promise<ProviderState> {
  const first = await readPurchase(deps, order, purchaseToken);
  if (first.invoiceStatus !== "paid" || !purchaseId) return first.state;
  if (first.state.amountMinor !== order.amountMinor || first.state.currency !== order.currency) throw amountMismatch();
  await confirmPurchase(deps, purchaseId);
  return (await readPurchase(deps, order, purchaseToken)).state;
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
    return (await readPurchase(deps, order, order.providerRef)).state;
  },
};

const orderIdField = z.union([z.string(), z.number()]).transform(String).pipe(z.string().regex(/^[0-9]{1,15}$/));
const validateInput = z.object({
  orderId: orderIdField,
  purchaseToken: z.string().regex(/^[A-Za-z0-9._~:-]{8,512}$/),
  // The SDK's purchase id (UUID): with it our server confirms a purchase on hold.
  purchaseId: z.string().uuid().optional(),
});

// RuStore's notification, as documented: {id, timestamp, payload}; the payload decrypts to
// {notification_type, app_id, data} where data is a JSON string.
const notificationBody = z.object({ id: z.union([z.string(), z.number()]), timestamp: z.string(), payload: z.string().min(1).max(100_000) });
const notificationPayload = z.object({ notification_type: z.string(), app_id: z.union([z.number(), z.string()]), data: z.string() });
const invoiceStatusData = z.object({
  purchase_token: z.string().regex(/^[A-Za-z0-9._~:-]{8,512}$/),
  invoice_id: z.union([z.string(), z.number()]).optional(),
  order_id: z.string().nullable().optional(),
  purchase_id: z.string().uuid().nullable().optional(),
  status_new: z.string(),
});

/** Decrypts a notification's payload: base64(IV 12 bytes || ciphertext || tag 16 bytes), AES-256-GCM. Null when it does not decrypt with our key. */
export async function decryptNotification(keyB64: string, payloadB64: string): Promise<string | null> {
  try {
    const key = await crypto.subtle.importKey("raw", base64ToBytes(keyB64) as BufferSource, { name: "AES-GCM" }, false, ["decrypt"]);
    const bytes = base64ToBytes(payloadB64);
    if (bytes.length < 12 + 16) return null;
    const plain = await crypto.subtle.decrypt({ name: "AES-GCM", iv: bytes.slice(0, 12) as BufferSource, tagLength: 128 }, key, bytes.slice(12) as BufferSource);
    return new TextDecoder().decode(plain);
  } catch {
    return null;
  }
}

async function settleAndApply(deps: Deps, order: Order, token: string, purchaseId: string | undefined, source: Source) {
  let state: ProviderState;
  try {
    state = await settle(deps, order, token, purchaseId);
  } catch (e) {
    // RuStore cannot be reached: keep the token on the waiting order so `verify` can ask later.
    if (e instanceof ProviderDown && !order.providerRef && (order.status === "created" || order.status === "pending"))
      await deps.db.update(orders).set({ providerRef: token, updatedAt: deps.clock.now() }).where(and(eq(orders.id, order.id), isNull(orders.providerRef)));
    throw e;
  }
  if (state.status === "paid" && (state.amountMinor !== order.amountMinor || state.currency !== order.currency)) throw amountMismatch();
  // RuStore confirmed this token is this order's purchase: keep it for later checks.
  if (order.providerRef !== token) await deps.db.update(orders).set({ providerRef: token, updatedAt: deps.clock.now() }).where(eq(orders.id, order.id));
  return applyState(deps.db, (await findOrder(deps.db, order.id))!, state, source, deps.clock.now());
}

export function registerRustore(app: Hono<HonoEnv>) {
  route(app, { method: "ANY", path: "/billing/rustore/purchase/validate", auth: "provider" }, { input: validateInput }, async (c, input) => {
    const deps = c.var.deps;
    const order = await findOrder(deps.db, Number(input.orderId));
    if (!order || order.provider !== NAME) throw notFound();
    const done = await settleAndApply(deps, order, input.purchaseToken, input.purchaseId, "callback");
    return c.json({ order: orderView(done) });
  });

  // RuStore's server notifications: 200 once handled (or not ours to handle), 4xx/5xx makes
  // RuStore deliver again. The notification's status is not trusted: the purchase is read again.
  route(app, { method: "POST", path: "/billing/rustore/notification", auth: "provider" }, { json: notificationBody }, async (c, body) => {
    const deps = c.var.deps;
    const key = secret(deps, NAME, "RUSTORE_NOTIFICATION_KEY");
    const plain = await decryptNotification(key, body.payload);
    if (plain === null) throw new AppError("malformed");
    let payload: z.output<typeof notificationPayload>;
    try {
      const p = notificationPayload.safeParse(JSON.parse(plain));
      if (!p.success) throw new Error("shape");
      payload = p.data;
    } catch {
      throw new AppError("malformed");
    }
    if (String(payload.app_id) !== secret(deps, NAME, "RUSTORE_APPLICATION_CODE")) throw notFound();
    if (payload.notification_type !== "INVOICE_STATUS") return c.json({ ok: true, ignored: payload.notification_type });
    let data: z.output<typeof invoiceStatusData>;
    try {
      const d = invoiceStatusData.safeParse(JSON.parse(payload.data));
      if (!d.success) throw new Error("shape");
      data = d.data;
    } catch {
      throw new AppError("malformed");
    }
    const order = data.order_id && /^[0-9]{1,15}$/.test(data.order_id) ? await findOrder(deps.db, Number(data.order_id)) : null;
    // Not one of our orders: nothing to do, and nothing RuStore should keep retrying.
    if (!order || order.provider !== NAME) return c.json({ ok: true, ignored: "unknown order" });
    const done = await settleAndApply(deps, order, data.purchase_token, data.purchase_id ?? undefined, "callback");
    return c.json({ ok: true, order: orderView(done) });
  });
}
