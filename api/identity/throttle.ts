// Sign-in throttling: after too many failures in a window, per account and per address,
// further attempts are refused with the seconds to wait, even with the right password.
import { and, eq, gte, lt, count, min } from "drizzle-orm";
import { loginFailures } from "../db/schema/identity.ts";
import type { DbOrTx } from "../db/index.ts";
import { AppError } from "../http/errors.ts";

export const THROTTLE = { windowMs: 15 * 60_000, perAccount: 5, perAddress: 20 } as const;

export async function assertNotThrottled(db: DbOrTx, keys: { account: string; address: string | null }, now: number) {
  const checks: [string, number][] = [[`acct:${keys.account.toLowerCase()}`, THROTTLE.perAccount]];
  if (keys.address) checks.push([`addr:${keys.address}`, THROTTLE.perAddress]);
  for (const [key, limit] of checks) {
    const [row] = await db
      .select({ n: count(), first: min(loginFailures.at) })
      .from(loginFailures)
      .where(and(eq(loginFailures.key, key), gte(loginFailures.at, now - THROTTLE.windowMs)));
    if (row.n >= limit) {
      const wait = Math.max(1, Math.ceil(((row.first ?? now) + THROTTLE.windowMs - now) / 1000));
      throw new AppError("rate_limited", "error.rate_limited", [wait], 429);
    }
  }
}

export async function recordFailure(db: DbOrTx, keys: { account: string; address: string | null }, now: number) {
  const rows = [{ key: `acct:${keys.account.toLowerCase()}`, at: now }];
  if (keys.address) rows.push({ key: `addr:${keys.address}`, at: now });
  await db.insert(loginFailures).values(rows);
  await db.delete(loginFailures).where(lt(loginFailures.at, now - THROTTLE.windowMs));
}

export async function clearFailures(db: DbOrTx, account: string) {
  await db.delete(loginFailures).where(eq(loginFailures.key, `acct:${account.toLowerCase()}`));
}
