import { sqliteTable, integer, text, index } from "drizzle-orm/sqlite-core";

/** Failed sign-ins, per account and per address, for throttling. Old rows are pruned. */
export const loginFailures = sqliteTable(
  "login_failures",
  {
    id: integer("id").primaryKey({ autoIncrement: true }),
    key: text("key").notNull(),
    at: integer("at").notNull(),
  },
  (t) => [index("login_failures_key").on(t.key, t.at)],
);
