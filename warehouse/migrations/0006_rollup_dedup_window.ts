// A retried batch must not count twice in the rollups. The shipper re-sends a batch with the
// same insert_deduplication_token after a crash between insert and mark; the raw tables drop it
// (0001 gave them a deduplication window), and deduplicate_blocks_in_dependent_materialized_views
// makes ClickHouse drop the views' blocks too — but only where the view's TARGET table keeps a
// window of its own, and a MergeTree without replication keeps none by default. So each rollup
// gets the same window as the raw tables, and the summed rollups, which may already hold
// batches counted twice, are rebuilt once from the raw events (deduplicated all along). The
// bitmap (groupBitmap) and ReplacingMergeTree rollups were exact anyway: a duplicate block adds
// the same players or the same latest row again.
import { rollups as rollups0002 } from "./0002_metrics_rollups.ts";

const DEDUP = "non_replicated_deduplication_window = 10000";

/** Every table a materialized view writes into (warehouse/rollups.test.ts checks none is missing). */
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
  "balances_current",
  "retention_weekly",
] as const;

/** Rollups whose figures are sums or counts (a duplicate block inflates them): rebuilt from the raw events. */
const SUMMED = [
  "registrations_daily",
  "payments_daily",
  "payments_cohort_daily",
  "currency_daily",
  "player_experience",
  "item_holdings",
  "tank_daily",
];

const selectOf = (table: string) => {
  const r = rollups0002.find((x) => x.table === table);
  if (!r) throw new Error(`no rollup named ${table}`);
  return r.select;
};

// Rerunnable as a whole: the settings are idempotent, and a rebuild empties the table before it
// refills it. The shipper starts only after the migrations (edge/boot.ts), so no batch lands
// between the two statements of a rebuild.
export const statements: string[] = [
  ...ROLLUP_TABLES.map((t) => `ALTER TABLE ${t} MODIFY SETTING ${DEDUP}`),
  ...SUMMED.flatMap((t) => [`TRUNCATE TABLE ${t}`, `INSERT INTO ${t} ${selectOf(t)}`]),
];
