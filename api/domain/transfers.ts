// Moving gold between players: one transaction of two ledger entries (sender pays amount + fee,
// receiver gets the amount), never negative, idempotent per request id, with per-transfer and
// per-day limits, refused between players where one blacklisted the other.
import { and, eq, gte, isNull, sql } from "drizzle-orm";
import type { Db } from "../db/index.ts";
import { players } from "../db/schema/players.ts";
import { ledgerEntries } from "../db/schema/ledger.ts";
import { AppError, fieldError } from "./errors.ts";
import { applyLedger } from "./ledger.ts";
import { eitherBlocked } from "./blacklist.ts";
import { recordActivity } from "./players.ts";

/** The transfer rules, in one place (there is no options table yet; see docs/decisions/player-site.md). */
export const TRANSFER_RULES = {
  minAmount: 1,
  maxAmount: 10_000,
  /** Gold sent per UTC day, fees included. */
  dailyLimit: 50_000,
  /** Fee in percent of the amount, rounded up; 0 switches fees off. */
  feePercent: 5,
  minLevel: 2,
} as const;

export const transferFee = (amount: number) =>
  TRANSFER_RULES.feePercent > 0 ? Math.ceil((amount * TRANSFER_RULES.feePercent) / 100) : 0;

const dayStart = (at: number) => at - (at % 86_400_000);

export async function transferMoney(
  db: Db,
  input: { from: number; to: number; amount: number; requestId: string; at: number },
) {
  if (input.from === input.to) throw fieldError({ to: { id: "validation.notEqual" } });
  if (input.amount < TRANSFER_RULES.minAmount)
    throw fieldError({ amount: { id: "validation.min", values: [TRANSFER_RULES.minAmount] } });
  if (input.amount > TRANSFER_RULES.maxAmount)
    throw fieldError({ amount: { id: "validation.max", values: [TRANSFER_RULES.maxAmount] } });
  const fee = transferFee(input.amount);
  const key = `transfer:${input.requestId}`;
  return db.transaction(async (tx) => {
    const [sender] = await tx.select({ level: players.level }).from(players).where(eq(players.id, input.from)).limit(1);
    if (!sender) throw new AppError("not_found");
    const [receiver] = await tx
      .select({ id: players.id })
      .from(players)
      .where(and(eq(players.id, input.to), isNull(players.erasedAt)))
      .limit(1);
    if (!receiver) throw fieldError({ to: { id: "error.player_not_found" } });
    // A retried request is answered from its first result before any rule is looked at again.
    const [seen] = await tx
      .select({ balanceAfter: ledgerEntries.balanceAfter })
      .from(ledgerEntries)
      .where(
        and(
          eq(ledgerEntries.playerId, input.from),
          eq(ledgerEntries.currency, "gold"),
          eq(ledgerEntries.idempotencyKey, key),
        ),
      )
      .limit(1);
    if (seen) return { amount: input.amount, fee, balance: seen.balanceAfter, replayed: true };
    if (sender.level < TRANSFER_RULES.minLevel)
      throw new AppError("forbidden", "error.transfer_level", [TRANSFER_RULES.minLevel], 403);
    if (await eitherBlocked(tx, input.from, input.to)) throw new AppError("forbidden", "error.blacklisted", [], 403);
    const [today] = await tx
      .select({ sent: sql<number>`coalesce(sum(-${ledgerEntries.delta}), 0)` })
      .from(ledgerEntries)
      .where(
        and(
          eq(ledgerEntries.playerId, input.from),
          eq(ledgerEntries.reason, "transfer.out"),
          gte(ledgerEntries.createdAt, dayStart(input.at)),
        ),
      );
    if (Number(today.sent) + input.amount + fee > TRANSFER_RULES.dailyLimit) {
      throw new AppError("conflict", "error.transfer_daily_limit", [TRANSFER_RULES.dailyLimit], 409);
    }
    const out = await applyLedger(tx, {
      playerId: input.from,
      currency: "gold",
      delta: -(input.amount + fee),
      reason: "transfer.out",
      ref: `player:${input.to}`,
      idempotencyKey: key,
      at: input.at,
    });
    await applyLedger(tx, {
      playerId: input.to,
      currency: "gold",
      delta: input.amount,
      reason: "transfer.in",
      ref: `player:${input.from}`,
      idempotencyKey: `${key}:from:${input.from}`,
      at: input.at,
    });
    await recordActivity(tx, input.from, "transfer", input.at);
    return { amount: input.amount, fee, balance: out.balance, replayed: false };
  });
}
