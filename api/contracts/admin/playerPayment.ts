// /admin/playerPayment/*: one player's payments for operators — the page (the player, the first
// page of payments, the providers), the list paged and sorted, a manual credit, a note, the
// reversal (never a deletion), asking the provider (cashbox/request, changing nothing), verifying
// (credits when the provider says paid) and the live feed of payment changes. Support reads;
// operators change; reversing is an admin's. The rules: api/domain/billing/payments-admin.ts.
import { z } from "zod";
import * as f from "../../domain/fields.ts";
import { PAYMENT_SORTS } from "../../domain/billing/payments-admin.ts";
import { ORDER_STATUSES } from "../../db/schema/billing.ts";
import { contract } from "../contract.ts";
import { orderView } from "../billing.ts";

const S = { auth: "admin", role: "support" } as const;
const O = { auth: "admin", role: "operator" } as const;

const listInput = z.object({
  playerId: f.id(),
  page: f.optional(f.int(1, 100_000)).default(1),
  size: f.optional(f.int(1, 100)).default(20),
  sort: f.optional(z.enum(PAYMENT_SORTS as [(typeof PAYMENT_SORTS)[number], ...typeof PAYMENT_SORTS])).default("id"),
  dir: f.optional(z.enum(["asc", "desc"])).default("desc"),
  status: f.optional(z.enum(ORDER_STATUSES)),
  provider: f.optional(z.string().max(32)),
});

/** A payment as the list shows it: the order and its item's title in both languages (null: gone from the catalogue). */
const paymentRow = orderView.extend({ itemTitle: z.object({ ru: z.string(), en: z.string() }).nullable() });
const paymentsPage = z.object({ rows: z.array(paymentRow), total: z.int(), page: z.int(), size: z.int() });
const one = z.object({ order: orderView });
const byOrder = z.object({ orderId: f.id() });

/** What a provider says of an order (api/billing/providers.ts ProviderState). */
const providerState = z.object({
  status: z.enum(ORDER_STATUSES),
  txId: z.string().optional(),
  amountMinor: z.int().optional(),
  currency: z.string().optional(),
  raw: z.unknown(),
  movements: z
    .array(
      z.object({
        kind: z.string(),
        key: z.string(),
        subject: z.string().optional(),
        amountMinor: z.int().optional(),
        detail: z.unknown().optional(),
      }),
    )
    .optional(),
});

export const player = contract({
  method: "ANY",
  path: "/admin/playerPayment/:playerId{[0-9]+}",
  ...S,
  kind: "page",
  summary: "The player with their balances, the first page of their payments, and the providers.",
  params: z.object({ playerId: f.id() }),
  output: z.object({
    player: z.object({
      id: z.int(),
      nickname: z.string(),
      country: z.string(),
      platform: z.string(),
      gold: z.int(),
      silver: z.int(),
      premiumUntil: z.int().nullable(),
    }),
    payments: paymentsPage,
    providers: z.array(z.string()),
  }),
});

export const list = contract({
  method: "ANY",
  path: "/admin/playerPayment/getPayments",
  ...S,
  input: listInput,
  output: paymentsPage,
});

/** A manual credit: a paid order of provider "manual", its grants through the ledger (no revenue). */
export const add = contract({
  method: "ANY",
  path: "/admin/playerPayment/add",
  ...O,
  mutates: true,
  input: z
    .object({
      playerId: f.id(),
      gold: f.optional(f.int(0, 1_000_000)).default(0),
      silver: f.optional(f.int(0, 100_000_000)).default(0),
      premiumDays: f.optional(f.int(0, 365)).default(0),
      reason: f.text(3, 500),
    })
    .refine((v) => v.gold + v.silver + v.premiumDays > 0, { path: ["gold"], params: { rule: "required" } }),
  output: one,
});

export const edit = contract({
  method: "ANY",
  path: "/admin/playerPayment/edit",
  ...O,
  mutates: true,
  input: z.object({
    orderId: f.id(),
    note: z.preprocess((v) => (typeof v === "string" ? v.trim() : v), z.string().max(1000)),
  }),
  output: one,
});

/** Reverses a payment: a paid order refunded through the ledger, an unpaid one cancelled; the order and its history stay. */
export const remove = contract({
  method: "ANY",
  path: "/admin/playerPayment/remove",
  auth: "admin",
  role: "admin",
  mutates: true,
  input: z.object({ orderId: f.id(), reason: f.text(3, 500) }),
  output: one,
});

/** Asks the provider for the order's state, changing nothing. */
export const cashboxRequest = contract({
  method: "POST",
  path: "/admin/playerPayment/cashbox/request",
  ...S,
  input: byOrder,
  output: z.object({ order: orderView, provider: providerState }),
});

/** Asks the provider and applies what it says (credits a paid order once); logged whatever comes of it. */
export const verify = contract({
  method: "POST",
  path: "/admin/playerPayment/verify",
  ...O,
  mutates: true,
  input: byOrder,
  output: z.object({ order: orderView, provider: providerState }),
});

/** Live: every change of status of any order, or of one player's (PaymentEvents, api/domain/billing/payments-admin.ts). */
export const stream = contract({
  method: "ANY",
  path: "/admin/playerPayment/stream/payments",
  ...S,
  kind: "stream",
  input: z.object({ playerId: f.optional(f.id()), after: f.optional(f.int(0)) }),
  answers: ["stream"],
});
