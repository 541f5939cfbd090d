// What the player site shows about the signed-in player, and the leaderboards.
import { asc, desc, eq, isNull, sql } from "drizzle-orm";
import type { Db } from "../db/index.ts";
import { players } from "../db/schema/players.ts";
import { clans, clanMembers } from "../db/schema/clans.ts";
import { contentTanks } from "../db/schema/content.ts";
import { AppError } from "./errors.ts";
import type { z } from "zod";
import { assertNicknameFree, recordActivity } from "./players.ts";
import type { profileEditSchema } from "./fields.ts";
import { preparedOnce } from "../db/prepared.ts";

/** The profile's statements: the player with their current tank and clan, one row by key. */
export const profileStatements = preparedOnce((db) => ({
  me: db
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
      tankNameRu: contentTanks.nameRu,
      tankNameEn: contentTanks.nameEn,
      tankTier: contentTanks.tier,
      tankType: contentTanks.type,
      clanId: clans.id,
      clanName: clans.name,
      clanTag: clans.tag,
      clanRole: clanMembers.role,
    })
    .from(players)
    .leftJoin(contentTanks, eq(contentTanks.id, players.currentTankId))
    .leftJoin(clanMembers, eq(clanMembers.playerId, players.id))
    .leftJoin(clans, eq(clans.id, clanMembers.clanId))
    .where(eq(players.id, sql.placeholder("id")))
    .prepare(),
}));

export async function profileOf(db: Db, playerId: number, locale: "ru" | "en", now: number) {
  const r = await profileStatements(db).me.get({ id: playerId });
  if (!r) throw new AppError("not_found");
  const { tankNameRu, tankNameEn, tankTier, tankType, clanId, clanName, clanTag, clanRole, ...p } = r;
  return {
    ...p,
    premium: p.premiumUntil !== null && p.premiumUntil > now,
    currentTank:
      p.currentTankId !== null && tankTier !== null && tankType !== null
        ? {
            id: p.currentTankId,
            name: (locale === "en" ? tankNameEn : tankNameRu) ?? "",
            tier: tankTier,
            type: tankType,
          }
        : null,
    clan:
      clanId !== null && clanName !== null && clanTag !== null && clanRole !== null
        ? { id: clanId, name: clanName, tag: clanTag, role: clanRole }
        : null,
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

/** The rating's statements, one set per board and order (the order's column is in the SQL). */
export const ratingStatements = preparedOnce((db) => {
  const playerBoard = (col: typeof players.rating | typeof players.wins | typeof players.experience) => ({
    rows: db
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
      .limit(sql.placeholder("size"))
      .offset(sql.placeholder("offset"))
      .prepare(),
    total: db.select({ n: sql<number>`count(*)` }).from(players).where(isNull(players.erasedAt)).prepare(),
    // The asker's place: the players ahead in the same order (a higher value first, ties by id);
    // the outer row's columns are named with their table, the inner one's with p2.
    own: db
      .select({
        v: col,
        ahead: sql<number>`(select count(*) from players p2 where p2.erased_at is null and (p2.${sql.raw(col.name)} > ${sql.raw(`"players"."${col.name}"`)} or (p2.${sql.raw(col.name)} = ${sql.raw(`"players"."${col.name}"`)} and p2.id < "players"."id")))`,
      })
      .from(players)
      .where(eq(players.id, sql.placeholder("playerId")))
      .prepare(),
  });
  const clanBoard = (col: typeof clans.rating | typeof clans.wins | typeof clans.experience) => ({
    rows: db
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
      .limit(sql.placeholder("size"))
      .offset(sql.placeholder("offset"))
      .prepare(),
    total: db.select({ n: sql<number>`count(*)` }).from(clans).prepare(),
    own: db
      .select({
        id: clans.id,
        v: col,
        ahead: sql<number>`(select count(*) from clans c2 where c2.${sql.raw(col.name)} > ${sql.raw(`"clans"."${col.name}"`)} or (c2.${sql.raw(col.name)} = ${sql.raw(`"clans"."${col.name}"`)} and c2.id < "clans"."id"))`,
      })
      .from(clanMembers)
      .innerJoin(clans, eq(clans.id, clanMembers.clanId))
      .where(eq(clanMembers.playerId, sql.placeholder("playerId")))
      .prepare(),
  });
  return {
    players: {
      rating: playerBoard(players.rating),
      wins: playerBoard(players.wins),
      experience: playerBoard(players.experience),
    },
    clans: { rating: clanBoard(clans.rating), wins: clanBoard(clans.wins), experience: clanBoard(clans.experience) },
  };
});

type PlayerBoardValues = [number, string, number, number, number, number, number, string | null];
type PlayerBoardRow = {
  place: number;
  id: number;
  nickname: string;
  level: number;
  rating: number;
  wins: number;
  battles: number;
  experience: number;
  avatarUrl: string | null;
};

/** Players or clans by rating, wins or experience, paged, with the asker's own place. */
export async function leaderboard(
  db: Db,
  q: { board: "players" | "clans"; by: RatingOrder; page: number; size: number; playerId: number },
) {
  const offset = (q.page - 1) * q.size;
  const page = { size: q.size, offset, playerId: q.playerId };
  if (q.board === "players") {
    const st = ratingStatements(db).players[q.by];
    // The page's rows by position (the select's order above), each written out at once: drizzle's
    // mapping and a spread per row cost more than the page's statement (bench/request-cost.ts).
    const values = (await st.rows.values(page)) as PlayerBoardValues[];
    const total = await st.total.get();
    const me = await st.own.get(page);
    const rows = new Array<PlayerBoardRow>(values.length);
    for (let i = 0; i < values.length; i++) {
      const r = values[i];
      rows[i] = {
        place: offset + i + 1,
        id: r[0],
        nickname: r[1],
        level: r[2],
        rating: r[3],
        wins: r[4],
        battles: r[5],
        experience: r[6],
        avatarUrl: r[7],
      };
    }
    return {
      board: q.board,
      by: q.by,
      rows,
      total: Number(total?.n ?? 0),
      page: q.page,
      size: q.size,
      own: me ? { place: Number(me.ahead) + 1, value: me.v } : null,
    };
  }
  const st = ratingStatements(db).clans[q.by];
  const rows = await st.rows.all(page);
  const total = await st.total.get();
  const mine = await st.own.get(page);
  return {
    board: q.board,
    by: q.by,
    rows: rows.map((r, i) => ({ place: offset + i + 1, ...r, members: Number(r.members) })),
    total: Number(total?.n ?? 0),
    page: q.page,
    size: q.size,
    own: mine ? { place: Number(mine.ahead) + 1, value: mine.v, clanId: mine.id } : null,
  };
}
