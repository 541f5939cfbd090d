import { drizzle, type LibSQLDatabase } from "drizzle-orm/libsql";
import type { Client } from "@libsql/client";
import * as schema from "./schema/index.ts";

export { schema };
export type Db = LibSQLDatabase<typeof schema>;
/** A transaction handle; domain functions take `Tx | Db` so they compose inside a caller's transaction. */
export type Tx = Parameters<Parameters<Db["transaction"]>[0]>[0];
export type DbOrTx = Db | Tx;

/** Drizzle reads rows by position: it gets the client's positional view where there is one (edge/bun-sqlite-client.ts). */
export function createDb(client: Client): Db {
  return drizzle((client as { positional?: Client }).positional ?? client, { schema });
}
