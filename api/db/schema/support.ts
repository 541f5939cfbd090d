// Support tickets: a player's ticket (category and sub-category from the wizard), its thread of
// messages, its status and assignee, and unread marks for both sides.
import { sqliteTable, integer, text, index } from "drizzle-orm/sqlite-core";
import { players } from "./players.ts";

export const TICKET_STATUSES = ["open", "answered", "waiting", "closed"] as const;

export const supportTickets = sqliteTable(
  "support_tickets",
  {
    id: integer("id").primaryKey({ autoIncrement: true }),
    playerId: integer("player_id")
      .notNull()
      .references(() => players.id),
    category: text("category").notNull(),
    subCategory: text("sub_category").notNull(),
    subject: text("subject").notNull(),
    status: text("status", { enum: TICKET_STATUSES }).notNull().default("open"),
    /** Admin id the ticket is assigned to. */
    assigneeId: integer("assignee_id"),
    /** The player has not read the operator's last reply. */
    unreadByPlayer: integer("unread_by_player", { mode: "boolean" }).notNull().default(false),
    /** Operators have not read the player's last message. */
    unreadBySupport: integer("unread_by_support", { mode: "boolean" }).notNull().default(true),
    createdAt: integer("created_at").notNull(),
    updatedAt: integer("updated_at").notNull(),
  },
  (t) => [
    index("support_tickets_player").on(t.playerId, t.updatedAt),
    index("support_tickets_status").on(t.status, t.updatedAt),
  ],
);

export const supportMessages = sqliteTable(
  "support_messages",
  {
    id: integer("id").primaryKey({ autoIncrement: true }),
    ticketId: integer("ticket_id")
      .notNull()
      .references(() => supportTickets.id, { onDelete: "cascade" }),
    /** player | support */
    author: text("author", { enum: ["player", "support"] }).notNull(),
    adminId: integer("admin_id"),
    adminUsername: text("admin_username"),
    body: text("body").notNull(),
    createdAt: integer("created_at").notNull(),
    editedAt: integer("edited_at"),
  },
  (t) => [index("support_messages_ticket").on(t.ticketId, t.id)],
);

/**
 * Every change of a ticket's status, when it happened and who made it (the player's message
 * reopens it, an operator's answers it, an operator sets it): the player log and the ticket page
 * read a ticket's history from here, not from its current status.
 */
export const supportTicketEvents = sqliteTable(
  "support_ticket_events",
  {
    id: integer("id").primaryKey({ autoIncrement: true }),
    ticketId: integer("ticket_id")
      .notNull()
      .references(() => supportTickets.id, { onDelete: "cascade" }),
    playerId: integer("player_id").notNull(),
    /** null: the ticket was opened. */
    fromStatus: text("from_status", { enum: TICKET_STATUSES }),
    toStatus: text("to_status", { enum: TICKET_STATUSES }).notNull(),
    /** player | support (an operator's message) | operator (set on the ticket page) */
    source: text("source", { enum: ["player", "support", "operator"] }).notNull(),
    adminId: integer("admin_id"),
    adminUsername: text("admin_username"),
    createdAt: integer("created_at").notNull(),
  },
  (t) => [
    index("support_ticket_events_player").on(t.playerId, t.createdAt),
    index("support_ticket_events_ticket").on(t.ticketId, t.id),
  ],
);
