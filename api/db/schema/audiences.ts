// Saved audiences (docs/decisions/audiences.md): an operator's definition over players'
// properties and warehouse facts, its enter/exit actions, and the membership kept fresh with
// each entry and exit as a row (so an action is applied once per entry).
import { sqliteTable, integer, text, index, primaryKey } from "drizzle-orm/sqlite-core";
import { players } from "./players.ts";

export const audiences = sqliteTable("audiences", {
  id: integer("id").primaryKey({ autoIncrement: true }),
  name: text("name").notNull(),
  /** JSON {conditions: [...]}: every condition holds (api/domain/audiences/definition.ts). */
  definition: text("definition").notNull(),
  /** JSON [{on: "enter"|"exit", kind: "grant"|"notify"|"variant", ...}]. */
  actions: text("actions").notNull().default("[]"),
  active: integer("active", { mode: "boolean" }).notNull().default(true),
  /** Members after the last recomputation, and when the last full sweep ran (null: never). */
  size: integer("size").notNull().default(0),
  sweptAt: integer("swept_at"),
  createdAt: integer("created_at").notNull(),
  updatedAt: integer("updated_at").notNull(),
});

/**
 * One row per entry of a player into an audience: entry 1, 2… (a player who leaves and comes back
 * enters again). exitedAt null: a member now. The primary key makes an entry happen once.
 */
export const audienceMembers = sqliteTable(
  "audience_members",
  {
    audienceId: integer("audience_id")
      .notNull()
      .references(() => audiences.id, { onDelete: "cascade" }),
    playerId: integer("player_id")
      .notNull()
      .references(() => players.id, { onDelete: "cascade" }),
    entryNo: integer("entry_no").notNull(),
    enteredAt: integer("entered_at").notNull(),
    exitedAt: integer("exited_at"),
  },
  (t) => [
    primaryKey({ columns: [t.audienceId, t.playerId, t.entryNo] }),
    index("audience_members_current").on(t.audienceId, t.exitedAt),
    index("audience_members_player").on(t.playerId),
  ],
);

/** How far the membership followed the outbox (the events that change it): outbox ids up to outbox_to are seen. */
export const audienceCursor = sqliteTable("audience_cursor", {
  id: integer("id").primaryKey(),
  outboxTo: integer("outbox_to").notNull(),
  updatedAt: integer("updated_at").notNull(),
});
