// The public information pages (guides by default, news, terms…) and the terms page, read from
// the CMS in the page's locale with navigation by category.
import type { Context, Hono } from "hono";
import type { HonoEnv } from "../http/env.ts";
import { page, parseInput } from "../http/router.ts";
import { shell } from "../http/shell.ts";
import { notFound } from "../domain/errors.ts";
import { cmsTypeOf as typeOf, information, latest } from "../domain/cms.ts";
import * as calls from "../contracts/public/information.ts";

export function registerInformation(app: Hono<HonoEnv>) {
  const index = async (c: Context<HonoEnv>, { type }: { type?: string }) => {
    const data = await information(c.var.deps.db, c.var.locale, typeOf(type), {});
    if (!data) throw notFound();
    return data;
  };
  // The spec's path, for the route table; Hono matches an optional parameter only at a path's
  // end, so the two addresses it stands for are served below with the same page behaviour.
  page(app, calls.index, index);
  for (const path of ["/:locale{ru|en}/public/information/", "/:locale{ru|en}/public/information/:type{[^/]+}/"]) {
    app.on(["GET", "HEAD"], path, async (c) => {
      const accept = c.req.header("accept") ?? "";
      if (accept.includes("text/html") || (!accept.includes("application/json") && !c.req.query("format")))
        return shell(c);
      return c.json(await index(c, await parseInput(c, { params: calls.index.params })));
    });
  }
  page(app, calls.category, async (c, { type, id }) => {
    const data = await information(c.var.deps.db, c.var.locale, typeOf(type), { categoryId: id });
    if (!data) throw notFound();
    return data;
  });
  page(app, calls.content, async (c, { type, id }) => {
    const data = await information(c.var.deps.db, c.var.locale, typeOf(type), { contentId: id });
    if (!data) throw notFound();
    return data;
  });
  page(app, calls.terms, async (c) => {
    const [terms] = await latest(c.var.deps.db, c.var.locale, "terms", 1);
    if (!terms) throw notFound();
    return { terms };
  });
}
