// The rollups under a retried batch: the shipper re-sends a batch with the same dedup tokens
// after a crash between insert and mark. The raw tables drop it; so must every rollup a
// materialized view fills from them. Run on embedded chDB and through the HTTP adapter (against
// a ClickHouse server when CLICKHOUSE_URL is set, else the test bridge onto chDB).
import { z } from "zod";
import { describe, test, expect } from "bun:test";
import { createClient } from "@clickhouse/client";
import { makeWorld, type TestWorld } from "../api/test/fixture.ts";
import { emitMany } from "../api/domain/outbox.ts";
import { newEventId, toCHDateTime } from "./events.ts";
import { drainOutbox } from "./shipper.ts";
import { openChdbWarehouse } from "./adapters/chdb.ts";
import { openClickHouseWarehouse, type ClickHouseLikeClient } from "./adapters/clickhouse.ts";
import { migrateWarehouse } from "./migrate.ts";
import { rollupTables } from "./bulk.ts";
import { ROLLUP_TABLES as ROLLUP_TABLES_0006 } from "./migrations/0006_rollup_dedup_window.ts";
import { ROLLUP_TABLES, warehouseMigrations } from "./migrations/index.ts";
import type { InsertOptions, Warehouse } from "./port.ts";
import { startClickHouseHttpBridge } from "../edge/test/clickhouse-http-bridge.ts";

const NameTypeRow = z.object({ name: z.string(), type: z.string() });
const NRow = z.object({ n: z.number() });
const NameRow = z.object({ name: z.string() });
const QRow = z.object({ q: z.string() });

const DAY = 86_400_000;
const T0 = Date.UTC(2026, 9, 1, 10);

/** A few days of every kind of event, for 30 players. */
async function emitEverything(w: TestWorld, salt: number) {
  const ts = (i: number) => toCHDateTime(T0 + (i % 5) * DAY + i * 1000 + salt);
  const reg = (i: number) => toCHDateTime(T0 + (i % 3) * DAY);
  const ids = Array.from({ length: 30 }, (_, i) => i);
  await emitMany(
    w.deps.db,
    "registrations",
    ids.map((i) => ({
      event_id: newEventId(),
      ts: reg(i),
      player_id: i + 1,
      country: i % 2 ? "RU" : "DE",
      platform: "web",
      source: i % 3 ? "organic" : "vk",
      locale: "ru",
    })),
  );
  await emitMany(
    w.deps.db,
    "activity",
    ids.map((i) => ({
      event_id: newEventId(),
      ts: ts(i),
      player_id: i + 1,
      kind: "login",
      country: "RU",
      platform: "web",
      reg_ts: reg(i),
    })),
  );
  await emitMany(
    w.deps.db,
    "battles",
    ids.map((i) => ({
      event_id: newEventId(),
      ts: ts(i),
      battle_id: salt + i,
      player_id: i + 1,
      tank_id: 1 + (i % 4),
      mode: "random",
      result: i % 2 ? "win" : "loss",
      duration_s: 300,
      experience: 100 + i,
      silver_earned: 1000 + i,
      silver_spent: 50,
      gold_earned: i % 3,
      kills: 1,
      damage: 500,
      player_level: 3,
    })),
  );
  await emitMany(
    w.deps.db,
    "payments",
    ids.map((i) => ({
      event_id: newEventId(),
      ts: ts(i),
      order_id: `o-${salt}-${i}`,
      player_id: i + 1,
      provider: "stripe",
      market: "web",
      item_id: `gold_${i % 3}`,
      country: "RU",
      platform: "web",
      source: "organic",
      status: "paid",
      amount_minor: 500 + i,
      currency: "USD",
      amount_usd_cents: 500 + i,
      reg_ts: reg(i),
    })),
  );
  await emitMany(
    w.deps.db,
    "currency_movements",
    ids.map((i) => ({
      event_id: newEventId(),
      ts: ts(i),
      player_id: i + 1,
      currency: i % 2 ? "gold" : "silver",
      delta: i % 4 ? 100 + i : -(10 + i),
      balance_after: 1000 + i,
      reason: i % 4 ? "battle" : "shop",
      ref: "",
      player_level: 3,
      seq: salt * 100 + i + 1,
    })),
  );
  await emitMany(
    w.deps.db,
    "items",
    ids.map((i) => ({
      event_id: newEventId(),
      ts: ts(i),
      player_id: i + 1,
      item_type: "tank",
      item_id: String(1 + (i % 4)),
      delta: i % 5 ? 1 : -1,
      source: "shop",
    })),
  );
  await emitMany(
    w.deps.db,
    "ad_views",
    ids.map((i) => ({
      event_id: newEventId(),
      ts: ts(i),
      player_id: i + 1,
      campaign: "c",
      placement: "lobby",
      kind: "impression",
    })),
  );
}

/** Every rollup's figures as read after merges (FINAL), aggregate states finalized (bitmaps as their counts). */
async function rollupFigures(
  wh: Warehouse,
  tables: readonly string[] = ROLLUP_TABLES,
): Promise<Record<string, unknown[]>> {
  const out: Record<string, unknown[]> = {};
  for (const table of tables) {
    const cols = await wh.query(
      "SELECT name, type FROM system.columns WHERE database = currentDatabase() AND table = {t:String} ORDER BY position",
      { t: table },
      NameTypeRow,
    );
    const exprs = cols.map((c) =>
      c.type.startsWith("AggregateFunction")
        ? `toString(finalizeAggregation(${c.name})) AS ${c.name}`
        : `toString(${c.name}) AS ${c.name}`,
    );
    out[table] = await wh.query(
      `SELECT ${exprs.join(", ")} FROM ${table} FINAL ORDER BY ALL`,
      {},
      z.record(z.string(), z.string()),
    );
  }
  return out;
}

/** The warehouse as the shipper wrote to it before migration 0008: currency movements without their seq. */
function beforeSeq(real: Warehouse): Warehouse {
  return Object.assign(Object.create(real) as Warehouse, {
    insertLines: (table: string, lines: string, opts?: InsertOptions) =>
      real.insertLines(
        table,
        lines,
        opts?.columns ? { ...opts, columns: opts.columns.filter((c) => c !== "seq") } : opts,
      ),
  });
}

/** A warehouse that records every insert, so the same batch can be sent again exactly. */
function recording(real: Warehouse) {
  const inserts: [string, string, InsertOptions | undefined][] = [];
  const wh: Warehouse = Object.assign(Object.create(real) as Warehouse, {
    insertLines: async (table: string, lines: string, opts?: InsertOptions) => {
      inserts.push([table, lines, opts]);
      await real.insertLines(table, lines, opts);
    },
  });
  return { wh, inserts };
}

async function theSameBatchTwice(w: TestWorld, warehouse: Warehouse) {
  await emitEverything(w, 0);
  const { wh, inserts } = recording(warehouse);
  await drainOutbox(w.deps.client, wh);
  expect(inserts.length).toBe(7);
  const once = await rollupFigures(warehouse);
  for (const table of ROLLUP_TABLES) expect(once[table].length).toBeGreaterThan(0);
  // The shipper "crashed" after its inserts and before marking them shipped: the same batch again.
  for (const [table, lines, opts] of inserts) await warehouse.insertLines(table, lines, opts);
  expect(await rollupFigures(warehouse)).toEqual(once);
  // A later batch still counts (the window drops repeats, not new data).
  await emitEverything(w, 7);
  await drainOutbox(w.deps.client, warehouse);
  const [{ n }] = await warehouse.query("SELECT sum(n) AS n FROM registrations_daily", {}, NRow);
  expect(Number(n)).toBe(60);
}

describe("rollups under a retried batch", () => {
  test("chDB: the same batch twice leaves every rollup unchanged", async () => {
    const w = await makeWorld();
    try {
      await theSameBatchTwice(w, w.deps.warehouse);
    } finally {
      await w.close();
    }
  }, 60_000);

  test("HTTP adapter: the same batch twice leaves every rollup unchanged", async () => {
    const url = process.env.CLICKHOUSE_URL;
    const bridge = url ? null : startClickHouseHttpBridge(process.env.TK_TEST_CHDB_DIR!);
    const settings = {
      url: url ?? bridge!.url,
      username: process.env.CLICKHOUSE_USER ?? "default",
      password: process.env.CLICKHOUSE_PASSWORD ?? "",
      database: `tk_rollups_${process.pid}_${Date.now()}`,
    };
    const ch = createClient({
      url: settings.url,
      username: settings.username,
      password: settings.password,
      database: settings.database,
    });
    const client = ch as unknown as ClickHouseLikeClient;
    const warehouse = await openClickHouseWarehouse(client, settings);
    const w = await makeWorld({ warehouse });
    try {
      await migrateWarehouse(warehouse);
      await theSameBatchTwice(w, warehouse);
    } finally {
      await warehouse.command(`DROP DATABASE IF EXISTS ${settings.database}`);
      await w.close();
      await warehouse.close();
      await bridge?.stop();
    }
  }, 60_000);

  test("a warehouse whose summed rollups already counted a batch twice is repaired by the migration", async () => {
    const wh = await openChdbWarehouse(process.env.TK_TEST_CHDB_DIR!, `tk_repair_${process.pid}_${Date.now()}`);
    const w = await makeWorld({ warehouse: wh });
    try {
      // makeWorld migrated everything; start this warehouse over at version 5.
      for (const t of await wh.query("SELECT name FROM system.tables WHERE database = currentDatabase()", {}, NameRow))
        await wh.command(`DROP TABLE ${t.name}`);
      await migrateWarehouse(
        wh,
        warehouseMigrations.filter((m) => m.version <= 5),
      );
      // This code's shipper names registrations.kind (0009); a warehouse is migrated before anything
      // ships to it, so the old one gets that column (0009 adds it IF NOT EXISTS when it runs below).
      await wh.command(warehouseMigrations.find((m) => m.version === 9)!.statements[0]);
      await emitEverything(w, 0);
      const old = beforeSeq(wh);
      const { wh: rec, inserts } = recording(old);
      await drainOutbox(w.deps.client, rec);
      // The rollups of then; balances_current is replaced by balances_current_v2 (0008), compared apart.
      const then = ROLLUP_TABLES_0006.filter((t) => t !== "balances_current");
      const once = await rollupFigures(wh, then);
      const balances = (table: string) =>
        wh.query(
          `SELECT currency, player_id, toString(ts) AS ts, balance FROM ${table} FINAL ORDER BY ALL`,
          {},
          z.record(z.string(), z.unknown()),
        );
      const balancesOnce = await balances("balances_current");
      expect(balancesOnce.length).toBe(30);
      for (const [table, lines, opts] of inserts) await old.insertLines(table, lines, opts);
      const [{ n }] = await wh.query("SELECT sum(n) AS n FROM registrations_daily", {}, NRow);
      expect(Number(n)).toBe(60); // counted twice before the fix
      expect(await migrateWarehouse(wh)).toEqual(
        warehouseMigrations.filter((m) => m.version > 5).map((m) => m.version),
      );
      expect(await rollupFigures(wh, then)).toEqual(once);
      expect(await balances("balances_current_v2")).toEqual(balancesOnce);
    } finally {
      await wh.command(`DROP DATABASE IF EXISTS ${wh.database}`);
      await w.close();
      await wh.close();
    }
  }, 60_000);

  test("every table a materialized view writes into keeps a deduplication window", async () => {
    const wh = await openChdbWarehouse(process.env.TK_TEST_CHDB_DIR!, `tk_mv_${process.pid}_${Date.now()}`);
    try {
      await migrateWarehouse(wh);
      expect((await rollupTables(wh)).sort()).toEqual([...ROLLUP_TABLES].sort());
      for (const t of ROLLUP_TABLES) {
        const [{ q }] = await wh.query(
          "SELECT create_table_query AS q FROM system.tables WHERE database = currentDatabase() AND name = {t:String}",
          { t },
          QRow,
        );
        expect(q).toContain("non_replicated_deduplication_window = 10000");
      }
    } finally {
      await wh.command(`DROP DATABASE IF EXISTS ${wh.database}`);
      await wh.close();
    }
  }, 60_000);
});
