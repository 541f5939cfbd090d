// Content as resources (ARCHITECTURE §4): an editable admin area is described once — its zod
// schema, its table, its list columns and the spec's action names — and registerResource gives it
// its routes: a server-paged, sorted, filtered list; save (insert or update by id, validated,
// audited with what changed); remove (audited). Everything in one transaction with its audit row.
import type { Hono } from "hono";
import { z } from "zod";
import { and, asc, count, desc, eq, or, sql, type SQL } from "drizzle-orm";
import type { SQLiteColumn, SQLiteTable } from "drizzle-orm/sqlite-core";
import type { AdminRole } from "../../db/schema/access.ts";
import type { HonoEnv } from "../../http/env.ts";
import { page, route } from "../../http/router.ts";
import { input } from "../../http/validate.ts";
import * as f from "../../http/fields.ts";
import { audit } from "../../http/audit.ts";
import { notFound } from "../../http/errors.ts";

export interface ResourceDescription {
  /** Audit target type and the name the UI shows ("tank"). */
  name: string;
  /** "/admin/tank/" */
  base: string;
  role: AdminRole;
  table: SQLiteTable & { id: SQLiteColumn };
  /** Validates one item as saved (must have an integer id). */
  schema: z.ZodType<Record<string, unknown> & { id: number }>;
  /** Columns the list shows and may sort by (keys of the table). */
  columns: string[];
  /** Text columns a free-text filter searches. */
  search: string[];
  /** Columns that can be filtered by exact value (?filter[nation]=ussr or nation=ussr). */
  filters?: string[];
  /** The spec's action names under base. */
  actions: { list: string; set: string; remove: string };
  /** Item → row (JSON columns to text); identity when not given. */
  toRow?: (item: Record<string, unknown>) => Record<string, unknown>;
  /** Row → item (text back to JSON). */
  fromRow?: (row: Record<string, unknown>) => Record<string, unknown>;
}

const col = (d: ResourceDescription, key: string) => (d.table as unknown as Record<string, SQLiteColumn>)[key];

/** What changed between two items, in a line an operator can read. */
export function diff(before: Record<string, unknown> | undefined, after: Record<string, unknown>): string {
  if (!before) return `created: ${JSON.stringify(after)}`;
  const parts = Object.keys(after)
    .filter((k) => k !== "updatedAt" && JSON.stringify(before[k]) !== JSON.stringify(after[k]))
    .map((k) => `${k} ${JSON.stringify(before[k])} → ${JSON.stringify(after[k])}`);
  return parts.length ? parts.join("; ") : "no change";
}

export function listInputFor(d: ResourceDescription) {
  const shape: Record<string, z.ZodType> = {
    page: f.optional(f.int(1, 100_000)).default(1),
    size: f.optional(f.int(1, 200)).default(20),
    sort: f.optional(z.enum(d.columns as [string, ...string[]])).default(d.columns.includes("sortOrder") ? "sortOrder" : "id"),
    dir: f.optional(z.enum(["asc", "desc"])).default("asc"),
    q: f.optionalText(100),
  };
  for (const key of d.filters ?? []) shape[key] = f.optionalText(100);
  return z.object(shape);
}

export async function listResource(db: HonoEnv["Variables"]["deps"]["db"], d: ResourceDescription, q: Record<string, unknown>) {
  const conds: (SQL | undefined)[] = [];
  if (typeof q.q === "string" && q.q) {
    const pattern = `%${q.q.replace(/[\\%_]/g, (m) => `\\${m}`)}%`;
    const n = Number(q.q);
    // SQLite's LIKE ignores case for ASCII letters only (Cyrillic search is case-sensitive).
    conds.push(or(...d.search.map((k) => sql`${col(d, k)} like ${pattern} escape '\\'`), Number.isInteger(n) ? eq(d.table.id, n) : undefined));
  }
  for (const key of d.filters ?? []) if (typeof q[key] === "string") conds.push(eq(col(d, key), q[key] === "true" ? 1 : q[key] === "false" ? 0 : q[key]));
  const where = and(...conds);
  const sortCol = col(d, q.sort as string);
  const size = q.size as number;
  const page = q.page as number;
  const rows = await db
    .select()
    .from(d.table)
    .where(where)
    .orderBy(q.dir === "desc" ? desc(sortCol) : asc(sortCol), asc(d.table.id))
    .limit(size)
    .offset((page - 1) * size);
  const [{ n }] = await db.select({ n: count() }).from(d.table).where(where);
  const from = d.fromRow ?? ((r) => r);
  return { rows: rows.map((r) => from(r as Record<string, unknown>)), total: n, page, size };
}

export function registerResource(app: Hono<HonoEnv>, d: ResourceDescription) {
  const who = { auth: "admin", role: d.role } as const;
  const toRow = d.toRow ?? ((i) => i);
  const fromRow = d.fromRow ?? ((r) => r);
  const listInput = listInputFor(d);
  const removeInput = z.object({ id: f.id() });

  // The page's data: the description the generic resource screen draws its table and form from.
  const form = z.toJSONSchema(d.schema, { io: "input", unrepresentable: "any" });
  page(app, { path: d.base, ...who }, async (c) =>
    c.json({ name: d.name, columns: d.columns, filters: d.filters ?? [], form, actions: { list: `${d.base}${d.actions.list}`, set: `${d.base}${d.actions.set}`, remove: `${d.base}${d.actions.remove}` } }),
  );

  route(app, { method: "ANY", path: `${d.base}${d.actions.list}`, ...who }, input(listInput), async (c) => {
    const q = (c.req.valid as (t: "json") => Record<string, unknown>)("json");
    return c.json(await listResource(c.var.deps.db, d, q));
  });

  route(app, { method: "ANY", path: `${d.base}${d.actions.set}`, ...who, mutates: true }, input(d.schema), async (c) => {
    const item = (c.req.valid as (t: "json") => Record<string, unknown> & { id: number })("json");
    const { db, clock } = c.var.deps;
    const row = { ...toRow(item), updatedAt: clock.now() };
    const saved = await db.transaction(async (tx) => {
      const [before] = await tx.select().from(d.table).where(eq(d.table.id, item.id)).limit(1);
      if (before) await tx.update(d.table).set(row).where(eq(d.table.id, item.id));
      else await tx.insert(d.table).values(row);
      await audit(c, tx, { action: `${d.base}${d.actions.set}`, targetType: d.name, targetId: item.id, summary: diff(before ? fromRow(before as Record<string, unknown>) : undefined, item) });
      return { created: !before };
    });
    return c.json({ item, created: saved.created });
  });

  route(app, { method: "ANY", path: `${d.base}${d.actions.remove}`, ...who, mutates: true }, input(removeInput), async (c) => {
    const { id } = (c.req.valid as (t: "json") => { id: number })("json");
    const { db } = c.var.deps;
    await db.transaction(async (tx) => {
      const [row] = await tx.delete(d.table).where(eq(d.table.id, id)).returning();
      if (!row) throw notFound();
      await audit(c, tx, { action: `${d.base}${d.actions.remove}`, targetType: d.name, targetId: id, summary: `removed: ${JSON.stringify(fromRow(row as Record<string, unknown>))}` });
    });
    return c.json({ removed: id });
  });
}
