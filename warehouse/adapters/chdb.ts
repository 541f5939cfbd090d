// Embedded ClickHouse (chDB) in this process. chDB allows one data directory per process, so
// sessions are shared per path; several databases (tests) can live in one session.
import { Session } from "chdb";
import type { z } from "zod";
import {
  checkInsert,
  checkRows,
  insertSettings,
  type InsertOptions,
  type Params,
  type RowSchema,
  type Warehouse,
} from "../port.ts";

/**
 * One chDB session runs one streamed query at a time, and nothing else beside it: a query, a
 * command, an insert or another stream started while a stream is open ends that stream ("No
 * active streaming query") — an export cut off mid-answer. So a stream takes the session to
 * itself (exclusive) while chDB produces its blocks, and everything else shares it (one-shot
 * queries run side by side as before). Waiting streams go before new shared work, so exports
 * are never starved; with no stream about, shared work starts at once, without a wait.
 */
class SessionGate {
  private shared = 0;
  private exclusiveHeld = false;
  private exclusiveWaiting = 0;
  private waiters: (() => void)[] = [];

  private wake() {
    for (const w of this.waiters.splice(0)) w();
  }
  private wait() {
    return new Promise<void>((r) => this.waiters.push(r));
  }
  private release = () => {
    this.shared--;
    if (this.shared === 0) this.wake();
  };

  run<T>(fn: () => Promise<T>): Promise<T> {
    if (!this.exclusiveHeld && this.exclusiveWaiting === 0) {
      this.shared++;
      const p = fn();
      p.then(this.release, this.release);
      return p;
    }
    return (async () => {
      while (this.exclusiveHeld || this.exclusiveWaiting > 0) await this.wait();
      this.shared++;
      try {
        return await fn();
      } finally {
        this.release();
      }
    })();
  }

  async exclusive<T>(fn: () => Promise<T>): Promise<T> {
    this.exclusiveWaiting++;
    while (this.exclusiveHeld || this.shared > 0) await this.wait();
    this.exclusiveWaiting--;
    this.exclusiveHeld = true;
    try {
      return await fn();
    } finally {
      this.exclusiveHeld = false;
      this.wake();
    }
  }
}

interface Shared {
  session: Session;
  current: string;
  databases: Set<string>;
  queue: Promise<unknown>;
  gate: SessionGate;
}
const shared = new Map<string, Shared>();

function openShared(path: string): Shared {
  const existing = shared.get(path);
  if (existing) return existing;
  if (shared.size > 0) {
    throw new Error(
      `chDB allows one data directory per process; '${[...shared.keys()][0]}' is open, '${path}' was asked for`,
    );
  }
  const session = new Session(path, {
    // Numbers stay numbers in JSON (sums of minor units fit in 2^53), as with the HTTP adapter.
    // A JSONEachRow result comes as one JSON array, parsed at once (query below).
    connectionArgs: ["--output_format_json_quote_64bit_integers=0", "--output_format_json_array_of_rows=1"],
  });
  const s: Shared = {
    session,
    current: "default",
    databases: new Set(),
    queue: Promise.resolve(),
    gate: new SessionGate(),
  };
  shared.set(path, s);
  return s;
}

const isSafeName = (name: string) => /^[A-Za-z_][A-Za-z0-9_]*$/.test(name);

/**
 * chDB streams a result a block at a time and writes the header of a *WithNames /
 * *WithNamesAndTypes format at the top of every block; an export must name its columns once.
 * Keeps the first block's header lines and strips them from the blocks after it.
 */
function headerDropper(format: string): (chunk: Uint8Array) => Uint8Array {
  const lines = /WithNamesAndTypes$/.test(format) ? 2 : /WithNames$/.test(format) ? 1 : 0;
  let header: Uint8Array | undefined;
  return (chunk) => {
    if (lines === 0) return chunk;
    if (!header) {
      let end = 0;
      for (let seen = 0; seen < lines && end < chunk.length; end++) if (chunk[end] === 10) seen++;
      header = chunk.slice(0, end);
      return chunk;
    }
    if (chunk.length < header.length) return chunk;
    for (let i = 0; i < header.length; i++) if (chunk[i] !== header[i]) return chunk;
    return chunk.subarray(header.length);
  };
}

/**
 * A streamed statement's own settings.
 * - chDB hands a streamed result over one fetch per block, and formatting the blocks on other
 *   threads adds a hand-off to each. Formatting them on the query's thread is faster here (a day
 *   of AppMetrica revenue, two blocks: 0.6–1.6 ms of 17; a month, 29 blocks: 18 ms of 225), while
 *   a one-shot result is faster with it on: so only streams turn it off.
 * - The session writes JSONEachRow as one array for query(); a stream's blocks would each get
 *   its brackets, so a stream keeps one object per line.
 */
const STREAM_SETTINGS = "output_format_parallel_formatting = 0, output_format_json_array_of_rows = 0";
/** The statement a stream sends to chDB (bench/metrics.ts replays it). */
export function withStreamSettings(sql: string): string {
  const s = sql.trimEnd().replace(/;$/, "");
  // A statement may end in its own SETTINGS clause (no parenthesis or quote after it); add to it.
  return /\bSETTINGS\b[^()']*$/i.test(s) ? `${s}\n, ${STREAM_SETTINGS}` : `${s}\nSETTINGS ${STREAM_SETTINGS}`;
}

class ChdbWarehouse implements Warehouse {
  readonly kind = "chdb" as const;
  private closed = false;
  constructor(
    private readonly s: Shared,
    readonly database: string,
    private readonly path: string,
  ) {}

  /** Runs fn with this warehouse's database current; serialised only while several databases share the session. */
  private run<T>(fn: () => Promise<T>): Promise<T> {
    if (this.closed) return Promise.reject(new Error("warehouse closed"));
    return this.s.gate.run(() => {
      if (this.s.databases.size <= 1 && this.s.current === this.database) return fn();
      const next = this.s.queue.then(async () => {
        await this.use();
        return fn();
      });
      this.s.queue = next.catch(() => undefined);
      return next;
    });
  }

  private async use() {
    if (this.s.current !== this.database) {
      await this.s.session.queryAsync(`USE ${this.database}`);
      this.s.current = this.database;
    }
  }

  async init(): Promise<void> {
    await this.s.session.queryAsync(`CREATE DATABASE IF NOT EXISTS ${this.database}`);
    this.s.databases.add(this.database);
    if (this.s.databases.size === 1) {
      await this.s.session.queryAsync(`USE ${this.database}`);
      this.s.current = this.database;
    }
  }

  async insertLines(table: string, lines: string, opts: InsertOptions = {}): Promise<void> {
    const format = checkInsert(table, opts);
    // Bytes, not a string: the addon hands them to the engine's parser without a copy.
    const values = new TextEncoder().encode(lines);
    return this.run(async () => {
      await this.s.session.insert({
        table,
        values,
        format,
        ...(opts.columns ? { columns: opts.columns } : {}),
        settings: insertSettings(opts),
      });
    });
  }

  query<S extends RowSchema>(sql: string, params: Params = {}, row: S): Promise<z.output<S>[]> {
    return this.run(async () => {
      const r = await this.s.session.queryBindAsync(sql, params, { format: "JSONEachRow" });
      // One JSON array (output_format_json_array_of_rows) parsed as it comes: joining the lines
      // into one first cost 15-60% more (results of 150 and 2,000 rows, decode included).
      const text = r.text();
      return text ? checkRows(row, JSON.parse(text) as unknown[], sql) : [];
    });
  }

  command(sql: string, params: Params = {}): Promise<void> {
    return this.run(async () => {
      await this.s.session.queryBindAsync(sql, params, { format: "Null" });
    });
  }

  stream(query: string, params: Params, format: string): ReadableStream<Uint8Array> {
    const self = this;
    const sql = withStreamSettings(query);
    const dropHeader = headerDropper(format);
    let cancelled = false;
    let iterator: AsyncIterator<{ raw(): Uint8Array }> | undefined;
    // chDB's blocks are taken as fast as it makes them, with the session to this stream alone
    // (SessionGate), and queued for the client, so the session is free again as soon as the
    // result is made, however slowly the client reads.
    return new ReadableStream<Uint8Array>({
      start(controller) {
        if (self.closed) {
          controller.error(new Error("warehouse closed"));
          return;
        }
        void self.s.gate
          .exclusive(async () => {
            await self.use();
            iterator = self.s.session.queryStreamBind(sql, params, { format })[Symbol.asyncIterator]();
            for (;;) {
              if (cancelled) {
                await iterator.return?.();
                return;
              }
              const next = await iterator.next();
              if (next.done) break;
              controller.enqueue(dropHeader(next.value.raw()));
            }
            controller.close();
          })
          .catch((e) => {
            if (!cancelled) controller.error(e);
          });
      },
      cancel() {
        cancelled = true;
      },
    });
  }

  async ping(): Promise<boolean> {
    try {
      await this.command("SELECT 1");
      return true;
    } catch {
      return false;
    }
  }

  async close(): Promise<void> {
    this.closed = true;
    this.s.databases.delete(this.database);
    if (this.s.databases.size === 0) {
      await this.s.queue;
      this.s.session.close();
      shared.delete(this.path);
    }
  }
}

/** Opens (or joins) the chDB session at `path` and makes `database` ready. */
export async function openChdbWarehouse(path: string, database = "tankodrome"): Promise<Warehouse> {
  if (!isSafeName(database)) throw new Error(`invalid warehouse database name: ${database}`);
  const wh = new ChdbWarehouse(openShared(path), database, path);
  await wh.init();
  return wh;
}
