// What describes a resource area (ResourceDescription) and the helpers both the routes (index.ts)
// and export/import (io.ts) use: the change summary, the unique check, the cache bump.
import type { Context } from "hono";
import { z } from "zod";
import { and, eq } from "drizzle-orm";
import type { SQLiteColumn, SQLiteTable } from "drizzle-orm/sqlite-core";
import type { AdminRole } from "../../db/schema/access.ts";
import type { HonoEnv } from "../../http/env.ts";
import type { SpecMethod } from "../../http/router.ts";
import type { DbOrTx } from "../../db/index.ts";
import { bumpContentCache, dropContentCache } from "../../domain/content-cache.ts";

export type Item = Record<string, unknown> & { id?: number };

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

/** What changed between two items, in a line an operator can read. */
/** A stored row as operators edit it: through the description's fromRow, without its updatedAt. */
export function editable(
  d: { fromRow?: (row: Record<string, unknown>) => Record<string, unknown> },
  row: unknown,
): Record<string, unknown> {
  const { updatedAt: _u, ...item } = (d.fromRow ?? ((r) => r))(row as Record<string, unknown>);
  return item;
}

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

/** Bumps the area's cache in the change's transaction (the other instances reload within CHECK_EVERY). */
export async function touchCache(c: Context<HonoEnv>, tx: DbOrTx, d: ResourceDescription) {
  if (!d.cache) return;
  await bumpContentCache(tx, d.cache, c.var.deps.clock.now());
  dropContentCache(c.var.deps.db, d.cache);
}

/**
 * The JSON Schema of an item's zod schema, as a screen draws its typed form from it (and rebuilds
 * the validator with z.fromJSONSchema). A default behind a preprocess (the fields.ts helpers) or a
 * union is not in the JSON Schema: each field is asked what it gives for nothing.
 */
export function formSchema(schema: z.ZodType): {
  properties?: Record<string, Record<string, unknown>>;
  required?: string[];
} {
  const form = z.toJSONSchema(schema, { io: "input", unrepresentable: "any" }) as {
    properties?: Record<string, Record<string, unknown>>;
  };
  const shape = (schema as unknown as { shape?: Record<string, z.ZodType> }).shape ?? {};
  for (const [key, field] of Object.entries(shape)) {
    const prop = form.properties?.[key];
    const empty = field.safeParse(undefined);
    if (prop && prop.default === undefined && empty.success && empty.data !== undefined) prop.default = empty.data;
  }
  return form;
}
