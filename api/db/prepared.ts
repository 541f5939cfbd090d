// Statements built once per database handle: drizzle's `.prepare()` with `sql.placeholder`s. A
// select built per request costs ~80–120 µs of drizzle putting SQL text together; a prepared one
// runs at once (the bun:sqlite client also keeps the compiled statement by its text). The reads of
// the player site and the game are written this way (docs/decisions/read-path.md); bench/
// player-reads.ts runs their very SQL on a bare server over bun:sqlite for the ratio.
//
// Where the driver reads synchronously (bun:sqlite: the client's `valuesSync`), a prepared select
// runs without drizzle's async layers — the cache check, the driver's promise, the libSQL-shaped
// row built per row — and drizzle's own mapping (`mapAllResult`/`mapGetResult`) turns the value
// arrays into its result: ~10 µs less a statement (bench/request-cost.ts). The answers are drizzle's
// answers, still promises; `getNow`/`allNow` give them at once where a caller stays synchronous.
import { Column, is, Param, Placeholder, SQL, Subquery } from "drizzle-orm";
import { DrizzleQueryError } from "drizzle-orm/errors";
import { type PreparedQueryConfig, SQLitePreparedQuery } from "drizzle-orm/sqlite-core";
import type { InStatement } from "@libsql/client";
import type { Db } from "./index.ts";
import type { SyncReads } from "./read.ts";

export function preparedOnce<T>(build: (db: Db) => T): (db: Db) => T {
  const made = new WeakMap<Db, T>();
  return (db) => {
    let statements = made.get(db);
    if (!statements) made.set(db, (statements = readingAtOnce(build(db))));
    return statements;
  };
}

/** A prepared select that may also answer at once (undefined where the driver cannot). */
export interface ReadsAtOnce<Get, All> {
  getNow?(values?: Record<string, unknown>): Get;
  allNow?(values?: Record<string, unknown>): All;
}

type Internals = {
  client?: Partial<SyncReads>;
  tx?: unknown;
  fields?: unknown;
  customResultMapper?: unknown;
  query: { sql: string; params: unknown[] };
  executeMethod: "get" | "all" | "run" | "values";
  mapAllResult(rows: unknown[]): unknown;
  mapGetResult(rows: unknown[]): unknown;
};

/**
 * The statements of `built` (an object of prepared queries, nested objects too), each prepared
 * select with fields over a synchronous driver answering through {@link atOnce}; the others as
 * they are.
 */
function readingAtOnce<T>(built: T): T {
  if (built instanceof SQLitePreparedQuery) return atOnce(built) as T;
  if (built && typeof built === "object" && Object.getPrototypeOf(built) === Object.prototype)
    for (const [k, v] of Object.entries(built)) (built as Record<string, unknown>)[k] = readingAtOnce(v);
  return built;
}

function atOnce<Q extends SQLitePreparedQuery<PreparedQueryConfig>>(prepared: Q): Q {
  const p = prepared as unknown as Internals;
  const valuesSync = p.client?.valuesSync;
  // Only a select of the database handle (not of a transaction) with drizzle's field mapping.
  if (!valuesSync || p.tx || !p.fields || p.customResultMapper || !/^\s*select\b/i.test(p.query.sql)) return prepared;
  const { sql, params } = p.query;
  const client = p.client;
  const fill = placeholderFiller(params);
  const rows = (values?: Record<string, unknown>) => {
    const args = fill(values ?? {}) as InStatement extends { args?: infer A } ? A : never;
    try {
      return valuesSync.call(client, { sql, args });
    } catch (e) {
      // As drizzle reports a failed query.
      throw new DrizzleQueryError(sql, args as unknown[], e as Error);
    }
  };
  const mapRow = flatRowMapper(p.fields as SelectedField[]);
  const getNow = mapRow
    ? (values?: Record<string, unknown>) => {
        const row = rows(values)[0];
        return row ? mapRow(row) : undefined;
      }
    : (values?: Record<string, unknown>) => p.mapGetResult(rows(values));
  const allNow = mapRow
    ? (values?: Record<string, unknown>) => rows(values).map(mapRow)
    : (values?: Record<string, unknown>) => p.mapAllResult(rows(values));
  const later =
    <R>(now: (values?: Record<string, unknown>) => R) =>
    (values?: Record<string, unknown>): Promise<R> => {
      try {
        return Promise.resolve(now(values));
      } catch (e) {
        return Promise.reject(e);
      }
    };
  const fast = Object.create(prepared) as Internals & Record<string, unknown>;
  Object.assign(fast, {
    getNow,
    allNow,
    get: later(getNow),
    all: later(allNow),
    values: later(rows),
    execute: later(p.executeMethod === "get" ? getNow : allNow),
  });
  return fast as unknown as Q;
}

/** A selected field as drizzle orders them: where it goes in the result, and what it is. */
interface SelectedField {
  path: string[];
  field: unknown;
}
interface Decoder {
  mapFromDriverValue(value: unknown): unknown;
}

/**
 * drizzle's fillPlaceholders with what each parameter is decided once: a statement's parameters
 * are fixed, only the placeholders' values change per call.
 */
function placeholderFiller(params: unknown[]): (values: Record<string, unknown>) => unknown[] {
  const slots = params.map((p) =>
    is(p, Placeholder)
      ? { name: p.name as string }
      : is(p, Param) && is(p.value, Placeholder)
        ? { name: p.value.name as string, encoder: p.encoder as { mapToDriverValue(v: unknown): unknown } }
        : { value: p },
  );
  return (values) => {
    const args = new Array<unknown>(slots.length);
    for (let i = 0; i < slots.length; i++) {
      const slot = slots[i];
      if (slot.name === undefined) args[i] = slot.value;
      else {
        if (!(slot.name in values)) throw new Error(`No value for placeholder "${slot.name}" was provided`);
        args[i] = slot.encoder ? slot.encoder.mapToDriverValue(values[slot.name]) : values[slot.name];
      }
    }
    return args;
  };
}

/**
 * drizzle's mapResultRow for a select of top-level fields (no nested objects: no joined table's
 * columns grouped under its name), with each field's decoder found once: the same object, keys
 * in the same order, each value decoded unless null. Undefined for a nested select (drizzle maps it).
 */
function flatRowMapper(fields: SelectedField[]): ((row: unknown[]) => Record<string, unknown>) | undefined {
  if (!fields.every((f) => f.path.length === 1)) return undefined;
  const keys = fields.map((f) => f.path[0]);
  const decoders = fields.map(({ field }) => decoderOf(field));
  return (row) => {
    const out: Record<string, unknown> = {};
    for (let i = 0; i < keys.length; i++) {
      let value = row[i];
      // libSQL's normalizeFieldValue: a blob as a Buffer.
      if (value instanceof ArrayBuffer) value = Buffer.from(value);
      out[keys[i]] = value === null ? null : decoders[i].mapFromDriverValue(value);
    }
    return out;
  };
}

/** The decoder drizzle's mapResultRow picks for a field. */
function decoderOf(field: unknown): Decoder {
  if (is(field, Column)) return field;
  // SQL's decoder is drizzle-internal (mapWith sets it).
  const decoder = (sql: unknown) => (sql as { decoder: Decoder }).decoder;
  if (is(field, SQL)) return decoder(field);
  if (is(field, Subquery)) return decoder(field._.sql);
  return decoder((field as { sql: unknown }).sql);
}

/** An answer now where it can be, else its promise. */
export type Later<T> = T | Promise<T>;

/** `f` of a value that may be ready now: at once if it is, else when it is. */
export const thenNow = <T, R>(v: Later<T>, f: (v: T) => Later<R>): Later<R> =>
  v instanceof Promise ? v.then(f) : f(v);

/** A prepared select's first row at once where the driver reads synchronously, else its promise. */
export function getNow<R>(
  prepared: { get(values?: Record<string, unknown>): Promise<R> } & ReadsAtOnce<R, unknown>,
  values?: Record<string, unknown>,
): R | Promise<R> {
  return prepared.getNow ? prepared.getNow(values) : prepared.get(values);
}

/** A prepared select's rows at once where the driver reads synchronously, else their promise. */
export function allNow<R>(
  prepared: { all(values?: Record<string, unknown>): Promise<R> } & ReadsAtOnce<unknown, R>,
  values?: Record<string, unknown>,
): R | Promise<R> {
  return prepared.allNow ? prepared.allNow(values) : prepared.all(values);
}

/** One step of a read written as a generator: `const row = yield* ready(getNow(statement, values))`. */
export function* ready<T>(value: T | Promise<T>): Generator<T | Promise<T>, T, unknown> {
  return (yield value) as T;
}

/**
 * Runs a read written as a generator of its statements' answers ({@link ready}): at once while
 * each answer is (prepared selects over bun:sqlite), on promises from the first that is not
 * (other drivers). A read of several statements answers with no turn of the event loop between
 * them where it can.
 */
export function readSteps<T>(steps: Generator<unknown, T, unknown>): T | Promise<T> {
  let step = steps.next();
  while (!step.done) {
    if (step.value instanceof Promise) return stepsLater(steps, step.value);
    step = steps.next(step.value);
  }
  return step.value;
}

async function stepsLater<T>(steps: Generator<unknown, T, unknown>, pending: Promise<unknown>): Promise<T> {
  let step: IteratorResult<unknown, T> = { done: false, value: pending };
  while (!step.done) {
    let value: unknown;
    let failed = false;
    try {
      value = await step.value;
    } catch (e) {
      value = e;
      failed = true;
    }
    step = failed ? steps.throw(value) : steps.next(value);
  }
  return step.value;
}
