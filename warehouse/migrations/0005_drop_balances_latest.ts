// balances_latest (0002: argMax states per player) was replaced by balances_current (0003: one
// row per player after merges, read with FINAL); nothing reads it, so its view stops costing
// every currency movement insert and the table goes.
export const statements: string[] = ["DROP VIEW IF EXISTS balances_latest_mv", "DROP TABLE IF EXISTS balances_latest"];
