// A player's blacklist: whoever is on it cannot send the owner gifts, transfers or clan requests.
import { and, asc, eq, isNull, or, sql } from "drizzle-orm";
import type { Db, DbOrTx } from "../db/index.ts";
import { preparedOnce } from "../db/prepared.ts";
import { blacklist } from "../db/schema/social.ts";
import { players } from "../db/schema/players.ts";
import { AppError, fieldError } from "./errors.ts";
import { friendRequests, friends } from "../db/schema/community.ts";

export const BLACKLIST_LIMIT = 500;

/** True when either player blacklisted the other. */
export async function eitherBlocked(db: DbOrTx, a: number, b: number): Promise<boolean> {
  const [hit] = await db
    .select({ p: blacklist.playerId })
    .from(blacklist)
    .where(
      or(
        and(eq(blacklist.playerId, a), eq(blacklist.blockedId, b)),
        and(eq(blacklist.playerId, b), eq(blacklist.blockedId, a)),
      ),
    )
    .limit(1);
  return Boolean(hit);
}

/** The blacklist's read: the players one blocked, by nickname. */
export const blacklistStatements = preparedOnce((db) => ({
  list: db
    .select({
      playerId: blacklist.blockedId,
      nickname: players.nickname,
      level: players.level,
      createdAt: blacklist.createdAt,
    })
    .from(blacklist)
    .innerJoin(players, eq(players.id, blacklist.blockedId))
    .where(eq(blacklist.playerId, sql.placeholder("playerId")))
    .orderBy(asc(players.nickname))
    .prepare(),
}));

export function listBlacklist(db: Db, playerId: number) {
  return blacklistStatements(db).list.all({ playerId });
}

export async function addToBlacklist(db: Db, input: { playerId: number; blockedId: number; at: number }) {
  if (input.playerId === input.blockedId) throw fieldError({ playerId: { id: "validation.notEqual" } });
  return db.transaction(async (tx) => {
    const [target] = await tx
      .select({ id: players.id })
      .from(players)
      .where(and(eq(players.id, input.blockedId), isNull(players.erasedAt)))
      .limit(1);
    if (!target) throw new AppError("not_found");
    const [count] = await tx
      .select({ n: sql<number>`count(*)` })
      .from(blacklist)
      .where(eq(blacklist.playerId, input.playerId));
    if (Number(count.n) >= BLACKLIST_LIMIT)
      throw new AppError("conflict", "error.blacklist_full", [BLACKLIST_LIMIT], 409);
    await tx
      .insert(blacklist)
      .values({ playerId: input.playerId, blockedId: input.blockedId, createdAt: input.at })
      .onConflictDoNothing();
    // Blocking someone ends the friendship and the requests between them (friends.ts).
    await dropOnBlock(tx, input.playerId, input.blockedId, input.at);
    return { blocked: input.blockedId };
  });
}

export async function removeFromBlacklist(db: Db, input: { playerId: number; blockedId: number }) {
  const gone = await db
    .delete(blacklist)
    .where(and(eq(blacklist.playerId, input.playerId), eq(blacklist.blockedId, input.blockedId)))
    .returning({ id: blacklist.blockedId });
  if (!gone.length) throw new AppError("not_found");
  return { removed: input.blockedId };
}

/** Players by id (digits) or by nickname (contains), with whether the asker blacklisted them. */
export async function findPlayers(db: DbOrTx, asker: number, query: string, limit = 20) {
  const asId = /^\d+$/.test(query) ? Number(query) : null;
  const pattern = `%${query.toLowerCase().replace(/[\\%_]/g, (ch) => `\\${ch}`)}%`;
  const rows = await db
    .select({
      id: players.id,
      nickname: players.nickname,
      level: players.level,
      rating: players.rating,
      avatarUrl: players.avatarUrl,
      blacklisted: sql<number>`exists(select 1 from blacklist b where b.player_id = ${asker} and b.blocked_id = ${players.id})`,
    })
    .from(players)
    .where(
      and(
        isNull(players.erasedAt),
        asId !== null && Number.isSafeInteger(asId)
          ? or(eq(players.id, asId), sql`lower(${players.nickname}) like ${pattern} escape '\\'`)
          : sql`lower(${players.nickname}) like ${pattern} escape '\\'`,
      ),
    )
    .orderBy(sql`case when ${players.id} = ${asId ?? -1} then 0 else 1 end`, asc(players.nickname))
    .limit(limit);
  return rows.map((r) => ({ ...r, blacklisted: Boolean(r.blacklisted), self: r.id === asker }));
}

/** Blacklisting someone ends the friendship and their pending requests (called beside addToBlacklist). */
export async function dropOnBlock(db: DbOrTx, a: number, b: number, at: number) {
  await db
    .delete(friends)
    .where(
      or(and(eq(friends.playerId, a), eq(friends.friendId, b)), and(eq(friends.playerId, b), eq(friends.friendId, a))),
    );
  await db
    .update(friendRequests)
    .set({ status: "declined", answeredAt: at })
    .where(
      and(
        eq(friendRequests.status, "pending"),
        or(
          and(eq(friendRequests.fromId, a), eq(friendRequests.toId, b)),
          and(eq(friendRequests.fromId, b), eq(friendRequests.toId, a)),
        ),
      ),
    );
}

/** The players this one has blacklisted (whose chat messages they do not see). */
export async function blockedBy(db: DbOrTx, playerId: number): Promise<Set<number>> {
  return new Set(
    (await db.select({ id: blacklist.blockedId }).from(blacklist).where(eq(blacklist.playerId, playerId))).map(
      (r) => r.id,
    ),
  );
}
