// The Warehouse port: what the app and the shipper need from ClickHouse, whichever engine
// (embedded chDB or a ClickHouse server) is behind it. SQL is the same for both; values are
// bound server-side with {name:Type} placeholders, never pasted into the text.

export type Params = Record<string, unknown>;

export interface Warehouse {
  readonly kind: "chdb" | "clickhouse";
  readonly database: string;
  /**
   * Inserts JSONEachRow lines. With a dedupToken, the same token inserted again into the
   * same table is dropped by ClickHouse, so a retried batch never double-counts.
   */
  insertLines(table: string, lines: string, opts?: { dedupToken?: string }): Promise<void>;
  /** Runs a SELECT and returns its rows (64-bit integers arrive as numbers where they fit). */
  query<T = Record<string, unknown>>(sql: string, params?: Params): Promise<T[]>;
  /** Runs DDL or another statement without rows. */
  command(sql: string, params?: Params): Promise<void>;
  /** Streams a result in a text format (CSVWithNames, JSONEachRow…) for exports. */
  stream(sql: string, params: Params, format: string): ReadableStream<Uint8Array>;
  /** True when the engine answers a trivial query. */
  ping(): Promise<boolean>;
  close(): Promise<void>;
}

export class WarehouseUnavailable extends Error {
  constructor(cause: unknown) {
    super(`warehouse unavailable: ${cause instanceof Error ? cause.message : String(cause)}`, { cause });
  }
}
