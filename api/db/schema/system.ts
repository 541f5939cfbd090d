// System configuration: options with variants (client and server scopes), the versions their
// per-instance caches check, the battle options document with its history, immutable options,
// client versions, the game's applications, sign-in networks, languages and server texts.
import { sqliteTable, integer, text, uniqueIndex } from "drizzle-orm/sqlite-core";

export const OPTION_SCOPES = ["client", "server"] as const;

/** One variant of one option key; "default" is what a player gets unless assigned another. */
export const options = sqliteTable(
  "options",
  {
    id: integer("id").primaryKey({ autoIncrement: true }),
    scope: text("scope", { enum: OPTION_SCOPES }).notNull(),
    key: text("key").notNull(),
    variant: text("variant").notNull(),
    /** The JSON value, as text. */
    value: text("value").notNull(),
    /** Percent of players (0–100) assigned to this non-default variant; see api/domain/options.ts. */
    share: integer("share").notNull().default(0),
    /** A saved audience whose members get this non-default variant (docs/decisions/audiences.md); null: none. */
    audienceId: integer("audience_id"),
    /** Bumped by every save and invalidateCache of this variant. */
    version: integer("version").notNull().default(1),
    updatedAt: integer("updated_at").notNull(),
  },
  (t) => [uniqueIndex("options_scope_key_variant").on(t.scope, t.key, t.variant)],
);

/** Per-cache version rows (client, server, battle, immutable): readers reload when it moves. */
export const optionCacheVersions = sqliteTable("option_cache_versions", {
  cache: text("cache").primaryKey(),
  version: integer("version").notNull(),
  changedAt: integer("changed_at").notNull(),
});

/** The battle options document: every saved version is kept; the highest is in force. */
export const battleOptions = sqliteTable("battle_options", {
  version: integer("version").primaryKey(),
  value: text("value").notNull(),
  adminUsername: text("admin_username").notNull(),
  summary: text("summary").notNull(),
  createdAt: integer("created_at").notNull(),
});

/** Published once, never changed: a change is a new key. */
export const immutableOptions = sqliteTable("immutable_options", {
  key: text("key").primaryKey(),
  value: text("value").notNull(),
  publishedAt: integer("published_at").notNull(),
  adminUsername: text("admin_username").notNull(),
});

export const PLATFORMS = ["web", "android", "ios", "windows", "macos"] as const;

/** Client versions per platform: older than minSupported may not play; forceUpdate makes the client update to latest. */
export const clientVersions = sqliteTable(
  "client_versions",
  {
    id: integer("id").primaryKey({ autoIncrement: true }),
    platform: text("platform", { enum: PLATFORMS }).notNull(),
    minSupported: text("min_supported").notNull(),
    latest: text("latest").notNull(),
    forceUpdate: integer("force_update", { mode: "boolean" }).notNull().default(false),
    note: text("note").notNull().default(""),
    updatedAt: integer("updated_at").notNull(),
  },
  (t) => [uniqueIndex("client_versions_platform").on(t.platform)],
);

export const STORES = ["web", "google_play", "app_store", "rustore", "steam", "vk_play"] as const;

export const applications = sqliteTable(
  "applications",
  {
    id: integer("id").primaryKey({ autoIncrement: true }),
    platform: text("platform", { enum: PLATFORMS }).notNull(),
    store: text("store", { enum: STORES }).notNull(),
    /** The store's id of the app (bundle id, package name, Steam app id). */
    appId: text("app_id").notNull(),
    url: text("url").notNull(),
    active: integer("active", { mode: "boolean" }).notNull().default(true),
    updatedAt: integer("updated_at").notNull(),
  },
  (t) => [uniqueIndex("applications_store_app").on(t.store, t.appId)],
);

export const socialNetworks = sqliteTable(
  "social_networks",
  {
    id: integer("id").primaryKey({ autoIncrement: true }),
    key: text("key").notNull(),
    name: text("name").notNull(),
    enabled: integer("enabled", { mode: "boolean" }).notNull().default(true),
    appId: text("app_id").notNull().default(""),
    sortOrder: integer("sort_order").notNull().default(0),
    /** A player's profile page on the network, `{uid}` standing for the identity's uid ("" : none). */
    profileUrl: text("profile_url").notNull().default(""),
    updatedAt: integer("updated_at").notNull(),
  },
  (t) => [uniqueIndex("social_networks_key").on(t.key)],
);

export const languages = sqliteTable(
  "languages",
  {
    id: integer("id").primaryKey({ autoIncrement: true }),
    code: text("code").notNull(),
    name: text("name").notNull(),
    enabled: integer("enabled", { mode: "boolean" }).notNull().default(true),
    isDefault: integer("is_default", { mode: "boolean" }).notNull().default(false),
    sortOrder: integer("sort_order").notNull().default(0),
    updatedAt: integer("updated_at").notNull(),
  },
  (t) => [uniqueIndex("languages_code").on(t.code)],
);

/** A server-side text key and its translations ({ code: text } as JSON). */
export const serverTexts = sqliteTable(
  "server_texts",
  {
    id: integer("id").primaryKey({ autoIncrement: true }),
    key: text("key").notNull(),
    texts: text("texts").notNull(),
    updatedAt: integer("updated_at").notNull(),
  },
  (t) => [uniqueIndex("server_texts_key").on(t.key)],
);
