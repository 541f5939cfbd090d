// The landing page's data: the news carousel (CMS news in the page's locale, its markdown rendered
// here so the landing's script carries no markdown renderer) and the top players and clans by rating.
import type { Hono } from "hono";
import { and, desc, isNull, sql } from "drizzle-orm";
import type { HonoEnv } from "../http/env.ts";
import { page } from "../http/router.ts";
import { landing } from "../contracts/public/landing.ts";
import { players } from "../db/schema/players.ts";
import { clans } from "../db/schema/clans.ts";
import { latest } from "../domain/cms.ts";
import { renderMarkdown } from "../domain/markdown.ts";

export function registerLanding(app: Hono<HonoEnv>) {
  // Rendered on the server for a browser (the first page most visitors see): docs/decisions/front-door.md.
  page(
    app,
    landing,
    async (c) => {
      const { db } = c.var.deps;
      const news = (await latest(db, c.var.locale, "news", 5)).map(({ body, ...n }) => ({
        ...n,
        html: renderMarkdown(body),
      }));
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
      return {
        news,
        topPlayers: top,
        topClans: topClans.map((k) => ({ ...k, members: Number(k.members) })),
        signedIn: Boolean(c.var.player),
      };
    },
    { ssr: true },
  );
}
