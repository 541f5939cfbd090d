// Billing: the catalog of things sold for real money, the orders players place, every change of
// an order's state, and the catalog version that makes every instance drop its cached copy.
import { sqliteTable, integer, text, index, uniqueIndex } from "drizzle-orm/sqlite-core";
import { players } from "./players.ts";

export const ORDER_STATUSES = ["created", "pending", "paid", "failed", "cancelled", "refunded"] as const;
export type OrderStatus = (typeof ORDER_STATUSES)[number];
/** A dispute as operators see it on the order: an inquiry withdraws nothing; an open or lost chargeback withdrew the money; a won one returned it. */
export const DISPUTE_STATES = ["inquiry", "inquiry_closed", "open", "won", "lost"] as const;
export type DisputeState = (typeof DISPUTE_STATES)[number];
/**
 * What a provider said happened to an order's money after (or before) it was paid. Amounts in the
 * order's minor units. refund: one refund of `amount` (by its id); refund_total: the provider's
 * running total of refunds; refund_reversed: a refund came back to the merchant; chargeback:
 * funds withdrawn by a dispute; chargeback_reversed: returned (dispute won); inquiry /
 * inquiry_closed / dispute_lost: no money moves; removed: an operator took the grants back.
 */
export const MOVEMENT_KINDS = [
  "refund",
  "refund_total",
  "refund_reversed",
  "chargeback",
  "chargeback_reversed",
  "dispute_lost",
  "inquiry",
  "inquiry_closed",
  "removed",
] as const;
export type MovementKind = (typeof MOVEMENT_KINDS)[number];

/** A thing sold for money. JSON columns are validated by api/billing/catalog.ts on every write. */
export const catalogItems = sqliteTable(
  "billing_catalog_items",
  {
    id: text("id").primaryKey(),
    titleRu: text("title_ru").notNull(),
    titleEn: text("title_en").notNull(),
    /** {gold, silver, premiumDays} */
    grants: text("grants").notNull(),
    /** Extra gold given on top of the grant (shown as "+bonus"); multipliers do not scale it. */
    bonusGold: integer("bonus_gold").notNull().default(0),
    /** [{market, currency, amount}] — amount in minor units. */
    prices: text("prices").notNull(),
    /** {markets[], countries[], platforms[], from, until} — empty lists mean "all". */
    availability: text("availability").notNull(),
    sortOrder: integer("sort_order").notNull().default(0),
    active: integer("active", { mode: "boolean" }).notNull().default(true),
    updatedAt: integer("updated_at").notNull(),
  },
  (t) => [index("billing_catalog_sort").on(t.sortOrder)],
);

/** Scales what items grant during a period (x2 gold this weekend). */
export const catalogMultipliers = sqliteTable("billing_multipliers", {
  id: integer("id").primaryKey({ autoIncrement: true }),
  /** null: every item. */
  itemId: text("item_id"),
  currency: text("currency", { enum: ["gold", "silver"] }).notNull(),
  /** Percent: 200 doubles. */
  percent: integer("percent").notNull(),
  startsAt: integer("starts_at").notNull(),
  endsAt: integer("ends_at").notNull(),
  updatedAt: integer("updated_at").notNull(),
});

/** One row per cache: bumping `version` makes every instance reload within its check interval. */
export const catalogVersions = sqliteTable("billing_catalog_versions", {
  cache: text("cache").primaryKey(),
  version: integer("version").notNull(),
  changedAt: integer("changed_at").notNull(),
});

export const orders = sqliteTable(
  "billing_orders",
  {
    id: integer("id").primaryKey({ autoIncrement: true }),
    playerId: integer("player_id")
      .notNull()
      .references(() => players.id),
    itemId: text("item_id").notNull(),
    provider: text("provider").notNull(),
    market: text("market").notNull(),
    country: text("country").notNull(),
    platform: text("platform").notNull(),
    amountMinor: integer("amount_minor").notNull(),
    currency: text("currency").notNull(),
    /** What paying credits, fixed when the order is priced: {gold, silver, premiumDays}. */
    grants: text("grants").notNull(),
    status: text("status", { enum: ORDER_STATUSES }).notNull(),
    /** The provider's id of the money movement; unique per provider, so it is credited once. */
    providerTxId: text("provider_tx_id"),
    /** The provider's id of the payment attempt (checkout session, PayPal order…). */
    providerRef: text("provider_ref"),
    /** The store's id of the purchase the app reported (RuStore's purchase id, for the server-side confirm of a hold). */
    providerPurchaseId: text("provider_purchase_id"),
    /** Which of the provider's protocols the order is paid through (RuStore: "billing" — purchase token, or "pay" — Pay SDK invoice id). */
    providerFlow: text("provider_flow"),
    /** Gold that a refund could not take back because it was spent (see docs/decisions/billing.md). */
    debtGold: integer("debt_gold").notNull().default(0),
    debtSilver: integer("debt_silver").notNull().default(0),
    /** How many times the grants were taken back (refund, chargeback, operator's remove): each reversal's ledger key counts it. */
    reversals: integer("reversals").notNull().default(0),
    /** How many times they were given back after a reversal (dispute won, refund reversed): each reinstatement's ledger key counts it. */
    reinstatements: integer("reinstatements").notNull().default(0),
    /** The money given back to the buyer so far (refunds, partial ones too, net of reversed refunds), as reported to the warehouse. */
    refundedMinor: integer("refunded_minor").notNull().default(0),
    /** The money withdrawn by chargebacks and not returned, as reported to the warehouse. */
    chargedBackMinor: integer("charged_back_minor").notNull().default(0),
    /** The order's latest dispute as operators see it: inquiry, inquiry_closed, open, won, lost (null: none). */
    dispute: text("dispute", { enum: DISPUTE_STATES }),
    note: text("note"),
    createdAt: integer("created_at").notNull(),
    updatedAt: integer("updated_at").notNull(),
    paidAt: integer("paid_at"),
  },
  (t) => [
    uniqueIndex("billing_orders_provider_tx").on(t.provider, t.providerTxId),
    index("billing_orders_provider_ref").on(t.provider, t.providerRef),
    index("billing_orders_player").on(t.playerId, t.id),
    // A player's paid orders: whether they are a payer (payerSql) and how often they bought an
    // item in a window (the offers list). Without it SQLite searched every paid order by status.
    index("billing_orders_player_status").on(t.playerId, t.status, t.itemId, t.paidAt),
    index("billing_orders_status").on(t.status, t.updatedAt),
  ],
);

/** Every change of an order's state, append-only; the admin stream follows it by id. */
export const orderEvents = sqliteTable(
  "billing_order_events",
  {
    id: integer("id").primaryKey({ autoIncrement: true }),
    orderId: integer("order_id")
      .notNull()
      .references(() => orders.id),
    playerId: integer("player_id").notNull(),
    fromStatus: text("from_status"),
    toStatus: text("to_status").notNull(),
    /** callback, return, verify, admin, player, refund, chargeback… */
    source: text("source").notNull(),
    detail: text("detail"),
    adminId: integer("admin_id"),
    createdAt: integer("created_at").notNull(),
  },
  (t) => [index("billing_order_events_order").on(t.orderId, t.id)],
);

/**
 * Every movement of an order's money a provider (or an operator) reported, once: the key names
 * the movement (the provider's refund, dispute or event id), so a replay adds nothing and a new
 * movement always counts. One that arrives before the payment is known (Stripe does not promise
 * order) waits under the provider's transaction id and is applied when the order is paid.
 */
export const orderMovements = sqliteTable(
  "billing_order_movements",
  {
    id: integer("id").primaryKey({ autoIncrement: true }),
    provider: text("provider").notNull(),
    /** The provider's payment this is about (PaymentIntent, capture…), to find its order once paid. */
    providerTxId: text("provider_tx_id"),
    orderId: integer("order_id").references(() => orders.id),
    key: text("key").notNull(),
    kind: text("kind", { enum: MOVEMENT_KINDS }).notNull(),
    /** What it is about: the refund's or dispute's id at the provider. */
    subject: text("subject").notNull().default(""),
    amountMinor: integer("amount_minor").notNull().default(0),
    source: text("source").notNull(),
    detail: text("detail"),
    adminId: integer("admin_id"),
    createdAt: integer("created_at").notNull(),
  },
  (t) => [
    uniqueIndex("billing_order_movements_key").on(t.provider, t.key),
    index("billing_order_movements_order").on(t.orderId, t.id),
    index("billing_order_movements_tx").on(t.provider, t.providerTxId),
  ],
);
