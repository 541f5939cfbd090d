// A player's ways in, as the store keeps them: the password, the email and its confirmation, a
// guest's claim, the linked networks (api/identity/ holds the routes and the tokens).
import { and, eq, isNull } from "drizzle-orm";
import type { DbOrTx, Tx } from "../db/index.ts";
import { players, playerIdentities } from "../db/schema/players.ts";
import { socialNetworks } from "../db/schema/system.ts";
import { AppError } from "./errors.ts";
import { markClaimed } from "./guests.ts";

export async function setPasswordHash(db: DbOrTx, playerId: number, passwordHash: string) {
  await db.update(players).set({ passwordHash }).where(eq(players.id, playerId));
}

/** A guest keeps the account with an email (to be confirmed) and a password; false when not a guest any more. */
export async function claimWithEmail(
  tx: Tx,
  c: { playerId: number; email: string; passwordHash: string; at: number },
): Promise<boolean> {
  const [p] = await tx
    .update(players)
    .set({ email: c.email, passwordHash: c.passwordHash, emailVerified: false })
    .where(and(eq(players.id, c.playerId), eq(players.guest, true), isNull(players.erasedAt)))
    .returning({ id: players.id });
  if (!p) return false;
  return markClaimed(tx, c.playerId, "email", c.at);
}

/** The address a confirmation link carried becomes the account's, confirmed. */
export async function setConfirmedEmail(db: DbOrTx, playerId: number, email: string) {
  await db
    .update(players)
    .set({ email, emailVerified: true })
    .where(and(eq(players.id, playerId), isNull(players.erasedAt)));
}

/** The account's address is confirmed (a sign-in link by mail proves the mailbox). */
export async function markEmailVerified(db: DbOrTx, playerId: number) {
  await db.update(players).set({ emailVerified: true }).where(eq(players.id, playerId));
}

/** The networks linked to an account, with the network's name and how it names the person. */
export async function linkedIdentities(db: DbOrTx, playerId: number) {
  const rows = await db
    .select({
      network: playerIdentities.network,
      label: playerIdentities.label,
      createdAt: playerIdentities.createdAt,
      name: socialNetworks.name,
    })
    .from(playerIdentities)
    .leftJoin(socialNetworks, eq(socialNetworks.key, playerIdentities.network))
    .where(eq(playerIdentities.playerId, playerId))
    .orderBy(playerIdentities.createdAt);
  return rows.map((i) => ({ ...i, name: i.name ?? i.network }));
}

/** The account as its profile shows it: guest or kept, email and its state, password, linked networks. */
export async function accountOf(db: DbOrTx, playerId: number) {
  const [p] = await db
    .select()
    .from(players)
    .where(and(eq(players.id, playerId), isNull(players.erasedAt)))
    .limit(1);
  if (!p) throw new AppError("unauthorized");
  return {
    guest: p.guest,
    nickname: p.nickname,
    email: p.email,
    emailVerified: p.emailVerified,
    hasPassword: Boolean(p.passwordHash),
    identities: await linkedIdentities(db, playerId),
  };
}
