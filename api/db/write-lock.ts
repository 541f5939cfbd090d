// An embedded SQLite file allows one writer at a time, and its driver is synchronous: a
// second connection that waits for the write lock blocks the whole JavaScript thread, so the
// transaction holding the lock can never finish (it stalls until busy_timeout, then fails).
// Serialising writers in-process with an async lock removes that: readers still run in
// parallel (WAL), and only other processes ever meet SQLite's busy wait.
import type { Client, InStatement, InArgs, ResultSet, Transaction, TransactionMode } from "@libsql/client";
import type { SyncReads } from "./read.ts";

const WRITE_LOCK_TIMEOUT_MS = 30_000;

// A server answers the same few hundred statements over and over: classify each text once.
const readKinds = new Map<string, boolean>();
function isRead(sql: string): boolean {
  let read = readKinds.get(sql);
  if (read === undefined) {
    read = classify(sql);
    if (readKinds.size > 1000) readKinds.clear();
    readKinds.set(sql, read);
  }
  return read;
}

function classify(sql: string): boolean {
  const s = sql.trimStart().slice(0, 400).toLowerCase();
  if (s.startsWith("select") || s.startsWith("explain")) return true;
  if (s.startsWith("pragma")) return !s.includes("=");
  if (s.startsWith("with")) return !/\b(insert|update|delete|replace)\b/.test(sql.toLowerCase());
  return false;
}

const sqlOf = (stmt: InStatement) => (typeof stmt === "string" ? stmt : stmt.sql);

export class AsyncLock {
  private tail: Promise<void> = Promise.resolve();
  constructor(private readonly timeoutMs = WRITE_LOCK_TIMEOUT_MS) {}
  /**
   * Waits for the lock; rejects after the timeout. A waiter that gave up still holds its place
   * in the queue, so when its turn comes it passes the lock on at once (otherwise every later
   * writer would wait behind a release that never comes).
   */
  acquire(): Promise<() => void> {
    let release!: () => void;
    const held = new Promise<void>((r) => (release = r));
    const prev = this.tail;
    this.tail = prev.then(() => held);
    return new Promise((resolve, reject) => {
      let gaveUp = false;
      const timer = setTimeout(() => {
        gaveUp = true;
        reject(new Error("timed out waiting for the database write lock"));
      }, this.timeoutMs);
      prev.then(() => {
        clearTimeout(timer);
        if (gaveUp) {
          release();
          return;
        }
        let done = false;
        resolve(() => {
          if (!done) {
            done = true;
            release();
          }
        });
      });
    });
  }
}

/**
 * Wraps an embedded-file client so that writes and write transactions run one at a time. A
 * client's `positional` view (edge/bun-sqlite-client.ts) shares its connections, so it shares
 * the lock too.
 */
export function withWriteLock(client: Client, opts: { timeoutMs?: number } = {}): Client {
  const lock = new AsyncLock(opts.timeoutMs);
  const wrapped = lockWith(client, lock);
  const positional = (client as { positional?: Client }).positional;
  if (positional) {
    const view = lockWith(positional, lock);
    const valuesSync = (positional as Partial<SyncReads>).valuesSync;
    // Synchronous reads need no lock; a write must queue, so it may not come this way.
    if (valuesSync)
      Object.defineProperty(view, "valuesSync", {
        value: (stmt: InStatement) => {
          if (!isRead(sqlOf(stmt))) throw new Error("valuesSync runs reads only");
          return valuesSync.call(positional, stmt);
        },
      });
    Object.defineProperty(wrapped, "positional", { value: view });
  }
  const firstRowSync = (client as Partial<SyncReads>).firstRowSync;
  if (firstRowSync) {
    // Synchronous reads need no lock; a write must queue, so it may not come this way.
    Object.defineProperty(wrapped, "firstRowSync", {
      value: (stmt: InStatement) => {
        if (!isRead(sqlOf(stmt))) throw new Error("firstRowSync runs reads only");
        return firstRowSync.call(client, stmt);
      },
    });
  }
  return wrapped;
}

function lockWith(client: Client, lock: AsyncLock): Client {
  const locked = async <T>(fn: () => Promise<T>): Promise<T> => {
    const release = await lock.acquire();
    try {
      return await fn();
    } finally {
      release();
    }
  };
  const wrapped: Client = Object.create(client);
  Object.assign(wrapped, {
    execute(stmtOrSql: InStatement | string, args?: InArgs): Promise<ResultSet> {
      const stmt: InStatement =
        typeof stmtOrSql === "string" && args !== undefined ? { sql: stmtOrSql, args } : stmtOrSql;
      return isRead(sqlOf(stmt)) ? client.execute(stmt) : locked(() => client.execute(stmt));
    },
    batch(stmts: InStatement[], mode?: TransactionMode) {
      return mode === "read" ? client.batch(stmts, mode) : locked(() => client.batch(stmts, mode));
    },
    migrate(stmts: InStatement[]) {
      return locked(() => client.migrate(stmts));
    },
    executeMultiple(sql: string) {
      return locked(() => client.executeMultiple(sql));
    },
    async transaction(mode: TransactionMode = "write"): Promise<Transaction> {
      if (mode === "read") return client.transaction(mode);
      const release = await lock.acquire();
      let tx: Transaction;
      try {
        tx = await client.transaction(mode);
      } catch (e) {
        release();
        throw e;
      }
      const end =
        <A extends unknown[], R>(fn: (...a: A) => R) =>
        (...a: A): R => {
          try {
            const r = fn(...a);
            if (r instanceof Promise) return r.finally(release) as R;
            release();
            return r;
          } catch (e) {
            release();
            throw e;
          }
        };
      const txWrapped: Transaction = Object.create(tx);
      Object.assign(txWrapped, {
        execute: (s: InStatement) => tx.execute(s),
        batch: (s: InStatement[]) => tx.batch(s),
        executeMultiple: (s: string) => tx.executeMultiple(s),
        commit: end(() => tx.commit()),
        rollback: end(() => tx.rollback()),
        close: end(() => tx.close()),
      });
      Object.defineProperty(txWrapped, "closed", { get: () => tx.closed });
      return txWrapped;
    },
    close: () => client.close(),
  });
  Object.defineProperty(wrapped, "closed", { get: () => client.closed });
  Object.defineProperty(wrapped, "protocol", { get: () => client.protocol });
  return wrapped;
}
