// The landing page (/:locale/public): the news carousel (its markdown rendered on the server, so
// the landing's script carries no renderer) and the top players and clans by rating. Rendered on
// the server for a browser (docs/decisions/front-door.md); its data as JSON to a JSON request.
import { z } from "zod";
import { contract } from "../contract.ts";

export const landing = contract({
  method: "ANY",
  path: "/:locale{ru|en}/public",
  auth: "public",
  kind: "page",
  summary: "The landing's data: the latest news (HTML), the top ten players and clans by rating.",
  output: z.object({
    news: z.array(
      z.object({ id: z.int(), title: z.string(), image: z.string(), publishedAt: z.int(), html: z.string() }),
    ),
    topPlayers: z.array(
      z.object({
        id: z.int(),
        nickname: z.string(),
        level: z.int(),
        rating: z.int(),
        battles: z.int(),
        wins: z.int(),
        avatarUrl: z.string().nullable(),
      }),
    ),
    topClans: z.array(z.object({ id: z.int(), name: z.string(), tag: z.string(), rating: z.int(), members: z.int() })),
    signedIn: z.boolean(),
  }),
});
