// A player's ways in, as the store keeps them: the password, the email and its confirmation, a
// guest's claim, the linked networks (api/identity/ holds the routes and the tokens).
import { and, eq, isNull } from "drizzle-orm";
import type { DbOrTx, Tx } from "../db/index.ts";
import { players, playerIdentities } from "../db/schema/players.ts";
import { socialNetworks } from "../db/schema/system.ts";
import { AppError } from "./errors.ts";
import { freeNickname, markClaimed } from "./guests.ts";
import { registerPlayerIn } from "./players.ts";

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

/** The networks operators enabled (/admin/socialNetwork/), in their order. */
export async function enabledNetworks(db: DbOrTx) {
  return db
    .select({ key: socialNetworks.key, name: socialNetworks.name, appId: socialNetworks.appId })
    .from(socialNetworks)
    .where(eq(socialNetworks.enabled, true))
    .orderBy(socialNetworks.sortOrder, socialNetworks.id);
}

/**
 * Links a network's identity to a player. One identity belongs to one account (the unique index):
 * an identity on another account is refused (409; operators move identities with their tools),
 * one already on this account is left as it is. A guest linking a network keeps the account.
 */
export async function linkIdentity(
  tx: Tx,
  l: { playerId: number; network: string; uid: string; label: string | null; at: number },
): Promise<"linked" | "already"> {
  const [holder] = await tx
    .select({ playerId: playerIdentities.playerId })
    .from(playerIdentities)
    .where(and(eq(playerIdentities.network, l.network), eq(playerIdentities.uid, l.uid)))
    .limit(1);
  if (holder && holder.playerId !== l.playerId) throw new AppError("conflict", "identity.onAnotherAccount", [], 409);
  if (holder) return "already";
  // One identity per network on an account: a second account of the same network replaces nothing.
  const [same] = await tx
    .select({ id: playerIdentities.id })
    .from(playerIdentities)
    .where(and(eq(playerIdentities.playerId, l.playerId), eq(playerIdentities.network, l.network)))
    .limit(1);
  if (same) throw new AppError("conflict", "identity.networkTaken", [], 409);
  await tx
    .insert(playerIdentities)
    .values({ playerId: l.playerId, network: l.network, uid: l.uid, label: l.label, createdAt: l.at });
  await markClaimed(tx, l.playerId, "social", l.at);
  return "linked";
}

/** Unlinks a network unless it is the account's last way in (no email + password, no other network). */
export async function unlinkIdentity(db: DbOrTx, playerId: number, network: string) {
  const [p] = await db
    .select({ email: players.email, passwordHash: players.passwordHash })
    .from(players)
    .where(eq(players.id, playerId))
    .limit(1);
  const ids = await db
    .select({ network: playerIdentities.network })
    .from(playerIdentities)
    .where(eq(playerIdentities.playerId, playerId));
  if (!ids.some((i) => i.network === network)) throw new AppError("not_found", "identity.notLinked", [], 404);
  const otherWay = ids.length > 1 || Boolean(p?.email && p.passwordHash);
  if (!otherWay) throw new AppError("conflict", "identity.lastWayIn", [], 409);
  await db
    .delete(playerIdentities)
    .where(and(eq(playerIdentities.playerId, playerId), eq(playerIdentities.network, network)));
}

/** A new player made by a network's sign-in: a generated nickname, the identity, kind `social`, kept at once. */
export async function registerSocialPlayer(
  tx: Tx,
  r: {
    network: string;
    uid: string;
    label: string | null;
    locale: "ru" | "en";
    country: string;
    platform: string;
    source: string;
    at: number;
  },
): Promise<number> {
  const { playerId } = await registerPlayerIn(tx, {
    nickname: await freeNickname(tx, r.locale),
    country: r.country,
    platform: r.platform,
    source: r.source,
    locale: r.locale,
    kind: "social",
    identity: { network: r.network, uid: r.uid, label: r.label },
    at: r.at,
  });
  return playerId;
}
