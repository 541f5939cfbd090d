import { sqliteTable, integer, text, primaryKey, index, uniqueIndex } from "drizzle-orm/sqlite-core";
import { players } from "./players.ts";

/** A player's blacklist: the blocked player cannot send them gifts, transfers or clan requests. */
export const blacklist = sqliteTable(
  "blacklist",
  {
    playerId: integer("player_id")
      .notNull()
      .references(() => players.id),
    blockedId: integer("blocked_id")
      .notNull()
      .references(() => players.id),
    createdAt: integer("created_at").notNull(),
  },
  (t) => [primaryKey({ columns: [t.playerId, t.blockedId] }), index("blacklist_blocked").on(t.blockedId)],
);

/** What a player is told about (a gift arrived…): shown on the site, marked read there. */
export const playerNotifications = sqliteTable(
  "player_notifications",
  {
    id: integer("id").primaryKey({ autoIncrement: true }),
    playerId: integer("player_id")
      .notNull()
      .references(() => players.id),
    kind: text("kind").notNull(),
    /** JSON: what the site needs to render it (from, item, amount…). */
    payload: text("payload").notNull().default("{}"),
    createdAt: integer("created_at").notNull(),
    readAt: integer("read_at"),
  },
  (t) => [index("player_notifications_player").on(t.playerId, t.id)],
);

/** Gifts sent, for the per-day limits and the history. */
export const gifts = sqliteTable(
  "gifts",
  {
    id: integer("id").primaryKey({ autoIncrement: true }),
    fromId: integer("from_id")
      .notNull()
      .references(() => players.id),
    toId: integer("to_id")
      .notNull()
      .references(() => players.id),
    requestId: text("request_id").notNull(),
    kind: text("kind").notNull(),
    itemId: integer("item_id"),
    amount: integer("amount").notNull(),
    createdAt: integer("created_at").notNull(),
  },
  (t) => [uniqueIndex("gifts_request").on(t.fromId, t.requestId), index("gifts_from").on(t.fromId, t.createdAt)],
);
