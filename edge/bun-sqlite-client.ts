// The libSQL Client interface over bun:sqlite, for the embedded file on Bun: the same SQLite
// file format and the same drizzle code, without the async driver's per-query cost (measured
// here: ~60 µs a primary-key read through @libsql/client, a few µs through bun:sqlite).
// Statements are prepared once and cached; a transaction gets a connection of its own, so
// concurrent transactions never interleave on one connection (writers are queued by
// api/db/write-lock.ts). Remote libSQL/Turso keeps using @libsql/client.
//
// Rows come in two shapes over the same connections. The client itself answers plain objects
// keyed by column name (what our own SQL reads, and what JSON.stringify writes fastest); its
// `positional` view is what api/db/index.ts gives drizzle. Drizzle reads a row two ways: a
// query with fields (select, returning, relational queries) slices it by position, but raw SQL
// (`db.all(sql)`, `db.get(sql)`) copies its enumerable keys as the result's field names. So a
// positional row is libSQL's shape: the column names as its own enumerable fields (the first
// of duplicate names, as in libSQL), every value by index and a length through its statement's
// prototype (non-enumerable there), the value array kept under a symbol. Bare value arrays gave
// raw SQL objects keyed "0", "1"… instead of names.
import { Database, type Statement } from "bun:sqlite";
import type {
  Client,
  InArgs,
  InStatement,
  ResultSet,
  Row,
  Transaction,
  TransactionMode,
  Replicated,
} from "@libsql/client";

const VALUES = Symbol("values");

/** A client whose `positional` view shares its connections (createBunSqliteClient). */
export type ClientWithPositionalView = Client & {
  positional?: Client;
  firstRowSync?(stmt: InStatement): Row | undefined;
  valuesSync?(stmt: InStatement): unknown[][];
};

/** Plain objects, the first of duplicate column names winning (as in libSQL). */
function namedRows(columns: string[], unique: number[], values: unknown[][]): Row[] {
  const rows = new Array<Row>(values.length);
  for (let r = 0; r < values.length; r++) {
    const v = values[r];
    const row: Record<string, unknown> = {};
    for (let k = 0; k < unique.length; k++) row[columns[unique[k]]] = v[unique[k]];
    rows[r] = row as unknown as Row;
  }
  return rows;
}

/** How a statement's positional rows are built: their prototype (values by index and the length,
 * none enumerable) and which columns name a field — the first of duplicate names, and none
 * called "length" or like an index, which stay the row's positions (as in libSQL). */
interface PositionalShape {
  proto: object;
  named: number[];
}
function positionalShape(columns: string[], unique: number[]): PositionalShape {
  const width = columns.length;
  const proto: PropertyDescriptorMap = { length: { value: width } };
  for (let i = 0; i < width; i++)
    proto[i] = {
      get(this: { [VALUES]: unknown[] }) {
        return this[VALUES][i];
      },
    };
  const named = unique.filter((k) => columns[k] !== "length" && !/^(0|[1-9][0-9]*)$/.test(columns[k]));
  return { proto: Object.create(Object.prototype, proto), named };
}

/** Rows read both by position (drizzle's fields) and by column name (drizzle's raw SQL), as libSQL's are. */
function positionalRows(columns: string[], shape: PositionalShape, values: unknown[][]): Row[] {
  const { proto, named } = shape;
  const rows = new Array<Row>(values.length);
  for (let r = 0; r < values.length; r++) {
    const v = values[r];
    const row = Object.create(proto) as Record<string | symbol, unknown>;
    row[VALUES] = v;
    for (let k = 0; k < named.length; k++) row[columns[named[k]]] = v[named[k]];
    rows[r] = row as unknown as Row;
  }
  return rows;
}

const firstOfEach = (columns: string[]) =>
  columns.map((c, i) => (columns.indexOf(c) === i ? i : -1)).filter((i) => i >= 0);

type Bindable = string | number | bigint | boolean | null | Uint8Array;
// Most statements bind numbers and strings, which go to SQLite as they are, without a copy.
const isBindable = (v: unknown) => typeof v === "number" || typeof v === "string" || v === null;
function bindArgs(args: InArgs | undefined): Bindable[] | Record<string, Bindable> {
  const conv = (v: unknown): Bindable =>
    v === undefined
      ? null
      : typeof v === "boolean"
        ? v
          ? 1
          : 0
        : v instanceof Date
          ? v.getTime()
          : v instanceof ArrayBuffer
            ? new Uint8Array(v)
            : (v as Bindable);
  if (!args) return [];
  if (Array.isArray(args)) return args.every(isBindable) ? (args as Bindable[]) : args.map(conv);
  return Object.fromEntries(Object.entries(args).map(([k, v]) => [/^[:@$]/.test(k) ? k : `$${k}`, conv(v)]));
}

// A statement with what is fixed for its SQL: its columns (Bun computes columnNames anew on
// every read), which of them name a row's fields, and whether it writes.
interface Prepared {
  stmt: Statement;
  columns: string[];
  unique: number[];
  /** How its positional rows are built (positionalShape), made on first use. */
  shape?: PositionalShape;
  writes: boolean;
}

class Connection {
  private readonly cache = new Map<string, Prepared>();
  constructor(readonly db: Database) {}

  private prepared(sql: string): Prepared {
    let p = this.cache.get(sql);
    if (!p) {
      const stmt = this.db.prepare(sql);
      const columns = stmt.columnNames;
      p = { stmt, columns, unique: firstOfEach(columns), writes: /^\s*(insert|update|delete|replace)/i.test(sql) };
      if (this.cache.size > 500) this.cache.clear();
      this.cache.set(sql, p);
    }
    return p;
  }

  /** A read's first row as bun:sqlite builds it, with no result set around it. */
  firstRow(stmt: InStatement): Row | undefined {
    const p = this.prepared(typeof stmt === "string" ? stmt : stmt.sql);
    // bun:sqlite's row keeps the last of duplicate column names; libSQL's, the first.
    if (p.unique.length !== p.columns.length) return this.execute(stmt).rows[0];
    const args = typeof stmt === "string" ? [] : bindArgs(stmt.args);
    const row = Array.isArray(args) ? p.stmt.get(...args) : p.stmt.get(args);
    return (row ?? undefined) as Row | undefined;
  }

  /** A read's rows as bun:sqlite's value arrays (drizzle maps them by position: api/db/prepared.ts). */
  values(stmt: InStatement): unknown[][] {
    const args = typeof stmt === "string" ? [] : bindArgs(stmt.args);
    const s = this.prepared(typeof stmt === "string" ? stmt : stmt.sql).stmt;
    return (Array.isArray(args) ? s.values(...args) : s.values(args)) as unknown[][];
  }

  execute(stmt: InStatement, positional = false): ResultSet {
    const sql = typeof stmt === "string" ? stmt : stmt.sql;
    const args = typeof stmt === "string" ? [] : bindArgs(stmt.args);
    const p = this.prepared(sql);
    const { stmt: s } = p;
    let columns = p.columns;
    if (columns.length > 0) {
      const values = (Array.isArray(args) ? s.values(...args) : s.values(args)) as unknown[][];
      // SQLite re-prepares a statement after a schema change; its columns may differ then.
      if (values.length > 0 && values[0].length !== columns.length) {
        columns = p.columns = s.columnNames;
        p.unique = firstOfEach(columns);
        p.shape = undefined;
      }
      const rows = positional
        ? positionalRows(columns, (p.shape ??= positionalShape(columns, p.unique)), values)
        : namedRows(columns, p.unique, values);
      return resultSet(columns, rows, p.writes ? values.length : 0, undefined);
    }
    const r = Array.isArray(args) ? s.run(...args) : s.run(args);
    return resultSet([], [], r.changes, BigInt(r.lastInsertRowid));
  }
}

function resultSet(
  columns: string[],
  rows: Row[],
  rowsAffected: number,
  lastInsertRowid: bigint | undefined,
): ResultSet {
  return {
    columns,
    columnTypes: columns.map(() => ""),
    rows,
    rowsAffected,
    lastInsertRowid,
    toJSON: () => ({ columns, rows, rowsAffected, lastInsertRowid: lastInsertRowid?.toString() }),
  } as ResultSet;
}

const begin = (mode: TransactionMode) =>
  mode === "write" ? "BEGIN IMMEDIATE" : mode === "read" ? "BEGIN DEFERRED" : "BEGIN DEFERRED";

export function createBunSqliteClient(path: string, opts: { busyTimeoutMs?: number } = {}): ClientWithPositionalView {
  const open = () => {
    const db = new Database(path, { create: true });
    db.exec(`PRAGMA busy_timeout = ${opts.busyTimeoutMs ?? 10_000}`);
    db.exec("PRAGMA journal_mode = WAL");
    db.exec("PRAGMA synchronous = NORMAL");
    db.exec("PRAGMA foreign_keys = ON");
    return new Connection(db);
  };
  const main = open();
  const idle: Connection[] = [];
  const all: Connection[] = [main];
  let closed = false;
  const take = () => {
    const c = idle.pop() ?? open();
    if (!all.includes(c)) all.push(c);
    return c;
  };

  const discard = (conn: Connection) => {
    try {
      if (conn.db.inTransaction) conn.db.exec("ROLLBACK");
    } catch {
      // closing the connection below ends its transaction anyway
    }
    const i = all.indexOf(conn);
    if (i >= 0) all.splice(i, 1);
    try {
      conn.db.close();
    } catch {
      // already closed
    }
  };

  const runBatch = (
    conn: Connection,
    stmts: InStatement[],
    mode: TransactionMode,
    positional: boolean,
    fkOff = false,
  ): ResultSet[] => {
    if (fkOff) conn.execute("PRAGMA foreign_keys = OFF");
    conn.execute(begin(mode));
    try {
      const out = stmts.map((s) => conn.execute(s, positional));
      conn.execute("COMMIT");
      return out;
    } catch (e) {
      // SQLite may already have rolled back (some errors end the transaction themselves).
      if (conn.db.inTransaction) conn.execute("ROLLBACK");
      throw e;
    } finally {
      if (fkOff) conn.execute("PRAGMA foreign_keys = ON");
    }
  };

  const close = () => {
    if (closed) return;
    closed = true;
    named.closed = true;
    positionalView.closed = true;
    for (const c of all) c.db.close();
  };

  const view = (positional: boolean) => ({
    closed: false,
    protocol: "file",
    async execute(stmtOrSql: InStatement | string, args?: InArgs) {
      const stmt: InStatement =
        typeof stmtOrSql === "string" && args !== undefined ? { sql: stmtOrSql, args } : stmtOrSql;
      return main.execute(stmt, positional);
    },
    async batch(stmts: InStatement[], mode: TransactionMode = "deferred") {
      return runBatch(main, stmts, mode, positional);
    },
    async migrate(stmts: InStatement[]) {
      return runBatch(main, stmts, "deferred", positional, true);
    },
    async executeMultiple(sql: string) {
      main.db.exec(sql);
    },
    async transaction(mode: TransactionMode = "write"): Promise<Transaction> {
      const conn = take();
      conn.execute(begin(mode));
      let done = false;
      // A connection goes back to the pool only outside a transaction. If COMMIT (or ROLLBACK)
      // fails — a deferred constraint, a busy or full disk — SQLite keeps the transaction open:
      // roll it back and drop the connection rather than hand the next caller a connection
      // that is mid-transaction and holding the write lock.
      const finish = (sql: string | null) => {
        if (done) return;
        done = true;
        try {
          if (sql) conn.execute(sql);
        } catch (e) {
          discard(conn);
          throw e;
        }
        if (conn.db.inTransaction) discard(conn);
        else idle.push(conn);
      };
      const tx = {
        get closed() {
          return done;
        },
        async execute(stmt: InStatement) {
          return conn.execute(stmt, positional);
        },
        async batch(stmts: InStatement[]) {
          return stmts.map((s) => conn.execute(s, positional));
        },
        async executeMultiple(sql: string) {
          conn.db.exec(sql);
        },
        async commit() {
          finish("COMMIT");
        },
        async rollback() {
          finish("ROLLBACK");
        },
        close() {
          if (!done) finish(conn.db.inTransaction ? "ROLLBACK" : null);
        },
      };
      return tx as unknown as Transaction;
    },
    async sync(): Promise<Replicated> {
      return undefined;
    },
    close,
    reconnect() {},
  });
  const named = view(false);
  const positionalView = view(true);
  // Reads answered at once (api/db/read.ts); the write lock lets only reads through it.
  const firstRowSync = (stmt: InStatement) => main.firstRow(stmt);
  // A read's value arrays at once, for drizzle's prepared selects (api/db/prepared.ts): on the
  // positional view, the one drizzle holds.
  const valuesSync = (stmt: InStatement) => main.values(stmt);
  Object.assign(positionalView, { valuesSync });
  return Object.assign(named, {
    positional: positionalView as unknown as Client,
    firstRowSync,
  }) as unknown as ClientWithPositionalView;
}
