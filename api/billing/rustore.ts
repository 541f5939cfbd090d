// RuStore (www.rustore.ru/help/work-with-rustore-api): the app buys through one of RuStore's two
// SDKs, passing our order id as the SDK's orderId, then reports the purchase to
// /billing/rustore/purchase/validate. We never trust the app: the purchase is read from the RuStore
// API with a Public-Token obtained from POST /public/auth/ (keyId, timestamp, and base64
// SHA512withRSA(keyId + timestamp) with the API key's private key; companyId is no longer sent).
// Two flows, and the order remembers which one it was paid through (`providerFlow`):
// - "billing" (BillingClient SDK): the app reports the purchase token; we read
//   GET /public/purchase/{purchaseToken} (snake_case: invoice_status, application_code,
//   invoice.order.order_id/amount/currency).
// - "pay" (Pay SDK): the app reports the invoice id; we read GET /public/v2/purchase/{invoiceId}
//   (camelCase: invoiceStatus, appId — applicationCode in RuStore's OpenAPI —, order.orderId,
//   order.itemCode, order.amountCreate, order.currency; /public/sandbox/v2/… with RUSTORE_SANDBOX=1).
// Either way a purchase credits only if RuStore says it is confirmed, for our application, this
// order, this product (Pay SDK) and the order's amount and currency. `paid` is money on hold
// awaiting the developer's confirmation, and the developer is our server: with the purchase id
// the app reports (or RuStore's notification carries), kept on the order (`providerPurchaseId`),
// we check the amount, call PUT /public/applications/{appId}/purchases/{purchaseId}:confirm, read
// again and credit only once it reads confirmed — on the app's report, on the notification, or on
// the operator's verify (`finish`). The token or invoice id is kept on the order (`providerRef`),
// so `verify` can ask again if RuStore was down; the provider transaction id is the invoice id.
// RuStore's server notifications (POST /billing/rustore/notification, body {id, timestamp,
// payload}: payload is base64 of IV (12 bytes) || AES-256-GCM ciphertext || tag (16 bytes), with
// the console's key) are decrypted (a payload that does not decrypt with our key is refused),
// checked for our app_id, and then only tell us which purchase to read again: refunds and
// reversals go through the same refund path as a verify; replays change nothing.
// Settings: RUSTORE_KEY_ID, RUSTORE_PRIVATE_KEY (PKCS#8 base64), RUSTORE_APPLICATION_CODE (the
// app's id in the RuStore console, also the appId of the confirm call), RUSTORE_API_BASE (default
// https://public-api.rustore.ru), RUSTORE_NOTIFICATION_KEY (base64 AES-256 key from the console's
// server notifications; without it the notification route answers 503), RUSTORE_SANDBOX=1 (test
// purchases: the sandbox read and confirm paths, and *_SANDBOX notifications instead of real ones).
import { z } from "zod";
import type { Hono } from "hono";
import type { Deps } from "../deps.ts";
import type { HonoEnv } from "../http/env.ts";
import * as calls from "../contracts/billing.ts";
import { invoiceIdField, tokenField } from "../contracts/billing.ts";
import { route } from "../http/router.ts";
import { AppError, notFound } from "../domain/errors.ts";
import { keepProviderRefs } from "../domain/billing/provider-orders.ts";
import { findOrder, amountMismatch, type Order, type Source } from "../domain/billing/orders.ts";
import { ProviderDown, providerFetch, secret, type Provider, type ProviderState } from "./providers.ts";
import { applyState, orderView } from "./apply.ts";
import { base64ToBytes } from "./x509.ts";
import type { Market } from "../domain/billing/catalog.ts";

const NAME = "rustore";
const tokens = new Map<string, { token: string; until: number }>();

const base = (deps: Deps) =>
  (deps.settings.secrets.RUSTORE_API_BASE ?? "https://public-api.rustore.ru").replace(/\/$/, "");

export async function rustoreAuthSignature(privateKeyB64: string, keyId: string, timestamp: string): Promise<string> {
  const key = await crypto.subtle.importKey(
    "pkcs8",
    base64ToBytes(privateKeyB64) as BufferSource,
    { name: "RSASSA-PKCS1-v1_5", hash: "SHA-512" },
    false,
    ["sign"],
  );
  const sig = new Uint8Array(
    await crypto.subtle.sign("RSASSA-PKCS1-v1_5", key, new TextEncoder().encode(keyId + timestamp)),
  );
  return btoa(String.fromCharCode(...sig));
}

async function publicToken(deps: Deps): Promise<string> {
  const keyId = secret(deps, NAME, "RUSTORE_KEY_ID");
  const cacheKey = `${base(deps)} ${keyId}`;
  const hit = tokens.get(cacheKey);
  if (hit && hit.until > Date.now()) return hit.token;
  const timestamp = new Date(deps.clock.now()).toISOString();
  const signature = await rustoreAuthSignature(
    secret(deps, NAME, "RUSTORE_PRIVATE_KEY").replace(/-----[^-]+-----|\s+/g, ""),
    keyId,
    timestamp,
  );
  const res = await providerFetch(NAME, `${base(deps)}/public/auth/`, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify({ keyId, timestamp, signature }),
  });
  const body = (await res.json().catch(() => null)) as { code?: string; body?: { jwe?: string; ttl?: number } } | null;
  if (body?.code !== "OK" || !body.body?.jwe) throw new ProviderDown(NAME, `auth: ${body?.code ?? res.status}`);
  tokens.set(cacheKey, { token: body.body.jwe, until: Date.now() + Math.max(0, (body.body.ttl ?? 900) - 60) * 1000 });
  return body.body.jwe;
}

export type Flow = "billing" | "pay";
const sandbox = (deps: Deps) => deps.settings.secrets.RUSTORE_SANDBOX === "1";
/** The sandbox's paths for test purchases (v2 read and confirm), the real ones otherwise. */
const pub = (deps: Deps) => `${base(deps)}/public${sandbox(deps) ? "/sandbox" : ""}`;

const id = z.union([z.number(), z.string()]).transform(String);

// GET /public/purchase/{purchaseToken} (BillingClient SDK).
const billingPurchaseSchema = z.object({
  code: z.literal("OK"),
  body: z.object({
    invoice_id: id,
    invoice_status: z.string(),
    application_code: id,
    invoice: z.object({
      order: z.object({ order_id: z.string().nullable().optional(), amount: z.number().int(), currency: z.string() }),
    }),
  }),
});

// GET /public/v2/purchase/{invoiceId} (Pay SDK). The page names appId, RuStore's OpenAPI
// applicationCode; statuses come in capitals on the page, lower case in the OpenAPI.
const payPurchaseSchema = z.object({
  code: z.literal("OK"),
  body: z.object({
    invoiceId: id,
    invoiceStatus: z.string(),
    appId: id.optional(),
    applicationCode: id.optional(),
    developerPayload: z.string().nullable().optional(),
    refundDate: z.string().nullable().optional(),
    order: z
      .object({
        orderId: z.string().nullable().optional(),
        itemCode: z.string().nullable().optional(),
        amountCreate: z.number().int().nullable().optional(),
        amountCurrent: z.number().int().nullable().optional(),
        currency: z.string().nullable().optional(),
      })
      .nullable()
      .optional(),
  }),
});

interface Read {
  state: ProviderState;
  invoiceStatus: string;
}

/** The state of a purchase from RuStore's status (lower-cased): only confirmed (or consumed after it) is money received. */
function stateOf(
  order: Order,
  invoiceStatus: string,
  txId: string,
  amounts: { amountMinor: number; currency: string },
  raw: unknown,
): Read {
  const s = invoiceStatus.toLowerCase();
  if (s === "confirmed" || s === "consumed")
    return { invoiceStatus: s, state: { status: "paid", txId, ...amounts, raw } };
  if (s === "refunded") return { invoiceStatus: s, state: { status: "refunded", txId, raw } };
  // reversed: the hold was released — money back to a buyer we credited (only by mistake), or never taken.
  if (s === "reversed")
    return {
      invoiceStatus: s,
      state: order.status === "paid" ? { status: "refunded", txId, raw } : { status: "failed", raw },
    };
  if (s === "cancelled") return { invoiceStatus: s, state: { status: "cancelled", raw } };
  if (s === "rejected" || s === "expired") return { invoiceStatus: s, state: { status: "failed", raw } };
  // created, executed, and paid (on hold): pending, with the amounts so they can be checked before we confirm.
  return { invoiceStatus: s, state: { status: "pending", ...amounts, raw } };
}

async function getPublic(deps: Deps, url: string) {
  const res = await providerFetch(NAME, url, { headers: { "Public-Token": await publicToken(deps) } });
  if (res.status === 401) tokens.clear();
  if (res.status === 404 || res.status === 400) throw notFound();
  return { status: res.status, json: await res.json().catch(() => null) };
}

async function readBilling(deps: Deps, order: Order, purchaseToken: string): Promise<Read> {
  const res = await getPublic(deps, `${base(deps)}/public/purchase/${encodeURIComponent(purchaseToken)}`);
  const parsed = billingPurchaseSchema.safeParse(res.json);
  if (!parsed.success) throw new ProviderDown(NAME, `unreadable answer: HTTP ${res.status}`);
  const { invoice_id, invoice_status, invoice, application_code } = parsed.data.body;
  // The purchase must be our application's, the one the app made for this order.
  if (application_code !== secret(deps, NAME, "RUSTORE_APPLICATION_CODE")) throw notFound();
  if (invoice.order.order_id !== String(order.id)) throw notFound();
  return stateOf(
    order,
    invoice_status,
    invoice_id,
    { amountMinor: invoice.order.amount, currency: invoice.order.currency.toUpperCase() },
    { flow: "billing", invoice_id, invoice_status },
  );
}

async function readPay(deps: Deps, order: Order, invoiceId: string): Promise<Read> {
  const res = await getPublic(deps, `${pub(deps)}/v2/purchase/${encodeURIComponent(invoiceId)}`);
  const parsed = payPurchaseSchema.safeParse(res.json);
  if (!parsed.success) throw new ProviderDown(NAME, `unreadable answer: HTTP ${res.status}`);
  const b = parsed.data.body;
  if (b.invoiceId !== invoiceId) throw new ProviderDown(NAME, "the answer is another invoice's");
  // Our application's (appId, or applicationCode as RuStore's OpenAPI names it; one must be there).
  const app = b.appId ?? b.applicationCode;
  if (app === undefined || app !== secret(deps, NAME, "RUSTORE_APPLICATION_CODE")) throw notFound();
  // Without the order block we cannot tell which product and amount were paid: a cheap product's
  // purchase could carry an expensive order's id. Nothing is credited until RuStore says.
  const o = b.order;
  if (!o || o.amountCreate == null || !o.currency || !o.itemCode)
    throw new ProviderDown(NAME, "the purchase has no order (product, amount, currency) to check");
  if (o.orderId !== String(order.id)) throw notFound();
  if (o.itemCode !== order.itemId) throw amountMismatch();
  const raw = {
    flow: "pay",
    invoiceId: b.invoiceId,
    invoiceStatus: b.invoiceStatus,
    itemCode: o.itemCode,
    amountCreate: o.amountCreate,
    amountCurrent: o.amountCurrent ?? null,
    currency: o.currency,
  };
  return stateOf(
    order,
    b.invoiceStatus,
    b.invoiceId,
    { amountMinor: o.amountCreate, currency: o.currency.toUpperCase() },
    raw,
  );
}

const read = (deps: Deps, order: Order, flow: Flow, ref: string) =>
  flow === "pay" ? readPay(deps, order, ref) : readBilling(deps, order, ref);

/** RuStore's confirm call: the hold becomes a payment. "Purchase status must be PAID" (or any refusal) means it is not confirmed by us: the next read tells. */
async function confirmPurchase(deps: Deps, purchaseId: string): Promise<void> {
  const appId = secret(deps, NAME, "RUSTORE_APPLICATION_CODE");
  const res = await providerFetch(
    NAME,
    `${pub(deps)}/applications/${encodeURIComponent(appId)}/purchases/${encodeURIComponent(purchaseId)}:confirm`,
    { method: "PUT", headers: { "Public-Token": await publicToken(deps) } },
  );
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
async function settle(
  deps: Deps,
  order: Order,
  flow: Flow,
  ref: string,
  purchaseId?: string | null,
): Promise<ProviderState> {
  const first = await read(deps, order, flow, ref);
  if (first.invoiceStatus !== "paid" || !purchaseId) return first.state;
  if (first.state.amountMinor !== order.amountMinor || first.state.currency !== order.currency) throw amountMismatch();
  await confirmPurchase(deps, purchaseId);
  return (await read(deps, order, flow, ref)).state;
}

const flowOf = (order: Order): Flow => (order.providerFlow === "pay" ? "pay" : "billing");

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
    if (!order.providerRef)
      return { status: "pending", raw: { reason: "no purchase token or invoice id reported yet" } };
    return (await read(deps, order, flowOf(order), order.providerRef)).state;
  },
  // verify: a hold the app never confirmed is confirmed by us (with the purchase id it reported), then read again.
  async finish(deps, order) {
    if (!order.providerRef)
      return { status: "pending", raw: { reason: "no purchase token or invoice id reported yet" } };
    if (!order.providerPurchaseId) return rustoreProvider.check(deps, order);
    return settle(deps, order, flowOf(order), order.providerRef, order.providerPurchaseId);
  },
};

const notificationPayload = z.object({
  notification_type: z.string(),
  app_id: z.union([z.number(), z.string()]),
  data: z.string(),
});
const invoiceStatusData = z.object({
  // BillingClient purchases carry the token; Pay SDK ones the invoice id (read with the v2 method).
  purchase_token: tokenField.nullable().optional(),
  invoice_id: invoiceIdField.nullable().optional(),
  order_id: z.string().nullable().optional(),
  purchase_id: z.string().uuid().nullable().optional(),
  product_code: z.string().nullable().optional(),
  status_new: z.string(),
});

/** Decrypts a notification's payload: base64(IV 12 bytes || ciphertext || tag 16 bytes), AES-256-GCM. Null when it does not decrypt with our key. */
export async function decryptNotification(keyB64: string, payloadB64: string): Promise<string | null> {
  try {
    const key = await crypto.subtle.importKey(
      "raw",
      base64ToBytes(keyB64) as BufferSource,
      { name: "AES-GCM" },
      false,
      ["decrypt"],
    );
    const bytes = base64ToBytes(payloadB64);
    if (bytes.length < 12 + 16) return null;
    const plain = await crypto.subtle.decrypt(
      { name: "AES-GCM", iv: bytes.slice(0, 12) as BufferSource, tagLength: 128 },
      key,
      bytes.slice(12) as BufferSource,
    );
    return new TextDecoder().decode(plain);
  } catch {
    return null;
  }
}

/** Keeps what the app (or RuStore's notification) said about the purchase on the order, where it has none yet. */
async function remember(deps: Deps, order: Order, flow: Flow, ref: string, purchaseId: string | undefined) {
  const set: Partial<Order> = {};
  if (order.providerRef !== ref) set.providerRef = ref;
  if (order.providerFlow !== flow) set.providerFlow = flow;
  if (purchaseId && order.providerPurchaseId !== purchaseId) set.providerPurchaseId = purchaseId;
  if (Object.keys(set).length) await keepProviderRefs(deps.db, order.id, set, deps.clock.now());
}

async function settleAndApply(
  deps: Deps,
  order: Order,
  flow: Flow,
  ref: string,
  purchaseId: string | undefined,
  source: Source,
) {
  let state: ProviderState;
  try {
    state = await settle(deps, order, flow, ref, purchaseId ?? order.providerPurchaseId);
  } catch (e) {
    // RuStore cannot be reached: keep what the app reported on the waiting order so `verify` can ask (and confirm) later.
    if (e instanceof ProviderDown && !order.providerRef && (order.status === "created" || order.status === "pending")) {
      const set = { providerRef: ref, providerFlow: flow, ...(purchaseId ? { providerPurchaseId: purchaseId } : {}) };
      await keepProviderRefs(deps.db, order.id, set, deps.clock.now(), { firstOnly: true });
    }
    throw e;
  }
  if (state.status === "paid" && (state.amountMinor !== order.amountMinor || state.currency !== order.currency))
    throw amountMismatch();
  // RuStore confirmed this token or invoice is this order's purchase: keep it for later checks.
  await remember(deps, order, flow, ref, purchaseId);
  return applyState(deps.db, (await findOrder(deps.db, order.id))!, state, source, deps.clock.now());
}

export function registerRustore(app: Hono<HonoEnv>) {
  route(app, calls.rustoreValidate, async (c, input) => {
    const deps = c.var.deps;
    const order = await findOrder(deps.db, Number(input.orderId));
    if (!order || order.provider !== NAME) throw notFound();
    const [flow, ref]: [Flow, string] =
      input.invoiceId !== undefined ? ["pay", input.invoiceId] : ["billing", input.purchaseToken!];
    // An order is paid through one flow: a report of the other kind is not this order's purchase.
    if (order.providerFlow && order.providerFlow !== flow) throw notFound();
    const done = await settleAndApply(deps, order, flow, ref, input.purchaseId, "callback");
    return { order: orderView(done) };
  });

  // RuStore's server notifications: 200 once handled (or not ours to handle), 4xx/5xx makes
  // RuStore deliver again. The notification's status is not trusted: the purchase is read again.
  route(app, calls.rustoreNotification, async (c, body) => {
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
    // Real purchases on a real server, test (sandbox) ones only where RUSTORE_SANDBOX=1; test events and subscriptions are answered and left.
    if (payload.notification_type !== (sandbox(deps) ? "INVOICE_STATUS_SANDBOX" : "INVOICE_STATUS"))
      return { ok: true as const, ignored: payload.notification_type };
    let data: z.output<typeof invoiceStatusData>;
    try {
      const d = invoiceStatusData.safeParse(JSON.parse(payload.data));
      if (!d.success) throw new Error("shape");
      data = d.data;
    } catch {
      throw new AppError("malformed");
    }
    const order =
      data.order_id && /^[0-9]{1,15}$/.test(data.order_id) ? await findOrder(deps.db, Number(data.order_id)) : null;
    // Not one of our orders: nothing to do, and nothing RuStore should keep retrying.
    if (!order || order.provider !== NAME) return { ok: true as const, ignored: "unknown order" };
    // The flow the order is paid through (or, before the app reported, the one the notification speaks):
    // a BillingClient purchase is read by its token, a Pay SDK one by its invoice id.
    const flow: Flow =
      order.providerFlow === "pay" || order.providerFlow === "billing"
        ? order.providerFlow
        : data.purchase_token
          ? "billing"
          : "pay";
    const ref = (flow === "billing" ? data.purchase_token : data.invoice_id) ?? order.providerRef;
    if (!ref) throw new AppError("malformed");
    const done = await settleAndApply(deps, order, flow, ref, data.purchase_id ?? undefined, "callback");
    return { ok: true as const, order: orderView(done) };
  });
}
