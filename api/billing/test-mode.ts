// Payments in test mode: on the embedded default (`npm start`, a libSQL file) every provider
// without settings of its own runs against its local stand-in (api/billing/test-standins/),
// served by the same process under /test/payments/<provider>/, so a new user can buy gold end to
// end through each provider's real protocol — the redirect, the signed callback or webhook, the
// server-to-server status call, the credit. The providers' code does not know: it gets settings
// that point at the stand-ins, exactly as real credentials point at the real services, and the
// stand-ins speak the same protocol over HTTP. Every stand-in page says TEST MODE, and every
// order page carries `testMode`. A provider given real settings talks to the real provider.
// Turned on by the edge on the embedded default (PAYMENTS_TEST_MODE=1; set 0 to turn it off) and
// never on Workers or with a libSQL server.
import type { Hono } from "hono";
import type { Deps } from "../deps.ts";
import type { HonoEnv } from "../http/env.ts";
import * as calls from "../contracts/billing.ts";
import { route } from "../http/router.ts";
import { notFound } from "../domain/errors.ts";
import { isTestMode } from "./test-mode-flag.ts";
import { stripeStandin } from "./test-standins/stripe.ts";
import { robokassaStandin } from "./test-standins/robokassa.ts";
import { ecommpayStandin } from "./test-standins/ecommpay.ts";
import { paypalStandin } from "./test-standins/paypal.ts";
import { appleStandin } from "./test-standins/apple.ts";
import { rustoreStandin } from "./test-standins/rustore.ts";

export const TEST_BASE = "/test/payments";

/** Whether this instance runs its providers against the local stand-ins. */
export { isTestMode };

interface Standins {
  fetch: Record<string, (r: Request) => Response | Promise<Response>>;
}

// The stand-ins of each public address (one per running app; tests may run several).
const running = new Map<string, Standins>();

/** Each provider's settings prefix: a provider with any setting of its own is left alone. */
const PREFIX: Record<string, string> = {
  stripe: "STRIPE_",
  robokassa: "ROBOKASSA_",
  ecommpay: "ECOMMPAY_",
  paypal: "PAYPAL_",
  apple: "APPLE_",
  rustore: "RUSTORE_",
};

/**
 * Fills `secrets` with the stand-ins' settings for every provider that has none of its own and
 * starts the stand-ins for this public address. Answers the providers switched to test mode.
 */
export async function preparePaymentsTestMode(
  secrets: Record<string, string | undefined>,
  publicUrl: string,
): Promise<string[]> {
  const pub = publicUrl.replace(/\/$/, "");
  const base = (p: string) => `${pub}${TEST_BASE}/${p}`;
  const own = (p: string) => Object.keys(secrets).some((k) => k.startsWith(PREFIX[p]) && secrets[k]);
  const settings: Record<string, Record<string, string>> = {
    stripe: {
      STRIPE_SECRET_KEY: "sk_test_tankodrome_local",
      STRIPE_WEBHOOK_SECRET: "whsec_tankodrome_local",
      STRIPE_API_BASE: base("stripe"),
    },
    robokassa: {
      ROBOKASSA_LOGIN: "tankodrome-test",
      ROBOKASSA_PASSWORD1: "test-password-1",
      ROBOKASSA_PASSWORD2: "test-password-2",
      ROBOKASSA_BASE: base("robokassa"),
      ROBOKASSA_TEST: "1",
    },
    ecommpay: {
      ECOMMPAY_PROJECT_ID: "4242",
      ECOMMPAY_SECRET: "test-ecommpay-secret",
      ECOMMPAY_PAYMENT_PAGE_BASE: base("ecommpay"),
      ECOMMPAY_API_BASE: base("ecommpay"),
    },
    paypal: {
      PAYPAL_CLIENT_ID: "test-paypal-client",
      PAYPAL_SECRET: "test-paypal-secret",
      PAYPAL_API_BASE: base("paypal"),
      PAYPAL_WEBHOOK_ID: "WHTESTMODE0LOCAL",
    },
  };
  // Apple: the stand-in's own certificate hierarchy (pinned as the root), its Sandbox, and an
  // In-App Purchase key for the App Store Server API's bearer tokens.
  const apiKeys = (await crypto.subtle.generateKey({ name: "ECDSA", namedCurve: "P-256" }, true, [
    "sign",
    "verify",
  ])) as CryptoKeyPair;
  const apple = await appleStandin({
    bundleId: "com.tankodrome.test",
    apiKey: apiKeys.publicKey,
    now: () => Date.now(),
    environment: "Sandbox",
    appUrl: `${pub}/billing/apple/`,
  });
  const pkcs8 = btoa(
    String.fromCharCode(...new Uint8Array(await crypto.subtle.exportKey("pkcs8", apiKeys.privateKey))),
  );
  settings.apple = {
    APPLE_BUNDLE_ID: "com.tankodrome.test",
    APPLE_ENVIRONMENT: "Sandbox",
    APPLE_ROOT_CERTS: apple.rootBase64,
    APPLE_API_BASE: base("apple"),
    APPLE_ISSUER_ID: "00000000-0000-0000-0000-000000000000",
    APPLE_KEY_ID: "TESTMODE01",
    APPLE_PRIVATE_KEY: `-----BEGIN PRIVATE KEY-----\n${pkcs8}\n-----END PRIVATE KEY-----`,
  };
  // RuStore: an API key pair (its public half checks /public/auth/'s signature), the console's app
  // id and the server notifications' AES-256 key.
  const rustoreKeys = (await crypto.subtle.generateKey(
    { name: "RSASSA-PKCS1-v1_5", modulusLength: 2048, publicExponent: new Uint8Array([1, 0, 1]), hash: "SHA-512" },
    true,
    ["sign", "verify"],
  )) as CryptoKeyPair;
  const b64 = (u: ArrayBuffer | Uint8Array) => btoa(String.fromCharCode(...new Uint8Array(u)));
  settings.rustore = {
    RUSTORE_KEY_ID: "424242",
    RUSTORE_PRIVATE_KEY: b64(await crypto.subtle.exportKey("pkcs8", rustoreKeys.privateKey)),
    RUSTORE_APPLICATION_CODE: "2063541234",
    RUSTORE_API_BASE: base("rustore"),
    RUSTORE_NOTIFICATION_KEY: b64(crypto.getRandomValues(new Uint8Array(32))),
  };
  const switched = Object.keys(settings).filter((p) => !own(p));
  for (const p of switched) Object.assign(secrets, settings[p]);
  const s = settings;
  const stripe = stripeStandin({
    secretKey: s.stripe.STRIPE_SECRET_KEY,
    webhookSecret: s.stripe.STRIPE_WEBHOOK_SECRET,
    webhookUrl: `${pub}/billing/stripe/event/handle`,
    origin: () => base("stripe"),
  });
  const robokassa = robokassaStandin({
    login: s.robokassa.ROBOKASSA_LOGIN,
    password1: s.robokassa.ROBOKASSA_PASSWORD1,
    password2: s.robokassa.ROBOKASSA_PASSWORD2,
    resultUrl: `${pub}/billing/robokassa/result`,
    successUrl: `${pub}/billing/robokassa/success`,
    failUrl: `${pub}/billing/robokassa/fail`,
  });
  const ecommpay = ecommpayStandin({
    projectId: Number(s.ecommpay.ECOMMPAY_PROJECT_ID),
    secretKey: s.ecommpay.ECOMMPAY_SECRET,
    callbackUrl: `${pub}/billing/ecommpay/purchase`,
  });
  const paypal = paypalStandin({
    clientId: s.paypal.PAYPAL_CLIENT_ID,
    secret: s.paypal.PAYPAL_SECRET,
    origin: () => base("paypal"),
    webhookId: s.paypal.PAYPAL_WEBHOOK_ID,
  });
  const rustore = rustoreStandin({
    keyId: s.rustore.RUSTORE_KEY_ID,
    publicKey: rustoreKeys.publicKey,
    applicationCode: Number(s.rustore.RUSTORE_APPLICATION_CODE),
    notificationKey: s.rustore.RUSTORE_NOTIFICATION_KEY,
    appUrl: `${pub}/billing/rustore/purchase/validate`,
    notificationUrl: `${pub}/billing/rustore/notification`,
  });
  running.set(pub, {
    fetch: {
      stripe: stripe.app.fetch,
      robokassa: robokassa.app.fetch,
      ecommpay: ecommpay.app.fetch,
      paypal: paypal.app.fetch,
      apple: apple.app.fetch,
      rustore: rustore.app.fetch,
    },
  });
  secrets.PAYMENTS_TEST_MODE = "1";
  return switched;
}

/** In test mode, where a store purchase (no page of its own on the web) is made: the stand-in's store sheet (App Store, RuStore's Pay SDK sheet). */
export function testStoreUrl(
  deps: Deps,
  order: { id: number; itemId: string; amountMinor: number; currency: string; provider: string },
  ref: string | null,
): string | null {
  if (!isTestMode(deps)) return null;
  const pub = deps.settings.publicUrl.replace(/\/$/, "");
  // RuStore's sheet only while RuStore itself is the stand-in (real settings talk to the real API).
  if (
    order.provider === "rustore" &&
    (deps.settings.secrets.RUSTORE_API_BASE ?? "").startsWith(`${pub}${TEST_BASE}/`)
  ) {
    const q = new URLSearchParams({
      order: String(order.id),
      product: order.itemId,
      amount: String(order.amountMinor),
      currency: order.currency,
      return: `${pub}/billing/order/return?order=${order.id}`,
    });
    return `${pub}${TEST_BASE}/rustore/buy?${q}`;
  }
  if (order.provider !== "apple" || !ref) return null;
  const q = new URLSearchParams({
    token: ref,
    product: order.itemId,
    price: String(order.amountMinor * 10),
    currency: order.currency,
    return: `${pub}/billing/order/return?order=${order.id}`,
  });
  return `${pub}${TEST_BASE}/apple/buy?${q}`;
}

/** The stand-ins' own addresses, served by the app itself (404 unless in test mode). */
export function registerTestMode(app: Hono<HonoEnv>) {
  route(app, calls.testPayments, async (c) => {
    const standins = isTestMode(c.var.deps) ? running.get(c.var.deps.settings.publicUrl.replace(/\/$/, "")) : undefined;
    const provider = c.req.path.split("/")[3];
    const handler = standins?.fetch[provider];
    if (!handler) throw notFound();
    // The stand-in sees its own paths, as if served on a host of its own.
    const url = new URL(c.req.url);
    url.pathname = url.pathname.slice(`${TEST_BASE}/${provider}`.length) || "/";
    return handler(new Request(url, c.req.raw));
  });
}
