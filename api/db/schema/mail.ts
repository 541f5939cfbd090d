import { sqliteTable, integer, text, index } from "drizzle-orm/sqlite-core";

/** Every mail the platform sent (or, in the demo, would have sent): operators read it. */
export const mailLog = sqliteTable(
  "mail_log",
  {
    id: integer("id").primaryKey({ autoIncrement: true }),
    to: text("to").notNull(),
    subject: text("subject").notNull(),
    text: text("text").notNull(),
    transport: text("transport").notNull(),
    createdAt: integer("created_at").notNull(),
  },
  (t) => [index("mail_log_time").on(t.createdAt)],
);
