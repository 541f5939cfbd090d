// The warehouse as the server holds it while ClickHouse may be down: the server starts and
// serves whatever the warehouse's state, events wait in the outbox, and the warehouse is opened
// and migrated in the background, retried until it answers. Until then every call through the
// warehouse fails at once with WarehouseUnavailable (the shipper backs off and retries; a
// dashboard answers 503). The state is kept for operators (the start page, /healthz).
import type { InsertOptions, Params, RowSchema, Warehouse } from "./port.ts";
import { migrateWarehouse } from "./migrate.ts";

/** A call the warehouse could not take: not open yet, or not answering (the app answers 503). */
export class WarehouseUnavailable extends Error {
  constructor(cause: unknown) {
    super(`warehouse unavailable: ${cause instanceof Error ? cause.message : String(cause)}`, { cause });
  }
}

export type WarehouseState = "starting" | "ready" | "unavailable";

export interface WarehouseStatus {
  state: WarehouseState;
  kind: Warehouse["kind"];
  /** When the state last changed (epoch ms). */
  since: number;
  /** The last failure (opening, migrating, or a call), while it is the latest news. */
  error?: string;
}

export interface SupervisedWarehouse {
  warehouse: Warehouse;
  status(): WarehouseStatus;
  /** Resolves once the warehouse is open and migrated. */
  ready: Promise<void>;
  /**
   * Tries at once unless it is ready or an attempt is under way (one older than `staleMs` counts as
   * lost). Workers call it from a request and keep it alive with waitUntil: there an attempt begun in
   * a request that has ended may never settle (its I/O belongs to that request), nor may its timer fire.
   */
  nudge(staleMs?: number): Promise<void>;
  stop(): Promise<void>;
}

export function superviseWarehouse(opts: {
  kind: Warehouse["kind"];
  database: string;
  open: () => Promise<Warehouse>;
  onState?: (s: WarehouseStatus) => void;
  retryMs?: number;
  maxRetryMs?: number;
  now?: () => number;
}): SupervisedWarehouse {
  const now = opts.now ?? Date.now;
  let real: Warehouse | null = null;
  let stopped = false;
  let timer: ReturnType<typeof setTimeout> | undefined;
  let status: WarehouseStatus = { state: "starting", kind: opts.kind, since: now() };
  const set = (state: WarehouseState, error?: string) => {
    if (status.state !== state || status.error !== error) {
      status = {
        state,
        kind: opts.kind,
        since: status.state === state ? status.since : now(),
        ...(error ? { error } : {}),
      };
      opts.onState?.(status);
    }
  };
  let markReady!: () => void;
  const ready = new Promise<void>((r) => (markReady = r));

  let failures = 0;
  let generation = 0;
  let inFlight: { since: number; done: Promise<void> } | null = null;
  const attempt = (): Promise<void> => {
    const mine = ++generation;
    const done = tryOpen(mine).finally(() => {
      if (inFlight?.done === done) inFlight = null;
    });
    inFlight = { since: now(), done };
    return done;
  };
  const tryOpen = async (mine: number) => {
    if (stopped) return;
    let opened: Warehouse | null = null;
    try {
      opened = await opts.open();
      await migrateWarehouse(opened);
      if (stopped || real || mine !== generation) {
        await opened.close();
        return;
      }
      real = opened;
      set("ready");
      markReady();
    } catch (e) {
      await opened?.close().catch(() => undefined);
      if (mine !== generation || real) return;
      failures++;
      set("unavailable", e instanceof Error ? e.message : String(e));
      const wait = Math.min(opts.maxRetryMs ?? 30_000, (opts.retryMs ?? 1000) * 2 ** Math.min(failures - 1, 10));
      timer = setTimeout(() => void attempt(), wait);
    }
  };
  void attempt();

  const unavailable = () => new WarehouseUnavailable(status.error ?? "the warehouse is not ready yet");
  // A call on the open warehouse that fails or succeeds tells operators whether it still answers.
  const watch = async <T>(p: Promise<T>): Promise<T> => {
    try {
      const v = await p;
      if (status.state !== "ready") set("ready");
      return v;
    } catch (e) {
      if (await real!.ping().catch(() => false)) throw e;
      set("unavailable", e instanceof Error ? e.message : String(e));
      throw new WarehouseUnavailable(e);
    }
  };
  const warehouse: Warehouse = {
    kind: opts.kind,
    database: opts.database,
    insertLines: (table: string, lines: string, o?: InsertOptions) =>
      real ? watch(real.insertLines(table, lines, o)) : Promise.reject(unavailable()),
    query: <S extends RowSchema>(sql: string, params: Params | undefined, row: S) =>
      real ? watch(real.query(sql, params, row)) : Promise.reject(unavailable()),
    command: (sql: string, params?: Params) =>
      real ? watch(real.command(sql, params)) : Promise.reject(unavailable()),
    stream: (sql: string, params: Params, format: string) =>
      real ? real.stream(sql, params, format) : new ReadableStream({ start: (c) => c.error(unavailable()) }),
    ping: async () => {
      if (!real) return false;
      const ok = await real.ping().catch(() => false);
      if (ok && status.state !== "ready") set("ready");
      if (!ok) set("unavailable", status.error ?? "the warehouse does not answer");
      return ok;
    },
    close: async () => {
      stopped = true;
      clearTimeout(timer);
      await real?.close();
    },
  };
  const nudge = (staleMs = 30_000): Promise<void> => {
    if (real || stopped) return Promise.resolve();
    if (inFlight && now() - inFlight.since < staleMs) return inFlight.done;
    clearTimeout(timer);
    return attempt();
  };
  return {
    warehouse,
    status: () => status,
    ready,
    nudge,
    stop: () => warehouse.close(),
  };
}
