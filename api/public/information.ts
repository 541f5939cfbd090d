// The public information pages (guides by default, news, terms…) and the terms page, read from
// the CMS in the page's locale with navigation by category.
import type { Context, Hono } from "hono";
import { z } from "zod";
import type { HonoEnv } from "../http/env.ts";
import { page, parseInput } from "../http/router.ts";
import { shell } from "../http/shell.ts";
import { notFound } from "../domain/errors.ts";
import * as f from "../domain/fields.ts";
import { CMS_TYPES } from "../db/schema/cms.ts";
import { information, latest } from "../domain/cms.ts";

const typeOf = (raw: string | undefined) => {
  const parsed = z.enum(CMS_TYPES).safeParse(raw ?? "guide");
  if (!parsed.success) throw notFound();
  return parsed.data;
};
/** The type in the path (none = the guides); an unknown one is a page that is not there (404). */
const byType = z.object({ type: z.string().optional() });
const byItem = z.object({ type: z.string(), id: f.id() });

export function registerInformation(app: Hono<HonoEnv>) {
  const P = { auth: "public" } as const;
  const index = async (c: Context<HonoEnv>, { type }: z.output<typeof byType>) =>
    c.json(await information(c.var.deps.db, c.var.locale, typeOf(type), {}));
  // The spec's path, for the route table; Hono matches an optional parameter only at a path's
  // end, so the two addresses it stands for are served below with the same page behaviour.
  page(app, { path: "/:locale{ru|en}/public/information/:type{[^/]+}?/", ...P }, { params: byType }, index);
  for (const path of ["/:locale{ru|en}/public/information/", "/:locale{ru|en}/public/information/:type{[^/]+}/"]) {
    app.on(["GET", "HEAD"], path, async (c) => {
      const accept = c.req.header("accept") ?? "";
      if (accept.includes("text/html") || (!accept.includes("application/json") && !c.req.query("format")))
        return shell(c);
      return index(c, await parseInput(c, { params: byType }));
    });
  }
  page(
    app,
    { path: "/:locale{ru|en}/public/information/:type{[^/]+}/category/:id{[0-9]+}", ...P },
    { params: byItem },
    async (c, { type, id }) => {
      const data = await information(c.var.deps.db, c.var.locale, typeOf(type), { categoryId: id });
      if (!data) throw notFound();
      return c.json(data);
    },
  );
  page(
    app,
    { path: "/:locale{ru|en}/public/information/:type{[^/]+}/content/:id{[0-9]+}", ...P },
    { params: byItem },
    async (c, { type, id }) => {
      const data = await information(c.var.deps.db, c.var.locale, typeOf(type), { contentId: id });
      if (!data) throw notFound();
      return c.json(data);
    },
  );
  page(app, { path: "/:locale{ru|en}/public/terms", ...P }, async (c) => {
    const [terms] = await latest(c.var.deps.db, c.var.locale, "terms", 1);
    if (!terms) throw notFound();
    return c.json({ terms });
  });
}
