// Current balances in the order the store applied them. balances_current (0003) was a
// ReplacingMergeTree versioned by the movement's millisecond, and two movements of one player's
// currency often share one (a battle's reward and its repair cost): with equal versions
// ClickHouse keeps either row, so a player's current balance could be the earlier one.
//
// Each currency movement now carries `seq`, its ledger entry's id (api/domain/ledger.ts), which
// orders a player's movements exactly as the store applied them. balances_current_v2 keeps the
// row of the highest `version`, one UInt64 (ReplacingMergeTree takes a single version column),
// computed in the table so every way in (the view, the backfill) gets the same:
//   - a movement with a seq: 2^63 + seq — above every movement without one, in ledger order;
//   - a movement from before seq (seq = 0: rows already in the warehouse, and outbox lines written
//     before the column, which ship with its default): its millisecond, as before. Two such
//     movements in one millisecond are still in no known order; the first movement with a seq
//     replaces them.
// The readers move to balances_current_v2 and the old table and its view go (as
// warehouse/migrations/README.md says for a changed engine).
//
// Rerunnable: ADD COLUMN and CREATE are IF NOT EXISTS, the backfill runs only into an empty table,
// and the shipper starts only after the migrations, so no batch lands between them.

const VERSION = "if(seq = 0, toUInt64(toUnixTimestamp64Milli(ts)), bitShiftLeft(toUInt64(1), 63) + seq)";

const SELECT = "SELECT currency, player_id, ts, seq, balance_after AS balance FROM currency_movements";

export const statements: string[] = [
  "ALTER TABLE currency_movements ADD COLUMN IF NOT EXISTS seq UInt64",
  `CREATE TABLE IF NOT EXISTS balances_current_v2 (
    currency LowCardinality(String), player_id UInt64, ts DateTime64(3, 'UTC'), seq UInt64, balance Int64,
    version UInt64 MATERIALIZED ${VERSION}
  ) ENGINE = ReplacingMergeTree(version) ORDER BY (currency, player_id) SETTINGS non_replicated_deduplication_window = 10000`,
  `INSERT INTO balances_current_v2 (currency, player_id, ts, seq, balance) SELECT * FROM (${SELECT}) WHERE (SELECT count() FROM balances_current_v2) = 0`,
  `CREATE MATERIALIZED VIEW IF NOT EXISTS balances_current_v2_mv TO balances_current_v2 AS ${SELECT}`,
  "DROP VIEW IF EXISTS balances_current_mv",
  "DROP TABLE IF EXISTS balances_current",
];
