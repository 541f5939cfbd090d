// Special offers: time-limited bundles operators define, who sees them, and what players took.
import { sqliteTable, integer, text, index, uniqueIndex } from "drizzle-orm/sqlite-core";
import { players } from "./players.ts";

export const OFFER_AUDIENCES = ["all", "payers", "nonPayers"] as const;

export const specialOffers = sqliteTable(
  "special_offers",
  {
    id: integer("id").primaryKey({ autoIncrement: true }),
    titleRu: text("title_ru").notNull(),
    titleEn: text("title_en").notNull(),
    /** {gold, silver, premiumDays, items:[{type,id,count}]}, validated by api/domain/offers.ts. */
    grants: text("grants").notNull(),
    /** Price in gold; null when the offer is a billing catalog item bought for money. */
    priceGold: integer("price_gold"),
    billingItemId: text("billing_item_id"),
    startsAt: integer("starts_at").notNull(),
    endsAt: integer("ends_at").notNull(),
    minLevel: integer("min_level").notNull().default(1),
    maxLevel: integer("max_level").notNull().default(100),
    /** JSON string arrays; empty means everyone. */
    platforms: text("platforms").notNull().default("[]"),
    countries: text("countries").notNull().default("[]"),
    audience: text("audience", { enum: OFFER_AUDIENCES }).notNull().default("all"),
    /** A saved audience the player must also be a member of (api/domain/audiences/); null: none. */
    audienceId: integer("audience_id"),
    perPlayerLimit: integer("per_player_limit").notNull().default(1),
    active: integer("active", { mode: "boolean" }).notNull().default(true),
    createdAt: integer("created_at").notNull(),
    updatedAt: integer("updated_at").notNull(),
  },
  (t) => [index("special_offers_window").on(t.active, t.endsAt)],
);

/** One row per take; (offer, player, seq) unique makes the per-player limit hold under races. */
export const offerPurchases = sqliteTable(
  "offer_purchases",
  {
    id: integer("id").primaryKey({ autoIncrement: true }),
    offerId: integer("offer_id")
      .notNull()
      .references(() => specialOffers.id),
    playerId: integer("player_id")
      .notNull()
      .references(() => players.id),
    requestId: text("request_id").notNull(),
    /** 1 for the first take of this offer by this player, 2 for the second… */
    seq: integer("seq").notNull(),
    priceGold: integer("price_gold").notNull(),
    createdAt: integer("created_at").notNull(),
  },
  (t) => [
    uniqueIndex("offer_purchases_request").on(t.playerId, t.requestId),
    uniqueIndex("offer_purchases_seq").on(t.offerId, t.playerId, t.seq),
  ],
);
