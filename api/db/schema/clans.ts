import { sqliteTable, integer, text, index, uniqueIndex } from "drizzle-orm/sqlite-core";
import { sql } from "drizzle-orm";
import { players } from "./players.ts";

export const CLAN_ROLES = ["leader", "officer", "member"] as const;
export type ClanRole = (typeof CLAN_ROLES)[number];

export const clans = sqliteTable(
  "clans",
  {
    id: integer("id").primaryKey({ autoIncrement: true }),
    name: text("name").notNull(),
    tag: text("tag").notNull(),
    description: text("description").notNull().default(""),
    leaderId: integer("leader_id")
      .notNull()
      .references(() => players.id),
    rating: integer("rating").notNull().default(0),
    wins: integer("wins").notNull().default(0),
    experience: integer("experience").notNull().default(0),
    createdAt: integer("created_at").notNull(),
  },
  (t) => [
    uniqueIndex("clans_name").on(sql`lower(${t.name})`),
    uniqueIndex("clans_tag").on(sql`upper(${t.tag})`),
    index("clans_rating").on(t.rating),
  ],
);

/** One row per player in a clan: the primary key makes "one clan per player" a database rule. */
export const clanMembers = sqliteTable(
  "clan_members",
  {
    playerId: integer("player_id")
      .primaryKey()
      .references(() => players.id),
    clanId: integer("clan_id")
      .notNull()
      .references(() => clans.id, { onDelete: "cascade" }),
    role: text("role", { enum: CLAN_ROLES }).notNull(),
    joinedAt: integer("joined_at").notNull(),
  },
  (t) => [index("clan_members_clan").on(t.clanId)],
);

export const clanRequests = sqliteTable(
  "clan_requests",
  {
    id: integer("id").primaryKey({ autoIncrement: true }),
    clanId: integer("clan_id")
      .notNull()
      .references(() => clans.id, { onDelete: "cascade" }),
    playerId: integer("player_id")
      .notNull()
      .references(() => players.id),
    message: text("message").notNull().default(""),
    createdAt: integer("created_at").notNull(),
    expiresAt: integer("expires_at").notNull(),
  },
  (t) => [uniqueIndex("clan_requests_once").on(t.clanId, t.playerId), index("clan_requests_player").on(t.playerId)],
);

/** Every clan change, for the admin clan log; kept after the clan is removed (no foreign key). */
export const clanLog = sqliteTable(
  "clan_log",
  {
    id: integer("id").primaryKey({ autoIncrement: true }),
    clanId: integer("clan_id").notNull(),
    actorId: integer("actor_id").notNull(),
    targetId: integer("target_id"),
    action: text("action").notNull(),
    details: text("details").notNull().default("{}"),
    createdAt: integer("created_at").notNull(),
  },
  (t) => [index("clan_log_clan").on(t.clanId, t.id)],
);
