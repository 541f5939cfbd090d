// Content as resources (ARCHITECTURE §4), the rules: an editable area is described once — its zod
// schema, its table, its list columns, the spec's action names — and these services list, read,
// save (insert or update by id, validated, unique keys checked, the area's rules run), save a
// section, remove and import its items, each change with its admin log row (from the context's
// operator) and its content cache bump in one transaction. The routes are api/admin/resources/.
import { z } from "zod";
import { and, asc, count, desc, eq, or, sql, type SQL } from "drizzle-orm";
import type { SQLiteColumn, SQLiteTable } from "drizzle-orm/sqlite-core";
import type { AdminRole } from "../db/schema/access.ts";
import type { DbOrTx } from "../db/index.ts";
import type { Contract, SpecMethod } from "../contracts/contract.ts";
import { AppError, fieldError, notFound } from "./errors.ts";
import { issueMessage, validationError } from "./validation.ts";
import { audit, detailsOf, NO_CHANGES, pathAction, valuesOf } from "./audit.ts";
import { changesOf, type AuditChange } from "./audit-details.ts";
import { bumpContentCache, dropContentCache } from "./content-cache.ts";
import { type AdminCtx, type Ctx, inTransaction, transact } from "./context.ts";
import { translate, type Locale } from "../i18n/index.ts";

export type Item = Record<string, unknown> & { id?: number };
/** An item as stored: its id is known. */
export type StoredItem = Record<string, unknown> & { id: number };

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
  actions: ResourceActionNames;
  /** The spec's method of an action where it states one (ANY otherwise). */
  methods?: Partial<Record<keyof ResourceActionNames, SpecMethod>>;
  /** remove takes its id from the path: `${remove}/:id{[0-9]+}` (the spec's DELETE remove/{id}). */
  removeByPath?: boolean;
  /** Ids are the store's (autoincrement): set without an id inserts, set with an unknown id is a 404. */
  serverIds?: boolean;
  /** Parts of an item saved on their own (action name → the fields it saves); the item must exist. */
  sections?: Record<string, string[]>;
  /** The section that creates an item when sent without an id (the others take their defaults). */
  createBy?: string;
  /** Fields the form shows as money (integer units of a currency). */
  money?: string[];
  /** The content cache every change of this area bumps (api/domain/content-cache.ts). */
  cache?: string;
  /** Columns (or column groups: a composite key) whose value no two rows share (checked in the transaction, answered as a field error). */
  unique?: (string | string[])[];
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
  /** The page's contract when its screen reads the page data typed (resourceListPage, api/contracts/admin/resources.ts). */
  page?: Contract;
}

export interface ResourceActionNames {
  list?: string;
  set?: string;
  add?: string;
  update?: string;
  remove?: string;
  /** The page of one item: `${control}/:id{[0-9]+}` answers the item as JSON. */
  control?: string;
  /** Another address of the page itself (the spec's crews/index). */
  index?: string;
  export?: string;
  import?: string;
  invalidateCache?: string;
}

export const col = (d: ResourceDescription, key: string) => (d.table as unknown as Record<string, SQLiteColumn>)[key];

/** A stored row as operators edit it: through the description's fromRow, without its updatedAt. */
export function editable(
  d: { fromRow?: (row: Record<string, unknown>) => Record<string, unknown> },
  row: unknown,
): StoredItem {
  const { updatedAt: _u, ...item } = (d.fromRow ?? ((r) => r))(row as Record<string, unknown>);
  return item as StoredItem;
}

/** What changed between two items, in a line an operator can read. */
export function diff(before: Record<string, unknown> | undefined, after: Record<string, unknown>): string {
  if (!before) return `created: ${JSON.stringify(after)}`;
  const parts = Object.keys(after)
    .filter((k) => k !== "updatedAt" && JSON.stringify(before[k]) !== JSON.stringify(after[k]))
    .map((k) => `${k} ${JSON.stringify(before[k])} → ${JSON.stringify(after[k])}`);
  return parts.length ? parts.join("; ") : "no change";
}

/** Which rows already hold this item's unique values (composite keys compare every column). */
export async function uniqueClash(
  tx: DbOrTx,
  d: ResourceDescription,
  row: Record<string, unknown>,
  id: number | undefined,
): Promise<string | undefined> {
  for (const key of d.unique ?? []) {
    const cols = Array.isArray(key) ? key : [key];
    const [taken] = await tx
      .select({ id: d.table.id })
      .from(d.table)
      .where(and(...cols.map((k) => eq(col(d, k), row[k]))))
      .limit(1);
    if (taken && taken.id !== id) return cols[cols.length - 1];
  }
  return undefined;
}

/**
 * A change of a cached area, in one transaction: `change` runs with the area's cache bumped in the
 * same transaction (the other instances reload within CHECK_EVERY), and this instance drops its
 * copy once the change is committed (a transaction the caller holds commits later: its bump tells).
 */
export async function withCacheBump<T>(
  ctx: Ctx,
  cache: string | undefined,
  change: (tx: AdminCtx["db"]) => Promise<T>,
): Promise<T> {
  const result = await transact(ctx, async ({ db }) => {
    const out = await change(db);
    if (cache) await bumpContentCache(db, cache, ctx.clock.now());
    return out;
  });
  if (cache && !inTransaction(ctx.db)) dropContentCache(ctx.db, cache);
  return result;
}

/**
 * A field of an area's typed form, as `z.toJSONSchema` writes it from the area's item schema: the
 * part of JSON Schema the generic form reads (ui/lib/schema-form.ts).
 */
export interface FormProp {
  type?: string | string[];
  enum?: (string | number)[];
  const?: unknown;
  anyOf?: FormProp[];
  default?: unknown;
  properties?: Record<string, FormProp>;
  additionalProperties?: unknown;
  items?: FormProp;
  required?: string[];
  minimum?: number;
  maximum?: number;
}
/** An item's form: the JSON Schema of its object schema. */
export type JsonSchemaForm = FormProp & { properties: Record<string, FormProp> };

/**
 * The JSON Schema of an item's zod schema, as a screen draws its typed form from it (and rebuilds
 * the validator with z.fromJSONSchema). A default behind a preprocess (the fields.ts helpers) or a
 * union is not in the JSON Schema: each field is asked what it gives for nothing.
 */
export function formSchema(schema: z.ZodType): JsonSchemaForm {
  const form = z.toJSONSchema(schema, { io: "input", unrepresentable: "any" }) as JsonSchemaForm;
  const shape = (schema as unknown as { shape?: Record<string, z.ZodType> }).shape ?? {};
  for (const [key, field] of Object.entries(shape)) {
    const prop = form.properties?.[key];
    const empty = field.safeParse(undefined);
    if (prop && prop.default === undefined && empty.success && empty.data !== undefined) prop.default = empty.data;
  }
  return form;
}

/** A list query: page, size, sort column and direction, free text, exact filters by column. */
export interface ListQuery {
  page: number;
  size: number;
  sort: string;
  dir: "asc" | "desc";
  q?: string;
  [filter: string]: unknown;
}

/** One page of an area's items, sorted and filtered, with the total. */
export async function listResource({ ctx, input }: { ctx: Ctx; input: { d: ResourceDescription; query: ListQuery } }) {
  const { d, query: q } = input;
  const db = ctx.db;
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
  const sortCol = col(d, q.sort);
  const rows = await db
    .select()
    .from(d.table)
    .where(where)
    .orderBy(q.dir === "desc" ? desc(sortCol) : asc(sortCol), asc(d.table.id))
    .limit(q.size)
    .offset((q.page - 1) * q.size);
  const [{ n }] = await db.select({ n: count() }).from(d.table).where(where);
  const from = d.fromRow ?? ((r) => r);
  const items = rows.map((r) => from(r as Record<string, unknown>) as StoredItem);
  return {
    rows: (d.decorate ? await d.decorate(db, items) : items) as StoredItem[],
    total: n,
    page: q.page,
    size: q.size,
  };
}

/** One item as operators edit it (404 when there is none). */
export async function resourceItem({ ctx, input }: { ctx: Ctx; input: { d: ResourceDescription; id: number } }) {
  const { d, id } = input;
  const [row] = await ctx.db.select().from(d.table).where(eq(d.table.id, id)).limit(1);
  if (!row) throw notFound();
  return editable(d, row);
}

/** Every item of the area as operators edit them, by id (the export's items). */
export async function allItems(db: DbOrTx, d: ResourceDescription) {
  const rows = await db.select().from(d.table).orderBy(d.table.id);
  return rows.map((r) => editable(d, r));
}

/** The name an operator knows an item by, in their language (tanks' nameEn/nameRu, a bot's name…). */
function itemName(item: Record<string, unknown>, locale: Locale): string | undefined {
  const keys = locale === "en" ? ["nameEn", "nameRu"] : ["nameRu", "nameEn"];
  for (const k of [...keys, "name", "title", "code", "placement"])
    if (typeof item[k] === "string" && item[k]) return item[k] as string;
  return undefined;
}

/**
 * Saves an item. `mode` is the area's action: set (insert or update by id), add (refuses a taken
 * id), update (refuses a missing one). `intent` is the screen's: create (New) never replaces a live
 * item — a taken id is refused under the id field, naming the item and the next free id — and edit
 * never creates. `action` is the route's path (the admin log's action).
 */
export async function saveResource({
  ctx,
  input,
}: {
  ctx: AdminCtx;
  input: {
    d: ResourceDescription;
    mode: "set" | "add" | "update";
    action: string;
    item: Item;
    intent?: "create" | "edit";
    locale: Locale;
  };
}) {
  const { d, mode, item, intent } = input;
  const toRow = d.toRow ?? ((i) => i);
  const fromRow = d.fromRow ?? ((r) => r);
  const creating = mode === "add" || intent === "create";
  const saved = await withCacheBump(ctx, d.cache, async (tx) => {
    const [before] =
      item.id === undefined ? [] : await tx.select().from(d.table).where(eq(d.table.id, item.id)).limit(1);
    if (before && mode === "add") throw fieldError({ id: { id: "validation.unique" } });
    if (before && creating) {
      const [{ last }] = await tx.select({ last: sql<number>`max(${d.table.id})` }).from(d.table);
      const name = itemName(fromRow(before as Record<string, unknown>), input.locale);
      throw fieldError({
        id: name
          ? { id: "resources.idTaken", values: [item.id, name, Number(last) + 1] }
          : { id: "resources.idTakenUnnamed", values: [item.id, Number(last) + 1] },
      });
    }
    if (!before && (mode === "update" || intent === "edit" || (d.serverIds && item.id !== undefined))) throw notFound();
    const clash = await uniqueClash(tx, d, toRow(item), item.id);
    if (clash) throw fieldError({ [clash]: { id: "validation.unique" } });
    const old = before ? fromRow(before as Record<string, unknown>) : undefined;
    await d.rules?.save?.(tx, item, old);
    const row = { ...toRow(item), updatedAt: ctx.clock.now() };
    let id = item.id;
    if (before)
      await tx
        .update(d.table)
        .set(row)
        .where(eq(d.table.id, item.id as number));
    else id = (await tx.insert(d.table).values(row).returning({ id: d.table.id }))[0].id as number;
    await audit(
      { ...ctx, db: tx },
      {
        action: pathAction(input.action),
        targetType: d.name,
        targetId: id,
        summary: diff(old, { ...item, id }),
        details: detailsOf(old, { ...item, id }),
      },
    );
    return { created: !before, id: id as number };
  });
  return { item: { ...item, id: saved.id }, created: saved.created };
}

/**
 * Saves a section (some fields) of an item: the item must exist, unless the section creates items
 * (`creates`) and no id is sent; the item's whole schema checks the result.
 */
export async function saveResourceSection({
  ctx,
  input,
}: {
  ctx: AdminCtx;
  input: { d: ResourceDescription; action: string; creates: boolean; sent: Item };
}) {
  const { d, sent } = input;
  const toRow = d.toRow ?? ((i) => i);
  const item = await withCacheBump(ctx, d.cache, async (tx) => {
    const [before] =
      sent.id === undefined ? [] : await tx.select().from(d.table).where(eq(d.table.id, sent.id)).limit(1);
    if (!before && !(input.creates && sent.id === undefined)) throw notFound();
    const old = before ? editable(d, before) : undefined;
    const next = { ...old, ...sent };
    const whole = d.schema.safeParse(next);
    if (!whole.success) throw validationError(whole.error.issues, next);
    const clash = await uniqueClash(tx, d, toRow(whole.data), sent.id);
    if (clash) throw fieldError({ [clash]: { id: "validation.unique" } });
    await d.rules?.save?.(tx, whole.data, old);
    const row = { ...toRow(whole.data), updatedAt: ctx.clock.now() };
    let id = sent.id;
    if (before)
      await tx
        .update(d.table)
        .set(row)
        .where(eq(d.table.id, id as number));
    else id = (await tx.insert(d.table).values(row).returning({ id: d.table.id }))[0].id as number;
    await audit(
      { ...ctx, db: tx },
      {
        action: pathAction(input.action),
        targetType: d.name,
        targetId: id,
        summary: diff(old, { ...whole.data, id }),
        details: detailsOf(old, { ...whole.data, id }),
      },
    );
    return { ...whole.data, id: id as number };
  });
  return { item, created: sent.id === undefined };
}

/** Removes an item (404 when there is none; the area's rules may refuse). */
export async function removeResource({
  ctx,
  input,
}: {
  ctx: AdminCtx;
  input: { d: ResourceDescription; action: string; id: number };
}) {
  const { d, id } = input;
  const fromRow = d.fromRow ?? ((r) => r);
  await withCacheBump(ctx, d.cache, async (tx) => {
    const [found] = await tx.select().from(d.table).where(eq(d.table.id, id)).limit(1);
    if (!found) throw notFound();
    await d.rules?.remove?.(tx, fromRow(found as Record<string, unknown>));
    const [row] = await tx.delete(d.table).where(eq(d.table.id, id)).returning();
    await audit(
      { ...ctx, db: tx },
      {
        action: pathAction(input.action),
        targetType: d.name,
        targetId: id,
        summary: `removed: ${JSON.stringify(fromRow(row as Record<string, unknown>))}`,
        details: NO_CHANGES,
      },
    );
  });
  return { removed: id };
}

/** Drops the area's content cache on every instance (the game reads the new data now). */
export async function invalidateResourceCache({
  ctx,
  input,
}: {
  ctx: AdminCtx;
  input: { d: ResourceDescription; action: string };
}) {
  const { d } = input;
  await withCacheBump(ctx, d.cache, (tx) =>
    audit(
      { ...ctx, db: tx },
      {
        action: pathAction(input.action),
        targetType: d.name,
        summary: `cache ${d.cache ?? d.name} invalidated`,
        details: NO_CHANGES,
      },
    ),
  );
  return { invalidated: d.cache ?? d.name };
}

/** What an import finds: items added, changed (with what), unchanged. */
export interface ImportChanges {
  added: number[];
  changed: { id: number; summary: string; changes: AuditChange[] }[];
  unchanged: number;
}

/** The 400 an import answers: which row and field, in the request's locale; nothing was changed. */
export const importError = (detail: string) =>
  new AppError("validation", "system.error.import", [detail], 400, { file: { id: "validation.pattern" } });

/** Parses a JSON document of the given format; a broken file is one 400 naming where. */
export function readDocument<S extends z.ZodType>(text: string, format: string, body: S, locale: Locale): z.output<S> {
  let doc: unknown;
  try {
    doc = JSON.parse(text.replace(/^\uFEFF/, ""));
  } catch {
    throw importError("JSON");
  }
  const head = z.object({ format: z.literal(format), version: z.literal(1) }).safeParse(doc);
  if (!head.success)
    throw importError(
      `${head.error.issues[0].path.join(".") || "file"}: ${translate(locale, issueMessage(head.error.issues[0], doc).id)}`,
    );
  const r = body.safeParse(doc);
  if (!r.success) {
    const issue = r.error.issues[0];
    const m = issueMessage(issue, doc);
    throw importError(`${issue.path.join(".")}: ${translate(locale, m.id, m.values)}`);
  }
  return r.data;
}

/**
 * Imports items (each already valid by the area's schema, ids unique in the file): adds and
 * updates, never removes; unique keys and the area's rules are checked against the file's own
 * earlier rows. Without `apply` nothing is kept (a preview); with it, all of it with one audit row.
 */
export async function importResource({
  ctx,
  input,
}: {
  ctx: AdminCtx;
  input: { d: ResourceDescription; action: string; items: (Item & { id: number })[]; apply: boolean; locale: Locale };
}): Promise<ImportChanges> {
  const { d, items, apply, locale } = input;
  const toRow = d.toRow ?? ((i) => i);
  const from = d.fromRow ?? ((r) => r);
  const at = ctx.clock.now();
  const scan = async (tx: AdminCtx["db"]) => {
    const before = new Map(
      (await tx.select().from(d.table)).map((r) => {
        const item = from(r as Record<string, unknown>);
        return [item.id as number, item];
      }),
    );
    const changes: ImportChanges = { added: [], changed: [], unchanged: 0 };
    // Written as it goes so unique keys see the file's own earlier rows; a preview rolls back.
    for (const [i, item] of items.entries()) {
      const old = before.get(item.id);
      const was = old ? (({ updatedAt: _u, ...rest }) => rest)(old) : undefined;
      try {
        const clash = await uniqueClash(tx, d, toRow(item), item.id);
        if (clash) throw new AppError("validation", "validation.unique");
        await d.rules?.save?.(tx, item, was);
      } catch (e) {
        if (e instanceof AppError) throw importError(`${i + 1}: ${translate(locale, e.messageId, e.values)}`);
        throw e;
      }
      const summary = diff(was, item);
      if (!old) changes.added.push(item.id);
      else if (summary === "no change") {
        changes.unchanged++;
        continue;
      } else changes.changed.push({ id: item.id, summary, changes: changesOf(was, item) });
      const row = { ...toRow(item), updatedAt: at };
      if (old) await tx.update(d.table).set(row).where(eq(d.table.id, item.id));
      else await tx.insert(d.table).values(row);
    }
    if (!apply) throw new Preview(changes);
    await audit(
      { ...ctx, db: tx },
      {
        action: pathAction(input.action),
        targetType: d.name,
        summary: `import: +${changes.added.length} ~${changes.changed.length} =${changes.unchanged}; ${changes.changed.map((x) => `#${x.id}: ${x.summary}`).join("; ")}`,
        details: valuesOf({
          added: changes.added.length,
          changed: changes.changed.length,
          unchanged: changes.unchanged,
        }),
      },
    );
    return changes;
  };
  try {
    // A preview throws out of the transaction: what it wrote rolls back (the caller's must be the store).
    return await withCacheBump(ctx, d.cache, scan);
  } catch (e) {
    if (e instanceof Preview) return e.changes;
    throw e;
  }
}

/** Thrown to roll a preview's writes back while keeping what it found. */
class Preview extends Error {
  constructor(readonly changes: ImportChanges) {
    super("preview");
  }
}
