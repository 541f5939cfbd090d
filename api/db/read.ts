import type { Client, InStatement, ResultSet } from "@libsql/client";

/** A client that can answer a read at once: the embedded file on Bun (edge/bun-sqlite-client.ts). */
export interface SyncReads {
  readSync(stmt: InStatement): ResultSet;
}

/**
 * Runs a read statement, synchronously where the driver can. bun:sqlite reads synchronously
 * anyway; handing the rows back without a promise spares the hottest reads an event-loop turn
 * per await, which under concurrent load costs more than the read (bench/api-read.ts). Other
 * drivers (the @libsql/client file driver, libSQL/Turso over HTTP) answer through execute.
 */
export function read(client: Client, stmt: InStatement): ResultSet | Promise<ResultSet> {
  const sync = (client as Partial<SyncReads>).readSync;
  return sync ? sync.call(client, stmt) : client.execute(stmt);
}
