// Sign-in throttling: after too many failures in a window, per account and per address,
// further attempts are refused with the seconds to wait, even with the right password.
// An attempt is counted BEFORE its password is hashed: startAttempt checks the counts and writes
// the attempt's rows in one write transaction, so 30 concurrent wrong passwords for one account
// are 5 hashes and 25 refusals (checking first and recording after the hash let every one of
// them through). A successful sign-in takes its attempt back (attemptSucceeded); a failed one
// stays counted.
import { and, eq, gte, lt, count, min, inArray, or } from "drizzle-orm";
import { loginFailures } from "../db/schema/identity.ts";
import type { Db, DbOrTx } from "../db/index.ts";
import { AppError } from "./errors.ts";
import { verifyPassword } from "./password.ts";

export const THROTTLE = { windowMs: 15 * 60_000, perAccount: 5, perAddress: 20 } as const;

export interface ThrottleKeys {
  account: string;
  address: string | null;
}

/** An attempt under way: its rows in login_failures. */
export interface Attempt {
  account: string;
  ids: number[];
}

const accountKey = (account: string) => `acct:${account.toLowerCase()}`;

/** Refuses (429) when the account or the address is at its limit; otherwise records the attempt. */
export async function startAttempt(db: Db, keys: ThrottleKeys, now: number): Promise<Attempt> {
  const checks: [string, number][] = [[accountKey(keys.account), THROTTLE.perAccount]];
  if (keys.address) checks.push([`addr:${keys.address}`, THROTTLE.perAddress]);
  return db.transaction(
    async (tx) => {
      for (const [key, limit] of checks) {
        const [row] = await tx
          .select({ n: count(), first: min(loginFailures.at) })
          .from(loginFailures)
          .where(and(eq(loginFailures.key, key), gte(loginFailures.at, now - THROTTLE.windowMs)));
        if (row.n >= limit) {
          const wait = Math.max(1, Math.ceil(((row.first ?? now) + THROTTLE.windowMs - now) / 1000));
          throw new AppError("rate_limited", "error.rate_limited", [wait], 429);
        }
      }
      const rows = await tx
        .insert(loginFailures)
        .values(checks.map(([key]) => ({ key, at: now })))
        .returning({ id: loginFailures.id });
      return { account: keys.account, ids: rows.map((r) => r.id) };
    },
    { behavior: "immediate" },
  );
}

/** The attempt failed: it stays counted; failures older than the window go. */
export async function attemptFailed(db: DbOrTx, now: number): Promise<void> {
  await db.delete(loginFailures).where(lt(loginFailures.at, now - THROTTLE.windowMs));
}

/**
 * A password's check, throttled (the sign-ins at /admin/login and /public/login, a player's
 * password change): the attempt counted before the hash, the account looked up and its password
 * verified. An unknown account and a wrong password get one answer, `refusal` (so a sign-in form
 * never tells which), the failure counted. Answers the account and the attempt (the change's
 * transaction takes it back with attemptSucceeded).
 */
export async function checkPassword<A extends { passwordHash: string | null }>(
  db: Db,
  keys: ThrottleKeys,
  now: number,
  o: { find: () => Promise<A | null | undefined>; password: string; refusal: () => Error },
): Promise<{ account: A; attempt: Attempt }> {
  const attempt = await startAttempt(db, keys, now);
  const account = await o.find();
  const ok = await verifyPassword(o.password, account?.passwordHash);
  if (!account || !ok) {
    await attemptFailed(db, now);
    throw o.refusal();
  }
  return { account, attempt };
}

/** The attempt succeeded: the account's failures and this attempt's address row go. */
export async function attemptSucceeded(db: DbOrTx, attempt: Attempt): Promise<void> {
  await db
    .delete(loginFailures)
    .where(or(eq(loginFailures.key, accountKey(attempt.account)), inArray(loginFailures.id, attempt.ids)));
}
