// The set-up the payment suites share (api/billing/<provider>.test.ts, api/admin/billing/
// payments.test.ts): one world for the file, the provider's stand-in served on a loopback port with
// the provider's settings pointing at it, the gold pack (GOLD_PACK) on sale and a signed-in buyer;
// and what the suites read back (the buyer's gold, a snapshot of all a payment may change).
import { beforeAll, afterAll } from "bun:test";
import { eq } from "drizzle-orm";
import { makeWorld, type TestWorld } from "./fixture.ts";
import { signedInPlayer, putItem, GOLD_PACK } from "./billing-world.ts";
import { players, ledgerEntries, outbox } from "../db/schema/index.ts";
import { orders, orderEvents } from "../db/schema/billing.ts";
import { stripeStandin } from "../billing/test-standins/stripe.ts";
import { paypalStandin } from "../billing/test-standins/paypal.ts";
import { appleStandin } from "../billing/test-standins/apple.ts";
import { ecommpayStandin } from "../billing/test-standins/ecommpay.ts";
import { rustoreStandin } from "../billing/test-standins/rustore.ts";
import { robokassaStandin } from "../billing/test-standins/robokassa.ts";

export type Buyer = Awaited<ReturnType<typeof signedInPlayer>>;

export interface PaymentSuite<S> {
  readonly w: TestWorld;
  readonly standin: S;
  /** The stand-in's address: http://127.0.0.1:port. */
  readonly base: string;
  readonly buyer: Buyer;
  /** The buyer's gold now. */
  gold(): Promise<number>;
  /** All a payment may change: the buyer's gold, how many ledger entries, order events and outbox rows, the orders whole. */
  snapshot(): Promise<{ gold: number; ledger: number; events: number; outbox: number; orders: string }>;
  /** POST /billing/order/start as the buyer: an order of the item (the gold pack) with the provider. */
  startOrder(provider: string, itemId?: string): Response | Promise<Response>;
  /** A provider's call to one of our paths: POST of a JSON body (a string sent as it is), no session. */
  callback(path: string): (body: unknown) => Response | Promise<Response>;
}

/** Registers the file's beforeAll (world, stand-in, settings, item, buyer) and afterAll. */
export function paymentSuite<S extends { app: { fetch: (request: Request) => Response | Promise<Response> } }>(o: {
  /** The stand-in, given the world and its own address (known once it is served). */
  standin: (w: TestWorld, origin: () => string) => S | Promise<S>;
  /** The provider's settings for the stand-in served at `base`. */
  secrets: (base: string, standin: S) => Record<string, string> | Promise<Record<string, string>>;
  buyer?: { country?: string; platform?: string };
}): PaymentSuite<S> {
  let w: TestWorld | undefined;
  let standin: S | undefined;
  let server: ReturnType<typeof Bun.serve> | undefined;
  let buyer: Buyer | undefined;
  const made = <T>(v: T | undefined): T => {
    if (v === undefined) throw new Error("the payment suite is set up in beforeAll");
    return v;
  };
  const base = () => `http://127.0.0.1:${made(server).port}`;
  beforeAll(async () => {
    const world = (w = await makeWorld());
    const s = (standin = await o.standin(world, base));
    server = Bun.serve({ hostname: "127.0.0.1", port: 0, fetch: (r) => s.app.fetch(r) });
    Object.assign(world.deps.settings.secrets, await o.secrets(base(), s));
    await putItem(world.deps.db, GOLD_PACK, world.clock.now());
    buyer = await signedInPlayer(world.deps.db, world.clock.now(), o.buyer);
  });
  afterAll(async () => {
    server?.stop(true);
    await w?.close();
  });
  const db = () => made(w).deps.db;
  const gold = async () =>
    (
      await db()
        .select({ gold: players.gold })
        .from(players)
        .where(eq(players.id, made(buyer).playerId))
    )[0].gold;
  return {
    get w() {
      return made(w);
    },
    get standin() {
      return made(standin);
    },
    get base() {
      return base();
    },
    get buyer() {
      return made(buyer);
    },
    gold,
    snapshot: async () => ({
      gold: await gold(),
      ledger: (await db().select().from(ledgerEntries)).length,
      events: (await db().select().from(orderEvents)).length,
      outbox: (await db().select().from(outbox)).length,
      orders: JSON.stringify(await db().select().from(orders)),
    }),
    startOrder: (provider, itemId = "gold_500") =>
      made(w).app.request("/billing/order/start", {
        method: "POST",
        headers: { ...made(buyer).headers, "content-type": "application/json" },
        body: JSON.stringify({ provider, item_id: itemId }),
      }),
    callback: (path) => (body) =>
      made(w).app.request(path, {
        method: "POST",
        headers: { "content-type": "application/json" },
        body: typeof body === "string" ? body : JSON.stringify(body),
      }),
  };
}

/** A private key as providers hand it out: PKCS #8, base64. */
export const pkcs8Base64 = async (key: CryptoKey) =>
  btoa(String.fromCharCode(...new Uint8Array(await crypto.subtle.exportKey("pkcs8", key))));

// Each provider's suite as its tests set it up: the stand-in with its keys, the settings pointing
// at it, a buyer from a country the provider serves (call inside a describe).

const STRIPE = { secretKey: "sk_test_x", webhookSecret: "whsec_test" };
export const stripeSuite = (buyer: { country?: string } = { country: "US" }) =>
  paymentSuite({
    standin: (w, origin) => stripeStandin({ ...STRIPE, origin, now: () => w.clock.now() }),
    secrets: (base) => ({
      STRIPE_SECRET_KEY: STRIPE.secretKey,
      STRIPE_WEBHOOK_SECRET: STRIPE.webhookSecret,
      STRIPE_API_BASE: base,
    }),
    buyer,
  });

const PAYPAL = { clientId: "client-x", secret: "secret-y", webhookId: "WH123TEST" };
export const paypalSuite = () =>
  paymentSuite({
    standin: (_w, origin) => paypalStandin({ ...PAYPAL, origin }),
    secrets: (base) => ({
      PAYPAL_CLIENT_ID: PAYPAL.clientId,
      PAYPAL_SECRET: PAYPAL.secret,
      PAYPAL_API_BASE: base,
      PAYPAL_WEBHOOK_ID: PAYPAL.webhookId,
    }),
    buyer: { country: "US" },
  });

/** The App Store stand-in (Sandbox, this bundle and app id) and our In-App Purchase key for its Server API. */
export const appleSuite = () => {
  let keys: CryptoKeyPair | undefined;
  return paymentSuite({
    standin: async (w) => {
      keys = (await crypto.subtle.generateKey({ name: "ECDSA", namedCurve: "P-256" }, true, [
        "sign",
        "verify",
      ])) as CryptoKeyPair;
      return appleStandin({
        bundleId: "com.tankodrome.game",
        apiKey: keys.publicKey,
        now: () => w.clock.now(),
        appAppleId: 1234567890,
      });
    },
    secrets: async (base, standin) => ({
      APPLE_BUNDLE_ID: "com.tankodrome.game",
      // The stand-in is Apple's sandbox: this test server accepts sandbox purchases only.
      APPLE_ENVIRONMENT: "Sandbox",
      APPLE_APP_APPLE_ID: "1234567890",
      APPLE_ROOT_CERTS: standin.rootBase64,
      APPLE_API_BASE: base,
      APPLE_ISSUER_ID: "57246542-96fe-1a63-e053-0824d011072a",
      APPLE_KEY_ID: "2X9R4HXF34",
      APPLE_PRIVATE_KEY: `-----BEGIN PRIVATE KEY-----\n${await pkcs8Base64((keys as CryptoKeyPair).privateKey)}\n-----END PRIVATE KEY-----`,
    }),
    buyer: { country: "US", platform: "ios" },
  });
};

export const ECOMMPAY = { projectId: 4242, secretKey: "ecp-secret" };
export const ecommpaySuite = () =>
  paymentSuite({
    standin: () => ecommpayStandin(ECOMMPAY),
    secrets: (base) => ({
      ECOMMPAY_PROJECT_ID: String(ECOMMPAY.projectId),
      ECOMMPAY_SECRET: ECOMMPAY.secretKey,
      ECOMMPAY_PAYMENT_PAGE_BASE: base,
      ECOMMPAY_API_BASE: base,
    }),
    buyer: { country: "KZ" },
  });

/** The console's key for RuStore's server notifications (AES-256, base64), shared by the RuStore suites. */
export const RUSTORE_NOTIFY_KEY = btoa(String.fromCharCode(...crypto.getRandomValues(new Uint8Array(32))));
export const rustoreSuite = () => {
  let keys: CryptoKeyPair | undefined;
  return paymentSuite({
    standin: async () => {
      keys = (await crypto.subtle.generateKey(
        { name: "RSASSA-PKCS1-v1_5", modulusLength: 2048, publicExponent: new Uint8Array([1, 0, 1]), hash: "SHA-512" },
        true,
        ["sign", "verify"],
      )) as CryptoKeyPair;
      return rustoreStandin({
        keyId: "987654",
        publicKey: keys.publicKey,
        applicationCode: 2063541234,
        notificationKey: RUSTORE_NOTIFY_KEY,
      });
    },
    secrets: async (base) => ({
      RUSTORE_KEY_ID: "987654",
      RUSTORE_APPLICATION_CODE: "2063541234",
      RUSTORE_PRIVATE_KEY: await pkcs8Base64((keys as CryptoKeyPair).privateKey),
      RUSTORE_API_BASE: base,
      RUSTORE_NOTIFICATION_KEY: RUSTORE_NOTIFY_KEY,
    }),
    buyer: { country: "RU", platform: "android" },
  });
};

export const ROBOKASSA = { login: "tankodrome", password1: "pass1-secret", password2: "pass2-secret" };
export const robokassaSuite = () =>
  paymentSuite({
    standin: () =>
      robokassaStandin({
        ...ROBOKASSA,
        successUrl: "http://127.0.0.1:3000/billing/robokassa/success",
        failUrl: "http://127.0.0.1:3000/billing/robokassa/fail",
      }),
    secrets: (base) => ({
      ROBOKASSA_LOGIN: ROBOKASSA.login,
      ROBOKASSA_PASSWORD1: ROBOKASSA.password1,
      ROBOKASSA_PASSWORD2: ROBOKASSA.password2,
      ROBOKASSA_BASE: base,
      ROBOKASSA_TEST: "1",
    }),
    buyer: { country: "RU" },
  });
