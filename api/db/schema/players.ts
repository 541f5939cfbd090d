import { sqliteTable, integer, text, index, uniqueIndex, check } from "drizzle-orm/sqlite-core";
import { sql } from "drizzle-orm";

export const players = sqliteTable(
  "players",
  {
    id: integer("id").primaryKey({ autoIncrement: true }),
    nickname: text("nickname").notNull(),
    email: text("email"),
    passwordHash: text("password_hash"),
    country: text("country").notNull().default("RU"),
    /** The country's first-level region (GeoNames admin1 code) and a city of it (api/domain/geo.ts); null: not known. */
    region: text("region"),
    city: text("city"),
    platform: text("platform").notNull().default("web"),
    source: text("source").notNull().default("organic"),
    locale: text("locale").notNull().default("ru"),
    level: integer("level").notNull().default(1),
    experience: integer("experience").notNull().default(0),
    rating: integer("rating").notNull().default(1000),
    battles: integer("battles").notNull().default(0),
    wins: integer("wins").notNull().default(0),
    // Balances are changed only by domain/ledger.ts, which also writes the ledger row.
    gold: integer("gold").notNull().default(0),
    silver: integer("silver").notNull().default(0),
    premiumUntil: integer("premium_until"),
    avatarUrl: text("avatar_url"),
    currentTankId: integer("current_tank_id"),
    bannedUntil: integer("banned_until"),
    banReason: text("ban_reason"),
    createdAt: integer("created_at").notNull(),
    lastLoginAt: integer("last_login_at"),
    erasedAt: integer("erased_at"),
    /**
     * A guest: made in one click on the site, no email, password or network yet. Plays like anyone,
     * but cannot pay, transfer or gift until claimed, and is pruned after the operators' lifetime
     * of idleness (api/identity/guests.ts).
     */
    guest: integer("guest", { mode: "boolean" }).notNull().default(false),
    /** When a guest claimed the account (email + password or a network); null: never a guest, or not yet. */
    claimedAt: integer("claimed_at"),
    /** False while an email given on the site waits for its verification mail's link; money needs it. */
    emailVerified: integer("email_verified", { mode: "boolean" }).notNull().default(true),
  },
  (t) => [
    uniqueIndex("players_nickname").on(sql`lower(${t.nickname})`),
    uniqueIndex("players_email").on(sql`lower(${t.email})`),
    index("players_rating").on(t.rating),
    index("players_created").on(t.createdAt),
    index("players_guest_idle").on(t.guest, t.lastLoginAt),
    check("players_gold_nonneg", sql`${t.gold} >= 0`),
    check("players_silver_nonneg", sql`${t.silver} >= 0`),
  ],
);

/** Social network or device identities: a game client registers a player with one, a player signs in or links one on the site. One identity belongs to one account (the unique index). */
export const playerIdentities = sqliteTable(
  "player_identities",
  {
    id: integer("id").primaryKey({ autoIncrement: true }),
    playerId: integer("player_id")
      .notNull()
      .references(() => players.id, { onDelete: "cascade" }),
    network: text("network").notNull(),
    uid: text("uid").notNull(),
    createdAt: integer("created_at").notNull(),
    /** How the network names the person (a name or an address), shown in the player's profile; null: not told. */
    label: text("label"),
  },
  (t) => [uniqueIndex("player_identities_uid").on(t.network, t.uid), index("player_identities_player").on(t.playerId)],
);
