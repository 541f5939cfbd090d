// A resource edited as a whole list (the spec's consumables/save, nonConsumables/save, kits/save):
// the page's data is every item; save takes the full list, validates it whole, and — unless asked
// only for a preview — applies it all-or-nothing (added, changed, removed) with one audit row.
import { noAuditDue } from "../../domain/context.ts";
import type { Hono } from "hono";
import { z } from "zod";
import { and, asc, eq, inArray, type SQL } from "drizzle-orm";
import type { SQLiteColumn, SQLiteTable } from "drizzle-orm/sqlite-core";
import type { AdminRole } from "../../db/schema/access.ts";
import type { DbOrTx } from "../../db/index.ts";
import type { HonoEnv } from "../../http/env.ts";
import { page, route, type SpecMethod } from "../../http/router.ts";
import * as f from "../../domain/fields.ts";
import { audit, pathAction, valuesOf } from "../../http/audit.ts";
import { fieldError } from "../../domain/errors.ts";
import { diff } from "../../domain/resources.ts";
import { editable, formSchema } from "../../domain/resources.ts";
import { changesOf, type AuditChange } from "../../domain/audit-details.ts";

export interface CollectionDescription {
  name: string;
  /** "/admin/kits/" — the page; `${base}save` the save action. */
  base: string;
  saveMethod: SpecMethod;
  role: AdminRole;
  table: SQLiteTable & { id: SQLiteColumn; sortOrder: SQLiteColumn };
  schema: z.ZodType<Record<string, unknown> & { id: number }>;
  columns: string[];
  /** The rows of the table this collection covers (consumables vs non-consumables). */
  scope?: SQL;
  /** Values forced on every saved item of this collection. */
  fixed?: Record<string, unknown>;
  toRow?: (item: Record<string, unknown>) => Record<string, unknown>;
  fromRow?: (row: Record<string, unknown>) => Record<string, unknown>;
  /** More of the page's data (a kit's form picks its items from the catalogue). */
  pageData?: (db: DbOrTx) => Promise<Record<string, unknown>>;
}

export interface Changes {
  added: Record<string, unknown>[];
  changed: { id: number; summary: string; changes: AuditChange[] }[];
  removed: number[];
}

async function current(db: DbOrTx, d: CollectionDescription) {
  const rows = await db.select().from(d.table).where(d.scope).orderBy(asc(d.table.sortOrder), asc(d.table.id));
  return rows.map((r) => editable(d, r));
}

export function registerCollection(app: Hono<HonoEnv>, d: CollectionDescription) {
  const who = { auth: "admin", role: d.role } as const;
  const toRow = d.toRow ?? ((i) => i);
  const saveInput = z.object({ items: z.array(d.schema).max(1000), preview: f.optional(f.bool()).default(false) });

  // The page: the list, and its item's JSON Schema the screen draws its typed form from.
  const form = formSchema(d.schema);
  page(app, { path: d.base, ...who }, {}, async (c) =>
    c.json({
      name: d.name,
      columns: d.columns,
      items: await current(c.var.deps.db, d),
      form,
      fixed: Object.keys(d.fixed ?? {}),
      ...(await d.pageData?.(c.var.deps.db)),
    }),
  );

  route(
    app,
    { method: d.saveMethod, path: `${d.base}save`, ...who, mutates: true },
    { input: saveInput },
    async (c, { items, preview }, ctx) => {
      const seen = new Set<number>();
      items.forEach((item, i) => {
        if (seen.has(item.id)) throw fieldError({ [`items.${i}.id`]: { id: "validation.unique" } });
        seen.add(item.id);
      });
      const { db, clock } = c.var.deps;
      const now = clock.now();
      const result = await db.transaction(async (tx) => {
        const before = new Map((await current(tx, d)).map((i) => [i.id as number, i]));
        // An id used by a row outside this collection (a non-consumable saved as a consumable) is taken.
        if (d.scope) {
          const others = await tx
            .select({ id: d.table.id })
            .from(d.table)
            .where(inArray(d.table.id, [...seen]));
          const i = items.findIndex((item) => others.some((o) => o.id === item.id) && !before.has(item.id));
          if (i >= 0) throw fieldError({ [`items.${i}.id`]: { id: "validation.unique" } });
        }
        const changes: Changes = { added: [], changed: [], removed: [...before.keys()].filter((id) => !seen.has(id)) };
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
        if (changes.removed.length) await tx.delete(d.table).where(and(inArray(d.table.id, changes.removed), d.scope));
        const touched = new Set([...changes.added.map((a) => a.id as number), ...changes.changed.map((x) => x.id)]);
        for (const raw of items) {
          if (!touched.has(raw.id)) continue;
          const row = { ...toRow({ ...raw, ...d.fixed }), updatedAt: now };
          if (before.has(raw.id)) await tx.update(d.table).set(row).where(eq(d.table.id, raw.id));
          else await tx.insert(d.table).values(row);
        }
        const summary =
          [
            changes.added.length ? `added ${changes.added.map((a) => a.id).join(", ")}` : "",
            ...changes.changed.map((x) => `#${x.id}: ${x.summary}`),
            changes.removed.length ? `removed ${changes.removed.join(", ")}` : "",
          ]
            .filter(Boolean)
            .join("; ") || "no change";
        await audit(c, tx, {
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
      // A preview changes nothing, so it leaves no admin log row (the guard would add one).
      if (preview) noAuditDue(ctx);
      return c.json({ preview, ...result });
    },
  );
}
