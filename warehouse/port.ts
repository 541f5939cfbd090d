// The Warehouse port: what the app and the shipper need from ClickHouse, whichever engine
// (embedded chDB or a ClickHouse server) is behind it. SQL is the same for both; values are
// bound server-side with {name:Type} placeholders, never pasted into the text.

import type { z } from "zod";

export type Params = Record<string, unknown>;

/**
 * What a query's rows look like: a zod schema of one row. The adapters check every row against
 * it and answer the schema's output, so a column renamed or retyped in SQL fails loudly at the
 * boundary instead of flowing on as an unchecked cast (~0.2 µs a row of four columns).
 */
export type RowSchema = z.ZodType<Record<string, unknown>>;

/** Checks a result's rows against their schema (a mismatch is a bug: it throws, a 500). */
export function checkRows<S extends RowSchema>(row: S, rows: unknown[], sql: string): z.output<S>[] {
  const out: z.output<S>[] = new Array(rows.length);
  for (let i = 0; i < rows.length; i++) {
    const r = row.safeParse(rows[i]);
    if (!r.success) {
      const issue = r.error.issues[0]!;
      throw new Error(
        `warehouse row ${i} does not match its schema at ${issue.path.join(".") || "(row)"}: ${issue.message} — ${sql.replace(/\s+/g, " ").slice(0, 120)}`,
      );
    }
    out[i] = r.data;
  }
  return out;
}

export type InsertFormat = "JSONEachRow" | "JSONCompactEachRow";

export interface InsertOptions {
  dedupToken?: string;
  format?: InsertFormat;
  /** The columns the lines' values are for, in order (required for JSONCompactEachRow). */
  columns?: readonly string[];
}

const SAFE_NAME = /^[A-Za-z_][A-Za-z0-9_]*$/;

/** Checks an insert's names (they cannot be bound) and format; returns the format. */
export function checkInsert(table: string, opts: InsertOptions = {}): InsertFormat {
  const bad = [table, ...(opts.columns ?? [])].find((n) => !SAFE_NAME.test(n));
  if (bad !== undefined) throw new Error(`invalid warehouse name: ${bad}`);
  const format = opts.format ?? "JSONEachRow";
  if (format !== "JSONEachRow" && format !== "JSONCompactEachRow")
    throw new Error(`unsupported insert format: ${format}`);
  if (format === "JSONCompactEachRow" && !opts.columns?.length)
    throw new Error("JSONCompactEachRow lines need their columns");
  return format;
}

/**
 * An insert's settings, the same on every engine. With a dedupToken, a block inserted again with
 * the same token is dropped, in the raw table and in the views it feeds. JSONCompactEachRow
 * lines may end early: a line written before a column was appended to its table (an outbox line
 * older than the column, see EVENT_COLUMNS) leaves that column at its default, instead of
 * failing the whole batch; values past the named columns are ignored the same way.
 */
export function insertSettings(opts: InsertOptions = {}): Record<string, string> {
  const settings: Record<string, string> = {};
  if (opts.dedupToken) {
    settings.insert_deduplication_token = opts.dedupToken;
    settings.deduplicate_blocks_in_dependent_materialized_views = "1";
  }
  if (opts.format === "JSONCompactEachRow") settings.input_format_json_compact_allow_variable_number_of_columns = "1";
  return settings;
}

/** `INSERT INTO table (columns) FORMAT format`, checked. */
export function insertStatement(table: string, opts: InsertOptions = {}): string {
  const format = checkInsert(table, opts);
  return `INSERT INTO ${table}${opts.columns?.length ? ` (${opts.columns.join(", ")})` : ""} FORMAT ${format}`;
}

export interface Warehouse {
  readonly kind: "chdb" | "clickhouse";
  readonly database: string;
  /**
   * Inserts lines of a JSON row format (JSONEachRow unless opts.format says otherwise;
   * JSONCompactEachRow lines hold the values of opts.columns in order). With a dedupToken, the
   * same token inserted again into the same table is dropped by ClickHouse, so a retried batch
   * never double-counts.
   */
  insertLines(table: string, lines: string, opts?: InsertOptions): Promise<void>;
  /**
   * Runs a SELECT and returns its rows checked against `row` (64-bit integers arrive as numbers
   * where they fit; a Date or DateTime as a string).
   */
  query<S extends RowSchema>(sql: string, params: Params | undefined, row: S): Promise<z.output<S>[]>;
  /** Runs DDL or another statement without rows. */
  command(sql: string, params?: Params): Promise<void>;
  /** Streams a result in a text format (CSVWithNames, JSONEachRow…) for exports. */
  stream(sql: string, params: Params, format: string): ReadableStream<Uint8Array>;
  /** True when the engine answers a trivial query. */
  ping(): Promise<boolean>;
  close(): Promise<void>;
}
