import { sqliteTable, integer, text, index } from "drizzle-orm/sqlite-core";

// Events written in the same transaction as the state change they describe.
// The shipper moves them to the warehouse in id order and stamps shipped_at
// only after the warehouse accepted them.
export const outbox = sqliteTable(
  "outbox",
  {
    id: integer("id").primaryKey({ autoIncrement: true }),
    eventId: text("event_id").notNull().unique(),
    table: text("table").notNull(),
    // The row exactly as the warehouse table takes it (one JSONEachRow line).
    row: text("row").notNull(),
    createdAt: integer("created_at").notNull(),
    // The batch a row was claimed into (its first row's id); a retried batch is re-sent
    // with exactly the same rows, so its dedup token matches the first attempt's.
    batch: integer("batch"),
    shippedAt: integer("shipped_at"),
  },
  (t) => [index("outbox_pending").on(t.shippedAt, t.id), index("outbox_batch").on(t.batch)],
);
