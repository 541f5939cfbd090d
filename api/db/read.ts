import type { Client, InStatement } from "@libsql/client";

/** A row by column name. */
export type NamedRow = Record<string, unknown>;

/** A client that can answer a read at once: the embedded file on Bun (edge/bun-sqlite-client.ts). */
export interface SyncReads {
  firstRowSync(stmt: InStatement): NamedRow | undefined;
  /** A read's rows as value arrays (the positional view drizzle holds: api/db/prepared.ts). */
  valuesSync?(stmt: InStatement): unknown[][];
}

/**
 * A read's first row (undefined without one), synchronously where the driver can. bun:sqlite
 * reads synchronously anyway; handing the row back without a promise spares the hottest reads
 * an event-loop turn per await, and without a result set around it the allocations that, under
 * concurrent load, cost more than the read (bench/api-read.ts). Other drivers (the
 * @libsql/client file driver, libSQL/Turso over HTTP) answer through execute.
 */
export function readFirstRow(client: Client, stmt: InStatement): NamedRow | undefined | Promise<NamedRow | undefined> {
  const sync = (client as Partial<SyncReads>).firstRowSync;
  return sync ? sync.call(client, stmt) : client.execute(stmt).then((rs) => rs.rows[0] as NamedRow | undefined);
}
