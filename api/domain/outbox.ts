import { outbox } from "../db/schema/outbox.ts";
import type { DbOrTx } from "../db/index.ts";
import { eventLine, type WarehouseTable, type EventRow } from "../../warehouse/events.ts";

/**
 * Records an event for the warehouse inside the caller's transaction: it reaches
 * ClickHouse if and only if the state change it describes is committed. The row is stored as
 * the line the warehouse inserts (eventLine), so the shipper never re-encodes it.
 */
export async function emit<T extends WarehouseTable>(db: DbOrTx, table: T, row: EventRow<T>): Promise<void> {
  await db.insert(outbox).values({ eventId: row.event_id, table, row: eventLine(table, row), createdAt: Date.now() });
}

/** Many events in one statement (the demo world and bulk actions). */
export async function emitMany<T extends WarehouseTable>(db: DbOrTx, table: T, rows: EventRow<T>[]): Promise<void> {
  if (rows.length === 0) return;
  const now = Date.now();
  for (let i = 0; i < rows.length; i += 500) {
    await db
      .insert(outbox)
      .values(
        rows
          .slice(i, i + 500)
          .map((row) => ({ eventId: row.event_id, table, row: eventLine(table, row), createdAt: now })),
      );
  }
}
