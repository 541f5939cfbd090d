// The landing page's data: the news carousel (CMS news in the page's locale, its markdown rendered
// here so the landing's script carries no markdown renderer) and the top players and clans by rating.
import type { Hono } from "hono";
import type { HonoEnv } from "../http/env.ts";
import { page } from "../http/router.ts";
import { landing } from "../contracts/public/landing.ts";
import { landingTops } from "../domain/landing.ts";
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
      const { topPlayers, topClans } = await landingTops(db);
      return {
        news,
        topPlayers,
        topClans,
        signedIn: Boolean(c.var.player),
      };
    },
    { ssr: true },
  );
}
