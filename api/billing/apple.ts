// Apple App Store: StoreKit 2 signed transactions and App Store Server Notifications v2. Every
// signed payload is a JWS (ES256) whose x5c chain (leaf, Apple WWDR intermediate, root) must
// validate to a pinned Apple root (Apple Root CA - G3 by default) at the payload's signing date,
// with Apple's marker OIDs on the leaf (1.2.840.113635.100.6.11.1) and intermediate
// (1.2.840.113635.100.6.2.1); only then is the JWS signature checked with the leaf's key
// (verifyAppleJws; the X.509 path validation is PKI.js's, x509.ts). An order starts with an
// appAccountToken (a UUID the app passes to StoreKit); the catalog item id is the App Store product id; `price` is in
// milliunits. POST /billing/apple/ takes a notification ({signedPayload}), the app's signed
// transaction ({signedTransactionInfo}), or ({orderId, transactionId}) which we fetch from the
// App Store Server API (GET /inApps/v1/transactions/{id}, ES256 bearer token).
// Every transaction and notification must be for APPLE_BUNDLE_ID in APPLE_ENVIRONMENT
// (Production by default; Sandbox only for a test server) and, when APPLE_APP_APPLE_ID is set,
// that app id; a transaction pays only the order of its appAccountToken and product, at Apple's
// storefront price (recorded on the order).
// Settings: APPLE_BUNDLE_ID, APPLE_ENVIRONMENT, APPLE_APP_APPLE_ID; APPLE_ROOT_CERTS (base64 DER, comma-separated; default Apple Root
// CA - G3); APPLE_API_BASE (default https://api.storekit.itunes.apple.com), APPLE_ISSUER_ID,
// APPLE_KEY_ID, APPLE_PRIVATE_KEY (PKCS#8 PEM of the In-App Purchase key).
import { z } from "zod";
import type { Hono } from "hono";
import type { Deps } from "../deps.ts";
import type { HonoEnv } from "../http/env.ts";
import * as calls from "../contracts/billing.ts";
import { route } from "../http/router.ts";
import { AppError, notFound } from "../domain/errors.ts";
import { findByRef, findByTx, findOrder, type Order } from "../domain/billing/orders.ts";
import { reportMovements, settlePaid } from "../domain/billing/provider-orders.ts";
import type { Movement } from "../domain/billing/movements.ts";
import { ProviderDown, notConfigured, providerFetch, secret, type Provider, type ProviderState } from "./providers.ts";
import { USD_CENTS_PER_1000_MAJOR } from "./money.ts";
import { base64ToBytes, parseCertificate, validatePath, hasExtension, ecPublicKey, CertificateError } from "./x509.ts";
import type { Market } from "../domain/billing/catalog.ts";

const NAME = "apple";
/** Apple Root CA - G3 (www.apple.com/certificateauthority), SHA-256 63343ABF…653E9179 (checked in apple.test.ts). */
export const APPLE_ROOT_CA_G3 =
  "MIICQzCCAcmgAwIBAgIILcX8iNLFS5UwCgYIKoZIzj0EAwMwZzEbMBkGA1UEAwwSQXBwbGUgUm9vdCBDQSAtIEczMSYwJAYDVQQLDB1BcHBsZSBDZXJ0aWZpY2F0aW9uIEF1dGhvcml0eTETMBEGA1UECgwKQXBwbGUgSW5jLjELMAkGA1UEBhMCVVMwHhcNMTQwNDMwMTgxOTA2WhcNMzkwNDMwMTgxOTA2WjBnMRswGQYDVQQDDBJBcHBsZSBSb290IENBIC0gRzMxJjAkBgNVBAsMHUFwcGxlIENlcnRpZmljYXRpb24gQXV0aG9yaXR5MRMwEQYDVQQKDApBcHBsZSBJbmMuMQswCQYDVQQGEwJVUzB2MBAGByqGSM49AgEGBSuBBAAiA2IABJjpLz1AcqTtkyJygRMc3RCV8cWjTnHcFBbZDuWmBSp3ZHtfTjjTuxxEtX/1H7YyYl3J6YRbTzBPEVoA/VhYDKX1DyxNB0cTddqXl5dvMVztK517IDvYuVTZXpmkOlEKMaNCMEAwHQYDVR0OBBYEFLuw3qFYM4iapIqZ3r6966/ayySrMA8GA1UdEwEB/wQFMAMBAf8wDgYDVR0PAQH/BAQDAgEGMAoGCCqGSM49BAMDA2gAMGUCMQCD6cHEFl4aXTQY2e3v9GwOAEZLuN+yRhHFD/3meoyhpmvOwgPUnPWTxnS4at+qIxUCMG1mihDK1A3UT82NQz60imOlM27jbdoXt2QfyFMm+YhidDkLF1vLUagM6BgD56KyKA==";
const LEAF_OID = "1.2.840.113635.100.6.11.1";
const INTERMEDIATE_OID = "1.2.840.113635.100.6.2.1";

const b64url = (bytes: Uint8Array) =>
  btoa(String.fromCharCode(...bytes))
    .replace(/\+/g, "-")
    .replace(/\//g, "_")
    .replace(/=+$/, "");
const text = (b64: string) => new TextDecoder().decode(base64ToBytes(b64));
const badSignature = () => new AppError("signature", "billing.error.signature", [], 400);

function roots(deps: Deps): Uint8Array[] {
  const list = deps.settings.secrets.APPLE_ROOT_CERTS ?? APPLE_ROOT_CA_G3;
  return list.split(",").map((s) => base64ToBytes(s.trim()));
}

/**
 * Verifies an App Store JWS as Apple specifies (and as Apple's own library does): the x5c header
 * carries three certificates; the leaf and the intermediate must form a valid X.509 path to a
 * pinned Apple root (the x5c's own third certificate is not trusted for being there), valid when
 * Apple signed the payload (its `signedDate`; else at `at`); the intermediate carries Apple's
 * WWDR marker OID and the leaf Apple's receipt-signing OID; the JWS is ES256, signed by the
 * leaf's P-256 key. The path itself (DER, name chaining, signatures, validity, CA constraints)
 * is PKI.js's work (x509.ts). Answers the payload.
 */
export async function verifyAppleJws(jws: string, trusted: Uint8Array[], at: number): Promise<Record<string, unknown>> {
  const parts = jws.split(".");
  if (parts.length !== 3) throw badSignature();
  let header: { alg?: string; x5c?: unknown };
  let payload: Record<string, unknown>;
  try {
    header = JSON.parse(text(parts[0]));
    payload = JSON.parse(text(parts[1]));
  } catch {
    throw badSignature();
  }
  if (header === null || typeof header !== "object" || payload === null || typeof payload !== "object")
    throw badSignature();
  const x5c = header.x5c;
  if (header.alg !== "ES256" || !Array.isArray(x5c) || x5c.length !== 3 || !x5c.every((c) => typeof c === "string"))
    throw badSignature();
  const signedAt = payload.signedDate === undefined ? at : payload.signedDate;
  if (typeof signedAt !== "number" || !Number.isFinite(new Date(signedAt).getTime())) throw badSignature();
  try {
    const [leaf, intermediate] = (x5c as string[]).slice(0, 2).map((c) => parseCertificate(base64ToBytes(c)));
    const path = await validatePath([leaf, intermediate], trusted.map(parseCertificate), new Date(signedAt));
    const ok =
      path.length === 3 &&
      path[0] === leaf &&
      path[1] === intermediate &&
      hasExtension(intermediate, INTERMEDIATE_OID) &&
      hasExtension(leaf, LEAF_OID);
    if (!ok) throw badSignature();
    const sig = base64ToBytes(parts[2]);
    const valid = await crypto.subtle.verify(
      { name: "ECDSA", hash: "SHA-256" },
      await ecPublicKey(leaf, "P-256"),
      sig as BufferSource,
      new TextEncoder().encode(`${parts[0]}.${parts[1]}`),
    );
    if (!valid) throw badSignature();
    return payload;
  } catch (e) {
    if (e instanceof AppError) throw e;
    if (
      e instanceof CertificateError ||
      e instanceof SyntaxError ||
      e instanceof DOMException ||
      e instanceof TypeError
    )
      throw badSignature();
    throw e;
  }
}

/** The app this server sells for: bundle id, App Store environment, and Apple's app id. */
function appConfig(deps: Deps) {
  const environment = deps.settings.secrets.APPLE_ENVIRONMENT ?? "Production";
  if (environment !== "Production" && environment !== "Sandbox") throw notConfigured(NAME);
  const appAppleId = deps.settings.secrets.APPLE_APP_APPLE_ID;
  return {
    bundleId: secret(deps, NAME, "APPLE_BUNDLE_ID"),
    environment,
    appAppleId: appAppleId ? Number(appAppleId) : undefined,
  };
}
const wrongApp = () => new AppError("validation", "billing.error.apple_app", [], 400);

const transactionSchema = z.object({
  transactionId: z.string().min(1).max(64),
  bundleId: z.string(),
  productId: z.string(),
  appAccountToken: z.string().uuid().optional(),
  price: z.number().int().optional(),
  currency: z
    .string()
    .regex(/^[A-Z]{3}$/)
    .optional(),
  revocationDate: z.number().optional(),
  environment: z.string(),
  storefront: z.string().optional(),
  signedDate: z.number().optional(),
});
type Transaction = z.output<typeof transactionSchema>;

async function readTransaction(deps: Deps, jws: string): Promise<Transaction> {
  const app = appConfig(deps);
  const payload = await verifyAppleJws(jws, roots(deps), deps.clock.now());
  const t = transactionSchema.safeParse(payload);
  if (!t.success) throw new AppError("malformed");
  // Another app's purchase, or a sandbox purchase (free, from any TestFlight build) on a
  // production server: refused.
  if (t.data.bundleId !== app.bundleId || t.data.environment !== app.environment) throw wrongApp();
  return t.data;
}

/**
 * What a signed transaction says about its order. An App Store purchase is priced by Apple in the
 * buyer's storefront: its price (milliunits) and currency are recorded on the order rather than
 * compared with our catalog's; a currency our reporting table does not know keeps the catalog price
 * on the order (Apple's price stays in the order's history).
 */
/** The refund a revoked transaction carries, keyed by its revocation (however often it is reported, and by whichever path). */
const revocation = (order: Order, t: Transaction, fallback?: string): Movement => ({
  kind: "refund",
  key: `refund:${t.transactionId}:${t.revocationDate ?? fallback}`,
  subject: t.transactionId,
  amountMinor: order.amountMinor,
  detail: { transactionId: t.transactionId, revocationDate: t.revocationDate },
});

function stateOf(order: Order, t: Transaction): ProviderState {
  if (t.revocationDate)
    return {
      status: "refunded",
      txId: t.transactionId,
      raw: { transactionId: t.transactionId, revocationDate: t.revocationDate },
      movements: [revocation(order, t)],
    };
  const known = t.currency !== undefined && t.price !== undefined && USD_CENTS_PER_1000_MAJOR[t.currency] !== undefined;
  const raw = {
    transactionId: t.transactionId,
    productId: t.productId,
    environment: t.environment,
    storefront: t.storefront,
    applePrice: t.price,
    appleCurrency: t.currency,
  };
  if (!known)
    return { status: "paid", txId: t.transactionId, amountMinor: order.amountMinor, currency: order.currency, raw };
  return { status: "paid", txId: t.transactionId, amountMinor: Math.round(t.price! / 10), currency: t.currency!, raw };
}

/** The order a transaction pays: found by its id or its appAccountToken, and it must be that order's product and token. */
async function orderOf(deps: Deps, t: Transaction): Promise<Order> {
  const byTx = await findByTx(deps.db, NAME, t.transactionId);
  const order = byTx ?? (t.appAccountToken ? await findByRef(deps.db, NAME, t.appAccountToken) : null);
  if (!order) throw notFound();
  if (order.providerRef !== t.appAccountToken || order.itemId !== t.productId) throw wrongApp();
  return order;
}

/** Records what Apple said about the order's money (a refund, a reversed refund, a refund request) and applies it. */
async function applyMoney(deps: Deps, order: Order, t: Transaction, movements: Movement[]) {
  const r = await reportMovements(
    deps.db,
    { provider: NAME, orderId: order.id, providerTxId: t.transactionId, source: "callback", at: deps.clock.now() },
    movements,
  );
  return r.order!;
}

async function applyTransaction(deps: Deps, t: Transaction) {
  const order = await orderOf(deps, t);
  const at = deps.clock.now();
  const state = stateOf(order, t);
  // Revoked: a refund, remembered even before the purchase is credited (then it is never credited).
  if (state.status === "refunded") return applyMoney(deps, order, t, state.movements!);
  return (
    await settlePaid(deps.db, {
      provider: NAME,
      orderId: order.id,
      providerTxId: t.transactionId,
      amountMinor: state.amountMinor!,
      currency: state.currency!,
      source: "callback",
      at,
      detail: state.raw,
      providerPriced: true,
    })
  ).order;
}

/** An ES256 bearer token for the App Store Server API. */
async function apiToken(deps: Deps): Promise<string> {
  const pem = secret(deps, NAME, "APPLE_PRIVATE_KEY")
    .replace(/-----[^-]+-----/g, "")
    .replace(/\s+/g, "");
  const key = await crypto.subtle.importKey(
    "pkcs8",
    base64ToBytes(pem) as BufferSource,
    { name: "ECDSA", namedCurve: "P-256" },
    false,
    ["sign"],
  );
  const now = Math.floor(deps.clock.now() / 1000);
  const enc = (o: unknown) => b64url(new TextEncoder().encode(JSON.stringify(o)));
  const head = enc({ alg: "ES256", kid: secret(deps, NAME, "APPLE_KEY_ID"), typ: "JWT" });
  const body = enc({
    iss: secret(deps, NAME, "APPLE_ISSUER_ID"),
    iat: now,
    exp: now + 1800,
    aud: "appstoreconnect-v1",
    bid: secret(deps, NAME, "APPLE_BUNDLE_ID"),
  });
  const sig = new Uint8Array(
    await crypto.subtle.sign({ name: "ECDSA", hash: "SHA-256" }, key, new TextEncoder().encode(`${head}.${body}`)),
  );
  return `${head}.${body}.${b64url(sig)}`;
}

async function fetchTransaction(deps: Deps, transactionId: string): Promise<string | null> {
  const base = (deps.settings.secrets.APPLE_API_BASE ?? "https://api.storekit.itunes.apple.com").replace(/\/$/, "");
  const res = await providerFetch(NAME, `${base}/inApps/v1/transactions/${encodeURIComponent(transactionId)}`, {
    headers: { authorization: `Bearer ${await apiToken(deps)}` },
  });
  if (res.status === 404) return null;
  const body = (await res.json().catch(() => null)) as { signedTransactionInfo?: string } | null;
  if (!res.ok || !body?.signedTransactionInfo) throw new ProviderDown(NAME, `HTTP ${res.status}`);
  return body.signedTransactionInfo;
}

export const appleProvider: Provider = {
  name: NAME,
  market: "app_store" as Market,
  currencyFor: (country) =>
    ["DE", "FR", "IT", "ES", "NL", "BE", "AT", "FI", "IE", "PT", "GR"].includes(country) ? "EUR" : "USD",
  ready: (deps) => void appConfig(deps),
  // The app buys through StoreKit with this token as appAccountToken; there is no page to open.
  async start() {
    return { url: null, ref: crypto.randomUUID() };
  },
  async check(deps, order) {
    if (!order.providerTxId) return { status: "pending", raw: { reason: "no transaction reported yet" } };
    const jws = await fetchTransaction(deps, order.providerTxId);
    if (!jws) return { status: "pending", raw: { reason: "unknown to Apple" } };
    const t = await readTransaction(deps, jws);
    if (t.appAccountToken !== order.providerRef || t.productId !== order.itemId)
      return {
        status: "pending",
        raw: { reason: "the transaction is another order's", transactionId: t.transactionId },
      };
    return stateOf(order, t);
  },
};

const bodySchema = z.union([
  z.object({ signedPayload: z.string().min(10).max(100_000) }),
  z.object({ signedTransactionInfo: z.string().min(10).max(100_000) }),
  z.object({
    orderId: z.union([z.number().int().positive(), z.string().regex(/^[0-9]{1,15}$/)]),
    transactionId: z.string().regex(/^[0-9A-Za-z-]{1,64}$/),
  }),
]);
const notificationSchema = z.object({
  notificationType: z.string(),
  notificationUUID: z.string().min(1).max(64),
  subtype: z.string().optional(),
  data: z
    .object({
      bundleId: z.string(),
      appAppleId: z.number().optional(),
      environment: z.string(),
      signedTransactionInfo: z.string().optional(),
    })
    .optional(),
});

export function registerApple(app: Hono<HonoEnv>) {
  route(app, calls.apple, async (c) => {
    const deps = c.var.deps;
    let raw: unknown;
    try {
      raw = JSON.parse(await c.req.text());
    } catch {
      throw new AppError("malformed");
    }
    const body = bodySchema.safeParse(raw);
    if (!body.success) throw new AppError("malformed");
    const b = body.data;
    if ("signedPayload" in b) {
      const n = notificationSchema.safeParse(await verifyAppleJws(b.signedPayload, roots(deps), deps.clock.now()));
      if (!n.success) throw new AppError("malformed");
      const { notificationType, data } = n.data;
      // The notification is for this app, in this environment (and Apple's app id, when set).
      const app = appConfig(deps);
      if (
        !data ||
        data.bundleId !== app.bundleId ||
        data.environment !== app.environment ||
        (app.appAppleId !== undefined && data.appAppleId !== app.appAppleId)
      )
        throw wrongApp();
      if (notificationType === "TEST" || !data.signedTransactionInfo)
        return { ok: true as const, ignored: notificationType };
      const t = await readTransaction(deps, data.signedTransactionInfo);
      const uuid = n.data.notificationUUID;
      const answer = (o: Order) => ({ ok: true as const, order: o.id, status: o.status });
      if (notificationType === "ONE_TIME_CHARGE") return answer(await applyTransaction(deps, t));
      if (notificationType === "REFUND" || notificationType === "REVOKE") {
        const order = await orderOf(deps, t);
        return answer(await applyMoney(deps, order, t, [revocation(order, t, uuid)]));
      }
      // Apple reversed a refund it had granted: the content is to be restored (once per notification).
      if (notificationType === "REFUND_REVERSED") {
        const order = await orderOf(deps, t);
        return answer(
          await applyMoney(deps, order, t, [
            {
              kind: "refund_reversed",
              key: `refund_reversed:${uuid}`,
              subject: t.transactionId,
              amountMinor: order.amountMinor,
            },
          ]),
        );
      }
      // The customer asked Apple for a refund (Apple asks us for consumption data): an inquiry, nothing taken;
      // Apple declining the refund ends it.
      if (notificationType === "CONSUMPTION_REQUEST" || notificationType === "REFUND_DECLINED") {
        const order = await orderOf(deps, t);
        const kind = notificationType === "CONSUMPTION_REQUEST" ? "inquiry" : "inquiry_closed";
        return answer(
          await applyMoney(deps, order, t, [
            { kind, key: `${kind}:${uuid}`, subject: `refund-request:${t.transactionId}` },
          ]),
        );
      }
      return { ok: true as const, ignored: notificationType };
    }
    if ("signedTransactionInfo" in b) {
      const o = await applyTransaction(deps, await readTransaction(deps, b.signedTransactionInfo));
      return { ok: true as const, order: o.id, status: o.status };
    }
    // The app reports a transaction by id: we fetch it signed from Apple. The id is the client's
    // word until Apple confirms it, so nothing of it is stored: if Apple cannot be reached the
    // answer is 503 and the app reports it again (StoreKit keeps an unfinished transaction), and
    // the App Store's ONE_TIME_CHARGE notification completes the order meanwhile.
    const order = await findOrder(deps.db, Number(b.orderId));
    if (!order || order.provider !== NAME) throw notFound();
    const jws = await fetchTransaction(deps, b.transactionId);
    if (!jws) throw notFound();
    const t = await readTransaction(deps, jws);
    if (t.appAccountToken !== order.providerRef) throw notFound();
    const o = await applyTransaction(deps, t);
    return { ok: true as const, order: o.id, status: o.status };
  });
}
