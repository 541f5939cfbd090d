// /admin/cms: operators edit categories and contents (guides, news, terms) in ru and en; export
// the whole CMS as JSON and import it back — validated whole, previewed, applied all-or-nothing.
import { noAuditDue } from "../domain/context.ts";
import type { Hono } from "hono";
import { z } from "zod";
import { and, asc, count, eq } from "drizzle-orm";
import type { HonoEnv } from "../http/env.ts";
import { page, route } from "../http/router.ts";
import * as f from "../domain/fields.ts";
import { audit } from "../http/audit.ts";
import { conflict, fieldError, notFound } from "../domain/errors.ts";
import { addServerMessages } from "../i18n/index.ts";
import { cmsCategories, cmsContents, CMS_TYPES } from "../db/schema/cms.ts";
import {
  categorySchema,
  contentSchema,
  exportSchema,
  exportCms,
  cmsChanges,
  checkExport,
  replaceCms,
} from "../domain/cms.ts";
import { diff } from "../domain/resources.ts";
import { detailsOf, valuesOf, type AuditDetails } from "../domain/audit-details.ts";

/** A removed item as the log keeps it: what it was called. */
const removedDetails = (row: { type: string; titleRu: string; titleEn: string }): AuditDetails => ({
  changes: [
    { field: "type", before: row.type },
    { field: "titleRu", before: row.titleRu },
    { field: "titleEn", before: row.titleEn },
  ],
});
const counts = (k: { added: unknown[]; changed: unknown[]; removed: unknown[] }) => ({
  added: k.added.length,
  changed: k.changed.length,
  removed: k.removed.length,
});

addServerMessages({
  en: { "cms.categoryNotEmpty": "The category still has contents; move or remove them first." },
  ru: { "cms.categoryNotEmpty": "В категории ещё есть материалы; сначала перенесите или удалите их." },
});

const O = { auth: "admin", role: "operator" } as const;
const getInput = z.object({ type: f.optional(z.enum(CMS_TYPES)), categoryId: f.optional(f.id()) });
const idInput = z.object({ id: f.id() });
const importInput = z.object({
  data: z.preprocess((v) => {
    if (typeof v !== "string") return v;
    try {
      return JSON.parse(v);
    } catch {
      return v;
    }
  }, exportSchema),
  preview: f.optional(f.bool()).default(false),
});

export function registerAdminCms(app: Hono<HonoEnv>) {
  page(app, { path: "/admin/cms/", ...O }, async (c) =>
    c.json({ types: CMS_TYPES, ...(await exportCms(c.var.deps.db)) }),
  );

  route(app, { method: "ANY", path: "/admin/cms/get", ...O }, { input: getInput }, async (c, q) => {
    const { db } = c.var.deps;
    const categories = await db
      .select()
      .from(cmsCategories)
      .where(q.type ? eq(cmsCategories.type, q.type) : undefined)
      .orderBy(asc(cmsCategories.type), asc(cmsCategories.sortOrder), asc(cmsCategories.id));
    const contents = await db
      .select()
      .from(cmsContents)
      .where(
        and(
          q.type ? eq(cmsContents.type, q.type) : undefined,
          q.categoryId ? eq(cmsContents.categoryId, q.categoryId) : undefined,
        ),
      )
      .orderBy(asc(cmsContents.type), asc(cmsContents.sortOrder), asc(cmsContents.id));
    return c.json({ categories, contents });
  });

  route(
    app,
    { method: "ANY", path: "/admin/cms/edit/category", ...O, mutates: true },
    { input: categorySchema },
    async (c, item) => {
      const { db, clock } = c.var.deps;
      const saved = await db.transaction(async (tx) => {
        const row = { ...item, updatedAt: clock.now() };
        if (item.id) {
          const [before] = await tx.select().from(cmsCategories).where(eq(cmsCategories.id, item.id)).limit(1);
          if (!before) throw notFound();
          if (before.type !== item.type) {
            const [{ n }] = await tx
              .select({ n: count() })
              .from(cmsContents)
              .where(eq(cmsContents.categoryId, item.id));
            if (n > 0) throw fieldError({ type: { id: "cms.categoryNotEmpty" } });
          }
          await tx.update(cmsCategories).set(row).where(eq(cmsCategories.id, item.id));
          await audit(c, tx, {
            action: "/admin/cms/edit/category",
            targetType: "cmsCategory",
            targetId: item.id,
            summary: diff(before, item),
            details: detailsOf(before, item),
          });
          return { ...before, ...row };
        }
        const [created] = await tx.insert(cmsCategories).values(row).returning();
        await audit(c, tx, {
          action: "/admin/cms/edit/category",
          targetType: "cmsCategory",
          targetId: created.id,
          summary: diff(undefined, item),
          details: detailsOf(undefined, item),
        });
        return created;
      });
      return c.json({ category: saved });
    },
  );

  route(
    app,
    { method: "ANY", path: "/admin/cms/edit/content", ...O, mutates: true },
    { input: contentSchema },
    async (c, item) => {
      const { db, clock } = c.var.deps;
      const saved = await db.transaction(async (tx) => {
        if (item.categoryId !== null) {
          const [cat] = await tx.select().from(cmsCategories).where(eq(cmsCategories.id, item.categoryId)).limit(1);
          if (!cat || cat.type !== item.type) throw fieldError({ categoryId: { id: "validation.pattern" } });
        }
        const now = clock.now();
        if (item.id) {
          const [before] = await tx.select().from(cmsContents).where(eq(cmsContents.id, item.id)).limit(1);
          if (!before) throw notFound();
          const row = { ...item, publishedAt: item.publishedAt ?? before.publishedAt, updatedAt: now };
          await tx.update(cmsContents).set(row).where(eq(cmsContents.id, item.id));
          await audit(c, tx, {
            action: "/admin/cms/edit/content",
            targetType: "cmsContent",
            targetId: item.id,
            summary: diff(before, row),
            details: detailsOf(before, row),
          });
          return { ...before, ...row };
        }
        const [created] = await tx
          .insert(cmsContents)
          .values({ ...item, publishedAt: item.publishedAt ?? now, updatedAt: now })
          .returning();
        await audit(c, tx, {
          action: "/admin/cms/edit/content",
          targetType: "cmsContent",
          targetId: created.id,
          summary: `created: ${item.type} "${item.titleEn}"`,
          details: detailsOf(undefined, { ...item, id: created.id }),
        });
        return created;
      });
      return c.json({ content: saved });
    },
  );

  route(
    app,
    { method: "ANY", path: "/admin/cms/remove/content", ...O, mutates: true },
    { input: idInput },
    async (c, { id }) => {
      await c.var.deps.db.transaction(async (tx) => {
        const [row] = await tx.delete(cmsContents).where(eq(cmsContents.id, id)).returning();
        if (!row) throw notFound();
        await audit(c, tx, {
          action: "/admin/cms/remove/content",
          targetType: "cmsContent",
          targetId: id,
          summary: `removed ${row.type} "${row.titleEn}"`,
          details: removedDetails(row),
        });
      });
      return c.json({ removed: id });
    },
  );

  route(
    app,
    { method: "ANY", path: "/admin/cms/remove/category", ...O, mutates: true },
    { input: idInput },
    async (c, { id }) => {
      await c.var.deps.db.transaction(async (tx) => {
        const [{ n }] = await tx.select({ n: count() }).from(cmsContents).where(eq(cmsContents.categoryId, id));
        if (n > 0) throw conflict("cms.categoryNotEmpty");
        const [row] = await tx.delete(cmsCategories).where(eq(cmsCategories.id, id)).returning();
        if (!row) throw notFound();
        await audit(c, tx, {
          action: "/admin/cms/remove/category",
          targetType: "cmsCategory",
          targetId: id,
          summary: `removed ${row.type} category "${row.titleEn}"`,
          details: removedDetails(row),
        });
      });
      return c.json({ removed: id });
    },
  );

  route(app, { method: "GET", path: "/admin/cms/export", ...O }, {}, async (c) => {
    c.header(
      "content-disposition",
      `attachment; filename="cms-${new Date(c.var.deps.clock.now()).toISOString().slice(0, 10)}.json"`,
    );
    return c.json(await exportCms(c.var.deps.db));
  });

  // GET previews only (a GET changes nothing); POST applies unless asked for a preview.
  route(
    app,
    { method: "GET|POST", path: "/admin/cms/import", ...O, mutates: true },
    { input: importInput },
    async (c, { data, preview }, ctx) => {
      const bad = checkExport(data);
      if (bad) throw fieldError({ [`data.${bad.path}`]: { id: "validation.pattern" } });
      const onlyPreview = preview || c.req.method === "GET";
      const { db, clock } = c.var.deps;
      const changes = await db.transaction(async (tx) => {
        const changes = await cmsChanges(tx, data);
        if (onlyPreview) return changes;
        await replaceCms(tx, data, clock.now());
        const s = (k: keyof typeof changes) =>
          `${k}: +${changes[k].added.length} ~${changes[k].changed.length} -${changes[k].removed.length}`;
        await audit(c, tx, {
          action: "/admin/cms/import",
          targetType: "cms",
          summary: `imported ${s("categories")}; ${s("contents")}`,
          details: valuesOf({ categories: counts(changes.categories), contents: counts(changes.contents) }),
        });
        return changes;
      });
      if (onlyPreview) noAuditDue(ctx);
      return c.json({ preview: onlyPreview, changes });
    },
  );
}
