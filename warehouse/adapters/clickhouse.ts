// A ClickHouse server over HTTP. The edge passes a client: @clickhouse/client on Bun and
// Deno, @clickhouse/client-web on Workers; both speak the same API.
import type { z } from "zod";
import {
  checkRows,
  insertSettings,
  insertStatement,
  type InsertOptions,
  type Params,
  type RowSchema,
  type Warehouse,
} from "../port.ts";

/** The part of the clickhouse-js client API this adapter uses (common to node and web clients). */
export interface ClickHouseLikeClient {
  query(p: {
    query: string;
    format: string;
    query_params?: Params;
    clickhouse_settings?: Record<string, unknown>;
  }): Promise<{
    json<T>(): Promise<T[]>;
    text(): Promise<string>;
    stream(): unknown;
  }>;
  command(p: { query: string; query_params?: Params; clickhouse_settings?: Record<string, unknown> }): Promise<unknown>;
  exec(p: {
    query: string;
    values?: unknown;
    clickhouse_settings?: Record<string, unknown>;
  }): Promise<{ stream: unknown }>;
  ping(): Promise<{ success: boolean }>;
  close(): Promise<void>;
}

const SETTINGS = { output_format_json_quote_64bit_integers: 0 };

class ClickHouseWarehouse implements Warehouse {
  readonly kind = "clickhouse" as const;
  constructor(
    private readonly client: ClickHouseLikeClient,
    readonly database: string,
    private readonly fetchImpl: typeof fetch,
    private readonly http: { url: string; username: string; password: string },
  ) {}

  async insertLines(table: string, lines: string, opts: InsertOptions = {}): Promise<void> {
    const query = insertStatement(table, opts);
    const settings: Record<string, string> = { database: this.database, ...insertSettings(opts) };
    const url = new URL(this.http.url);
    url.search = new URLSearchParams({ ...settings, query }).toString();
    const res = await this.fetchImpl(url, {
      method: "POST",
      body: lines,
      headers: { "X-ClickHouse-User": this.http.username, "X-ClickHouse-Key": this.http.password },
    });
    if (!res.ok)
      throw new Error(`ClickHouse insert into ${table} failed: ${res.status} ${(await res.text()).slice(0, 300)}`);
    await res.body?.cancel();
  }

  async query<S extends RowSchema>(sql: string, params: Params = {}, row: S): Promise<z.output<S>[]> {
    const rs = await this.client.query({
      query: sql,
      format: "JSONEachRow",
      query_params: params,
      clickhouse_settings: SETTINGS,
    });
    return checkRows(row, await rs.json<unknown>(), sql);
  }

  async command(sql: string, params: Params = {}): Promise<void> {
    await this.client.command({ query: sql, query_params: params });
  }

  stream(sql: string, params: Params, format: string): ReadableStream<Uint8Array> {
    const url = new URL(this.http.url);
    const search = new URLSearchParams({ database: this.database, default_format: format });
    for (const [k, v] of Object.entries(params)) search.set(`param_${k}`, String(v));
    url.search = search.toString();
    const { fetchImpl, http } = this;
    let body: ReadableStream<Uint8Array> | null = null;
    return new ReadableStream<Uint8Array>({
      async start() {
        const res = await fetchImpl(url, {
          method: "POST",
          body: sql,
          headers: { "X-ClickHouse-User": http.username, "X-ClickHouse-Key": http.password },
        });
        if (!res.ok) throw new Error(`ClickHouse query failed: ${res.status} ${(await res.text()).slice(0, 300)}`);
        body = res.body;
      },
      async pull(controller) {
        const reader = body!.getReader();
        const { done, value } = await reader.read();
        reader.releaseLock();
        if (done) controller.close();
        else controller.enqueue(value);
      },
    });
  }

  async ping(): Promise<boolean> {
    try {
      return (await this.client.ping()).success;
    } catch {
      return false;
    }
  }

  close(): Promise<void> {
    return this.client.close();
  }
}

export interface ClickHouseSettings {
  url: string;
  username: string;
  password: string;
  database: string;
}

/** Wraps a clickhouse-js client (created by the edge for its runtime) and makes the database ready. */
export async function openClickHouseWarehouse(
  client: ClickHouseLikeClient,
  settings: ClickHouseSettings,
  fetchImpl: typeof fetch = fetch,
): Promise<Warehouse> {
  if (!/^[A-Za-z_][A-Za-z0-9_]*$/.test(settings.database))
    throw new Error(`invalid warehouse database name: ${settings.database}`);
  await client.command({ query: `CREATE DATABASE IF NOT EXISTS ${settings.database}` });
  return new ClickHouseWarehouse(client, settings.database, fetchImpl, settings);
}
