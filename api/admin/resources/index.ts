// Content as resources (ARCHITECTURE §4): an editable admin area is described once — its zod
// schema, its table, its list columns and the spec's action names — and registerResource gives it
// its routes: a server-paged, sorted, filtered list; save (insert or update by id, validated,
// audited with what changed); remove (audited). Everything in one transaction with its audit row.
// Areas whose spec has no list action get their list from the page address itself; areas with
// add/update instead of save get both (add refuses a taken id, update a missing one); an item
// without an id is inserted with the next one; `unique` columns answer a field error instead of a
// constraint failure; `rules` run the area's own checks inside the transaction.
import type { Context, Hono } from "hono";
import { z } from "zod";
import { and, asc, count, desc, eq, or, sql, type SQL } from "drizzle-orm";
import type { SQLiteColumn, SQLiteTable } from "drizzle-orm/sqlite-core";
import type { AdminRole } from "../../db/schema/access.ts";
import type { HonoEnv } from "../../http/env.ts";
import { page, route } from "../../http/router.ts";
import { input } from "../../http/validate.ts";
import * as f from "../../http/fields.ts";
import { audit } from "../../http/audit.ts";
import { fieldError, notFound } from "../../http/errors.ts";
import { readFields, validationError } from "../../http/validate.ts";
import type { DbOrTx } from "../../db/index.ts";

type Item = Record<string, unknown> & { id?: number };

export interface ResourceDescription {
  /** Audit target type and the name the UI shows ("tank"). */
  name: string;
  /** "/admin/tank/" */
  base: string;
  role: AdminRole;
  table: SQLiteTable & { id: SQLiteColumn };
  /** Validates one item as saved (an integer id; without one, add inserts with the next id). */
  schema: z.ZodType<Item>;
  /** Columns the list shows and may sort by (keys of the table). */
  columns: string[];
  /** Text columns a free-text filter searches. */
  search: string[];
  /** Columns that can be filtered by exact value (?filter[nation]=ussr or nation=ussr). */
  filters?: string[];
  /** The spec's action names under base (no list: the page answers the list; add/update instead of set). */
  actions: { list?: string; set?: string; add?: string; update?: string; remove?: string };
  /** Columns whose value no two rows share (checked in the transaction, answered as a field error). */
  unique?: string[];
  /** The area's own rules, in the change's transaction; throw to refuse. */
  rules?: {
    save?: (tx: DbOrTx, item: Item, before: Record<string, unknown> | undefined) => Promise<void>;
    remove?: (tx: DbOrTx, row: Record<string, unknown>) => Promise<void>;
  };
  /** Item → row (JSON columns to text); identity when not given. */
  toRow?: (item: Record<string, unknown>) => Record<string, unknown>;
  /** Row → item (text back to JSON). */
  fromRow?: (row: Record<string, unknown>) => Record<string, unknown>;
  /** Adds what a list row shows beyond its columns (e.g. translations still missing). */
  decorate?: (db: DbOrTx, rows: Record<string, unknown>[]) => Promise<Record<string, unknown>[]>;
  /** More page data for the screen (e.g. the languages a text has columns for). */
  pageData?: (db: DbOrTx) => Promise<Record<string, unknown>>;
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
  const items = rows.map((r) => from(r as Record<string, unknown>));
  return { rows: d.decorate ? await d.decorate(db, items) : items, total: n, page, size };
}

/** The addresses the generic screen calls: list (the page itself when the spec has none), set or add + update, remove. */
export function resourceActions(d: ResourceDescription) {
  const at = (a?: string) => (a === undefined ? undefined : `${d.base}${a}`);
  const list = at(d.actions.list) ?? d.base;
  const remove = at(d.actions.remove);
  return d.actions.set ? { list, set: at(d.actions.set)!, remove } : { list, add: at(d.actions.add)!, update: at(d.actions.update)!, remove };
}

export function registerResource(app: Hono<HonoEnv>, d: ResourceDescription) {
  const who = { auth: "admin", role: d.role } as const;
  const toRow = d.toRow ?? ((i) => i);
  const fromRow = d.fromRow ?? ((r) => r);
  const listInput = listInputFor(d);
  const removeInput = z.object({ id: f.id() });
  const actions = resourceActions(d);

  // The page's data: the description the generic resource screen draws its table and form from
  // (and, for an area without a list action, the list itself).
  const form = z.toJSONSchema(d.schema, { io: "input", unrepresentable: "any" }) as { properties?: Record<string, Record<string, unknown>> };
  // A default behind a preprocess (the fields.ts helpers) is not in the JSON Schema; ask each field what it gives for nothing.
  const shape = (d.schema as unknown as { shape?: Record<string, z.ZodType> }).shape ?? {};
  for (const [key, field] of Object.entries(shape)) {
    const prop = form.properties?.[key];
    const empty = field.safeParse(undefined);
    if (prop && prop.default === undefined && empty.success && empty.data !== undefined) prop.default = empty.data;
  }
  page(app, { path: d.base, ...who }, async (c) => {
    const description = { name: d.name, columns: d.columns, filters: d.filters ?? [], form, actions, ...(await d.pageData?.(c.var.deps.db)) };
    if (d.actions.list) return c.json(description);
    const fields = await readFields(c);
    const q = listInput.safeParse(fields);
    if (!q.success) throw validationError(q.error.issues, fields);
    return c.json({ ...description, ...(await listResource(c.var.deps.db, d, q.data)) });
  });

  if (d.actions.list)
    route(app, { method: "ANY", path: `${d.base}${d.actions.list}`, ...who }, input(listInput), async (c) => {
      const q = (c.req.valid as (t: "json") => Record<string, unknown>)("json");
      return c.json(await listResource(c.var.deps.db, d, q));
    });

  const save = (mode: "set" | "add" | "update") => async (c: Context<HonoEnv>) => {
    const item = (c.req.valid as (t: "json") => Item)("json");
    const { db, clock } = c.var.deps;
    const action = `${d.base}${d.actions[mode]}`;
    const saved = await db.transaction(async (tx) => {
      const [before] = item.id === undefined ? [] : await tx.select().from(d.table).where(eq(d.table.id, item.id)).limit(1);
      if (before && mode === "add") throw fieldError({ id: { id: "validation.unique" } });
      if (!before && mode === "update") throw notFound();
      for (const key of d.unique ?? []) {
        const [taken] = await tx.select({ id: d.table.id }).from(d.table).where(eq(col(d, key), toRow(item)[key] as never)).limit(1);
        if (taken && taken.id !== item.id) throw fieldError({ [key]: { id: "validation.unique" } });
      }
      const old = before ? fromRow(before as Record<string, unknown>) : undefined;
      await d.rules?.save?.(tx, item, old);
      const row = { ...toRow(item), updatedAt: clock.now() };
      let id = item.id;
      if (before) await tx.update(d.table).set(row).where(eq(d.table.id, item.id!));
      else id = (await tx.insert(d.table).values(row).returning({ id: d.table.id }))[0].id as number;
      await audit(c, tx, { action, targetType: d.name, targetId: id, summary: diff(old, { ...item, id }) });
      return { created: !before, id };
    });
    return c.json({ item: { ...item, id: saved.id }, created: saved.created });
  };
  for (const mode of ["set", "add", "update"] as const)
    if (d.actions[mode]) route(app, { method: "ANY", path: `${d.base}${d.actions[mode]}`, ...who, mutates: true }, input(d.schema), save(mode));

  if (d.actions.remove) route(app, { method: "ANY", path: `${d.base}${d.actions.remove}`, ...who, mutates: true }, input(removeInput), async (c) => {
    const { id } = (c.req.valid as (t: "json") => { id: number })("json");
    const { db } = c.var.deps;
    await db.transaction(async (tx) => {
      const [found] = await tx.select().from(d.table).where(eq(d.table.id, id)).limit(1);
      if (!found) throw notFound();
      await d.rules?.remove?.(tx, fromRow(found as Record<string, unknown>));
      const [row] = await tx.delete(d.table).where(eq(d.table.id, id)).returning();
      await audit(c, tx, { action: `${d.base}${d.actions.remove}`, targetType: d.name, targetId: id, summary: `removed: ${JSON.stringify(fromRow(row as Record<string, unknown>))}` });
    });
    return c.json({ removed: id });
  });
}
