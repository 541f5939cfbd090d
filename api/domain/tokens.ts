// Single-use player tokens: the game client's sign-in link (`site`), the password reset link
// (`reset`), an address's verification link (`verify`, carrying the address it confirms) and the
// sign-in link by mail (`magic`). The raw token goes to the player once; we keep only its SHA-256, and a use marks it
// spent in the same UPDATE that checks it, so two requests racing with one token cannot both win.
import { and, eq, gt, gte, isNull, lt, count } from "drizzle-orm";
import { playerTokens } from "../db/schema/identity.ts";
import type { DbOrTx } from "../db/index.ts";
import { sha256 } from "@noble/hashes/sha2.js";
import { bytesToHex } from "@noble/hashes/utils.js";

const b64url = (bytes: Uint8Array) =>
  btoa(String.fromCharCode(...bytes))
    .replace(/\+/g, "-")
    .replace(/\//g, "_")
    .replace(/=+$/, "");

export function randomToken(bytes = 32): string {
  return b64url(crypto.getRandomValues(new Uint8Array(bytes)));
}

/**
 * Hex SHA-256 of a token. Synchronous pure JS (@noble/hashes, already here for Workers' KDF):
 * ~2 µs for a token, where crypto.subtle's promise costs ~15 µs on every signed-in request.
 */
export async function sha256Hex(text: string): Promise<string> {
  return sha256HexNow(text);
}
const encoder = new TextEncoder();
/** sha256Hex without the promise (the session lookup of every signed-in request). */
export function sha256HexNow(text: string): string {
  return bytesToHex(sha256(encoder.encode(text)));
}
export type TokenPurpose = "site" | "reset" | "verify" | "magic";

/** How long each kind of token is good for, in milliseconds. */
export const TOKEN_TTL: Record<TokenPurpose, number> = {
  // The game opens the browser at once; a link that leaks into a history or a log is soon dead.
  site: 5 * 60_000,
  // A mail may take a while to arrive and be read.
  reset: 60 * 60_000,
  // Verification may wait for a day: the account works meanwhile, only money waits for it.
  verify: 24 * 3600_000,
  // A sign-in by mail is for now.
  magic: 15 * 60_000,
};

/**
 * Each kind starts with its own mark, so a `token` parameter that is not ours (PayPal returns
 * the buyer with `?token=<its order id>`) is told apart and left alone.
 */
export const TOKEN_PREFIX: Record<TokenPurpose, string> = {
  site: "tks_",
  reset: "tkr_",
  verify: "tkv_",
  magic: "tkm_",
};

export async function issueToken(
  db: DbOrTx,
  playerId: number,
  purpose: TokenPurpose,
  now: number,
  email: string | null = null,
): Promise<{ token: string; expiresAt: number }> {
  const token = TOKEN_PREFIX[purpose] + randomToken();
  const expiresAt = now + TOKEN_TTL[purpose];
  await db
    .insert(playerTokens)
    .values({ tokenHash: await sha256Hex(token), purpose, playerId, createdAt: now, expiresAt, email });
  // Spent and expired tokens are of no use to anyone; drop them as we go.
  await db.delete(playerTokens).where(lt(playerTokens.expiresAt, now - 24 * 3600_000));
  return { token, expiresAt };
}

/** Spends a token: the player's id if it was unused and unexpired, else null (unknown, replayed, expired). */
export async function consumeToken(
  db: DbOrTx,
  token: string,
  purpose: TokenPurpose,
  now: number,
): Promise<number | null> {
  return (await consumeTokenWithEmail(db, token, purpose, now))?.playerId ?? null;
}

/** Spends a token and answers its player and the address it carries (a `verify` link's). */
export async function consumeTokenWithEmail(
  db: DbOrTx,
  token: string,
  purpose: TokenPurpose,
  now: number,
): Promise<{ playerId: number; email: string | null } | null> {
  const [row] = await db
    .update(playerTokens)
    .set({ usedAt: now })
    .where(
      and(
        eq(playerTokens.tokenHash, await sha256Hex(token)),
        eq(playerTokens.purpose, purpose),
        isNull(playerTokens.usedAt),
        gt(playerTokens.expiresAt, now),
      ),
    )
    .returning({ playerId: playerTokens.playerId, email: playerTokens.email });
  return row ?? null;
}

/** Checks a token without spending it (the reset form asks before showing its fields). */
export async function peekToken(db: DbOrTx, token: string, purpose: TokenPurpose, now: number): Promise<number | null> {
  const [row] = await db
    .select({ playerId: playerTokens.playerId })
    .from(playerTokens)
    .where(
      and(
        eq(playerTokens.tokenHash, await sha256Hex(token)),
        eq(playerTokens.purpose, purpose),
        isNull(playerTokens.usedAt),
        gt(playerTokens.expiresAt, now),
      ),
    )
    .limit(1);
  return row?.playerId ?? null;
}

/** How many tokens of a kind a player was given since `since` (to cap reset mails). */
export async function tokensSince(db: DbOrTx, playerId: number, purpose: TokenPurpose, since: number): Promise<number> {
  const [r] = await db
    .select({ n: count() })
    .from(playerTokens)
    .where(
      and(eq(playerTokens.playerId, playerId), eq(playerTokens.purpose, purpose), gte(playerTokens.createdAt, since)),
    );
  return r.n;
}

/** Voids a player's unused tokens of a kind (after a password change every older link is dead). */
export async function voidTokens(db: DbOrTx, playerId: number, purpose: TokenPurpose, now: number) {
  await db
    .update(playerTokens)
    .set({ usedAt: now })
    .where(and(eq(playerTokens.playerId, playerId), eq(playerTokens.purpose, purpose), isNull(playerTokens.usedAt)));
}
