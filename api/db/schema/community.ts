// Players among players and what the platform knows about each account beyond its row: friends,
// chat (rooms, messages, the moderation feed, mutes, the operators' word filter), the accepted
// terms and the app rating, the devices an account signs in from, forced experiment variants, and
// the support tools' reversible changes. docs/decisions/community.md and
// players-admin.md explain why.
import { sqliteTable, integer, text, index, uniqueIndex, primaryKey } from "drizzle-orm/sqlite-core";
import { players } from "./players.ts";

export const FRIEND_REQUEST_STATUSES = ["pending", "accepted", "declined", "cancelled"] as const;

/** A friend request; its answer is kept (a declined request is not re-sent for a day). */
export const friendRequests = sqliteTable(
  "friend_requests",
  {
    id: integer("id").primaryKey({ autoIncrement: true }),
    fromId: integer("from_id")
      .notNull()
      .references(() => players.id, { onDelete: "cascade" }),
    toId: integer("to_id")
      .notNull()
      .references(() => players.id, { onDelete: "cascade" }),
    status: text("status", { enum: FRIEND_REQUEST_STATUSES }).notNull().default("pending"),
    createdAt: integer("created_at").notNull(),
    answeredAt: integer("answered_at"),
  },
  (t) => [index("friend_requests_to").on(t.toId, t.status), index("friend_requests_from").on(t.fromId, t.status)],
);

/** A friendship, one row per direction (both or neither), so "my friends" is one index range. */
export const friends = sqliteTable(
  "friends",
  {
    playerId: integer("player_id")
      .notNull()
      .references(() => players.id, { onDelete: "cascade" }),
    friendId: integer("friend_id")
      .notNull()
      .references(() => players.id, { onDelete: "cascade" }),
    since: integer("since").notNull(),
  },
  (t) => [primaryKey({ columns: [t.playerId, t.friendId] })],
);

export const CHAT_STATUSES = ["visible", "hidden", "deleted"] as const;

/** A chat message. room: `global:ru`, `global:en` or `clan:<id>`; playerId null: the system (an operator's post). */
export const chatMessages = sqliteTable(
  "chat_messages",
  {
    id: integer("id").primaryKey({ autoIncrement: true }),
    room: text("room").notNull(),
    playerId: integer("player_id").references(() => players.id, { onDelete: "set null" }),
    /** The author's nickname when sent (a later rename does not rewrite history). */
    nickname: text("nickname").notNull(),
    body: text("body").notNull(),
    status: text("status", { enum: CHAT_STATUSES }).notNull().default("visible"),
    createdAt: integer("created_at").notNull(),
    moderatedAt: integer("moderated_at"),
    moderatedBy: text("moderated_by"),
  },
  (t) => [index("chat_messages_room").on(t.room, t.id), index("chat_messages_player").on(t.playerId, t.id)],
);

/**
 * What readers follow: one row per new message and per moderation (hidden, shown, deleted), in
 * one sequence for every room, so a stream resumes by id on any instance and a hide reaches
 * readers as fast as a message does.
 */
export const chatEvents = sqliteTable(
  "chat_events",
  {
    id: integer("id").primaryKey({ autoIncrement: true }),
    room: text("room").notNull(),
    messageId: integer("message_id").notNull(),
    kind: text("kind", { enum: ["message", "hidden", "shown", "deleted"] }).notNull(),
    at: integer("at").notNull(),
  },
  (t) => [index("chat_events_room").on(t.room, t.id)],
);

/** A player who may not write in chat until `until`. */
export const chatMutes = sqliteTable("chat_mutes", {
  playerId: integer("player_id")
    .primaryKey()
    .references(() => players.id, { onDelete: "cascade" }),
  until: integer("until").notNull(),
  reason: text("reason").notNull().default(""),
  byAdmin: text("by_admin").notNull(),
  createdAt: integer("created_at").notNull(),
});

/** The operators' word filter: a message's matching words are masked before it is stored. */
export const chatWords = sqliteTable(
  "chat_words",
  {
    id: integer("id").primaryKey({ autoIncrement: true }),
    word: text("word").notNull(),
    createdAt: integer("created_at").notNull(),
  },
  (t) => [uniqueIndex("chat_words_word").on(t.word)],
);

/** The terms version a player accepted and their app rating (the bonus is paid once, through the ledger). */
export const playerTerms = sqliteTable("player_terms", {
  playerId: integer("player_id")
    .primaryKey()
    .references(() => players.id, { onDelete: "cascade" }),
  eulaVersion: integer("eula_version"),
  eulaAcceptedAt: integer("eula_accepted_at"),
  /** When the player rated the app; null: the game may ask (again, after resetRateForBonus). */
  ratedAt: integer("rated_at"),
  rating: integer("rating"),
  bonusPaidAt: integer("bonus_paid_at"),
});

/** A device or client an account signs in from: the game app (by its device id) or a browser on the site. */
export const playerDevices = sqliteTable(
  "player_devices",
  {
    id: integer("id").primaryKey({ autoIncrement: true }),
    playerId: integer("player_id")
      .notNull()
      .references(() => players.id, { onDelete: "cascade" }),
    client: text("client", { enum: ["game", "site"] }).notNull(),
    /** The game's device id, or a hash of the browser's user agent on the site. */
    deviceKey: text("device_key").notNull(),
    platform: text("platform").notNull(),
    appVersion: text("app_version").notNull().default(""),
    userAgent: text("user_agent").notNull().default(""),
    country: text("country"),
    firstSeen: integer("first_seen").notNull(),
    lastSeen: integer("last_seen").notNull(),
    signIns: integer("sign_ins").notNull().default(1),
  },
  (t) => [
    uniqueIndex("player_devices_key").on(t.playerId, t.client, t.deviceKey),
    index("player_devices_last").on(t.playerId, t.lastSeen),
  ],
);

/** The social profile data a network sent with an identity (name, photo) for socialUpdate. */
export const identityProfiles = sqliteTable(
  "identity_profiles",
  {
    network: text("network").notNull(),
    uid: text("uid").notNull(),
    name: text("name").notNull().default(""),
    photoUrl: text("photo_url").notNull().default(""),
    updatedAt: integer("updated_at").notNull(),
  },
  (t) => [primaryKey({ columns: [t.network, t.uid] })],
);

/** An operator put a player into a variant of a running experiment (variant) or out of it (variant null). */
export const experimentOverrides = sqliteTable(
  "experiment_overrides",
  {
    experimentId: integer("experiment_id").notNull(),
    playerId: integer("player_id")
      .notNull()
      .references(() => players.id, { onDelete: "cascade" }),
    /** The experiment variant's name; null keeps the player out (they read "default"). */
    variant: text("variant"),
    byAdmin: text("by_admin").notNull(),
    createdAt: integer("created_at").notNull(),
  },
  (t) => [primaryKey({ columns: [t.experimentId, t.playerId] }), index("experiment_overrides_player").on(t.playerId)],
);
