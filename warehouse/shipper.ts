// Moves outbox rows (libSQL) to the warehouse. The shipper's progress is a cursor over outbox
// ids: it claims the next range (shipped_to, claimed_to], inserts it table by table with a
// dedup token made of the range and the table, then moves shipped_to up. A crash anywhere
// re-sends the very same range with the same tokens, which ClickHouse drops, so nothing is lost
// and nothing is counted twice. No outbox row is updated on the way: two tiny cursor writes per
// batch, whatever its size.
import type { Client } from "@libsql/client";
import type { Warehouse } from "./port.ts";
import { EVENT_COLUMNS, WAREHOUSE_TABLES, type WarehouseTable } from "./events.ts";

export interface ShipResult {
  shipped: number;
  batches: number;
}

/** Rows per batch: ClickHouse inserts big blocks much faster than small ones (bench/outbox.ts). */
export const DEFAULT_BATCH_SIZE = 100_000;

interface Cursor {
  shippedTo: number;
  claimedTo: number;
}

async function readCursor(client: Client): Promise<Cursor> {
  const r = await client.execute("SELECT shipped_to, claimed_to FROM outbox_cursor WHERE id = 1");
  if (r.rows.length) return { shippedTo: Number(r.rows[0].shipped_to), claimedTo: Number(r.rows[0].claimed_to) };
  await client.execute({
    sql: "INSERT OR IGNORE INTO outbox_cursor (id, shipped_to, claimed_to, updated_at) VALUES (1, 0, 0, ?)",
    args: [Date.now()],
  });
  return { shippedTo: 0, claimedTo: 0 };
}

/**
 * The end of the range after `from`: at most `size` ids past the first pending one. Ids have
 * few gaps (rolled-back inserts), so that is about `size` rows; two index lookups, no scan.
 */
async function rangeEnd(client: Client, from: number, size: number): Promise<number | null> {
  const r = await client.execute({
    sql: "SELECT (SELECT min(id) FROM outbox WHERE id > ?) AS first, (SELECT max(id) FROM outbox) AS last",
    args: [from],
  });
  const { first, last } = r.rows[0];
  if (first === null || first === undefined) return null;
  return Math.min(Number(last), Number(first) + size - 1);
}

/** Moves claimed_to from the cursor `cur` to `to`; false when another shipper moved it first. */
async function claimTo(client: Client, cur: Cursor, to: number): Promise<boolean> {
  const claimed = await client.execute({
    sql: "UPDATE outbox_cursor SET claimed_to = ?, updated_at = ? WHERE id = 1 AND shipped_to = ? AND claimed_to = ?",
    args: [to, Date.now(), cur.shippedTo, cur.claimedTo],
  });
  return claimed.rowsAffected > 0;
}

/** The range to send: a pending claim first, else the next `size` rows, claimed atomically. */
async function claim(client: Client, size: number): Promise<Cursor | null> {
  const cur = await readCursor(client);
  if (cur.claimedTo > cur.shippedTo) return cur;
  const to = await rangeEnd(client, cur.shippedTo, size);
  if (to === null) return null;
  // Another shipper claimed first: take what the cursor now says.
  if (!(await claimTo(client, cur, to))) return claim(client, size);
  return { shippedTo: cur.shippedTo, claimedTo: to };
}

/** One insert of a batch: the lines of one table in one format, joined by libSQL. */
interface Part {
  table: WarehouseTable;
  compact: boolean;
  count: number;
  lines: string;
}

interface Batch {
  range: Cursor;
  parts: Part[];
}

const isEventTable = (t: string): t is WarehouseTable => (WAREHOUSE_TABLES as readonly string[]).includes(t);

/**
 * Reads a range as one concatenated string per table and format: libSQL joins the lines itself
 * (group_concat), so no row object is built per event and a remote libSQL sends a few values
 * instead of one row per event. Lines written before the compact format (JSONEachRow objects,
 * starting with '{') are sent as they are, in an insert of their own.
 */
async function readRange(client: Client, range: Cursor): Promise<Batch> {
  const tables = await client.execute({
    sql: 'SELECT DISTINCT "table" AS t FROM outbox WHERE id > ? AND id <= ?',
    args: [range.shippedTo, range.claimedTo],
  });
  const parts: Part[] = [];
  for (const row of tables.rows) {
    const table = String(row.t);
    if (!isEventTable(table))
      throw new Error(`outbox rows ${range.shippedTo}-${range.claimedTo} name an unknown warehouse table: ${table}`);
    const r = await client.execute({
      sql: `SELECT count(*) FILTER (WHERE compact) AS n, group_concat(row, char(10)) FILTER (WHERE compact) AS lines,
        count(*) FILTER (WHERE NOT compact) AS legacy_n, group_concat(row, char(10)) FILTER (WHERE NOT compact) AS legacy
        FROM (SELECT row, substr(row, 1, 1) = '[' AS compact FROM outbox WHERE id > ? AND id <= ? AND "table" = ?)`,
      args: [range.shippedTo, range.claimedTo, table],
    });
    const g = r.rows[0];
    if (Number(g.n) > 0) parts.push({ table, compact: true, count: Number(g.n), lines: String(g.lines) });
    if (Number(g.legacy_n) > 0)
      parts.push({ table, compact: false, count: Number(g.legacy_n), lines: String(g.legacy) });
  }
  return { range, parts };
}

/** Inserts a batch, one insert per table and format, each with the dedup token of its range. */
async function insertBatch(wh: Warehouse, { range, parts }: Batch): Promise<number> {
  let rows = 0;
  for (const part of parts) {
    const dedupToken = `outbox:${range.shippedTo}-${range.claimedTo}:${part.table}${part.compact ? "" : ":json"}`;
    await wh.insertLines(
      part.table,
      part.lines,
      part.compact ? { dedupToken, format: "JSONCompactEachRow", columns: EVENT_COLUMNS[part.table] } : { dedupToken },
    );
    rows += part.count;
  }
  return rows;
}

async function markShipped(client: Client, range: Cursor): Promise<void> {
  await client.execute({
    sql: "UPDATE outbox_cursor SET shipped_to = ?, updated_at = ? WHERE id = 1 AND shipped_to = ?",
    args: [range.claimedTo, Date.now(), range.shippedTo],
  });
}

/** Ships one batch (a pending one first); returns how many rows it shipped (0 when none waited). */
export async function shipOnce(client: Client, wh: Warehouse, batchSize = DEFAULT_BATCH_SIZE): Promise<number> {
  const range = await claim(client, batchSize);
  if (!range) return 0;
  const rows = await insertBatch(wh, await readRange(client, range));
  await markShipped(client, range);
  return rows;
}

/**
 * Ships until the outbox is empty, reading the next range from libSQL while ClickHouse inserts
 * the current one. The range read ahead is claimed only after the current one is marked
 * shipped (claims stay one at a time); outbox rows are never changed above shipped_to, so what
 * was read ahead is still exactly the range's rows when it is claimed.
 */
export async function drainOutbox(client: Client, wh: Warehouse, batchSize = DEFAULT_BATCH_SIZE): Promise<ShipResult> {
  let shipped = 0;
  let batches = 0;
  const first = await claim(client, batchSize);
  let batch = first && (await readRange(client, first));
  while (batch) {
    const inserted = insertBatch(wh, batch);
    const done = batch.range.claimedTo;
    const ahead = rangeEnd(client, done, batchSize)
      .then((to) => (to === null ? null : readRange(client, { shippedTo: done, claimedTo: to })))
      .catch(() => null);
    let rows: number;
    try {
      rows = await inserted;
    } finally {
      await ahead;
    }
    await markShipped(client, batch.range);
    shipped += rows;
    batches++;
    const next = await ahead;
    if (next && (await claimTo(client, { shippedTo: done, claimedTo: done }, next.range.claimedTo))) batch = next;
    else {
      const range = await claim(client, batchSize);
      batch = range && (await readRange(client, range));
    }
  }
  return { shipped, batches };
}

/** Rows per DELETE of pruneOutbox: each is a short write, so requests' writes get the lock between them. */
const PRUNE_CHUNK = 5_000;

/**
 * Deletes shipped rows older than `keepMs` (the warehouse holds them now); never a row above the
 * cursor's shipped_to. In chunks of ids, oldest first, so a large backlog does not hold the
 * store's write lock for long.
 */
export async function pruneOutbox(client: Client, keepMs: number, now = Date.now()): Promise<number> {
  const cur = await readCursor(client);
  let pruned = 0;
  for (;;) {
    const r = await client.execute({
      sql: "DELETE FROM outbox WHERE id IN (SELECT id FROM outbox WHERE id <= ? AND created_at < ? ORDER BY id LIMIT ?)",
      args: [cur.shippedTo, now - keepMs, PRUNE_CHUNK],
    });
    pruned += r.rowsAffected;
    if (r.rowsAffected < PRUNE_CHUNK) return pruned;
  }
}

export async function outboxBacklog(client: Client): Promise<number> {
  const cur = await readCursor(client);
  const r = await client.execute({ sql: "SELECT count(*) AS n FROM outbox WHERE id > ?", args: [cur.shippedTo] });
  return Number(r.rows[0].n);
}

export interface ShipperHandle {
  /** Asks for a run soon (after a transaction wrote events). */
  nudge(): void;
  /** Runs now, even while backing off after failures (the warehouse is back). */
  wake(): void;
  stop(): Promise<void>;
  /** Resolves when the outbox is empty (used by tests and the seed). */
  idle(): Promise<void>;
}

/** The longest the shipper waits between tries while the warehouse does not answer. */
export const MAX_BACKOFF_MS = 3_000;

/**
 * The in-process shipper for Bun and Deno: runs on a timer and when nudged; backs off while
 * the warehouse is down (events wait in the outbox meanwhile).
 */
export function startShipper(opts: {
  client: Client;
  warehouse: Warehouse;
  intervalMs?: number;
  batchSize?: number;
  onError?: (e: unknown) => void;
  /** Housekeeping run from the same timer every `everyMs` (pruning, api/maintenance.ts), whether the warehouse is up or not. */
  maintenance?: { everyMs: number; run: () => Promise<unknown> };
}): ShipperHandle {
  const interval = opts.intervalMs ?? 1000;
  let timer: ReturnType<typeof setTimeout> | undefined;
  let running: Promise<void> | null = null;
  let stopped = false;
  let failures = 0;
  let again = false;
  const waiters: (() => void)[] = [];
  let maintainedAt = 0;
  const maintain = async () => {
    const m = opts.maintenance;
    if (!m || stopped || Date.now() - maintainedAt < m.everyMs) return;
    maintainedAt = Date.now();
    try {
      await m.run();
    } catch (e) {
      opts.onError?.(e);
    }
  };

  const schedule = (ms: number) => {
    if (stopped) return;
    clearTimeout(timer);
    timer = setTimeout(run, ms);
  };
  const run = () => {
    if (running) {
      again = true;
      return;
    }
    running = (async () => {
      try {
        do {
          again = false;
          await drainOutbox(opts.client, opts.warehouse, opts.batchSize);
        } while (again && !stopped);
        failures = 0;
        for (const w of waiters.splice(0)) w();
      } catch (e) {
        failures++;
        opts.onError?.(e);
      } finally {
        await maintain();
        running = null;
        // Backing off while the warehouse is down, but never past a few seconds: a warehouse that is
        // back gets what waited within seconds.
        schedule(failures ? Math.min(MAX_BACKOFF_MS, interval * 2 ** failures) : interval);
      }
    })();
  };
  schedule(0);
  return {
    nudge() {
      if (!failures) schedule(20);
    },
    wake() {
      schedule(0);
    },
    async stop() {
      stopped = true;
      clearTimeout(timer);
      await running;
    },
    idle() {
      return new Promise<void>((resolve) => {
        waiters.push(resolve);
        schedule(0);
      });
    },
  };
}
