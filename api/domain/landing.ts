// The landing page's tables: the top players and clans by rating (erased players left out).
import { and, desc, isNull, sql } from "drizzle-orm";
import type { DbOrTx } from "../db/index.ts";
import { players } from "../db/schema/players.ts";
import { clans } from "../db/schema/clans.ts";

export async function landingTops(db: DbOrTx) {
  const top = await db
    .select({
      id: players.id,
      nickname: players.nickname,
      level: players.level,
      rating: players.rating,
      battles: players.battles,
      wins: players.wins,
      avatarUrl: players.avatarUrl,
    })
    .from(players)
    .where(and(isNull(players.erasedAt)))
    .orderBy(desc(players.rating), players.id)
    .limit(10);
  const topClans = await db
    .select({
      id: clans.id,
      name: clans.name,
      tag: clans.tag,
      rating: clans.rating,
      members: sql<number>`(select count(*) from clan_members m where m.clan_id = ${clans.id})`,
    })
    .from(clans)
    .orderBy(desc(clans.rating), clans.id)
    .limit(10);
  return { topPlayers: top, topClans: topClans.map((k) => ({ ...k, members: Number(k.members) })) };
}
