// More rollups for the dashboards at 100M events (see 0002 for the pattern and its rules):
// - active_days: one exact bitmap of active players per UTC day (DAU, rolling WAU/MAU);
// - active_monthly: per calendar month × country × platform (MAU, yearly splits, ARPU's actives);
// - payers_daily / payers_monthly: players with a `paid` payment, per day and per month;
// - balances_current: each player's latest balance per currency, one row after merges
//   (ReplacingMergeTree on the movement's time), read with FINAL; replaces the argMax states of
//   balances_latest for the division dashboard, which stays for compatibility.

interface Rollup {
  table: string;
  ddl: string;
  select: string;
}

const rollups: Rollup[] = [
  {
    table: "active_days",
    ddl: `(day Date, players AggregateFunction(groupBitmap, UInt64)) ENGINE = AggregatingMergeTree PARTITION BY toYYYYMM(day) ORDER BY day`,
    select: `SELECT toDate(ts) AS day, groupBitmapState(player_id) AS players FROM activity GROUP BY day`,
  },
  {
    table: "active_monthly",
    ddl: `(month Date, country LowCardinality(String), platform LowCardinality(String), players AggregateFunction(groupBitmap, UInt64))
      ENGINE = AggregatingMergeTree PARTITION BY toYear(month) ORDER BY (month, country, platform)`,
    select: `SELECT toStartOfMonth(ts) AS month, country, platform, groupBitmapState(player_id) AS players FROM activity GROUP BY month, country, platform`,
  },
  {
    table: "payers_daily",
    ddl: `(day Date, payers AggregateFunction(groupBitmap, UInt64)) ENGINE = AggregatingMergeTree PARTITION BY toYYYYMM(day) ORDER BY day`,
    select: `SELECT toDate(ts) AS day, groupBitmapState(player_id) AS payers FROM payments WHERE status = 'paid' GROUP BY day`,
  },
  {
    table: "payers_monthly",
    ddl: `(month Date, payers AggregateFunction(groupBitmap, UInt64)) ENGINE = AggregatingMergeTree PARTITION BY toYear(month) ORDER BY month`,
    select: `SELECT toStartOfMonth(ts) AS month, groupBitmapState(player_id) AS payers FROM payments WHERE status = 'paid' GROUP BY month`,
  },
  {
    table: "balances_current",
    ddl: `(currency LowCardinality(String), player_id UInt64, ts DateTime64(3, 'UTC'), balance Int64)
      ENGINE = ReplacingMergeTree(ts) ORDER BY (currency, player_id)`,
    select: `SELECT currency, player_id, ts, balance_after AS balance FROM currency_movements`,
  },
];

export const statements: string[] = rollups.flatMap((r) => [
  `CREATE TABLE IF NOT EXISTS ${r.table} ${r.ddl}`,
  `INSERT INTO ${r.table} SELECT * FROM (${r.select}) WHERE (SELECT count() FROM ${r.table}) = 0`,
  `CREATE MATERIALIZED VIEW IF NOT EXISTS ${r.table}_mv TO ${r.table} AS ${r.select}`,
]);
