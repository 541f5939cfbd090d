// Content as resources (ARCHITECTURE §4): an editable admin area is described once — its zod
// schema, its table, its list columns and the spec's action names — and registerResource gives it
// its routes: a server-paged, sorted, filtered list; save (insert or update by id, validated,
// audited with what changed); remove (audited). Everything in one transaction with its audit row.
// Areas whose spec has no list action get their list from the page address itself; areas with
// add/update instead of save get both (add refuses a taken id, update a missing one); an item
// without an id is inserted with the next one; `unique` columns answer a field error instead of a
// constraint failure (a composite key is an array of columns); `rules` run the area's own checks
// inside the transaction. Each action may state its spec method (`methods`), remove may take its
// id in the path (DELETE remove/:id), `sections` save a part of an item under their own action
// names (crews' save/gains), `control` serves one item's page (control/:id), export/import give
// the JSON document and its validated all-or-nothing import with a preview (io.ts), and every
// change bumps the area's content cache (`cache`) in its transaction.
import type { Context, Hono } from "hono";
import { z } from "zod";
import { and, asc, count, desc, eq, or, sql, type SQL } from "drizzle-orm";
import type { HonoEnv } from "../../http/env.ts";
import { page, route, type SpecMethod } from "../../http/router.ts";
import * as f from "../../domain/fields.ts";
import { audit, NO_CHANGES, pathAction } from "../../http/audit.ts";
import { fieldError, notFound } from "../../domain/errors.ts";
import { validationError } from "../../http/validate.ts";
import { registerResourceIo } from "./io.ts";
import {
  col,
  diff,
  editable,
  formSchema,
  touchCache,
  uniqueClash,
  type Item,
  type ResourceActionNames,
  type ResourceDescription,
} from "./description.ts";
import { detailsOf } from "../../domain/audit-details.ts";
import type { Locale } from "../../i18n/index.ts";
import "./messages.ts";

/**
 * What the screen means by a save to a set/save route: `create` (New) never replaces a live item —
 * a taken id is refused under the id field; `edit` never creates — an id nobody has is a 404.
 * Without it the route keeps the spec's set (insert or update by id) for scripts.
 */
export const saveIntent = z.object({ intent: f.optional(z.enum(["create", "edit"])) });

/** The name an operator knows an item by, in their language (tanks' nameEn/nameRu, a bot's name…). */
function itemName(item: Record<string, unknown>, locale: Locale): string | undefined {
  const keys = locale === "en" ? ["nameEn", "nameRu"] : ["nameRu", "nameEn"];
  for (const k of [...keys, "name", "title", "code", "placement"])
    if (typeof item[k] === "string" && item[k]) return item[k] as string;
  return undefined;
}

// The description and the helpers io.ts shares live in description.ts (no index ↔ io cycle).
export { diff, touchCache, uniqueClash, type ResourceActionNames, type ResourceDescription } from "./description.ts";

export function listInputFor(d: ResourceDescription) {
  const shape: Record<string, z.ZodType> = {
    page: f.optional(f.int(1, 100_000)).default(1),
    size: f.optional(f.int(1, 200)).default(20),
    sort: f
      .optional(z.enum(d.columns as [string, ...string[]]))
      .default(d.columns.includes("sortOrder") ? "sortOrder" : "id"),
    dir: f.optional(z.enum(["asc", "desc"])).default("asc"),
    q: f.optionalText(100),
  };
  for (const key of d.filters ?? []) shape[key] = f.optionalText(100);
  return z.object(shape);
}

export async function listResource(
  db: HonoEnv["Variables"]["deps"]["db"],
  d: ResourceDescription,
  q: Record<string, unknown>,
) {
  const conds: (SQL | undefined)[] = [];
  if (typeof q.q === "string" && q.q) {
    const pattern = `%${q.q.replace(/[\\%_]/g, (m) => `\\${m}`)}%`;
    const n = Number(q.q);
    // SQLite's LIKE ignores case for ASCII letters only (Cyrillic search is case-sensitive).
    conds.push(
      or(
        ...d.search.map((k) => sql`${col(d, k)} like ${pattern} escape '\\'`),
        Number.isInteger(n) ? eq(d.table.id, n) : undefined,
      ),
    );
  }
  for (const key of d.filters ?? [])
    if (typeof q[key] === "string")
      conds.push(eq(col(d, key), q[key] === "true" ? 1 : q[key] === "false" ? 0 : q[key]));
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
  const list = d.actions.list && d.methods?.list !== "POST" ? at(d.actions.list)! : d.base;
  const remove = at(d.actions.remove);
  const more = {
    ...(d.actions.export ? { export: at(d.actions.export) } : {}),
    ...(d.actions.import ? { import: at(d.actions.import) } : {}),
    ...(d.actions.invalidateCache ? { invalidateCache: at(d.actions.invalidateCache) } : {}),
    ...(d.actions.control ? { control: at(d.actions.control) } : {}),
    ...(d.removeByPath ? { removeByPath: true } : {}),
    ...(d.sections
      ? { sections: Object.fromEntries(Object.entries(d.sections).map(([a, fields]) => [a, { url: at(a)!, fields }])) }
      : {}),
  };
  const edit = d.actions.set
    ? { set: at(d.actions.set)! }
    : d.actions.add
      ? { add: at(d.actions.add)!, update: at(d.actions.update)! }
      : {};
  return { list, ...edit, remove, ...more };
}

export function registerResource(app: Hono<HonoEnv>, d: ResourceDescription) {
  const who = { auth: "admin", role: d.role } as const;
  const toRow = d.toRow ?? ((i) => i);
  const fromRow = d.fromRow ?? ((r) => r);
  const listInput = listInputFor(d);
  const byId = z.object({ id: f.id() });
  const actions = resourceActions(d);

  // The page's data: the description the generic resource screen draws its table and form from
  // (and, for an area without a list action, the list itself).
  const form = formSchema(d.schema);
  const description = async (c: Context<HonoEnv>) => ({
    name: d.name,
    columns: d.columns,
    filters: d.filters ?? [],
    form,
    actions,
    money: d.money ?? [],
    ...(await d.pageData?.(c.var.deps.db)),
  });
  // Without a list action — or with a POST-only one — the page answers the list too (with the
  // list's input), so the screen's table can read it by GET.
  const pages = [d.base, ...(d.actions.index ? [`${d.base}${d.actions.index}`] : [])];
  const listByPage = !d.actions.list || d.methods?.list === "POST";
  for (const path of pages)
    if (!listByPage) page(app, { path, ...who }, {}, async (c) => c.json(await description(c)));
    else
      page(app, { path, ...who }, { input: listInput }, async (c, q) =>
        c.json({ ...(await description(c)), ...(await listResource(c.var.deps.db, d, q)) }),
      );
  if (d.actions.control)
    page(app, { path: `${d.base}${d.actions.control}/:id{[0-9]+}`, ...who }, { params: byId }, async (c, { id }) => {
      const [row] = await c.var.deps.db.select().from(d.table).where(eq(d.table.id, id)).limit(1);
      if (!row) throw notFound();
      const item = editable(d, row);
      return c.json({
        name: d.name,
        form,
        actions,
        money: d.money ?? [],
        item,
        ...(await d.pageData?.(c.var.deps.db)),
      });
    });

  const method = (a: keyof ResourceActionNames): SpecMethod => d.methods?.[a] ?? "ANY";
  if (d.actions.list)
    route(
      app,
      { method: method("list"), path: `${d.base}${d.actions.list}`, ...who },
      { input: listInput },
      async (c, q) => c.json(await listResource(c.var.deps.db, d, q)),
    );

  const save = (mode: "set" | "add" | "update") => async (c: Context<HonoEnv>, sent: Item & { intent?: string }) => {
    const { db, clock } = c.var.deps;
    const action = `${d.base}${d.actions[mode]}`;
    const { intent, ...item } = sent as Item & { intent?: "create" | "edit" };
    const creating = mode === "add" || intent === "create";
    const saved = await db.transaction(async (tx) => {
      const [before] =
        item.id === undefined ? [] : await tx.select().from(d.table).where(eq(d.table.id, item.id)).limit(1);
      if (before && mode === "add") throw fieldError({ id: { id: "validation.unique" } });
      if (before && creating) {
        const [{ last }] = await tx.select({ last: sql<number>`max(${d.table.id})` }).from(d.table);
        const name = itemName(fromRow(before as Record<string, unknown>), c.var.locale);
        throw fieldError({
          id: name
            ? { id: "resources.idTaken", values: [item.id, name, Number(last) + 1] }
            : { id: "resources.idTakenUnnamed", values: [item.id, Number(last) + 1] },
        });
      }
      if (!before && (mode === "update" || intent === "edit" || (d.serverIds && item.id !== undefined)))
        throw notFound();
      const clash = await uniqueClash(tx, d, toRow(item), item.id);
      if (clash) throw fieldError({ [clash]: { id: "validation.unique" } });
      const old = before ? fromRow(before as Record<string, unknown>) : undefined;
      await d.rules?.save?.(tx, item, old);
      const row = { ...toRow(item), updatedAt: clock.now() };
      let id = item.id;
      if (before) await tx.update(d.table).set(row).where(eq(d.table.id, item.id!));
      else id = (await tx.insert(d.table).values(row).returning({ id: d.table.id }))[0].id as number;
      await audit(c, tx, {
        action: pathAction(action),
        targetType: d.name,
        targetId: id,
        summary: diff(old, { ...item, id }),
        details: detailsOf(old, { ...item, id }),
      });
      await touchCache(c, tx, d);
      return { created: !before, id };
    });
    return c.json({ item: { ...item, id: saved.id }, created: saved.created });
  };
  for (const mode of ["set", "add", "update"] as const)
    if (d.actions[mode])
      route(
        app,
        { method: method(mode), path: `${d.base}${d.actions[mode]}`, ...who, mutates: true },
        mode === "set" ? { input: d.schema, query: saveIntent } : { input: d.schema },
        save(mode),
      );

  // A section saves some fields of an existing item: the item's schema checks the whole result.
  const objectSchema = d.schema as unknown as z.ZodObject;
  for (const [action, fields] of Object.entries(d.sections ?? {})) {
    const creates = d.createBy === action;
    const part = objectSchema
      .pick(Object.fromEntries(fields.map((k) => [k, true])) as Record<string, true>)
      .extend({ id: creates ? f.optional(f.id()) : f.id() });
    route(
      app,
      { method: "ANY", path: `${d.base}${action}`, ...who, mutates: true },
      { input: part },
      async (c, sent: Item) => {
        const { db } = c.var.deps;
        const item = await db.transaction(async (tx) => {
          const [before] =
            sent.id === undefined ? [] : await tx.select().from(d.table).where(eq(d.table.id, sent.id)).limit(1);
          if (!before && !(creates && sent.id === undefined)) throw notFound();
          const old = before ? editable(d, before) : undefined;
          const next = { ...old, ...sent };
          const whole = d.schema.safeParse(next);
          if (!whole.success) throw validationError(whole.error.issues, next);
          const clash = await uniqueClash(tx, d, toRow(whole.data), sent.id);
          if (clash) throw fieldError({ [clash]: { id: "validation.unique" } });
          await d.rules?.save?.(tx, whole.data, old);
          const row = { ...toRow(whole.data), updatedAt: c.var.deps.clock.now() };
          let id = sent.id;
          if (before) await tx.update(d.table).set(row).where(eq(d.table.id, id!));
          else id = (await tx.insert(d.table).values(row).returning({ id: d.table.id }))[0].id as number;
          await audit(c, tx, {
            action: pathAction(`${d.base}${action}`),
            targetType: d.name,
            targetId: id,
            summary: diff(old, { ...whole.data, id }),
            details: detailsOf(old, { ...whole.data, id }),
          });
          await touchCache(c, tx, d);
          return { ...whole.data, id };
        });
        return c.json({ item, created: sent.id === undefined });
      },
    );
  }

  if (d.actions.invalidateCache)
    route(
      app,
      { method: method("invalidateCache"), path: `${d.base}${d.actions.invalidateCache}`, ...who, mutates: true },
      {},
      async (c) => {
        await c.var.deps.db.transaction(async (tx) => {
          await touchCache(c, tx, d);
          await audit(c, tx, {
            action: pathAction(`${d.base}${d.actions.invalidateCache}`),
            targetType: d.name,
            summary: `cache ${d.cache ?? d.name} invalidated`,
            details: NO_CHANGES,
          });
        });
        return c.json({ invalidated: d.cache ?? d.name });
      },
    );

  if (d.actions.export || d.actions.import) registerResourceIo(app, d);

  const removePath = `${d.base}${d.actions.remove}${d.removeByPath ? "/:id{[0-9]+}" : ""}`;
  const remove = async (c: Context<HonoEnv>, { id }: { id: number }) => {
    const { db } = c.var.deps;
    await db.transaction(async (tx) => {
      const [found] = await tx.select().from(d.table).where(eq(d.table.id, id)).limit(1);
      if (!found) throw notFound();
      await d.rules?.remove?.(tx, fromRow(found as Record<string, unknown>));
      const [row] = await tx.delete(d.table).where(eq(d.table.id, id)).returning();
      await audit(c, tx, {
        action: pathAction(`${d.base}${d.actions.remove}`),
        targetType: d.name,
        targetId: id,
        summary: `removed: ${JSON.stringify(fromRow(row as Record<string, unknown>))}`,
        details: NO_CHANGES,
      });
      await touchCache(c, tx, d);
    });
    return c.json({ removed: id });
  };
  const removeInfo = { method: method("remove"), path: removePath, ...who, mutates: true };
  if (d.actions.remove) {
    if (d.removeByPath) route(app, removeInfo, { params: byId }, remove);
    else route(app, removeInfo, { input: byId }, remove);
  }
}
