import { z } from "zod";
import type { Warehouse } from "./port.ts";
import { warehouseMigrations, type WarehouseMigration } from "./migrations/index.ts";

/** Applies the warehouse migrations not yet recorded; returns the versions applied. */
export async function migrateWarehouse(
  wh: Warehouse,
  migrations: WarehouseMigration[] = warehouseMigrations,
): Promise<number[]> {
  await wh.command(
    "CREATE TABLE IF NOT EXISTS schema_migrations (version UInt32, name String, applied_at DateTime) ENGINE = ReplacingMergeTree ORDER BY version",
  );
  const done = new Set(
    (await wh.query("SELECT version FROM schema_migrations", {}, z.object({ version: z.number() }))).map(
      (r) => r.version,
    ),
  );
  const applied: number[] = [];
  for (const m of [...migrations].sort((a, b) => a.version - b.version)) {
    if (done.has(m.version)) continue;
    for (const sql of m.statements) await wh.command(sql);
    await wh.insertLines(
      "schema_migrations",
      JSON.stringify({ version: m.version, name: m.name, applied_at: Math.floor(Date.now() / 1000) }),
    );
    applied.push(m.version);
  }
  return applied;
}
