// /billing/*: a player's purchases with the payment providers (starting one, coming back, PayPal's
// capture and cancel) and the providers' own callbacks. A callback proves itself in its body (a
// signature, a signed JWS, an encrypted payload), so its contract declares what it answers and
// leaves the body to the handler, which reads it as the provider's protocol says (raw text for a
// signature over the bytes). docs/decisions/billing.md.
import { z } from "zod";
import * as f from "../domain/fields.ts";
import { CURRENCIES } from "../domain/billing/money.ts";
import { DISPUTE_STATES, ORDER_STATUSES } from "../db/schema/billing.ts";
import { contract } from "./contract.ts";
import { pack } from "./public/profile.ts";

const grants = z.object({ gold: z.int(), silver: z.int(), premiumDays: z.int() });

/** An order as its player (and the shop's screens) see it (api/billing/apply.ts orderView). */
export const orderView = z.object({
  id: z.int(),
  playerId: z.int(),
  itemId: z.string(),
  provider: z.string(),
  market: z.string(),
  status: z.enum(ORDER_STATUSES),
  amountMinor: z.int(),
  currency: z.string(),
  grants,
  providerTxId: z.string().nullable(),
  debtGold: z.int(),
  debtSilver: z.int(),
  refundedMinor: z.int(),
  chargedBackMinor: z.int(),
  dispute: z.enum(DISPUTE_STATES).nullable(),
  note: z.string().nullable(),
  createdAt: z.int(),
  updatedAt: z.int(),
  paidAt: z.int().nullable(),
});

/** The order after a return from the provider: asked again while unsettled (providerDown: it could not be asked). */
const returned = z.object({ order: orderView, providerDown: z.boolean(), testMode: z.boolean() });
const purchase = z.object({ item_id: f.itemId(), currency: f.optional(z.enum(CURRENCIES)) });
/** A purchase started: the order and the provider's page the player goes on to. */
const started = z.object({ order: orderView, url: z.string().nullable(), ref: z.string().nullable() });

export const stripeInitialize = contract({
  method: "POST",
  path: "/billing/stripe/order/initialize",
  auth: "player",
  mutates: true,
  summary: "Starts a purchase with Stripe Checkout: the order and the checkout session's address.",
  input: purchase,
  output: started,
});

export const stripeCheckout = contract({
  method: "ANY",
  path: "/billing/stripe/order/checkout",
  auth: "player",
  kind: "page",
  summary:
    "The purchase screen: without an order, what the player can buy and in which currencies; with one, the order (asked from Stripe while unsettled).",
  query: z.object({ order: f.optional(f.id()) }),
  output: z.union([
    returned,
    z.object({
      offers: z.array(pack),
      currencies: z.object({
        stripe: z.string().optional(),
        robokassa: z.string().optional(),
        ecommpay: z.string().optional(),
      }),
      testMode: z.boolean(),
    }),
  ]),
});

export const orderStart = contract({
  method: "POST",
  path: "/billing/order/start",
  auth: "player",
  mutates: true,
  summary: "Starts a purchase with a provider that works by redirect (Robokassa, Ecommpay…).",
  input: purchase.extend({ provider: z.string().min(1).max(32) }),
  output: started,
});

export const orderReturn = contract({
  method: "ANY",
  path: "/billing/order/return",
  auth: "player",
  kind: "page",
  summary: "The page a player comes back to from Ecommpay or PayPal: the order, asked from the provider until settled.",
  query: z.object({ order: f.id() }),
  output: returned,
});

const paypalRef = z.object({ orderId: z.string().regex(/^[A-Za-z0-9-]{1,64}$/) });

export const paypalCreate = contract({
  method: "POST",
  path: "/billing/paypal/order/create",
  auth: "player",
  mutates: true,
  summary: "Creates a PayPal order for an item: PayPal's order id and the buyer's approval address.",
  input: purchase,
  output: z.object({ id: z.string(), order: orderView, approveUrl: z.string().nullable() }),
});

export const paypalCapture = contract({
  method: "POST",
  path: "/billing/paypal/order/:orderId{[^/]+}/capture",
  auth: "player",
  mutates: true,
  summary: "Captures an approved PayPal order (credited once, whichever of capture, return or webhook comes first).",
  params: paypalRef,
  output: z.object({ order: orderView }),
});

export const paypalCancel = contract({
  method: "POST",
  path: "/billing/paypal/order/:orderId{[^/]+}/cancel",
  auth: "player",
  mutates: true,
  summary: "The buyer cancelled at PayPal: the order is cancelled.",
  params: paypalRef,
  output: z.object({ order: orderView }),
});

// ---- The providers' callbacks ----

/** A webhook handled: what became of it, in words for the provider's delivery log. */
const received = z.object({ received: z.literal(true), outcome: z.string() });

export const stripeEvent = contract({
  method: "ANY",
  path: "/billing/stripe/event/handle",
  auth: "provider",
  summary: "Stripe's webhook (signed with the endpoint's secret over the raw body).",
  output: received,
});

export const paypalWebhook = contract({
  method: "POST",
  path: "/billing/paypal/webhook",
  auth: "provider",
  summary: "PayPal's webhook, verified by PayPal's verify-webhook-signature.",
  output: received,
});

export const robokassaResult = contract({
  method: "ANY",
  path: "/billing/robokassa/result",
  auth: "provider",
  summary: "Robokassa's Result URL (signed with password #2): answers OK{InvId} as its protocol asks.",
  answers: ["text"],
});

/** What a Robokassa return page shows: the whole order to its signed-in owner, its state to anyone else. */
const robokassaReturn = z.object({
  order: z.union([
    orderView,
    orderView.pick({ id: true, status: true, itemId: true, amountMinor: true, currency: true, grants: true }),
  ]),
  providerDown: z.boolean(),
  testMode: z.boolean(),
});

export const robokassaSuccess = contract({
  method: "ANY",
  path: "/billing/robokassa/success",
  auth: "provider",
  kind: "page",
  summary:
    "Robokassa's Success URL (signed with password #1): the order, asked from Robokassa while unsettled; a POST is sent on to the GET.",
  output: robokassaReturn,
  answers: ["redirect"],
});

export const robokassaFail = contract({
  method: "ANY",
  path: "/billing/robokassa/fail",
  auth: "provider",
  kind: "page",
  summary:
    "Robokassa's Fail URL (unsigned: the order changes only when Robokassa says so); a POST is sent on to the GET.",
  output: robokassaReturn,
  answers: ["redirect"],
});

export const ecommpayCallback = contract({
  method: "ANY",
  path: "/billing/ecommpay/purchase",
  auth: "provider",
  summary: "Ecommpay's callback (signed over its fields): payments, refunds and chargebacks.",
  output: z.object({ status: z.literal("ok") }),
});

/** A store notification taken, or acknowledged and left (a test, another app's, an unknown order). */
const acknowledged = (order: z.ZodType) =>
  z.union([z.object({ ok: z.literal(true), ignored: z.string() }), z.object({ ok: z.literal(true), order })]);

export const apple = contract({
  method: "POST",
  path: "/billing/apple/",
  auth: "provider",
  summary:
    "The App Store: its server notifications (signed JWS), or the app reporting a transaction (signed, or by id: fetched from Apple).",
  output: z.union([
    z.object({ ok: z.literal(true), ignored: z.string() }),
    z.object({ ok: z.literal(true), order: z.int(), status: z.enum(ORDER_STATUSES) }),
  ]),
});

// RuStore's app report and notification (the handler reads the payload the notification carries).
const orderIdField = z
  .union([z.string(), z.number()])
  .transform(String)
  .pipe(z.string().regex(/^[0-9]{1,15}$/));
export const tokenField = z.string().regex(/^[A-Za-z0-9._~:-]{8,512}$/);
export const invoiceIdField = z
  .union([z.string(), z.number()])
  .transform(String)
  .pipe(z.string().regex(/^[0-9]{1,19}$/));
const validateInput = z
  .object({
    orderId: orderIdField,
    // BillingClient SDK: the purchase token; Pay SDK: the invoice id. Exactly one.
    purchaseToken: tokenField.optional(),
    invoiceId: invoiceIdField.optional(),
    // The SDK's purchase id (UUID): with it our server confirms a purchase on hold.
    purchaseId: z.string().uuid().optional(),
  })
  .refine((v) => (v.purchaseToken === undefined) !== (v.invoiceId === undefined), {
    path: ["purchaseToken"],
    params: { rule: "required" },
  });

// RuStore's notification, as documented: {id, timestamp, payload}; the payload decrypts to
// {notification_type, app_id, data} where data is a JSON string.
const notificationBody = z.object({
  id: z.union([z.string(), z.number()]),
  timestamp: z.string(),
  payload: z.string().min(1).max(100_000),
});
export const rustoreValidate = contract({
  method: "ANY",
  path: "/billing/rustore/purchase/validate",
  auth: "provider",
  summary:
    "The app reports a RuStore purchase (a BillingClient token or a Pay SDK invoice id); read back from RuStore.",
  input: validateInput,
  output: z.object({ order: orderView }),
});

export const rustoreNotification = contract({
  method: "POST",
  path: "/billing/rustore/notification",
  auth: "provider",
  summary: "RuStore's server notifications (AES-256-GCM with the console's key); the purchase is read again.",
  json: notificationBody,
  output: acknowledged(orderView),
});

export const testPayments = contract({
  method: "ANY",
  path: "/test/payments/:provider{[a-z]+}/*",
  auth: "provider",
  summary:
    "The providers' local stand-ins in test mode (404 otherwise): each answers as its provider's API and pages do.",
  output: z.json(),
  answers: ["html", "redirect", "text", "file"],
});
