// A fresh, real world per test suite: a libSQL file in a temp dir and its own database in the
// process's chDB session. No mocks of our own stores.
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { createClient } from "@libsql/client";
import { createDb } from "../db/index.ts";
import { migrate } from "../db/migrate.ts";
import { withWriteLock } from "../db/write-lock.ts";
import { createApp } from "../app.ts";
import type { Deps, Clock, MailMessage } from "../deps.ts";
import { openChdbWarehouse } from "../../warehouse/adapters/chdb.ts";
import { migrateWarehouse } from "../../warehouse/migrate.ts";
import { drainOutbox } from "../../warehouse/shipper.ts";
import type { Warehouse } from "../../warehouse/port.ts";

let counter = 0;

export interface TestWorld {
  deps: Deps;
  app: ReturnType<typeof createApp>;
  clock: Clock & { set(ms: number): void; advance(ms: number): void };
  mails: MailMessage[];
  /** Ships every outbox row to the warehouse now. */
  ship(): Promise<number>;
  close(): Promise<void>;
}

export async function makeWorld(opts: { warehouse?: Warehouse; now?: number } = {}): Promise<TestWorld> {
  const dir = mkdtempSync(join(tmpdir(), "tk-test-"));
  // TK_SQLITE_DRIVER=bun runs the suite on the bun:sqlite client npm start uses on Bun.
  const client = withWriteLock(
    process.env.TK_SQLITE_DRIVER === "bun"
      ? (await import("../../edge/bun-sqlite-client.ts")).createBunSqliteClient(`${dir}/test.db`)
      : createClient({ url: `file:${dir}/test.db`, timeout: 10_000, concurrency: 8 } as Parameters<
          typeof createClient
        >[0]),
  );
  await client.execute("PRAGMA journal_mode=WAL");
  await migrate(client);
  const database = `t${process.pid}_${++counter}_${Math.floor(Math.random() * 1e6)}`;
  const warehouse = opts.warehouse ?? (await openChdbWarehouse(process.env.TK_TEST_CHDB_DIR!, database));
  await migrateWarehouse(warehouse);
  let now = opts.now ?? Date.UTC(2026, 10, 20, 12, 0, 0);
  const clock = { now: () => now, set: (ms: number) => void (now = ms), advance: (ms: number) => void (now += ms) };
  const mails: MailMessage[] = [];
  const deps: Deps = {
    db: createDb(client),
    client,
    warehouse,
    clock,
    mailer: { send: async (m) => void mails.push(m) },
    logger: { info() {}, warn() {}, error: (msg, data) => console.error(msg, data) },
    // Every answer is checked against its route's contract: one that does not fit is a 500 (api/http/answer-check.ts).
    settings: { publicUrl: "http://127.0.0.1:3000", insecureCookies: true, secrets: {}, checkOutputs: true },
  };
  return {
    deps,
    // TK_ROUTER=stock runs the suite on Hono's own router (npm test does, with the bun:sqlite pass).
    app: createApp(deps, { router: process.env.TK_ROUTER === "stock" ? "stock" : "folding" }),
    clock,
    mails,
    ship: async () => (await drainOutbox(client, warehouse)).shipped,
    async close() {
      if (!opts.warehouse) {
        await warehouse.command(`DROP DATABASE IF EXISTS ${warehouse.database}`);
        await warehouse.close();
      }
      client.close();
      rmSync(dir, { recursive: true, force: true });
    },
  };
}
