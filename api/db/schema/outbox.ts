import { sqliteTable, integer, text } from "drizzle-orm/sqlite-core";

// Events written in the same transaction as the state change they describe.
export const outbox = sqliteTable("outbox", {
  id: integer("id").primaryKey({ autoIncrement: true }),
  eventId: text("event_id").notNull().unique(),
  table: text("table").notNull(),
  // The row exactly as the warehouse table takes it (one JSONEachRow line).
  row: text("row").notNull(),
  createdAt: integer("created_at").notNull(),
});

/**
 * How far the shipper got, as a watermark over outbox ids: rows up to shipped_to are in the
 * warehouse; (shipped_to, claimed_to] is the batch being sent. SQLite has one writer, so a row
 * committed later always has a higher id than every committed row: a claimed range never gains
 * rows, and a retry re-sends exactly the same ones.
 */
export const outboxCursor = sqliteTable("outbox_cursor", {
  id: integer("id").primaryKey(),
  shippedTo: integer("shipped_to").notNull(),
  claimedTo: integer("claimed_to").notNull(),
  updatedAt: integer("updated_at").notNull(),
});
