// TEST ONLY: the part of ClickHouse's HTTP interface our Worker uses (through
// @clickhouse/client-web and warehouse/adapters/clickhouse.ts), answered by embedded chDB, so a
// Worker under `wrangler dev` can have a live warehouse in edge/runtimes.test.ts:
//   GET /ping; POST / with the SQL as body (`… FORMAT X` appended by the client, or
//   default_format), `param_*` bindings and `database`; POST /?query=INSERT … FORMAT
//   JSONEachRow|JSONCompactEachRow with the lines as body and insert_deduplication_token.
// Not a ClickHouse server: no auth, no other settings; use ClickHouse 24.8+ in production.
import { openChdbWarehouse } from "../../warehouse/adapters/chdb.ts";
import type { Warehouse, InsertFormat } from "../../warehouse/port.ts";

const INSERT =
  /^INSERT INTO ([A-Za-z_][A-Za-z0-9_]*)(?: \(([A-Za-z0-9_, ]+)\))? FORMAT (JSONEachRow|JSONCompactEachRow)\s*$/;
const TRAILING_FORMAT = /\s+FORMAT\s+([A-Za-z]+)\s*;?\s*$/i;

/** A parameter value as the client escapes it for the URL (tab, newline, quote, backslash; \N is NULL). */
function unescapeParam(v: string): string | null {
  if (v === "\\N") return null;
  return v.replace(/\\([\\tnr'])/g, (_, ch: string) => ({ t: "\t", n: "\n", r: "\r" })[ch] ?? ch);
}

const failure = (e: unknown) =>
  new Response(`Code: 1000. DB::Exception: ${e instanceof Error ? e.message : String(e)}`, {
    status: 500,
    headers: { "X-ClickHouse-Exception-Code": "1000" },
  });

/** Starts the bridge on 127.0.0.1 (a free port unless given) over chDB data in dir. */
export function startClickHouseHttpBridge(dir: string, port = 0) {
  const warehouses = new Map<string, Promise<Warehouse>>();
  const warehouse = (database: string) => {
    let w = warehouses.get(database);
    if (!w) warehouses.set(database, (w = openChdbWarehouse(dir, database)));
    return w;
  };

  const server = Bun.serve({
    hostname: "127.0.0.1",
    port,
    async fetch(request) {
      const url = new URL(request.url);
      if (url.pathname === "/ping") return new Response("Ok.\n");
      if (url.pathname !== "/") return new Response("not found", { status: 404 });
      const search = url.searchParams;
      try {
        const wh = await warehouse(search.get("database") ?? "default");
        // As in ClickHouse, the SQL is the `query` parameter followed by the body; for an INSERT the
        // body is the data.
        const inUrl = search.get("query") ?? "";
        const body = request.method === "POST" ? await request.text() : "";
        const insert = INSERT.exec(inUrl.trim());
        if (insert) {
          await wh.insertLines(insert[1], body, {
            format: insert[3] as InsertFormat,
            columns: insert[2]?.split(",").map((c) => c.trim()),
            dedupToken: search.get("insert_deduplication_token") ?? undefined,
          });
          return new Response("");
        }
        if (/^\s*insert\b/i.test(inUrl))
          return failure(
            new Error(`this bridge only takes the inserts our adapter sends, not: ${inUrl.slice(0, 200)}`),
          );
        let sql = inUrl ? `${inUrl} ${body}` : body;
        const params: Record<string, unknown> = {};
        for (const [k, v] of search) if (k.startsWith("param_")) params[k.slice("param_".length)] = unescapeParam(v);
        const m = TRAILING_FORMAT.exec(sql);
        if (m) sql = sql.slice(0, m.index);
        if (/^\s*(create|drop|alter|insert|optimize|truncate|system|rename|use)\b/i.test(sql)) {
          await wh.command(sql, params);
          return new Response("");
        }
        const format = m?.[1] ?? search.get("default_format") ?? "TabSeparated";
        // Read the whole answer first, so a failing query is a 500 rather than a broken stream.
        const answer = await new Response(wh.stream(sql, params, format)).arrayBuffer();
        return new Response(answer, { headers: { "X-ClickHouse-Format": format } });
      } catch (e) {
        return failure(e);
      }
    },
  });
  return {
    url: `http://127.0.0.1:${server.port}`,
    /** The warehouse the bridge writes to, for the test's own checks. */
    warehouse,
    async stop() {
      server.stop(true);
      for (const w of warehouses.values()) await (await w).close();
      warehouses.clear();
    },
  };
}
