// Minting guests (the landing's "Play"): the browser asks for a challenge, finds a nonce whose
// SHA-256 with the challenge's seed starts with `bits` zero bits (a fraction of a second in a
// browser, the cost of every guest to a script), and sends it back; the server checks it with one
// hash, spends the challenge (once, atomically) and makes the guest in the same transaction.
// Per address: so many challenges and so many guests an hour (the operators' `guests` option).
// The guest gets a generated nickname (editable in the profile) and a session at once.
import { and, count, eq, gte, isNull, lt, sql } from "drizzle-orm";
import { sha256 } from "@noble/hashes/sha2.js";
import type { Db } from "../db/index.ts";
import { guestChallenges } from "../db/schema/identity.ts";
import { players } from "../db/schema/players.ts";
import { AppError } from "../http/errors.ts";
import { randomToken } from "../http/session.ts";
import { registerPlayerIn } from "../domain/players.ts";
import type { GuestRules } from "../domain/guests.ts";

/** How long a challenge may be answered. */
export const CHALLENGE_TTL = 10 * 60_000;
const HOUR = 3600_000;

/** Leading zero bits of a digest. */
export function leadingZeroBits(digest: Uint8Array): number {
  let n = 0;
  for (const byte of digest) {
    if (byte === 0) {
      n += 8;
      continue;
    }
    return n + Math.clz32(byte) - 24;
  }
  return n;
}

/** Whether `nonce` answers the challenge `seed` at `bits` (the browser's search: ui/lib/pow.ts). */
export function proofHolds(seed: string, nonce: string, bits: number): boolean {
  return leadingZeroBits(sha256(new TextEncoder().encode(`${seed}:${nonce}`))) >= bits;
}

const tooMany = (first: number | null, now: number) =>
  new AppError(
    "rate_limited",
    "error.rate_limited",
    [Math.max(1, Math.ceil(((first ?? now) + HOUR - now) / 1000))],
    429,
  );

/** A new challenge for an address, refused (429) past the address's hourly limit. */
export async function issueChallenge(
  db: Db,
  address: string | null,
  rules: GuestRules,
  now: number,
): Promise<{ seed: string; bits: number; expiresAt: number }> {
  return db.transaction(
    async (tx) => {
      if (address) {
        const [r] = await tx
          .select({ n: count(), first: sql<number | null>`min(${guestChallenges.createdAt})` })
          .from(guestChallenges)
          .where(and(eq(guestChallenges.address, address), gte(guestChallenges.createdAt, now - HOUR)));
        if (r.n >= rules.challengesPerAddressPerHour) throw tooMany(r.first, now);
      }
      const seed = randomToken(16);
      await tx.insert(guestChallenges).values({ seed, bits: rules.powBits, address, createdAt: now });
      return { seed, bits: rules.powBits, expiresAt: now + CHALLENGE_TTL };
    },
    { behavior: "immediate" },
  );
}

const NICK_PREFIX = { ru: "Танкист", en: "Tanker" } as const;

export interface GuestMint {
  seed: string;
  nonce: string;
  address: string | null;
  locale: "ru" | "en";
  country: string;
  platform: string;
  source: string;
  at: number;
  /** A sign-up: the account is made kept at once, with this address (unconfirmed) and password. */
  account?: { email: string; passwordHash: string };
}

/**
 * Spends the challenge and makes the guest. Refused: an unknown, spent or expired challenge, one
 * handed to another address, a wrong proof (400 `bad_proof`), or the address's guests this hour
 * at the limit (429).
 */
export async function mintGuest(
  db: Db,
  m: GuestMint,
  rules: GuestRules,
): Promise<{ playerId: number; nickname: string }> {
  return db.transaction(
    async (tx) => {
      const [ch] = await tx
        .select()
        .from(guestChallenges)
        .where(
          and(
            eq(guestChallenges.seed, m.seed),
            isNull(guestChallenges.usedAt),
            gte(guestChallenges.createdAt, m.at - CHALLENGE_TTL),
          ),
        )
        .limit(1);
      if (!ch || (ch.address ?? null) !== (m.address ?? null) || !proofHolds(ch.seed, m.nonce, ch.bits))
        throw new AppError("bad_proof", "guest.badProof", [], 400);
      if (m.address) {
        const [r] = await tx
          .select({ n: count(), first: sql<number | null>`min(${guestChallenges.usedAt})` })
          .from(guestChallenges)
          .where(and(eq(guestChallenges.address, m.address), gte(guestChallenges.usedAt, m.at - HOUR)));
        if (r.n >= rules.perAddressPerHour) throw tooMany(r.first, m.at);
      }
      await tx.update(guestChallenges).set({ usedAt: m.at }).where(eq(guestChallenges.id, ch.id));
      for (let attempt = 0; ; attempt++) {
        const digits = 5 + Math.min(attempt, 3);
        const nickname = `${NICK_PREFIX[m.locale]}-${randomDigits(digits)}`;
        const [taken] = await tx
          .select({ id: players.id })
          .from(players)
          .where(sql`lower(${players.nickname}) = lower(${nickname})`)
          .limit(1);
        if (taken && attempt < 10) continue;
        const { playerId } = await registerPlayerIn(tx, {
          nickname,
          country: m.country,
          platform: m.platform,
          source: m.source,
          locale: m.locale,
          kind: m.account ? "email" : "guest",
          email: m.account?.email ?? null,
          passwordHash: m.account?.passwordHash ?? null,
          emailVerified: !m.account,
          at: m.at,
        });
        return { playerId, nickname };
      }
    },
    { behavior: "immediate" },
  );
}

function randomDigits(n: number): string {
  const bytes = crypto.getRandomValues(new Uint32Array(1));
  return String(bytes[0] % 10 ** n).padStart(n, "0");
}

/** Challenges older than a day are of no use to the limits or the proofs (maintenance). */
export async function pruneChallenges(db: Db, now: number): Promise<number> {
  const gone = await db
    .delete(guestChallenges)
    .where(lt(guestChallenges.createdAt, now - 24 * HOUR))
    .returning({ id: guestChallenges.id });
  return gone.length;
}
