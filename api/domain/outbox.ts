import { outbox } from "../db/schema/outbox.ts";
import type { DbOrTx } from "../db/index.ts";
import type { WarehouseTable, EventRow } from "../../warehouse/events.ts";

/**
 * Records an event for the warehouse inside the caller's transaction: it reaches
 * ClickHouse if and only if the state change it describes is committed.
 */
export async function emit<T extends WarehouseTable>(db: DbOrTx, table: T, row: EventRow<T>): Promise<void> {
  await db.insert(outbox).values({ eventId: row.event_id, table, row: JSON.stringify(row), createdAt: Date.now() });
}

/** Many events in one statement (the demo world and bulk actions). */
export async function emitMany<T extends WarehouseTable>(db: DbOrTx, table: T, rows: EventRow<T>[]): Promise<void> {
  if (rows.length === 0) return;
  const now = Date.now();
  for (let i = 0; i < rows.length; i += 500) {
    await db.insert(outbox).values(rows.slice(i, i + 500).map((row) => ({ eventId: row.event_id, table, row: JSON.stringify(row), createdAt: now })));
  }
}
