// Moves outbox rows (libSQL) to the warehouse. The shipper's progress is a cursor over outbox
// ids: it claims the next range (shipped_to, claimed_to], inserts it table by table with a
// dedup token made of the range and the table, then moves shipped_to up. A crash anywhere
// re-sends the very same range with the same tokens, which ClickHouse drops, so nothing is lost
// and nothing is counted twice. No outbox row is updated on the way: two tiny cursor writes per
// batch, whatever its size.
import type { Client } from "@libsql/client";
import type { Warehouse } from "./port.ts";

export interface ShipResult {
  shipped: number;
  batches: number;
}

export const DEFAULT_BATCH_SIZE = 20_000;

interface Cursor {
  shippedTo: number;
  claimedTo: number;
}

async function readCursor(client: Client): Promise<Cursor> {
  const r = await client.execute("SELECT shipped_to, claimed_to FROM outbox_cursor WHERE id = 1");
  if (r.rows.length) return { shippedTo: Number(r.rows[0].shipped_to), claimedTo: Number(r.rows[0].claimed_to) };
  await client.execute({ sql: "INSERT OR IGNORE INTO outbox_cursor (id, shipped_to, claimed_to, updated_at) VALUES (1, 0, 0, ?)", args: [Date.now()] });
  return { shippedTo: 0, claimedTo: 0 };
}

/** The range to send: a pending claim first, else the next `size` rows, claimed atomically. */
async function claim(client: Client, size: number): Promise<Cursor | null> {
  const cur = await readCursor(client);
  if (cur.claimedTo > cur.shippedTo) return cur;
  const last = await client.execute({ sql: "SELECT max(id) AS last FROM (SELECT id FROM outbox WHERE id > ? ORDER BY id LIMIT ?)", args: [cur.shippedTo, size] });
  const to = last.rows[0].last;
  if (to === null || to === undefined) return null;
  const claimed = await client.execute({
    sql: "UPDATE outbox_cursor SET claimed_to = ?, updated_at = ? WHERE id = 1 AND shipped_to = ? AND claimed_to = ?",
    args: [Number(to), Date.now(), cur.shippedTo, cur.claimedTo],
  });
  // Another shipper claimed first: take what the cursor now says.
  if (claimed.rowsAffected === 0) return claim(client, size);
  return { shippedTo: cur.shippedTo, claimedTo: Number(to) };
}

/** Ships one batch (a pending one first); returns how many rows it shipped (0 when none waited). */
export async function shipOnce(client: Client, wh: Warehouse, batchSize = DEFAULT_BATCH_SIZE): Promise<number> {
  const range = await claim(client, batchSize);
  if (!range) return 0;
  const rows = await client.execute({ sql: 'SELECT "table", row FROM outbox WHERE id > ? AND id <= ? ORDER BY id', args: [range.shippedTo, range.claimedTo] });
  const byTable = new Map<string, string[]>();
  for (const r of rows.rows) {
    const table = String(r.table);
    let lines = byTable.get(table);
    if (!lines) byTable.set(table, (lines = []));
    lines.push(String(r.row));
  }
  for (const [table, lines] of byTable) {
    await wh.insertLines(table, lines.join("\n"), { dedupToken: `outbox:${range.shippedTo}-${range.claimedTo}:${table}` });
  }
  await client.execute({
    sql: "UPDATE outbox_cursor SET shipped_to = ?, updated_at = ? WHERE id = 1 AND shipped_to = ?",
    args: [range.claimedTo, Date.now(), range.shippedTo],
  });
  return rows.rows.length;
}

/** Ships until the outbox is empty. */
export async function drainOutbox(client: Client, wh: Warehouse, batchSize = DEFAULT_BATCH_SIZE): Promise<ShipResult> {
  let shipped = 0;
  let batches = 0;
  for (;;) {
    const n = await shipOnce(client, wh, batchSize);
    if (n === 0) return { shipped, batches };
    shipped += n;
    batches++;
  }
}

/** Deletes shipped rows older than `keepMs`; the warehouse holds them now. */
export async function pruneOutbox(client: Client, keepMs: number, now = Date.now()): Promise<number> {
  const cur = await readCursor(client);
  const r = await client.execute({ sql: "DELETE FROM outbox WHERE id <= ? AND created_at < ?", args: [cur.shippedTo, now - keepMs] });
  return r.rowsAffected;
}

export async function outboxBacklog(client: Client): Promise<number> {
  const cur = await readCursor(client);
  const r = await client.execute({ sql: "SELECT count(*) AS n FROM outbox WHERE id > ?", args: [cur.shippedTo] });
  return Number(r.rows[0].n);
}

export interface ShipperHandle {
  /** Asks for a run soon (after a transaction wrote events). */
  nudge(): void;
  stop(): Promise<void>;
  /** Resolves when the outbox is empty (used by tests and the seed). */
  idle(): Promise<void>;
}

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
}): ShipperHandle {
  const interval = opts.intervalMs ?? 1000;
  let timer: ReturnType<typeof setTimeout> | undefined;
  let running: Promise<void> | null = null;
  let stopped = false;
  let failures = 0;
  let again = false;
  const waiters: (() => void)[] = [];

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
        waiters.splice(0).forEach((w) => w());
      } catch (e) {
        failures++;
        opts.onError?.(e);
      } finally {
        running = null;
        schedule(failures ? Math.min(30_000, interval * 2 ** failures) : interval);
      }
    })();
  };
  schedule(0);
  return {
    nudge() {
      if (!failures) schedule(20);
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
