// Player avatars: every uploaded image waits here for an operator; an accepted one is what
// players.avatar_url points at (served by content hash). One pending upload per player.
import { sqliteTable, integer, text, index, uniqueIndex, customType } from "drizzle-orm/sqlite-core";
import { sql } from "drizzle-orm";
import { players } from "./players.ts";

/** A BLOB read as a Uint8Array on every driver (libSQL answers ArrayBuffer, bun:sqlite Uint8Array), no Node Buffer. */
const bytesColumn = customType<{ data: Uint8Array; driverData: ArrayBuffer | Uint8Array }>({
  dataType: () => "blob",
  fromDriver: (v) => (v instanceof Uint8Array ? v : new Uint8Array(v)),
  toDriver: (v) => v,
});

export const AVATAR_STATUSES = ["pending", "accepted", "rejected", "replaced"] as const;
export type AvatarStatus = (typeof AVATAR_STATUSES)[number];

export const playerAvatars = sqliteTable(
  "player_avatars",
  {
    id: integer("id").primaryKey({ autoIncrement: true }),
    playerId: integer("player_id")
      .notNull()
      .references(() => players.id, { onDelete: "cascade" }),
    status: text("status", { enum: AVATAR_STATUSES }).notNull(),
    /** image/png | image/jpeg | image/webp, from the magic bytes, never from the client's header. */
    contentType: text("content_type").notNull(),
    width: integer("width").notNull(),
    height: integer("height").notNull(),
    /** SHA-256 of the bytes, hex: the served address, so a cached copy never goes stale. */
    hash: text("hash").notNull(),
    bytes: bytesColumn("bytes").notNull(),
    /** Rejection reason code (AVATAR_REJECT_REASONS) and an operator's note the player sees. */
    reason: text("reason"),
    note: text("note"),
    /** Uploaded by an operator (admin id), not by the player. */
    setByAdminId: integer("set_by_admin_id"),
    decidedByAdminId: integer("decided_by_admin_id"),
    createdAt: integer("created_at").notNull(),
    decidedAt: integer("decided_at"),
  },
  (t) => [
    uniqueIndex("player_avatars_one_pending").on(t.playerId).where(sql`status = 'pending'`),
    index("player_avatars_status").on(t.status, t.id),
    index("player_avatars_player").on(t.playerId, t.id),
    index("player_avatars_hash").on(t.hash),
  ],
);
