// /admin/cms: operators edit categories and contents (guides, news, terms) in ru and en; export
// the whole CMS as JSON and import it back — validated whole, previewed, applied all-or-nothing.
// The rules are api/domain/cms-admin.ts; each route is one call on its contract (api/contracts/admin/cms.ts).
import type { Hono } from "hono";
import type { HonoEnv } from "../http/env.ts";
import { page, route } from "../http/router.ts";
import { addServerMessages } from "../i18n/index.ts";
import {
  cmsEditorPage,
  cmsLists,
  importCms,
  removeCmsCategory,
  removeCmsContent,
  saveCmsCategory,
  saveCmsContent,
} from "../domain/cms-admin.ts";
import { exportCms } from "../domain/cms.ts";
import * as cms from "../contracts/admin/cms.ts";

addServerMessages({
  en: { "cms.categoryNotEmpty": "The category still has contents; move or remove them first." },
  ru: { "cms.categoryNotEmpty": "В категории ещё есть материалы; сначала перенесите или удалите их." },
});

export function registerAdminCms(app: Hono<HonoEnv>) {
  page(app, cms.page, (_c, _v, ctx) => cmsEditorPage(ctx.db));
  route(app, cms.lists, (_c, input, ctx) => cmsLists({ ctx, input }));
  route(app, cms.editCategory, async (_c, input, ctx) => ({ category: await saveCmsCategory({ ctx, input }) }));
  route(app, cms.editContent, async (_c, input, ctx) => ({ content: await saveCmsContent({ ctx, input }) }));
  route(app, cms.removeContent, (_c, input, ctx) => removeCmsContent({ ctx, input }));
  route(app, cms.removeCategory, (_c, input, ctx) => removeCmsCategory({ ctx, input }));
  route(app, cms.exportAll, (c, _v, ctx) => {
    c.header(
      "content-disposition",
      `attachment; filename="cms-${new Date(ctx.clock.now()).toISOString().slice(0, 10)}.json"`,
    );
    return exportCms(ctx.db);
  });
  // GET previews only (a GET changes nothing); POST applies unless asked for a preview.
  route(app, cms.importAll, (c, { data, preview }, ctx) =>
    importCms({ ctx, input: { data, preview: preview || c.req.method === "GET" } }),
  );
}
