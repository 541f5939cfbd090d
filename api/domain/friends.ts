// Friends: a request, its answer, and a friendship kept as two rows (one per direction). The
// blacklist blocks a request both ways; a player has at most FRIENDS_LIMIT friends and
// PENDING_LIMIT unanswered requests out; a declined request may be sent again after a day.
import { and, asc, count, desc, eq, or } from "drizzle-orm";
import type { Db, DbOrTx } from "../db/index.ts";
import { friendRequests, friends } from "../db/schema/community.ts";
import { players } from "../db/schema/players.ts";
import { AppError, conflict, fieldError, notFound } from "./errors.ts";
import { eitherBlocked } from "./blacklist.ts";
import { within } from "./context.ts";

export const FRIENDS_LIMIT = 200;
export const PENDING_LIMIT = 50;
export const RESEND_AFTER = 24 * 3_600_000;

export interface FriendsView {
  friends: { playerId: number; nickname: string; level: number; since: number }[];
  incoming: { requestId: number; playerId: number; nickname: string; level: number; createdAt: number }[];
  outgoing: { requestId: number; playerId: number; nickname: string; level: number; createdAt: number }[];
}

/** The player's pending requests, newest first: to them ("in", with who sent each) or from them ("out", with whom each asks). */
function pending(db: DbOrTx, playerId: number, way: "in" | "out") {
  const [other, mine] =
    way === "in" ? [friendRequests.fromId, friendRequests.toId] : [friendRequests.toId, friendRequests.fromId];
  return db
    .select({
      requestId: friendRequests.id,
      playerId: other,
      nickname: players.nickname,
      level: players.level,
      createdAt: friendRequests.createdAt,
    })
    .from(friendRequests)
    .innerJoin(players, eq(players.id, other))
    .where(and(eq(mine, playerId), eq(friendRequests.status, "pending")))
    .orderBy(desc(friendRequests.id));
}

export async function friendsOf(db: DbOrTx, playerId: number): Promise<FriendsView> {
  const [list, incoming, outgoing] = await Promise.all([
    db
      .select({ playerId: friends.friendId, nickname: players.nickname, level: players.level, since: friends.since })
      .from(friends)
      .innerJoin(players, eq(players.id, friends.friendId))
      .where(eq(friends.playerId, playerId))
      .orderBy(asc(players.nickname)),
    pending(db, playerId, "in"),
    pending(db, playerId, "out"),
  ]);
  return { friends: list, incoming, outgoing };
}

export async function areFriends(db: DbOrTx, a: number, b: number): Promise<boolean> {
  const [hit] = await db
    .select({ p: friends.playerId })
    .from(friends)
    .where(and(eq(friends.playerId, a), eq(friends.friendId, b)))
    .limit(1);
  return Boolean(hit);
}

async function friendCount(db: DbOrTx, playerId: number): Promise<number> {
  const [{ n }] = await db.select({ n: count() }).from(friends).where(eq(friends.playerId, playerId));
  return n;
}

/**
 * Sends a request from → to. A pending request the other way is accepted instead (both asked).
 * Answers the request row and whether it made them friends.
 */
export async function sendRequest(
  db: Db,
  input: { fromId: number; toId: number; at: number },
): Promise<{ requestId: number; status: "pending" | "accepted" }> {
  const { fromId, toId, at } = input;
  if (fromId === toId) throw fieldError({ playerId: { id: "validation.notEqual" } });
  return db.transaction(async (tx) => {
    const [target] = await tx
      .select({ id: players.id, erasedAt: players.erasedAt })
      .from(players)
      .where(eq(players.id, toId))
      .limit(1);
    if (!target || target.erasedAt !== null) throw notFound();
    if (await eitherBlocked(tx, fromId, toId)) throw new AppError("forbidden", "friends.error.blocked");
    if (await areFriends(tx, fromId, toId)) throw conflict("friends.error.already");
    const [reverse] = await tx
      .select({ id: friendRequests.id })
      .from(friendRequests)
      .where(
        and(eq(friendRequests.fromId, toId), eq(friendRequests.toId, fromId), eq(friendRequests.status, "pending")),
      )
      .limit(1);
    if (reverse) {
      await befriend(tx, reverse.id, toId, fromId, at);
      return { requestId: reverse.id, status: "accepted" as const };
    }
    const previous = await tx
      .select({ id: friendRequests.id, status: friendRequests.status, answeredAt: friendRequests.answeredAt })
      .from(friendRequests)
      .where(and(eq(friendRequests.fromId, fromId), eq(friendRequests.toId, toId)))
      .orderBy(desc(friendRequests.id))
      .limit(1);
    if (previous[0]?.status === "pending") throw conflict("friends.error.pending");
    if (previous[0]?.status === "declined" && at - (previous[0].answeredAt ?? 0) < RESEND_AFTER)
      throw conflict("friends.error.declined");
    const [{ n }] = await tx
      .select({ n: count() })
      .from(friendRequests)
      .where(and(eq(friendRequests.fromId, fromId), eq(friendRequests.status, "pending")));
    if (n >= PENDING_LIMIT) throw conflict("friends.error.too_many_pending", [PENDING_LIMIT]);
    if ((await friendCount(tx, fromId)) >= FRIENDS_LIMIT) throw conflict("friends.error.limit", [FRIENDS_LIMIT]);
    const [row] = await tx
      .insert(friendRequests)
      .values({ fromId, toId, status: "pending", createdAt: at })
      .returning({ id: friendRequests.id });
    return { requestId: row.id, status: "pending" as const };
  });
}

async function befriend(tx: DbOrTx, requestId: number, fromId: number, toId: number, at: number) {
  for (const id of [fromId, toId])
    if ((await friendCount(tx, id)) >= FRIENDS_LIMIT) throw conflict("friends.error.limit", [FRIENDS_LIMIT]);
  const done = await tx
    .update(friendRequests)
    .set({ status: "accepted", answeredAt: at })
    .where(and(eq(friendRequests.id, requestId), eq(friendRequests.status, "pending")))
    .returning({ id: friendRequests.id });
  if (done.length === 0) throw conflict("friends.error.answered");
  await tx
    .insert(friends)
    .values([
      { playerId: fromId, friendId: toId, since: at },
      { playerId: toId, friendId: fromId, since: at },
    ])
    .onConflictDoNothing();
}

async function pendingRequest(tx: DbOrTx, requestId: number) {
  const [r] = await tx.select().from(friendRequests).where(eq(friendRequests.id, requestId)).limit(1);
  if (!r) throw notFound();
  if (r.status !== "pending") throw conflict("friends.error.answered");
  return r;
}

/** The addressee accepts (or, with `asAdmin`, an operator accepts on their behalf). */
export async function acceptRequest(db: DbOrTx, input: { requestId: number; playerId?: number; at: number }) {
  return within(db, async (tx) => {
    const r = await pendingRequest(tx, input.requestId);
    if (input.playerId !== undefined && r.toId !== input.playerId) throw notFound();
    if (await eitherBlocked(tx, r.fromId, r.toId)) throw new AppError("forbidden", "friends.error.blocked");
    await befriend(tx, r.id, r.fromId, r.toId, input.at);
    return { requestId: r.id, fromId: r.fromId, toId: r.toId };
  });
}

/** The addressee declines, or the sender cancels (status cancelled). */
export async function declineRequest(db: DbOrTx, input: { requestId: number; playerId?: number; at: number }) {
  return within(db, async (tx) => {
    const r = await pendingRequest(tx, input.requestId);
    if (input.playerId !== undefined && r.toId !== input.playerId && r.fromId !== input.playerId) throw notFound();
    const status: "cancelled" | "declined" =
      input.playerId !== undefined && r.fromId === input.playerId ? "cancelled" : "declined";
    await tx
      .update(friendRequests)
      .set({ status, answeredAt: input.at })
      .where(and(eq(friendRequests.id, r.id), eq(friendRequests.status, "pending")));
    return { requestId: r.id, fromId: r.fromId, toId: r.toId, status };
  });
}

/** Ends a friendship (both rows). */
export async function removeFriend(db: DbOrTx, input: { playerId: number; friendId: number }) {
  const gone = await db
    .delete(friends)
    .where(
      or(
        and(eq(friends.playerId, input.playerId), eq(friends.friendId, input.friendId)),
        and(eq(friends.playerId, input.friendId), eq(friends.friendId, input.playerId)),
      ),
    )
    .returning({ p: friends.playerId });
  if (gone.length === 0) throw notFound();
  return { removed: true as const };
}

export async function friendIds(db: DbOrTx, playerId: number): Promise<number[]> {
  return (await db.select({ id: friends.friendId }).from(friends).where(eq(friends.playerId, playerId))).map(
    (r) => r.id,
  );
}
