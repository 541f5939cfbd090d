// Numbered ClickHouse migrations, applied in order at start (see README.md here).
import * as m0001 from "./0001_event_tables.ts";
import * as m0002 from "./0002_metrics_rollups.ts";
import * as m0003 from "./0003_metrics_rollups_2.ts";
import * as m0004 from "./0004_retention_weekly.ts";
import * as m0005 from "./0005_drop_balances_latest.ts";
import * as m0006 from "./0006_rollup_dedup_window.ts";
import * as m0007 from "./0007_progression.ts";

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
];
