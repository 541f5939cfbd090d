// /admin/billing: the catalog of things sold for money and the grant multipliers. Every change
// is audited in its transaction and bumps the catalog version, which every instance checks at
// most every few seconds (api/billing/catalog.ts); the invalidate routes bump it on demand.
// Import validates the whole file, shows what would change, and applies all of it or none.
import { noAuditDue } from "../../domain/context.ts";
import type { Context, Hono } from "hono";
import { z } from "zod";
import { eq } from "drizzle-orm";
import type { HonoEnv } from "../../http/env.ts";
import { page, route } from "../../http/router.ts";
import { audit, detailsOf, type AuditDetails } from "../../http/audit.ts";
import * as f from "../../domain/fields.ts";
import { AppError, fieldError, notFound } from "../../domain/errors.ts";
import { catalogItems, catalogMultipliers } from "../../db/schema/billing.ts";
import type { Tx } from "../../db/index.ts";
import {
  bumpVersion,
  cachedCatalog,
  currentVersion,
  dropCachedCatalog,
  grantsAt,
  isAvailable,
  itemId,
  itemSchema,
  itemToRow,
  loadCatalog,
  multiplierSchema,
  rowToItem,
  MARKETS,
  type CatalogItem,
  type Multiplier,
} from "../../billing/catalog.ts";
import { CURRENCIES } from "../../billing/money.ts";

const S = { auth: "admin", role: "support" } as const;
const O = { auth: "admin", role: "operator" } as const;

const multipliersInput = z.object({
  multipliers: z.preprocess((v) => (typeof v === "string" ? safeJson(v) : v), z.array(multiplierSchema).max(200)),
});
export const catalogFile = z.object({
  format: z.literal("tankodrome.billing.catalog"),
  version: z.literal(1),
  items: z.array(itemSchema).max(5000),
  multipliers: z.array(multiplierSchema).max(200).default([]),
});
const importInput = z.object({ file: f.jsonValue(), apply: f.optional(f.bool()).default(false) });
const apiInput = z.object({
  market: f.optional(z.enum(MARKETS)),
  country: f.optional(z.string().regex(/^[A-Z]{2}$/)),
  platform: f.optional(z.string().max(32)),
  activeOnly: f.optional(f.bool()).default(false),
});

function safeJson(v: string): unknown {
  try {
    return JSON.parse(v);
  } catch {
    return v;
  }
}

async function changed(c: Context<HonoEnv>, tx: Tx, summary: string, targetId: string, details: AuditDetails) {
  const at = c.var.deps.clock.now();
  await bumpVersion(tx, "internal", at);
  await audit(c, tx, { action: "billing.catalog", targetType: "catalog_item", targetId, summary, details });
}

function diff(before: CatalogItem, after: CatalogItem): string {
  const parts: string[] = [];
  for (const k of Object.keys(after) as (keyof CatalogItem)[]) {
    const a = JSON.stringify(before[k]),
      b = JSON.stringify(after[k]);
    if (a !== b) parts.push(`${k} ${a} → ${b}`);
  }
  return parts.join("; ") || "no change";
}

export function exportDocument(items: CatalogItem[], multipliers: Multiplier[]) {
  return {
    format: "tankodrome.billing.catalog" as const,
    version: 1 as const,
    items,
    multipliers: multipliers.map(({ id: _id, ...m }) => m),
  };
}

const itemParam = z.object({ item_id: itemId() });

export function registerCatalogAdmin(app: Hono<HonoEnv>) {
  page(app, { path: "/admin/billing/", ...S }, async (c) => {
    const { db } = c.var.deps;
    const snap = await loadCatalog(db);
    return c.json({
      items: snap.items,
      multipliers: snap.multipliers,
      versions: { internal: snap.version, facebook: await currentVersion(db, "facebook") },
      markets: MARKETS,
      currencies: CURRENCIES,
    });
  });

  route(
    app,
    { method: "GET", path: "/admin/billing/catalog/edit/:item_id{[^/]+}", ...S },
    { params: itemParam },
    async (c, { item_id: id }) => {
      const [row] = await c.var.deps.db.select().from(catalogItems).where(eq(catalogItems.id, id)).limit(1);
      if (!row) throw notFound();
      return c.json({ item: rowToItem(row) });
    },
  );

  route(
    app,
    { method: "POST", path: "/admin/billing/catalog/add", ...O, mutates: true },
    { input: itemSchema },
    async (c, item) => {
      const { db, clock } = c.var.deps;
      await db.transaction(async (tx) => {
        const [exists] = await tx
          .select({ id: catalogItems.id })
          .from(catalogItems)
          .where(eq(catalogItems.id, item.id))
          .limit(1);
        if (exists) throw fieldError({ id: { id: "validation.unique" } });
        await tx.insert(catalogItems).values(itemToRow(item, clock.now()));
        await changed(
          c,
          tx,
          `added ${item.id}: ${JSON.stringify({ grants: item.grants, prices: item.prices })}`,
          item.id,
          detailsOf(undefined, item),
        );
      });
      dropCachedCatalog(db);
      return c.json({ item });
    },
  );

  route(
    app,
    { method: "POST", path: "/admin/billing/catalog/save", ...O, mutates: true },
    { input: itemSchema },
    async (c, item) => {
      const { db, clock } = c.var.deps;
      await db.transaction(async (tx) => {
        const [row] = await tx.select().from(catalogItems).where(eq(catalogItems.id, item.id)).limit(1);
        if (!row) throw notFound();
        await tx.update(catalogItems).set(itemToRow(item, clock.now())).where(eq(catalogItems.id, item.id));
        await changed(
          c,
          tx,
          `saved ${item.id}: ${diff(rowToItem(row), item)}`,
          item.id,
          detailsOf(rowToItem(row), item),
        );
      });
      dropCachedCatalog(db);
      return c.json({ item });
    },
  );

  // Orders keep what they were priced and granted at, so removing an item touches no order.
  route(
    app,
    { method: "DELETE", path: "/admin/billing/catalog/remove/:item_id{[^/]+}", ...O, mutates: true },
    { params: itemParam },
    async (c, { item_id: id }) => {
      const { db } = c.var.deps;
      await db.transaction(async (tx) => {
        const [row] = await tx.delete(catalogItems).where(eq(catalogItems.id, id)).returning();
        if (!row) throw notFound();
        await changed(c, tx, `removed ${id}: ${JSON.stringify(rowToItem(row))}`, id, {
          changes: [
            { field: "titleRu", before: row.titleRu },
            { field: "titleEn", before: row.titleEn },
          ],
        });
      });
      dropCachedCatalog(db);
      return c.json({ removed: id });
    },
  );

  route(
    app,
    { method: "POST", path: "/admin/billing/multipliers/save", ...O, mutates: true },
    { input: multipliersInput },
    async (c, { multipliers }) => {
      const { db, clock } = c.var.deps;
      const at = clock.now();
      await db.transaction(async (tx) => {
        const before = await tx.select().from(catalogMultipliers);
        await tx.delete(catalogMultipliers);
        if (multipliers.length)
          await tx.insert(catalogMultipliers).values(multipliers.map((m) => ({ ...m, updatedAt: at })));
        await bumpVersion(tx, "internal", at);
        await audit(c, tx, {
          action: "billing.multipliers",
          targetType: "multipliers",
          summary: `${before.length} → ${multipliers.length} multipliers: ${JSON.stringify(multipliers)}`,
          details: {
            changes: [
              { field: "multipliers", before: before.map(({ id: _i, updatedAt: _u, ...m }) => m), after: multipliers },
            ],
          },
        });
      });
      dropCachedCatalog(db);
      return c.json({ multipliers: (await loadCatalog(db)).multipliers });
    },
  );

  route(app, { method: "GET", path: "/admin/billing/export", ...S }, {}, async (c) => {
    const snap = await loadCatalog(c.var.deps.db);
    const day = new Date(c.var.deps.clock.now()).toISOString().slice(0, 10);
    c.header("content-disposition", `attachment; filename="billing-catalog-${day}.json"`);
    return c.json(exportDocument(snap.items, snap.multipliers));
  });

  // Without apply: the preview of what the file would change. With apply: all of it, or none.
  route(
    app,
    { method: "GET|POST", path: "/admin/billing/import", ...O, mutates: true },
    { input: importInput },
    async (c, v, ctx) => {
      const parsed = catalogFile.safeParse(v.file);
      if (!parsed.success) {
        const first = parsed.error.issues[0];
        throw new AppError(
          "validation",
          "billing.error.import",
          [`${first.path.join(".") || "file"}: ${first.message}`],
          400,
          { file: { id: "validation.pattern" } },
        );
      }
      const doc = parsed.data;
      const ids = new Set<string>();
      for (const [i, item] of doc.items.entries()) {
        if (ids.has(item.id))
          throw new AppError("validation", "billing.error.import", [`items.${i}.id: duplicate ${item.id}`], 400, {
            file: { id: "validation.unique" },
          });
        ids.add(item.id);
      }
      const { db, clock } = c.var.deps;
      const current = await loadCatalog(db);
      const byId = new Map(current.items.map((i) => [i.id, i]));
      const preview = {
        added: doc.items.filter((i) => !byId.has(i.id)).map((i) => i.id),
        changed: doc.items
          .filter((i) => byId.has(i.id) && JSON.stringify(byId.get(i.id)) !== JSON.stringify(i))
          .map((i) => ({ id: i.id, diff: diff(byId.get(i.id)!, i) })),
        removed: current.items.filter((i) => !ids.has(i.id)).map((i) => i.id),
        multipliers: { before: current.multipliers.length, after: doc.multipliers.length },
      };
      if (!v.apply) {
        // A preview changes nothing, so it leaves no admin log row.
        noAuditDue(ctx);
        return c.json({ applied: false, preview });
      }
      const at = clock.now();
      await db.transaction(async (tx) => {
        await tx.delete(catalogItems);
        for (const item of doc.items) await tx.insert(catalogItems).values(itemToRow(item, at));
        await tx.delete(catalogMultipliers);
        if (doc.multipliers.length)
          await tx.insert(catalogMultipliers).values(doc.multipliers.map((m) => ({ ...m, updatedAt: at })));
        await bumpVersion(tx, "internal", at);
        await audit(c, tx, {
          action: "billing.import",
          targetType: "catalog",
          summary: `import: +${preview.added.length} ~${preview.changed.length} -${preview.removed.length}, multipliers ${preview.multipliers.before} → ${preview.multipliers.after}`,
          details: {
            changes: [
              { field: "added", after: preview.added.join(", ") || "—" },
              { field: "changed", after: preview.changed.map((x) => x.id).join(", ") || "—" },
              { field: "removed", after: preview.removed.join(", ") || "—" },
              { field: "multipliersCount", before: preview.multipliers.before, after: preview.multipliers.after },
            ],
          },
        });
      });
      dropCachedCatalog(db);
      return c.json({ applied: true, preview });
    },
  );

  for (const cache of ["internal", "facebook"] as const) {
    route(
      app,
      { method: "ANY", path: `/admin/billing/invalidate/cache/${cache}`, ...O, mutates: true },
      {},
      async (c) => {
        const { db, clock } = c.var.deps;
        const version = await db.transaction(async (tx) => {
          const v = await bumpVersion(tx, cache, clock.now());
          await audit(c, tx, {
            action: `billing.invalidate.${cache}`,
            targetType: "cache",
            summary: `${cache} catalog cache invalidated (version ${v})`,
            details: { changes: [{ field: "cacheVersion", before: v - 1, after: v }] },
          });
          return v;
        });
        dropCachedCatalog(db);
        return c.json({ cache, version });
      },
    );
  }

  // The catalog as the game client and other services read it: items, prices and the grants in
  // force now (multipliers applied), optionally only what a market/country/platform can buy.
  route(app, { method: "POST", path: "/admin/api/catalog/get", ...S }, { input: apiInput }, async (c, q) => {
    const now = c.var.deps.clock.now();
    const snap = await cachedCatalog(c.var.deps.db, now);
    const items = snap.items
      .filter((i) => (q.activeOnly ? i.active : true))
      .filter((i) => {
        if (!q.market) return true;
        // A filter not given does not restrict: test against the item's own lists.
        const a = i.availability;
        const buyer = { country: q.country ?? a.countries[0] ?? "", platform: q.platform ?? a.platforms[0] ?? "" };
        return isAvailable(i, q.market, buyer, now);
      })
      .map((i) => ({ ...i, grantsNow: grantsAt(i, snap.multipliers, now) }));
    return c.json({ version: snap.version, items, multipliers: snap.multipliers });
  });
}
