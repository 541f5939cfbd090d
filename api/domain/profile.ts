// What the player site shows about the signed-in player, and the leaderboards.
import { and, asc, desc, eq, isNull, sql } from "drizzle-orm";
import type { Db } from "../db/index.ts";
import { players } from "../db/schema/players.ts";
import { clans, clanMembers } from "../db/schema/clans.ts";
import { contentTanks } from "../db/schema/content.ts";
import { AppError } from "./errors.ts";
import type { z } from "zod";
import { assertNicknameFree, recordActivity } from "./players.ts";
import type { profileEditSchema } from "./fields.ts";

export async function profileOf(db: Db, playerId: number, locale: "ru" | "en", now: number) {
  const [p] = await db
    .select({
      id: players.id,
      nickname: players.nickname,
      avatarUrl: players.avatarUrl,
      level: players.level,
      experience: players.experience,
      rating: players.rating,
      gold: players.gold,
      silver: players.silver,
      premiumUntil: players.premiumUntil,
      battles: players.battles,
      wins: players.wins,
      currentTankId: players.currentTankId,
      country: players.country,
      createdAt: players.createdAt,
      /** A guest (api/domain/guests.ts): the site offers to keep the progress. */
      guest: players.guest,
    })
    .from(players)
    .where(eq(players.id, playerId))
    .limit(1);
  if (!p) throw new AppError("not_found");
  const [tank] = p.currentTankId
    ? await db
        .select({
          id: contentTanks.id,
          nameRu: contentTanks.nameRu,
          nameEn: contentTanks.nameEn,
          tier: contentTanks.tier,
          type: contentTanks.type,
        })
        .from(contentTanks)
        .where(eq(contentTanks.id, p.currentTankId))
        .limit(1)
    : [];
  const [clan] = await db
    .select({ id: clans.id, name: clans.name, tag: clans.tag, role: clanMembers.role })
    .from(clanMembers)
    .innerJoin(clans, eq(clans.id, clanMembers.clanId))
    .where(eq(clanMembers.playerId, playerId))
    .limit(1);
  return {
    ...p,
    premium: p.premiumUntil !== null && p.premiumUntil > now,
    currentTank: tank
      ? { id: tank.id, name: locale === "en" ? tank.nameEn : tank.nameRu, tier: tank.tier, type: tank.type }
      : null,
    clan: clan ?? null,
  };
}

/** What a player may change about themselves on the site: the nickname and the site's language. */

export async function editProfile(db: Db, playerId: number, edit: z.output<typeof profileEditSchema>, at: number) {
  await db.transaction(async (tx) => {
    if (edit.nickname !== undefined) await assertNicknameFree(tx, edit.nickname, playerId);
    await tx
      .update(players)
      .set({
        ...(edit.nickname !== undefined ? { nickname: edit.nickname } : {}),
        ...(edit.locale ? { locale: edit.locale } : {}),
      })
      .where(eq(players.id, playerId));
    await recordActivity(tx, playerId, "profile.edit", at);
  });
}

export const RATING_ORDERS = ["rating", "wins", "experience"] as const;
export type RatingOrder = (typeof RATING_ORDERS)[number];

/** Players or clans by rating, wins or experience, paged, with the asker's own place. */
export async function leaderboard(
  db: Db,
  q: { board: "players" | "clans"; by: RatingOrder; page: number; size: number; playerId: number },
) {
  const offset = (q.page - 1) * q.size;
  if (q.board === "players") {
    const col = q.by === "wins" ? players.wins : q.by === "experience" ? players.experience : players.rating;
    const rows = await db
      .select({
        id: players.id,
        nickname: players.nickname,
        level: players.level,
        rating: players.rating,
        wins: players.wins,
        battles: players.battles,
        experience: players.experience,
        avatarUrl: players.avatarUrl,
      })
      .from(players)
      .where(isNull(players.erasedAt))
      .orderBy(desc(col), asc(players.id))
      .limit(q.size)
      .offset(offset);
    const [total] = await db.select({ n: sql<number>`count(*)` }).from(players).where(isNull(players.erasedAt));
    const [me] = await db.select({ v: col }).from(players).where(eq(players.id, q.playerId));
    let own = null;
    if (me) {
      // Same order as the list: a higher value first, ties by id.
      const [ahead] = await db
        .select({ n: sql<number>`count(*)` })
        .from(players)
        .where(
          and(
            isNull(players.erasedAt),
            sql`(${col} > ${me.v} or (${col} = ${me.v} and ${players.id} < ${q.playerId}))`,
          ),
        );
      own = { place: Number(ahead.n) + 1, value: me.v };
    }
    return {
      board: q.board,
      by: q.by,
      rows: rows.map((r, i) => ({ place: offset + i + 1, ...r })),
      total: Number(total.n),
      page: q.page,
      size: q.size,
      own,
    };
  }
  const col = q.by === "wins" ? clans.wins : q.by === "experience" ? clans.experience : clans.rating;
  const rows = await db
    .select({
      id: clans.id,
      name: clans.name,
      tag: clans.tag,
      rating: clans.rating,
      wins: clans.wins,
      experience: clans.experience,
      members: sql<number>`(select count(*) from clan_members m where m.clan_id = ${clans.id})`,
    })
    .from(clans)
    .orderBy(desc(col), asc(clans.id))
    .limit(q.size)
    .offset(offset);
  const [total] = await db.select({ n: sql<number>`count(*)` }).from(clans);
  const [mine] = await db
    .select({ id: clans.id, v: col })
    .from(clanMembers)
    .innerJoin(clans, eq(clans.id, clanMembers.clanId))
    .where(eq(clanMembers.playerId, q.playerId));
  let own = null;
  if (mine) {
    const [ahead] = await db
      .select({ n: sql<number>`count(*)` })
      .from(clans)
      .where(sql`(${col} > ${mine.v} or (${col} = ${mine.v} and ${clans.id} < ${mine.id}))`);
    own = { place: Number(ahead.n) + 1, value: mine.v, clanId: mine.id };
  }
  return {
    board: q.board,
    by: q.by,
    rows: rows.map((r, i) => ({ place: offset + i + 1, ...r, members: Number(r.members) })),
    total: Number(total.n),
    page: q.page,
    size: q.size,
    own,
  };
}
