// A resource edited as a whole list (the spec's consumables/save, nonConsumables/save, kits/save):
// its items, and saving the full list — validated whole and, unless only previewed, applied
// all-or-nothing (added, changed, removed) with one admin log row from the context's operator.
// The routes are api/admin/resources/collection.ts.
import type { z } from "zod";
import { and, asc, eq, inArray, type SQL } from "drizzle-orm";
import type { SQLiteColumn, SQLiteTable } from "drizzle-orm/sqlite-core";
import type { AdminRole } from "../db/schema/access.ts";
import type { DbOrTx } from "../db/index.ts";
import type { SpecMethod } from "../contracts/contract.ts";
import { fieldError } from "./errors.ts";
import { audit, pathAction, valuesOf } from "./audit.ts";
import { changesOf, type AuditChange } from "./audit-details.ts";
import { type AdminCtx, noAuditDue, transact } from "./context.ts";
import { diff, editable } from "./resources.ts";

export interface CollectionDescription {
  name: string;
  /** "/admin/kits/" — the page; `${base}save` the save action. */
  base: string;
  saveMethod: SpecMethod;
  role: AdminRole;
  table: SQLiteTable & { id: SQLiteColumn; sortOrder: SQLiteColumn };
  schema: z.ZodType<Record<string, unknown> & { id: number }>;
  columns: string[];
  /** Values forced on every saved item of this collection; its rows are those that have them (consumables vs non-consumables). */
  fixed?: Record<string, unknown>;
  toRow?: (item: Record<string, unknown>) => Record<string, unknown>;
  fromRow?: (row: Record<string, unknown>) => Record<string, unknown>;
  /** More of the page's data (a kit's form picks its items from the catalogue). */
  pageData?: (db: DbOrTx) => Promise<Record<string, unknown>>;
}

export interface CollectionChanges {
  added: (Record<string, unknown> & { id: number })[];
  changed: { id: number; summary: string; changes: AuditChange[] }[];
  removed: number[];
}

/** The rows a collection covers: those with its fixed values (none: the whole table). */
function scopeOf(d: CollectionDescription): SQL | undefined {
  const columns = d.table as unknown as Record<string, SQLiteColumn>;
  const fixed = Object.entries(d.fixed ?? {});
  return fixed.length ? and(...fixed.map(([k, v]) => eq(columns[k], v))) : undefined;
}

/** The collection's items as operators edit them, in their order. */
export async function collectionItems(db: DbOrTx, d: CollectionDescription) {
  const rows = await db.select().from(d.table).where(scopeOf(d)).orderBy(asc(d.table.sortOrder), asc(d.table.id));
  return rows.map((r) => editable(d, r));
}

/**
 * Saves the whole list: what it adds, changes and removes (ids unique in the list and not taken
 * by a row outside the collection). A preview answers the same and changes nothing (no log row).
 */
export async function saveCollection({
  ctx,
  input,
}: {
  ctx: AdminCtx;
  input: { d: CollectionDescription; items: (Record<string, unknown> & { id: number })[]; preview: boolean };
}): Promise<CollectionChanges> {
  const { d, items, preview } = input;
  const toRow = d.toRow ?? ((i) => i);
  const seen = new Set<number>();
  items.forEach((item, i) => {
    if (seen.has(item.id)) throw fieldError({ [`items.${i}.id`]: { id: "validation.unique" } });
    seen.add(item.id);
  });
  const now = ctx.clock.now();
  const result = await transact(ctx, async (tx) => {
    const db = tx.db;
    const before = new Map((await collectionItems(db, d)).map((i) => [i.id, i]));
    // An id used by a row outside this collection (a non-consumable saved as a consumable) is taken.
    if (scopeOf(d)) {
      const others = await db
        .select({ id: d.table.id })
        .from(d.table)
        .where(inArray(d.table.id, [...seen]));
      const i = items.findIndex((item) => others.some((o) => o.id === item.id) && !before.has(item.id));
      if (i >= 0) throw fieldError({ [`items.${i}.id`]: { id: "validation.unique" } });
    }
    const changes: CollectionChanges = {
      added: [],
      changed: [],
      removed: [...before.keys()].filter((id) => !seen.has(id)),
    };
    for (const raw of items) {
      const item = { ...raw, ...d.fixed };
      const old = before.get(item.id);
      if (!old) changes.added.push(item);
      else {
        const summary = diff(old, item);
        if (summary !== "no change") changes.changed.push({ id: item.id, summary, changes: changesOf(old, item) });
      }
    }
    if (preview) return changes;
    if (changes.removed.length) await db.delete(d.table).where(and(inArray(d.table.id, changes.removed), scopeOf(d)));
    const touched = new Set([...changes.added.map((a) => a.id as number), ...changes.changed.map((x) => x.id)]);
    for (const raw of items) {
      if (!touched.has(raw.id)) continue;
      const row = { ...toRow({ ...raw, ...d.fixed }), updatedAt: now };
      if (before.has(raw.id)) await db.update(d.table).set(row).where(eq(d.table.id, raw.id));
      else await db.insert(d.table).values(row);
    }
    const summary =
      [
        changes.added.length ? `added ${changes.added.map((a) => a.id).join(", ")}` : "",
        ...changes.changed.map((x) => `#${x.id}: ${x.summary}`),
        changes.removed.length ? `removed ${changes.removed.join(", ")}` : "",
      ]
        .filter(Boolean)
        .join("; ") || "no change";
    await audit(tx, {
      action: pathAction(`${d.base}save`),
      targetType: d.name,
      summary,
      details: valuesOf({
        added: changes.added.length,
        changed: changes.changed.length,
        removed: changes.removed.length,
      }),
    });
    return changes;
  });
  // A preview changes nothing, so it leaves no admin log row (the router would add one).
  if (preview) noAuditDue(ctx);
  return result;
}
