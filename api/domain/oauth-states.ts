// Social sign-ins under way: each `state` sent to a network is stored hashed with its PKCE
// verifier, OIDC nonce, purpose (sign-in, or linking to a signed-in player) and the page to
// return to. The browser holds the same state in an HttpOnly cookie, so a callback carrying a
// state this browser did not start (a forged or swapped callback) is refused. A state is spent
// once, atomically, and lives STATE_TTL.
import { and, eq, gt, isNull, lt } from "drizzle-orm";
import { sha256 } from "@noble/hashes/sha2.js";
import { bytesToHex } from "@noble/hashes/utils.js";
import type { Db, DbOrTx } from "../db/index.ts";
import { oauthStates } from "../db/schema/identity.ts";

const b64url = (bytes: Uint8Array) =>
  btoa(String.fromCharCode(...bytes))
    .replace(/\+/g, "-")
    .replace(/\//g, "_")
    .replace(/=+$/, "");
const randomToken = (bytes: number) => b64url(crypto.getRandomValues(new Uint8Array(bytes)));
const sha256Hex = async (text: string) => bytesToHex(sha256(new TextEncoder().encode(text)));

export const STATE_TTL = 10 * 60_000;

export interface BegunState {
  state: string;
  verifier: string;
  nonce: string;
}

export interface StoredState {
  network: string;
  verifier: string;
  nonce: string;
  playerId: number | null;
  next: string;
}

/** A new state for a network, with a fresh PKCE verifier and nonce. */
export async function beginState(
  db: DbOrTx,
  s: { network: string; playerId: number | null; next: string; now: number },
): Promise<BegunState> {
  const state = randomToken(24);
  const verifier = randomToken(48);
  const nonce = randomToken(24);
  await db.insert(oauthStates).values({
    stateHash: await sha256Hex(state),
    network: s.network,
    verifier,
    nonce,
    playerId: s.playerId,
    next: s.next,
    createdAt: s.now,
  });
  return { state, verifier, nonce };
}

/** Spends a state of this network: what it was begun with, or null (unknown, spent, expired, another network's). */
export async function takeState(db: DbOrTx, state: string, network: string, now: number): Promise<StoredState | null> {
  const [row] = await db
    .update(oauthStates)
    .set({ usedAt: now })
    .where(
      and(
        eq(oauthStates.stateHash, await sha256Hex(state)),
        eq(oauthStates.network, network),
        isNull(oauthStates.usedAt),
        gt(oauthStates.createdAt, now - STATE_TTL),
      ),
    )
    .returning({
      network: oauthStates.network,
      verifier: oauthStates.verifier,
      nonce: oauthStates.nonce,
      playerId: oauthStates.playerId,
      next: oauthStates.next,
    });
  return row ?? null;
}

/** States older than a day (maintenance). */
export async function pruneOAuthStates(db: Db, now: number): Promise<number> {
  const gone = await db
    .delete(oauthStates)
    .where(lt(oauthStates.createdAt, now - 24 * 3600_000))
    .returning({ id: oauthStates.id });
  return gone.length;
}

/** PKCE S256: base64url(SHA-256(verifier)). */
export async function pkceChallenge(verifier: string): Promise<string> {
  return b64url(sha256(new TextEncoder().encode(verifier)));
}
