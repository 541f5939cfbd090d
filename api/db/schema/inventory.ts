import { sqliteTable, integer, text, primaryKey, uniqueIndex, index } from "drizzle-orm/sqlite-core";
import { players } from "./players.ts";

export const ITEM_TYPES = ["tank", "consumable", "camouflage"] as const;
export type ItemType = (typeof ITEM_TYPES)[number];

/** What a player owns: one row per item, a quantity for consumables (1 for tanks and camouflages). */
export const playerItems = sqliteTable(
  "player_items",
  {
    playerId: integer("player_id")
      .notNull()
      .references(() => players.id),
    itemType: text("item_type", { enum: ITEM_TYPES }).notNull(),
    itemId: integer("item_id").notNull(),
    quantity: integer("quantity").notNull(),
    acquiredAt: integer("acquired_at").notNull(),
  },
  (t) => [primaryKey({ columns: [t.playerId, t.itemType, t.itemId] })],
);

/** Shop purchases; the (player, request id) key makes a retried purchase answer its first result. */
export const shopPurchases = sqliteTable(
  "shop_purchases",
  {
    id: integer("id").primaryKey({ autoIncrement: true }),
    playerId: integer("player_id")
      .notNull()
      .references(() => players.id),
    requestId: text("request_id").notNull(),
    itemType: text("item_type", { enum: ITEM_TYPES }).notNull(),
    itemId: integer("item_id").notNull(),
    quantity: integer("quantity").notNull(),
    currency: text("currency", { enum: ["gold", "silver"] }).notNull(),
    price: integer("price").notNull(),
    createdAt: integer("created_at").notNull(),
  },
  (t) => [
    uniqueIndex("shop_purchases_request").on(t.playerId, t.requestId),
    index("shop_purchases_player").on(t.playerId, t.id),
  ],
);
