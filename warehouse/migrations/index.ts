// Numbered ClickHouse migrations, applied in order at start (see README.md here).
import * as m0001 from "./0001_event_tables.ts";
import * as m0002 from "./0002_metrics_rollups.ts";
import * as m0003 from "./0003_metrics_rollups_2.ts";
import * as m0004 from "./0004_retention_weekly.ts";
import * as m0005 from "./0005_drop_balances_latest.ts";
import * as m0006 from "./0006_rollup_dedup_window.ts";
import * as m0007 from "./0007_progression.ts";
import * as m0008 from "./0008_balances_in_ledger_order.ts";
import * as m0009 from "./0009_guests.ts";

export interface WarehouseMigration {
  version: number;
  name: string;
  statements: string[];
}

export const warehouseMigrations: WarehouseMigration[] = [
  { version: 1, name: "event_tables", statements: m0001.statements },
  { version: 2, name: "metrics_rollups", statements: m0002.statements },
  { version: 3, name: "metrics_rollups_2", statements: m0003.statements },
  { version: 4, name: "retention_weekly", statements: m0004.statements },
  { version: 5, name: "drop_balances_latest", statements: m0005.statements },
  { version: 6, name: "rollup_dedup_window", statements: m0006.statements },
  { version: 7, name: "progression", statements: m0007.statements },
  { version: 8, name: "balances_in_ledger_order", statements: m0008.statements },
  { version: 9, name: "guests", statements: m0009.statements },
];

/**
 * Every table a materialized view writes into once all the migrations have run. A migration that
 * adds, replaces or drops a rollup updates this list (0006 keeps its own, as the tables were
 * then); warehouse/rollups.test.ts checks it against the warehouse's catalogue and that each
 * keeps a deduplication window, and the crash test compares each with the raw events.
 */
export const ROLLUP_TABLES = [
  "registrations_daily",
  "active_daily",
  "retention_daily",
  "payments_daily",
  "payments_cohort_daily",
  "currency_daily",
  "player_experience",
  "item_holdings",
  "tank_daily",
  "active_days",
  "active_monthly",
  "payers_daily",
  "payers_monthly",
  "balances_current_v2", // 0008 (balances_current of 0003 before)
  "retention_weekly",
] as const;
