import { sqliteTable, integer, text, index } from "drizzle-orm/sqlite-core";
import { players } from "./players.ts";

/**
 * Every ban and unban of a player, who did it and why: the history players.banned_until alone
 * cannot keep. Written only by domain/bans.ts, in the transaction that changes the player row.
 */
export const banLog = sqliteTable(
  "ban_log",
  {
    id: integer("id").primaryKey({ autoIncrement: true }),
    playerId: integer("player_id")
      .notNull()
      .references(() => players.id),
    action: text("action", { enum: ["ban", "unban"] }).notNull(),
    reason: text("reason"),
    /** The ban's end (epoch ms) for a ban; null for an unban. */
    until: integer("until"),
    adminId: integer("admin_id").notNull(),
    adminUsername: text("admin_username").notNull(),
    createdAt: integer("created_at").notNull(),
  },
  (t) => [index("ban_log_player").on(t.playerId, t.id)],
);

/**
 * Operators' marks on a player: "suspect" (watch this account: cheating, chargebacks…). A row
 * exists only while the mark is set; clearing it deletes the row.
 */
export const playerSuspects = sqliteTable("player_suspects", {
  playerId: integer("player_id")
    .primaryKey()
    .references(() => players.id),
  note: text("note").notNull(),
  adminId: integer("admin_id").notNull(),
  markedAt: integer("marked_at").notNull(),
});
