import { sqliteTable, integer, primaryKey, index } from "drizzle-orm/sqlite-core";
import { players } from "./players.ts";

/** A player's blacklist: the blocked player cannot send them gifts, transfers or clan requests. */
export const blacklist = sqliteTable(
  "blacklist",
  {
    playerId: integer("player_id").notNull().references(() => players.id),
    blockedId: integer("blocked_id").notNull().references(() => players.id),
    createdAt: integer("created_at").notNull(),
  },
  (t) => [primaryKey({ columns: [t.playerId, t.blockedId] }), index("blacklist_blocked").on(t.blockedId)],
);
