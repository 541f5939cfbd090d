import { sqliteTable, integer, text, index, uniqueIndex } from "drizzle-orm/sqlite-core";
import { players } from "./players.ts";

/** Failed sign-ins, per account and per address, for throttling. Old rows are pruned. */
export const loginFailures = sqliteTable(
  "login_failures",
  {
    id: integer("id").primaryKey({ autoIncrement: true }),
    key: text("key").notNull(),
    at: integer("at").notNull(),
  },
  (t) => [index("login_failures_key").on(t.key, t.at)],
);

/**
 * Single-use player tokens: `site` (the game client's sign-in link) and `reset` (a password reset
 * link). Only the SHA-256 of the token is stored; `used_at` is set once, atomically, on use.
 */
export const playerTokens = sqliteTable(
  "player_tokens",
  {
    id: integer("id").primaryKey({ autoIncrement: true }),
    tokenHash: text("token_hash").notNull(),
    purpose: text("purpose", { enum: ["site", "reset"] }).notNull(),
    playerId: integer("player_id")
      .notNull()
      .references(() => players.id, { onDelete: "cascade" }),
    createdAt: integer("created_at").notNull(),
    expiresAt: integer("expires_at").notNull(),
    usedAt: integer("used_at"),
  },
  (t) => [
    uniqueIndex("player_tokens_hash").on(t.tokenHash),
    index("player_tokens_player").on(t.playerId, t.purpose, t.createdAt),
  ],
);
