import { sqliteTable, integer, text, index, uniqueIndex } from "drizzle-orm/sqlite-core";
import { players } from "./players.ts";

// Append-only: one row per balance change, written by domain/ledger.ts only.
export const ledgerEntries = sqliteTable(
  "ledger_entries",
  {
    id: integer("id").primaryKey({ autoIncrement: true }),
    playerId: integer("player_id")
      .notNull()
      .references(() => players.id),
    currency: text("currency", { enum: ["gold", "silver"] }).notNull(),
    delta: integer("delta").notNull(),
    balanceAfter: integer("balance_after").notNull(),
    reason: text("reason").notNull(),
    ref: text("ref"),
    // A retried request with the same key is answered from the first entry, never applied twice.
    idempotencyKey: text("idempotency_key"),
    createdAt: integer("created_at").notNull(),
  },
  (t) => [
    index("ledger_player").on(t.playerId, t.id),
    uniqueIndex("ledger_idempotency").on(t.playerId, t.currency, t.idempotencyKey),
  ],
);
