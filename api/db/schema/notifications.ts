import { sqliteTable, integer, text, index, primaryKey } from "drizzle-orm/sqlite-core";

import { NOTIFICATION_CHANNELS, NOTIFICATION_PAYERS, NOTIFICATION_STATUSES } from "./notification-kinds.ts";

export { NOTIFICATION_CHANNELS, NOTIFICATION_PAYERS, NOTIFICATION_STATUSES };
/** channel inbox: a pop-up / inbox message; chat: a system message posted into the game chat. */
/** An operator's notification: its schedule and audience; its text per language is in notification_contents. */
export const notifications = sqliteTable(
  "notifications",
  {
    id: integer("id").primaryKey({ autoIncrement: true }),
    channel: text("channel", { enum: NOTIFICATION_CHANNELS }).notNull(),
    name: text("name").notNull(),
    status: text("status", { enum: NOTIFICATION_STATUSES }).notNull().default("draft"),
    startsAt: integer("starts_at").notNull(),
    endsAt: integer("ends_at").notNull(),
    levelMin: integer("level_min").notNull().default(1),
    levelMax: integer("level_max").notNull().default(100),
    /** JSON arrays; empty = every platform / country. */
    platforms: text("platforms").notNull().default("[]"),
    countries: text("countries").notNull().default("[]"),
    payers: text("payers", { enum: NOTIFICATION_PAYERS }).notNull().default("all"),
    /** JSON array of player ids; empty = no explicit list (the other rules decide). */
    playerIds: text("player_ids").notNull().default("[]"),
    /** A saved audience whose members (at activation) it reaches, besides the rules above; null: none. */
    audienceId: integer("audience_id"),
    createdAt: integer("created_at").notNull(),
    updatedAt: integer("updated_at").notNull(),
  },
  (t) => [index("notifications_channel").on(t.channel, t.status)],
);

/** One language's text of a notification (a chat notification has a body only, title ""). */
export const notificationContents = sqliteTable(
  "notification_contents",
  {
    notificationId: integer("notification_id")
      .notNull()
      .references(() => notifications.id),
    lang: text("lang", { enum: ["ru", "en"] }).notNull(),
    title: text("title").notNull().default(""),
    body: text("body").notNull(),
    updatedAt: integer("updated_at").notNull(),
  },
  (t) => [primaryKey({ columns: [t.notificationId, t.lang] })],
);
