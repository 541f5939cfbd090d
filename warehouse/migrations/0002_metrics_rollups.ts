// Rollups of the /admin/metrics dashboards: each a table filled by a materialized view from one
// event table, so a dashboard reads thousands of pre-aggregated rows instead of scanning raw
// events. Distinct players are kept exactly as roaring bitmaps (groupBitmap), so DAU, MAU,
// paying users and retention stay exact after any merge. Every ORDER BY holds every dimension
// the rollup groups by. Each rollup is backfilled from its events once (when it is empty)
// before its view starts, so a warehouse that already holds events gets complete rollups.

interface Rollup {
  table: string;
  ddl: string;
  select: string;
}

export const rollups: Rollup[] = [
  {
    table: "registrations_daily",
    ddl: `(day Date, country LowCardinality(String), platform LowCardinality(String), source LowCardinality(String), n UInt64)
      ENGINE = SummingMergeTree PARTITION BY toYYYYMM(day) ORDER BY (day, country, platform, source)`,
    select: `SELECT toDate(ts) AS day, country, platform, source, count() AS n FROM registrations GROUP BY day, country, platform, source`,
  },
  {
    table: "active_daily",
    ddl: `(day Date, country LowCardinality(String), platform LowCardinality(String), players AggregateFunction(groupBitmap, UInt64))
      ENGINE = AggregatingMergeTree PARTITION BY toYYYYMM(day) ORDER BY (day, country, platform)`,
    select: `SELECT toDate(ts) AS day, country, platform, groupBitmapState(player_id) AS players FROM activity GROUP BY day, country, platform`,
  },
  {
    table: "retention_daily",
    ddl: `(cohort_day Date, day Date, players AggregateFunction(groupBitmap, UInt64))
      ENGINE = AggregatingMergeTree PARTITION BY toYYYYMM(cohort_day) ORDER BY (cohort_day, day)`,
    select: `SELECT toDate(reg_ts) AS cohort_day, toDate(ts) AS day, groupBitmapState(player_id) AS players FROM activity GROUP BY cohort_day, day`,
  },
  {
    table: "payments_daily",
    ddl: `(day Date, market LowCardinality(String), item_id String, country LowCardinality(String), platform LowCardinality(String),
      source LowCardinality(String), status LowCardinality(String),
      amount SimpleAggregateFunction(sum, Int64), n SimpleAggregateFunction(sum, UInt64), payers AggregateFunction(groupBitmap, UInt64))
      ENGINE = AggregatingMergeTree PARTITION BY toYYYYMM(day) ORDER BY (day, market, item_id, country, platform, source, status)`,
    select: `SELECT toDate(ts) AS day, market, item_id, country, platform, source, status, sum(amount_usd_cents) AS amount, count() AS n,
      groupBitmapState(player_id) AS payers FROM payments GROUP BY day, market, item_id, country, platform, source, status`,
  },
  {
    table: "payments_cohort_daily",
    ddl: `(cohort_day Date, day Date, amount Int64, n UInt64)
      ENGINE = SummingMergeTree PARTITION BY toYYYYMM(cohort_day) ORDER BY (cohort_day, day)`,
    select: `SELECT toDate(reg_ts) AS cohort_day, toDate(ts) AS day, sum(amount_usd_cents) AS amount, count() AS n FROM payments GROUP BY cohort_day, day`,
  },
  {
    table: "currency_daily",
    ddl: `(day Date, currency LowCardinality(String), reason LowCardinality(String), player_level UInt16,
      earned Int64, spent Int64, n_in UInt64, n_out UInt64)
      ENGINE = SummingMergeTree PARTITION BY toYYYYMM(day) ORDER BY (day, currency, reason, player_level)`,
    select: `SELECT toDate(ts) AS day, currency, reason, player_level, sumIf(delta, delta > 0) AS earned, sumIf(-delta, delta < 0) AS spent,
      countIf(delta > 0) AS n_in, countIf(delta < 0) AS n_out FROM currency_movements GROUP BY day, currency, reason, player_level`,
  },
  {
    table: "balances_latest",
    ddl: `(currency LowCardinality(String), player_id UInt64, latest AggregateFunction(argMax, Int64, Tuple(DateTime64(3, 'UTC'), Int64)))
      ENGINE = AggregatingMergeTree ORDER BY (currency, player_id)`,
    select: `SELECT currency, player_id, argMaxState(balance_after, (ts, balance_after)) AS latest FROM currency_movements GROUP BY currency, player_id`,
  },
  {
    table: "player_experience",
    ddl: `(player_id UInt64, experience Int64, battles UInt64) ENGINE = SummingMergeTree ORDER BY player_id`,
    select: `SELECT player_id, sum(experience) AS experience, count() AS battles FROM battles GROUP BY player_id`,
  },
  {
    table: "item_holdings",
    ddl: `(item_type LowCardinality(String), item_id String, player_id UInt64, held Int64, gained UInt64, lost UInt64)
      ENGINE = SummingMergeTree ORDER BY (item_type, item_id, player_id)`,
    select: `SELECT item_type, item_id, player_id, sum(toInt64(delta)) AS held, countIf(delta > 0) AS gained, countIf(delta < 0) AS lost
      FROM items GROUP BY item_type, item_id, player_id`,
  },
  {
    table: "tank_daily",
    ddl: `(day Date, tank_id UInt32, battles UInt64, wins UInt64, silver_earned Int64, silver_spent Int64, gold_earned Int64, experience Int64)
      ENGINE = SummingMergeTree PARTITION BY toYYYYMM(day) ORDER BY (day, tank_id)`,
    select: `SELECT toDate(ts) AS day, tank_id, count() AS battles, countIf(result = 'win') AS wins, sum(silver_earned) AS silver_earned,
      sum(silver_spent) AS silver_spent, sum(gold_earned) AS gold_earned, sum(experience) AS experience FROM battles GROUP BY day, tank_id`,
  },
];

export const statements: string[] = [
  ...rollups.flatMap((r) => [
    `CREATE TABLE IF NOT EXISTS ${r.table} ${r.ddl}`,
    // Backfill once: only while the rollup is still empty (a re-run after the view exists adds nothing).
    `INSERT INTO ${r.table} SELECT * FROM (${r.select}) WHERE (SELECT count() FROM ${r.table}) = 0`,
    `CREATE MATERIALIZED VIEW IF NOT EXISTS ${r.table}_mv TO ${r.table} AS ${r.select}`,
  ]),
  // comparePeriods: headline figures per month, materialised on demand and recalculable.
  `CREATE TABLE IF NOT EXISTS monthly_metrics (month Date, metric LowCardinality(String), value Int64, computed_at DateTime64(3, 'UTC'))
    ENGINE = ReplacingMergeTree(computed_at) ORDER BY (month, metric)`,
];
