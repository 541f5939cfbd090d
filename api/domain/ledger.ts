// The one way a balance changes: a conditional UPDATE that can never take a balance below
// zero, its append-only ledger row and its warehouse event, all in the caller's transaction.
import { and, eq, sql } from "drizzle-orm";
import { players } from "../db/schema/players.ts";
import { ledgerEntries } from "../db/schema/ledger.ts";
import type { Tx } from "../db/index.ts";
import { AppError } from "./errors.ts";
import { emit } from "./outbox.ts";
import { newEventId, toCHDateTime } from "../../warehouse/events.ts";

export type Currency = "gold" | "silver";

export interface LedgerChange {
  playerId: number;
  currency: Currency;
  /** Positive credits, negative debits; zero is refused. */
  delta: number;
  /** Why: shop.tank, transfer.out, battle.reward, payment.credit, admin.adjust… (the metrics group by it). */
  reason: string;
  /** What it refers to: an order id, item id, other player… */
  ref?: string;
  /** A retried request with the same key returns the first result instead of applying again. */
  idempotencyKey?: string;
  at: number;
}

export interface LedgerResult {
  entryId: number;
  balance: number;
  replayed: boolean;
}

export async function applyLedger(tx: Tx, change: LedgerChange): Promise<LedgerResult> {
  const { playerId, currency, delta, reason, at } = change;
  if (!Number.isSafeInteger(delta) || delta === 0)
    throw new Error(`ledger delta must be a non-zero integer, got ${delta}`);
  if (change.idempotencyKey) {
    const [seen] = await tx
      .select({ id: ledgerEntries.id, balanceAfter: ledgerEntries.balanceAfter })
      .from(ledgerEntries)
      .where(
        and(
          eq(ledgerEntries.playerId, playerId),
          eq(ledgerEntries.currency, currency),
          eq(ledgerEntries.idempotencyKey, change.idempotencyKey),
        ),
      )
      .limit(1);
    if (seen) return { entryId: seen.id, balance: seen.balanceAfter, replayed: true };
  }
  const column = currency === "gold" ? players.gold : players.silver;
  const [row] = await tx
    .update(players)
    .set(
      currency === "gold" ? { gold: sql`${players.gold} + ${delta}` } : { silver: sql`${players.silver} + ${delta}` },
    )
    .where(and(eq(players.id, playerId), sql`${column} + ${delta} >= 0`))
    .returning({ balance: column, level: players.level });
  if (!row) {
    const [exists] = await tx.select({ id: players.id }).from(players).where(eq(players.id, playerId)).limit(1);
    if (!exists) throw new AppError("not_found");
    throw new AppError(
      "insufficient_funds",
      "error.insufficient_funds",
      [currency === "gold" ? "gold" : "silver"],
      409,
    );
  }
  const [entry] = await tx
    .insert(ledgerEntries)
    .values({
      playerId,
      currency,
      delta,
      balanceAfter: row.balance,
      reason,
      ref: change.ref ?? null,
      idempotencyKey: change.idempotencyKey ?? null,
      createdAt: at,
    })
    .returning({ id: ledgerEntries.id });
  await emit(tx, "currency_movements", {
    event_id: newEventId(),
    ts: toCHDateTime(at),
    player_id: playerId,
    currency,
    delta,
    balance_after: row.balance,
    reason,
    ref: change.ref ?? "",
    player_level: row.level,
    // The entry's id orders this player's movements as the store applied them (AUTOINCREMENT:
    // never reused, and writes are serialized), also two that share a millisecond.
    seq: entry.id,
  });
  return { entryId: entry.id, balance: row.balance, replayed: false };
}
