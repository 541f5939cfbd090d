// Moves outbox rows (libSQL) to the warehouse. A batch is first claimed (rows stamped with
// its id), then inserted table by table with a dedup token made of the batch id and the
// table, then stamped shipped. A crash anywhere re-sends the very same rows with the same
// tokens, which ClickHouse drops, so nothing is lost and nothing is counted twice.
import type { Client } from "@libsql/client";
import type { Warehouse } from "./port.ts";

export interface ShipResult {
  shipped: number;
  batches: number;
}

export const DEFAULT_BATCH_SIZE = 20_000;

async function pendingBatch(client: Client): Promise<number | null> {
  const r = await client.execute("SELECT batch FROM outbox WHERE shipped_at IS NULL AND batch IS NOT NULL ORDER BY id LIMIT 1");
  return r.rows.length ? Number(r.rows[0].batch) : null;
}

async function claimBatch(client: Client, size: number): Promise<number | null> {
  const tx = await client.transaction("write");
  try {
    const first = await tx.execute("SELECT id FROM outbox WHERE shipped_at IS NULL AND batch IS NULL ORDER BY id LIMIT 1");
    if (first.rows.length === 0) {
      await tx.rollback();
      return null;
    }
    const batch = Number(first.rows[0].id);
    await tx.execute({
      sql: "UPDATE outbox SET batch = ? WHERE id IN (SELECT id FROM outbox WHERE shipped_at IS NULL AND batch IS NULL ORDER BY id LIMIT ?)",
      args: [batch, size],
    });
    await tx.commit();
    return batch;
  } finally {
    tx.close();
  }
}

/** Ships one batch (a pending one first); returns how many rows it shipped (0 when none waited). */
export async function shipOnce(client: Client, wh: Warehouse, batchSize = DEFAULT_BATCH_SIZE, now = () => Date.now()): Promise<number> {
  const batch = (await pendingBatch(client)) ?? (await claimBatch(client, batchSize));
  if (batch === null) return 0;
  const rows = await client.execute({ sql: "SELECT \"table\", row FROM outbox WHERE batch = ? AND shipped_at IS NULL ORDER BY id", args: [batch] });
  const byTable = new Map<string, string[]>();
  for (const r of rows.rows) {
    const table = String(r.table);
    let lines = byTable.get(table);
    if (!lines) byTable.set(table, (lines = []));
    lines.push(String(r.row));
  }
  for (const [table, lines] of byTable) {
    await wh.insertLines(table, lines.join("\n"), { dedupToken: `outbox:${batch}:${table}` });
  }
  await client.execute({ sql: "UPDATE outbox SET shipped_at = ? WHERE batch = ? AND shipped_at IS NULL", args: [now(), batch] });
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
  const r = await client.execute({ sql: "DELETE FROM outbox WHERE shipped_at IS NOT NULL AND shipped_at < ?", args: [now - keepMs] });
  return r.rowsAffected;
}

export async function outboxBacklog(client: Client): Promise<number> {
  const r = await client.execute("SELECT count(*) AS n FROM outbox WHERE shipped_at IS NULL");
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
