// TEST ONLY: a small libSQL server speaking Hrana v2 over HTTP (what @libsql/client's web client
// sends: POST /v2/pipeline with a baton per stream) on top of a bun:sqlite file, so a Worker under
// `wrangler dev` can have a live store in edge/runtimes.test.ts. Not for production: no auth, no
// limits; use sqld or Turso there.
import { Database, type SQLQueryBindings } from "bun:sqlite";

type HranaValue =
  | { type: "null" }
  | { type: "integer"; value: string }
  | { type: "float"; value: number }
  | { type: "text"; value: string }
  | { type: "blob"; base64: string };
interface HranaStmt {
  sql?: string;
  sql_id?: number;
  args?: HranaValue[];
  named_args?: { name: string; value: HranaValue }[];
  want_rows?: boolean;
}
type Cond =
  | { type: "ok" | "error"; step: number }
  | { type: "not"; cond: Cond }
  | { type: "and" | "or"; conds: Cond[] }
  | { type: "is_autocommit" };
type StreamRequest =
  | { type: "close" }
  | { type: "execute"; stmt: HranaStmt }
  | { type: "batch"; batch: { steps: { condition?: Cond | null; stmt: HranaStmt }[] } }
  | { type: "sequence"; sql?: string; sql_id?: number }
  | { type: "store_sql"; sql_id: number; sql: string }
  | { type: "close_sql"; sql_id: number }
  | { type: "get_autocommit" };

class HranaError extends Error {
  constructor(
    message: string,
    readonly code: string,
  ) {
    super(message);
  }
}

interface Stream {
  db: Database;
  sqls: Map<number, string>;
}

const b64 = (bytes: Uint8Array) => btoa(String.fromCharCode(...bytes));
const unb64 = (s: string) => Uint8Array.from(atob(s), (c) => c.charCodeAt(0));

function fromHrana(v: HranaValue): SQLQueryBindings {
  switch (v.type) {
    case "null":
      return null;
    case "integer":
      return BigInt(v.value);
    case "float":
      return v.value;
    case "text":
      return v.value;
    case "blob":
      return unb64(v.base64);
  }
}

function toHrana(v: unknown): HranaValue {
  if (v === null || v === undefined) return { type: "null" };
  if (typeof v === "bigint") return { type: "integer", value: v.toString() };
  if (typeof v === "number") return { type: "float", value: v };
  if (typeof v === "string") return { type: "text", value: v };
  if (v instanceof Uint8Array) return { type: "blob", base64: b64(v) };
  throw new HranaError(`cannot encode ${typeof v}`, "SQLITE_ERROR");
}

const WRITES = /^\s*(insert|update|delete|replace)\b/i;

/** Starts the server on 127.0.0.1 (a free port unless given); the file is created if missing. */
/**
 * `streamIdleMs`: a stream (with its open transaction, if any) left unused this long is closed and
 * its transaction rolled back, as sqld expires idle streams — so a client killed mid-transaction does
 * not hold the write lock for ever (edge/multi-instance.test.ts kills instances).
 */
export function startLibsqlHttpServer(path: string, port = 0, streamIdleMs = 1_000) {
  const streams = new Map<string, Stream>();
  const idle = new Map<string, ReturnType<typeof setTimeout>>();
  // Connections of closed streams are kept for the next ones (opening one per request cost more
  // than the statements when several servers share this one).
  const pool: Database[] = [];
  const open = (): Stream => {
    const kept = pool.pop();
    if (kept) return { db: kept, sqls: new Map() };
    // safeIntegers: integers come back as bigint, so they travel as Hrana integers, not floats.
    const db = new Database(path, { create: true, safeIntegers: true });
    // No busy wait here: it would block this thread, and with it the stream holding the lock.
    // A busy statement is retried asynchronously instead (see run()).
    db.exec("PRAGMA busy_timeout = 0");
    db.exec("PRAGMA journal_mode = WAL");
    db.exec("PRAGMA foreign_keys = ON");
    return { db, sqls: new Map() };
  };

  async function retryBusy<T>(fn: () => T): Promise<T> {
    const until = Date.now() + 10_000;
    for (;;) {
      try {
        return fn();
      } catch (e) {
        const code = (e as { code?: string }).code ?? "";
        if (!code.startsWith("SQLITE_BUSY") || Date.now() > until) throw e;
        await Bun.sleep(2);
      }
    }
  }

  function sqlOf(s: Stream, stmt: { sql?: string; sql_id?: number }): string {
    if (stmt.sql !== undefined) return stmt.sql;
    const sql = stmt.sql_id !== undefined ? s.sqls.get(stmt.sql_id) : undefined;
    if (sql === undefined) throw new HranaError(`unknown sql_id ${stmt.sql_id}`, "SQL_NOT_FOUND");
    return sql;
  }

  async function execute(s: Stream, stmt: HranaStmt) {
    const sql = sqlOf(s, stmt);
    return retryBusy(() => {
      const prepared = s.db.prepare(sql);
      const named = Object.fromEntries(
        (stmt.named_args ?? []).map((a) => [/^[:@$]/.test(a.name) ? a.name : `$${a.name}`, fromHrana(a.value)]),
      );
      const args = (stmt.named_args?.length ? [named] : (stmt.args ?? []).map(fromHrana)) as SQLQueryBindings[];
      const columns = prepared.columnNames;
      const cols = columns.map((name, i) => ({ name, decltype: prepared.declaredTypes[i] ?? null }));
      let rows: unknown[][] = [];
      let changes = 0;
      let lastRowid: bigint | number | null = null;
      if (columns.length > 0) {
        rows = prepared.values(...args) as unknown[][];
        if (WRITES.test(sql)) {
          const [c, r] = s.db.prepare("SELECT changes(), last_insert_rowid()").values()[0] as [bigint, bigint];
          [changes, lastRowid] = [Number(c), r];
        }
      } else {
        const r = prepared.run(...args);
        [changes, lastRowid] = [r.changes, r.lastInsertRowid];
      }
      prepared.finalize();
      return {
        cols,
        rows: stmt.want_rows === false ? [] : rows.map((row) => row.map(toHrana)),
        affected_row_count: changes,
        last_insert_rowid: lastRowid === null ? null : String(lastRowid),
      };
    });
  }

  async function batch(s: Stream, steps: { condition?: Cond | null; stmt: HranaStmt }[]) {
    const results: (Awaited<ReturnType<typeof execute>> | null)[] = [];
    const errors: ({ message: string; code: string } | null)[] = [];
    const holds = (c: Cond): boolean => {
      switch (c.type) {
        case "ok":
          return results[c.step] != null;
        case "error":
          return errors[c.step] != null;
        case "not":
          return !holds(c.cond);
        case "and":
          return c.conds.every(holds);
        case "or":
          return c.conds.some(holds);
        case "is_autocommit":
          return !s.db.inTransaction;
      }
    };
    for (const step of steps) {
      if (step.condition && !holds(step.condition)) {
        results.push(null);
        errors.push(null);
        continue;
      }
      try {
        results.push(await execute(s, step.stmt));
        errors.push(null);
      } catch (e) {
        results.push(null);
        errors.push(errorOf(e));
      }
    }
    return { step_results: results, step_errors: errors };
  }

  const errorOf = (e: unknown) => ({
    message: e instanceof Error ? e.message : String(e),
    code: (e as { code?: string }).code ?? "SQLITE_ERROR",
  });

  async function handle(s: Stream, req: StreamRequest): Promise<object> {
    switch (req.type) {
      case "close":
        return { type: "close" };
      case "execute":
        return { type: "execute", result: await execute(s, req.stmt) };
      case "batch":
        return { type: "batch", result: await batch(s, req.batch.steps) };
      case "sequence": {
        const sql = sqlOf(s, req);
        await retryBusy(() => s.db.exec(sql));
        return { type: "sequence" };
      }
      case "store_sql":
        s.sqls.set(req.sql_id, req.sql);
        return { type: "store_sql" };
      case "close_sql":
        s.sqls.delete(req.sql_id);
        return { type: "close_sql" };
      case "get_autocommit":
        return { type: "get_autocommit", is_autocommit: !s.db.inTransaction };
      default:
        throw new HranaError(`unsupported request ${(req as { type: string }).type}`, "PROTOCOL_ERROR");
    }
  }

  const closeStream = (s: Stream) => {
    if (s.db.inTransaction) s.db.exec("ROLLBACK");
    if (pool.length < 16) pool.push(s.db);
    else s.db.close();
  };

  const server = Bun.serve({
    hostname: "127.0.0.1",
    port,
    async fetch(request) {
      const url = new URL(request.url);
      if (request.method === "GET" && url.pathname === "/v2") return new Response("");
      if (request.method !== "POST" || url.pathname !== "/v2/pipeline")
        return new Response("not found", { status: 404 });
      let body: { baton?: string | null; requests: StreamRequest[] };
      try {
        body = await request.json();
      } catch {
        return new Response("bad JSON", { status: 400 });
      }
      let s: Stream | undefined;
      if (body.baton) {
        s = streams.get(body.baton);
        streams.delete(body.baton);
        clearTimeout(idle.get(body.baton));
        idle.delete(body.baton);
        if (!s) return new Response("unknown baton", { status: 400 });
      } else s = open();
      const results: object[] = [];
      let closed = false;
      for (const req of body.requests) {
        try {
          results.push({ type: "ok", response: await handle(s, req) });
        } catch (e) {
          results.push({ type: "error", error: errorOf(e) });
        }
        if (req.type === "close") closed = true;
      }
      let baton: string | null = null;
      if (closed) closeStream(s);
      else {
        const id = crypto.randomUUID();
        baton = id;
        streams.set(id, s);
        const held = s;
        idle.set(
          id,
          setTimeout(() => {
            if (streams.get(id) !== held) return;
            streams.delete(id);
            idle.delete(id);
            closeStream(held);
          }, streamIdleMs),
        );
      }
      return Response.json({ baton, base_url: null, results });
    },
  });
  return {
    url: `http://127.0.0.1:${server.port}`,
    stop() {
      server.stop(true);
      for (const t of idle.values()) clearTimeout(t);
      idle.clear();
      for (const s of streams.values()) closeStream(s);
      streams.clear();
      for (const db of pool.splice(0)) db.close();
    },
  };
}
