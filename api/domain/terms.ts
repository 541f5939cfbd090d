// The terms a player accepted and the app rating that pays a bonus. The current terms version is
// the publication time of the newest published terms page (republishing it asks everyone again);
// a player whose accepted version is older must accept before playing. Rating the app pays
// RATE_BONUS once per account, ever, through the ledger (its idempotency key is the account's);
// resetRateForBonus lets the game ask again but never pays twice.
import { and, desc, eq } from "drizzle-orm";
import type { Db, DbOrTx, Tx } from "../db/index.ts";
import { cmsContents } from "../db/schema/cms.ts";
import { playerTerms } from "../db/schema/community.ts";
import { AppError } from "./errors.ts";
import { applyLedger } from "./ledger.ts";

export const RATE_BONUS = { currency: "gold" as const, amount: 50 };

export async function currentEulaVersion(db: DbOrTx): Promise<number | null> {
  const [r] = await db
    .select({ v: cmsContents.publishedAt })
    .from(cmsContents)
    .where(and(eq(cmsContents.type, "terms"), eq(cmsContents.published, true)))
    .orderBy(desc(cmsContents.publishedAt))
    .limit(1);
  return r?.v ?? null;
}

export interface TermsState {
  eulaVersion: number | null;
  eulaAcceptedAt: number | null;
  currentVersion: number | null;
  mustAccept: boolean;
  ratedAt: number | null;
  rating: number | null;
  bonusPaidAt: number | null;
  mayAskRating: boolean;
}

export async function termsOf(db: DbOrTx, playerId: number): Promise<TermsState> {
  const [[row], current] = await Promise.all([
    db.select().from(playerTerms).where(eq(playerTerms.playerId, playerId)).limit(1),
    currentEulaVersion(db),
  ]);
  const accepted = row?.eulaVersion ?? null;
  return {
    eulaVersion: accepted,
    eulaAcceptedAt: row?.eulaAcceptedAt ?? null,
    currentVersion: current,
    mustAccept: current !== null && (accepted === null || accepted < current),
    ratedAt: row?.ratedAt ?? null,
    rating: row?.rating ?? null,
    bonusPaidAt: row?.bonusPaidAt ?? null,
    mayAskRating: !row?.ratedAt,
  };
}

async function ensureRow(tx: DbOrTx, playerId: number) {
  await tx.insert(playerTerms).values({ playerId }).onConflictDoNothing();
}

export async function acceptEula(db: Db, playerId: number, version: number, at: number): Promise<TermsState> {
  const current = await currentEulaVersion(db);
  if (current === null || version !== current) throw new AppError("conflict", "terms.error.outdated");
  await db.transaction(async (tx) => {
    await ensureRow(tx, playerId);
    await tx
      .update(playerTerms)
      .set({ eulaVersion: version, eulaAcceptedAt: at })
      .where(eq(playerTerms.playerId, playerId));
  });
  return termsOf(db, playerId);
}

/** The player rated the app (1–5): recorded, and the bonus paid if it never was. */
export async function rateApp(
  db: Db,
  playerId: number,
  rating: number,
  at: number,
): Promise<TermsState & { bonus: number }> {
  const bonus = await db.transaction(async (tx: Tx) => {
    await ensureRow(tx, playerId);
    const [row] = await tx.select().from(playerTerms).where(eq(playerTerms.playerId, playerId)).limit(1);
    if (row.ratedAt !== null) throw new AppError("conflict", "terms.error.rated");
    await tx.update(playerTerms).set({ ratedAt: at, rating }).where(eq(playerTerms.playerId, playerId));
    if (row.bonusPaidAt !== null) return 0;
    const r = await applyLedger(tx, {
      playerId,
      currency: RATE_BONUS.currency,
      delta: RATE_BONUS.amount,
      reason: "bonus.rate",
      idempotencyKey: `rate-bonus:${playerId}`,
      at,
    });
    if (r.replayed) return 0;
    await tx.update(playerTerms).set({ bonusPaidAt: at }).where(eq(playerTerms.playerId, playerId));
    return RATE_BONUS.amount;
  });
  return { ...(await termsOf(db, playerId)), bonus };
}

/** Operators: make the player accept the terms again. */
export async function resetEula(tx: DbOrTx, playerId: number): Promise<boolean> {
  const r = await tx
    .update(playerTerms)
    .set({ eulaVersion: null, eulaAcceptedAt: null })
    .where(and(eq(playerTerms.playerId, playerId)))
    .returning({ v: playerTerms.playerId });
  return r.length > 0;
}

/** Operators: let the game ask for a rating again (the bonus stays paid once). */
export async function resetRateForBonus(tx: DbOrTx, playerId: number): Promise<boolean> {
  const r = await tx
    .update(playerTerms)
    .set({ ratedAt: null, rating: null })
    .where(eq(playerTerms.playerId, playerId))
    .returning({ v: playerTerms.playerId });
  return r.length > 0;
}
