// Guests: players made in one click on the site. A guest plays
// like anyone — battles, rewards, daily tasks — but money does not move for them until they keep
// the account (a claim: email + password or a social network): no payments, no gold transfers, no
// gifts. An unclaimed guest left idle for the operators' lifetime (server option `guests`,
// /admin/options) is pruned with its data; a claimed account never is.
import { and, count, eq, gte, isNull, lt, sql } from "drizzle-orm";
import { z } from "zod";
import { sha256 } from "@noble/hashes/sha2.js";
import { guestChallenges } from "../db/schema/identity.ts";
import { registerPlayerIn } from "./players.ts";
import type { Db, DbOrTx, Tx } from "../db/index.ts";
import { players } from "../db/schema/players.ts";
import { sessions } from "../db/schema/index.ts";
import { AppError } from "./errors.ts";
import { emit } from "./outbox.ts";
import { newEventId, toCHDateTime } from "../../warehouse/events.ts";
import { leaveClanForGood } from "./erasure.ts";

/** The operators' guest rules (server option `guests`, default variant); these when unset. */
export const GUEST_DEFAULTS = {
  /** Days an unclaimed guest may stay idle before it is pruned with its data. */
  lifetimeDays: 30,
  /** Guests one address may make an hour. */
  perAddressPerHour: 5,
  /** Proof-of-work challenges one address may ask for an hour. */
  challengesPerAddressPerHour: 30,
  /** Leading zero bits the proof of work needs (16: ~65,000 SHA-256 hashes, well under a second in a browser). */
  powBits: 16,
} as const;

export const guestRulesShape = z.strictObject({
  lifetimeDays: z.int().min(1).max(3650),
  perAddressPerHour: z.int().min(1).max(10_000),
  challengesPerAddressPerHour: z.int().min(1).max(100_000),
  powBits: z.int().min(0).max(28),
});
export type GuestRules = z.infer<typeof guestRulesShape>;

/** The rules in force: the option's default variant over the defaults (a partial or bad value falls back field by field). */
export function guestRulesOf(value: unknown): GuestRules {
  const out: GuestRules = { ...GUEST_DEFAULTS };
  if (value && typeof value === "object")
    for (const k of Object.keys(out) as (keyof GuestRules)[]) {
      const v = (value as Record<string, unknown>)[k];
      const one = guestRulesShape.shape[k].safeParse(v);
      if (one.success) out[k] = one.data;
    }
  return out;
}

/** Money does not move for a guest, nor for an address given on the site and not yet verified. */
export async function assertMayMoveMoney(db: DbOrTx, playerId: number): Promise<void> {
  const [p] = await db
    .select({ guest: players.guest, emailVerified: players.emailVerified })
    .from(players)
    .where(eq(players.id, playerId))
    .limit(1);
  if (!p) return;
  if (p.guest) throw new AppError("guest", "guest.moneyNeedsClaim", [], 403);
  if (!p.emailVerified) throw new AppError("unverified", "guest.moneyNeedsVerifiedEmail", [], 403);
}

/**
 * A guest keeps the account: no longer a guest (never pruned), the claim's event for the guest →
 * claimed conversion. Inside the transaction that sets the email + password or links the network.
 */
export async function markClaimed(tx: Tx, playerId: number, method: "email" | "social", at: number): Promise<boolean> {
  const [p] = await tx
    .update(players)
    .set({ guest: false, claimedAt: at })
    .where(and(eq(players.id, playerId), eq(players.guest, true)))
    .returning({ country: players.country, platform: players.platform, createdAt: players.createdAt });
  if (!p) return false;
  await emit(tx, "claims", {
    event_id: newEventId(),
    ts: toCHDateTime(at),
    player_id: playerId,
    method,
    country: p.country,
    platform: p.platform,
    reg_ts: toCHDateTime(p.createdAt),
  });
  return true;
}

/**
 * Unclaimed guests idle for longer than the lifetime: no sign-in, no session seen and no
 * registration within it. A guest's only key is its session, so its last seen is the last use.
 */
export async function idleGuests(db: DbOrTx, now: number, lifetimeDays: number, limit = 200): Promise<number[]> {
  const before = now - lifetimeDays * 24 * 3600_000;
  const rows = await db
    .select({ id: players.id })
    .from(players)
    .where(
      and(
        eq(players.guest, true),
        isNull(players.claimedAt),
        sql`coalesce(${players.lastLoginAt}, 0) < ${before}`,
        sql`${players.createdAt} < ${before}`,
        sql`not exists (select 1 from ${sessions} s where s.kind = 'player' and s.subject_id = ${players.id} and s.last_seen_at >= ${before})`,
      ),
    )
    .limit(limit);
  return rows.map((r) => r.id);
}

interface ForeignKey {
  table: string;
  from: string;
  to: string;
}

/** Every foreign key of the store (read from SQLite's own catalogue, so a table added later is covered). */
async function foreignKeys(tx: DbOrTx): Promise<ForeignKey[]> {
  const rows = await tx.all<{ tbl: string; from: string; to: string | null; parent: string }>(
    sql`select m.name as tbl, f."from" as "from", f."to" as "to", f."table" as parent
        from sqlite_master m join pragma_foreign_key_list(m.name) f
        where m.type = 'table'`,
  );
  return rows.map((r) => ({ table: r.tbl, from: r.from, to: r.to ?? "id", parent: r.parent })) as (ForeignKey & {
    parent: string;
  })[];
}

const ident = (name: string) => `"${name.replace(/"/g, '""')}"`;

/**
 * Deletes the rows of `table` matching `where` and, first, every row of the store that refers to
 * them (depth-first through the foreign keys), whatever the key's ON DELETE says: the store may
 * run with foreign keys off, and a row left pointing at nothing is worse than none.
 */
async function purge(tx: Tx, fks: (ForeignKey & { parent: string })[], table: string, where: string, depth = 0) {
  if (depth > 6) throw new Error(`purge: foreign keys nest deeper than 6 under ${table}`);
  for (const fk of fks.filter((k) => k.parent === table && k.table !== table)) {
    await purge(
      tx,
      fks,
      fk.table,
      `${ident(fk.from)} in (select ${ident(fk.to)} from ${ident(table)} where ${where})`,
      depth + 1,
    );
  }
  await tx.run(sql.raw(`delete from ${ident(table)} where ${where}`));
}

/**
 * Prunes one guest with its data: it leaves its clan (a led clan passes on), then every row that
 * refers to it (battles' seats, ledger, garage, crew, tasks, sessions, links…) and the player row
 * go, in one transaction. Refuses a player who is not an unclaimed guest. The warehouse keeps the
 * events (facts about what happened, by player id); metrics say how guests count.
 */
export async function pruneGuest(db: Db, playerId: number, at: number): Promise<boolean> {
  return db.transaction(async (tx) => {
    const [p] = await tx
      .select({ id: players.id })
      .from(players)
      .where(and(eq(players.id, playerId), eq(players.guest, true), isNull(players.claimedAt)))
      .limit(1);
    if (!p) return false;
    await leaveClanForGood(tx, playerId, at);
    const fks = (await foreignKeys(tx)) as (ForeignKey & { parent: string })[];
    // Rows that name the player in a column without a foreign key (sessions' subject).
    await tx.delete(sessions).where(and(eq(sessions.kind, "player"), eq(sessions.subjectId, playerId)));
    await purge(tx, fks, "players", `"id" = ${Number(playerId)}`);
    return true;
  });
}

/** Maintenance: prunes the guests idle past the operators' lifetime; answers how many went. */
export async function pruneIdleGuests(db: Db, now: number, rules: GuestRules): Promise<number> {
  let pruned = 0;
  for (const id of await idleGuests(db, now, rules.lifetimeDays)) if (await pruneGuest(db, id, now)) pruned++;
  return pruned;
}

// ---- minting ----
// The landing's "Play": the browser asks for a challenge, finds a nonce whose SHA-256 with the
// challenge's seed starts with `bits` zero bits (a fraction of a second in a browser, the cost of
// every guest to a script), and sends it back; the server checks it with one hash, spends the
// challenge (once, atomically) and makes the guest in the same transaction. Per address: so many
// challenges and so many guests an hour (the operators' `guests` option).

const randomSeed = () =>
  btoa(String.fromCharCode(...crypto.getRandomValues(new Uint8Array(16))))
    .replace(/\+/g, "-")
    .replace(/\//g, "_")
    .replace(/=+$/, "");

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
      const seed = randomSeed();
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
      const nickname = await freeNickname(tx, m.locale);
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
    },
    { behavior: "immediate" },
  );
}

/** A generated nickname nobody holds (`Tanker-48213`, `Танкист-48213`); players rename themselves later. */
export async function freeNickname(tx: DbOrTx, locale: "ru" | "en"): Promise<string> {
  for (let attempt = 0; ; attempt++) {
    const nickname = `${NICK_PREFIX[locale]}-${randomDigits(5 + Math.min(attempt, 3))}`;
    const [taken] = await tx
      .select({ id: players.id })
      .from(players)
      .where(sql`lower(${players.nickname}) = lower(${nickname})`)
      .limit(1);
    if (!taken || attempt >= 10) return nickname;
  }
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
