// The operators' CMS (/admin/cms): the lists, a category or a content saved or removed, the whole
// CMS imported (validated whole, previewed, applied all-or-nothing) — each change with its admin
// log row from the context's operator, in its transaction. The routes are api/admin/cms.ts.
import type { z } from "zod";
import { and, asc, count, eq } from "drizzle-orm";
import { cmsCategories, cmsContents, CMS_TYPES } from "../db/schema/cms.ts";
import type { DbOrTx } from "../db/index.ts";
import { conflict, fieldError, notFound } from "./errors.ts";
import { audit, detailsOf, valuesOf, type AuditDetails } from "./audit.ts";
import { type AdminCtx, type Ctx, noAuditDue, transact } from "./context.ts";
import { diff } from "./resources.ts";
import {
  type CmsExport,
  type categorySchema,
  checkExport,
  cmsChanges,
  type contentSchema,
  exportCms,
  replaceCms,
} from "./cms.ts";

type CmsType = (typeof CMS_TYPES)[number];

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

/** Categories and contents, of a type (and a category) or all, in their order. */
export async function cmsLists({ ctx, input }: { ctx: Ctx; input: { type?: CmsType; categoryId?: number } }) {
  const db = ctx.db;
  const categories = await db
    .select()
    .from(cmsCategories)
    .where(input.type ? eq(cmsCategories.type, input.type) : undefined)
    .orderBy(asc(cmsCategories.type), asc(cmsCategories.sortOrder), asc(cmsCategories.id));
  const contents = await db
    .select()
    .from(cmsContents)
    .where(
      and(
        input.type ? eq(cmsContents.type, input.type) : undefined,
        input.categoryId ? eq(cmsContents.categoryId, input.categoryId) : undefined,
      ),
    )
    .orderBy(asc(cmsContents.type), asc(cmsContents.sortOrder), asc(cmsContents.id));
  return { categories, contents };
}

/** Saves a category (a new one without an id); its type changes only while it holds no contents. */
export function saveCmsCategory({ ctx, input: item }: { ctx: AdminCtx; input: z.output<typeof categorySchema> }) {
  return transact(ctx, async (c) => {
    const tx = c.db;
    const row = { ...item, updatedAt: ctx.clock.now() };
    if (item.id) {
      const [before] = await tx.select().from(cmsCategories).where(eq(cmsCategories.id, item.id)).limit(1);
      if (!before) throw notFound();
      if (before.type !== item.type) {
        const [{ n }] = await tx.select({ n: count() }).from(cmsContents).where(eq(cmsContents.categoryId, item.id));
        if (n > 0) throw fieldError({ type: { id: "cms.categoryNotEmpty" } });
      }
      await tx.update(cmsCategories).set(row).where(eq(cmsCategories.id, item.id));
      await audit(c, {
        action: "/admin/cms/edit/category",
        targetType: "cmsCategory",
        targetId: item.id,
        summary: diff(before, item),
        details: detailsOf(before, item),
      });
      return { ...before, ...row, id: item.id };
    }
    const [created] = await tx.insert(cmsCategories).values(row).returning();
    await audit(c, {
      action: "/admin/cms/edit/category",
      targetType: "cmsCategory",
      targetId: created.id,
      summary: diff(undefined, item),
      details: detailsOf(undefined, item),
    });
    return created;
  });
}

/** Saves a content (a new one without an id) in a category of its own type, or in none. */
export function saveCmsContent({ ctx, input: item }: { ctx: AdminCtx; input: z.output<typeof contentSchema> }) {
  return transact(ctx, async (c) => {
    const tx = c.db;
    if (item.categoryId !== null) {
      const [cat] = await tx.select().from(cmsCategories).where(eq(cmsCategories.id, item.categoryId)).limit(1);
      if (!cat || cat.type !== item.type) throw fieldError({ categoryId: { id: "validation.pattern" } });
    }
    const now = ctx.clock.now();
    if (item.id) {
      const [before] = await tx.select().from(cmsContents).where(eq(cmsContents.id, item.id)).limit(1);
      if (!before) throw notFound();
      const row = { ...item, publishedAt: item.publishedAt ?? before.publishedAt, updatedAt: now };
      await tx.update(cmsContents).set(row).where(eq(cmsContents.id, item.id));
      await audit(c, {
        action: "/admin/cms/edit/content",
        targetType: "cmsContent",
        targetId: item.id,
        summary: diff(before, row),
        details: detailsOf(before, row),
      });
      return { ...before, ...row, id: item.id };
    }
    const [created] = await tx
      .insert(cmsContents)
      .values({ ...item, publishedAt: item.publishedAt ?? now, updatedAt: now })
      .returning();
    await audit(c, {
      action: "/admin/cms/edit/content",
      targetType: "cmsContent",
      targetId: created.id,
      summary: `created: ${item.type} "${item.titleEn}"`,
      details: detailsOf(undefined, { ...item, id: created.id }),
    });
    return created;
  });
}

export function removeCmsContent({ ctx, input: { id } }: { ctx: AdminCtx; input: { id: number } }) {
  return transact(ctx, async (c) => {
    const [row] = await c.db.delete(cmsContents).where(eq(cmsContents.id, id)).returning();
    if (!row) throw notFound();
    await audit(c, {
      action: "/admin/cms/remove/content",
      targetType: "cmsContent",
      targetId: id,
      summary: `removed ${row.type} "${row.titleEn}"`,
      details: removedDetails(row),
    });
    return { removed: id };
  });
}

/** Removes an empty category (one that holds contents is a conflict). */
export function removeCmsCategory({ ctx, input: { id } }: { ctx: AdminCtx; input: { id: number } }) {
  return transact(ctx, async (c) => {
    const tx = c.db;
    const [{ n }] = await tx.select({ n: count() }).from(cmsContents).where(eq(cmsContents.categoryId, id));
    if (n > 0) throw conflict("cms.categoryNotEmpty");
    const [row] = await tx.delete(cmsCategories).where(eq(cmsCategories.id, id)).returning();
    if (!row) throw notFound();
    await audit(c, {
      action: "/admin/cms/remove/category",
      targetType: "cmsCategory",
      targetId: id,
      summary: `removed ${row.type} category "${row.titleEn}"`,
      details: removedDetails(row),
    });
    return { removed: id };
  });
}

/** What an import changes; applied (the whole CMS replaced) unless only previewed, which changes nothing. */
export async function importCms({
  ctx,
  input: { data, preview },
}: {
  ctx: AdminCtx;
  input: { data: CmsExport; preview: boolean };
}) {
  const bad = checkExport(data);
  if (bad) throw fieldError({ [`data.${bad.path}`]: { id: "validation.pattern" } });
  const changes = await transact(ctx, async (c) => {
    const changes = await cmsChanges(c.db, data);
    if (preview) return changes;
    await replaceCms(c.db, data, ctx.clock.now());
    const s = (k: keyof typeof changes) =>
      `${k}: +${changes[k].added.length} ~${changes[k].changed.length} -${changes[k].removed.length}`;
    await audit(c, {
      action: "/admin/cms/import",
      targetType: "cms",
      summary: `imported ${s("categories")}; ${s("contents")}`,
      details: valuesOf({ categories: counts(changes.categories), contents: counts(changes.contents) }),
    });
    return changes;
  });
  if (preview) noAuditDue(ctx);
  return { preview, changes };
}

/** The CMS editor's page: the content types and the whole CMS as its export. */
export async function cmsEditorPage(db: DbOrTx) {
  return { types: [...CMS_TYPES], ...(await exportCms(db)) };
}
