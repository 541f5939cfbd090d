// The billing catalog as operators change it (/admin/billing): items, multipliers, export and
// import, the caches. Every change is audited in its transaction and bumps the catalog version,
// which every instance checks at most every few seconds (catalog.ts); the invalidate action bumps
// it on demand. Import validates the whole file, shows what would change, and applies all of it or none.
import { eq } from "drizzle-orm";
import type { z } from "zod";
import { catalogItems, catalogMultipliers } from "../../db/schema/billing.ts";
import type { Db } from "../../db/index.ts";
import { type AdminCtx, type Call, type Ctx, type TxCtx, noAuditDue, transact } from "../context.ts";
import { audit, detailsOf, type AuditDetails } from "../audit.ts";
import { AppError, fieldError, notFound } from "../errors.ts";
import {
  bumpVersion,
  cachedCatalog,
  catalogFile,
  currentVersion,
  dropCachedCatalog,
  grantsAt,
  isAvailable,
  itemToRow,
  loadCatalog,
  rowToItem,
  MARKETS,
  type CACHES,
  type CatalogItem,
  type Market,
  type Multiplier,
} from "./catalog.ts";
import { CURRENCIES } from "./money.ts";

type Cache = (typeof CACHES)[number];

/** What changed between two versions of an item, in a line an operator can read. */
function diff(before: CatalogItem, after: CatalogItem): string {
  const parts: string[] = [];
  for (const k of Object.keys(after) as (keyof CatalogItem)[]) {
    const a = JSON.stringify(before[k]);
    const b = JSON.stringify(after[k]);
    if (a !== b) parts.push(`${k} ${a} → ${b}`);
  }
  return parts.join("; ") || "no change";
}

/** A catalog change's audit row and version bump, in its transaction; the instance's cache dropped after. */
async function changed(ctx: TxCtx<AdminCtx["actor"]>, summary: string, targetId: string, details: AuditDetails) {
  await bumpVersion(ctx.db, "internal", ctx.clock.now());
  await audit(ctx, { action: "billing.catalog", targetType: "catalog_item", targetId, summary, details });
}

/** Runs a change of the catalog in one transaction, then drops this instance's cached copy. */
async function changing<T>(ctx: AdminCtx, fn: (tx: TxCtx<AdminCtx["actor"]>) => Promise<T>): Promise<T> {
  const done = await transact(ctx, fn);
  dropCachedCatalog(ctx.db as Db);
  return done;
}

export async function catalogOverview({ ctx }: { ctx: Ctx }) {
  const snap = await loadCatalog(ctx.db);
  return {
    items: snap.items,
    multipliers: snap.multipliers.map((m) => ({ ...m, id: m.id ?? 0 })),
    versions: { internal: snap.version, facebook: await currentVersion(ctx.db, "facebook") },
    markets: [...MARKETS],
    currencies: [...CURRENCIES],
  };
}

export async function catalogItem({ ctx, input }: Call<{ id: string }>) {
  const [row] = await ctx.db.select().from(catalogItems).where(eq(catalogItems.id, input.id)).limit(1);
  if (!row) throw notFound();
  return { item: rowToItem(row) };
}

export function addCatalogItem({ ctx, input: item }: Call<CatalogItem, AdminCtx["actor"]>) {
  return changing(ctx, async (tx) => {
    const [exists] = await tx.db
      .select({ id: catalogItems.id })
      .from(catalogItems)
      .where(eq(catalogItems.id, item.id))
      .limit(1);
    if (exists) throw fieldError({ id: { id: "validation.unique" } });
    await tx.db.insert(catalogItems).values(itemToRow(item, tx.clock.now()));
    await changed(
      tx,
      `added ${item.id}: ${JSON.stringify({ grants: item.grants, prices: item.prices })}`,
      item.id,
      detailsOf(undefined, item),
    );
    return { item };
  });
}

export function saveCatalogItem({ ctx, input: item }: Call<CatalogItem, AdminCtx["actor"]>) {
  return changing(ctx, async (tx) => {
    const [row] = await tx.db.select().from(catalogItems).where(eq(catalogItems.id, item.id)).limit(1);
    if (!row) throw notFound();
    await tx.db.update(catalogItems).set(itemToRow(item, tx.clock.now())).where(eq(catalogItems.id, item.id));
    const before = rowToItem(row);
    await changed(tx, `saved ${item.id}: ${diff(before, item)}`, item.id, detailsOf(before, item));
    return { item };
  });
}

/** Orders keep what they were priced and granted at, so removing an item touches no order. */
export function removeCatalogItem({ ctx, input }: Call<{ id: string }, AdminCtx["actor"]>) {
  return changing(ctx, async (tx) => {
    const [row] = await tx.db.delete(catalogItems).where(eq(catalogItems.id, input.id)).returning();
    if (!row) throw notFound();
    await changed(tx, `removed ${input.id}: ${JSON.stringify(rowToItem(row))}`, input.id, {
      changes: [
        { field: "titleRu", before: row.titleRu },
        { field: "titleEn", before: row.titleEn },
      ],
    });
    return { removed: input.id };
  });
}

/** Replaces every multiplier. */
export async function saveMultipliers({ ctx, input }: Call<{ multipliers: Multiplier[] }, AdminCtx["actor"]>) {
  const { multipliers } = input;
  await changing(ctx, async (tx) => {
    const at = tx.clock.now();
    const before = await tx.db.select().from(catalogMultipliers);
    await tx.db.delete(catalogMultipliers);
    if (multipliers.length)
      await tx.db.insert(catalogMultipliers).values(multipliers.map((m) => ({ ...m, updatedAt: at })));
    await bumpVersion(tx.db, "internal", at);
    await audit(tx, {
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
  return { multipliers: (await catalogOverview({ ctx })).multipliers };
}

/** The catalog file of items and multipliers (what import takes back). */
export function exportDocument(items: CatalogItem[], multipliers: Multiplier[]) {
  return {
    format: "tankodrome.billing.catalog" as const,
    version: 1 as const,
    items,
    multipliers: multipliers.map(({ id: _id, ...m }) => m),
  };
}

export async function exportCatalog({ ctx }: { ctx: Ctx }) {
  const snap = await loadCatalog(ctx.db);
  return exportDocument(snap.items, snap.multipliers);
}

/** Without apply: the preview of what the file would change (no admin log row). With apply: all of it, or none. */
export async function importCatalog({ ctx, input }: Call<{ file: unknown; apply: boolean }, AdminCtx["actor"]>) {
  const parsed = catalogFile.safeParse(input.file);
  if (!parsed.success) {
    const first = parsed.error.issues[0];
    throw new AppError(
      "validation",
      "billing.error.import",
      [`${first.path.join(".") || "file"}: ${first.message}`],
      400,
      {
        file: { id: "validation.pattern" },
      },
    );
  }
  const doc: z.output<typeof catalogFile> = parsed.data;
  const ids = new Set<string>();
  for (const [i, item] of doc.items.entries()) {
    if (ids.has(item.id))
      throw new AppError("validation", "billing.error.import", [`items.${i}.id: duplicate ${item.id}`], 400, {
        file: { id: "validation.unique" },
      });
    ids.add(item.id);
  }
  const current = await loadCatalog(ctx.db);
  const byId = new Map(current.items.map((i) => [i.id, i]));
  const preview = {
    added: doc.items.filter((i) => !byId.has(i.id)).map((i) => i.id),
    changed: doc.items.flatMap((i) => {
      const was = byId.get(i.id);
      return was && JSON.stringify(was) !== JSON.stringify(i) ? [{ id: i.id, diff: diff(was, i) }] : [];
    }),
    removed: current.items.filter((i) => !ids.has(i.id)).map((i) => i.id),
    multipliers: { before: current.multipliers.length, after: doc.multipliers.length },
  };
  if (!input.apply) {
    noAuditDue(ctx);
    return { applied: false, preview };
  }
  await changing(ctx, async (tx) => {
    const at = tx.clock.now();
    await tx.db.delete(catalogItems);
    for (const item of doc.items) await tx.db.insert(catalogItems).values(itemToRow(item, at));
    await tx.db.delete(catalogMultipliers);
    if (doc.multipliers.length)
      await tx.db.insert(catalogMultipliers).values(doc.multipliers.map((m) => ({ ...m, updatedAt: at })));
    await bumpVersion(tx.db, "internal", at);
    await audit(tx, {
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
  return { applied: true, preview };
}

/** Makes every instance reload the catalog (the cache's version bumped, audited). */
export function invalidateCatalogCache({ ctx, input }: Call<{ cache: Cache }, AdminCtx["actor"]>) {
  return changing(ctx, async (tx) => {
    const version = await bumpVersion(tx.db, input.cache, tx.clock.now());
    await audit(tx, {
      action: `billing.invalidate.${input.cache}`,
      targetType: "cache",
      summary: `${input.cache} catalog cache invalidated (version ${version})`,
      details: { changes: [{ field: "cacheVersion", before: version - 1, after: version }] },
    });
    return { cache: input.cache, version };
  });
}

/**
 * The catalog as the game client and other services read it: items, prices and the grants in
 * force now (multipliers applied), optionally only what a market/country/platform can buy.
 */
export async function catalogForClients({
  ctx,
  input: q,
}: Call<{ market?: Market; country?: string; platform?: string; activeOnly: boolean }>) {
  const now = ctx.clock.now();
  const snap = await cachedCatalog(ctx.db as Db, now);
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
  return { version: snap.version, items, multipliers: snap.multipliers.map((m) => ({ ...m, id: m.id ?? 0 })) };
}
