// The raw event tables. Each is a MergeTree partitioned by month and sorted for the
// dashboards that read it; non_replicated_deduplication_window lets a retried insert with
// the same insert_deduplication_token be dropped (on a replicated server the
// replicated_deduplication_window does the same).
const DEDUP = "SETTINGS non_replicated_deduplication_window = 10000";

export const statements = [
  `CREATE TABLE IF NOT EXISTS registrations (
    event_id UUID, ts DateTime64(3, 'UTC'), player_id UInt64,
    country LowCardinality(String), platform LowCardinality(String), source LowCardinality(String), locale LowCardinality(String)
  ) ENGINE = MergeTree PARTITION BY toYYYYMM(ts) ORDER BY (ts, player_id) ${DEDUP}`,
  `CREATE TABLE IF NOT EXISTS activity (
    event_id UUID, ts DateTime64(3, 'UTC'), player_id UInt64, kind LowCardinality(String),
    country LowCardinality(String), platform LowCardinality(String), reg_ts DateTime64(3, 'UTC')
  ) ENGINE = MergeTree PARTITION BY toYYYYMM(ts) ORDER BY (toDate(ts), player_id, ts) ${DEDUP}`,
  `CREATE TABLE IF NOT EXISTS battles (
    event_id UUID, ts DateTime64(3, 'UTC'), battle_id UInt64, player_id UInt64, tank_id UInt32,
    mode LowCardinality(String), result LowCardinality(String), duration_s UInt32,
    experience Int64, silver_earned Int64, silver_spent Int64, gold_earned Int64,
    kills UInt16, damage UInt32, player_level UInt16
  ) ENGINE = MergeTree PARTITION BY toYYYYMM(ts) ORDER BY (toDate(ts), tank_id, player_id) ${DEDUP}`,
  `CREATE TABLE IF NOT EXISTS payments (
    event_id UUID, ts DateTime64(3, 'UTC'), order_id String, player_id UInt64,
    provider LowCardinality(String), market LowCardinality(String), item_id String,
    country LowCardinality(String), platform LowCardinality(String), source LowCardinality(String),
    status LowCardinality(String), amount_minor Int64, currency LowCardinality(String),
    amount_usd_cents Int64, reg_ts DateTime64(3, 'UTC')
  ) ENGINE = MergeTree PARTITION BY toYYYYMM(ts) ORDER BY (ts, player_id) ${DEDUP}`,
  `CREATE TABLE IF NOT EXISTS currency_movements (
    event_id UUID, ts DateTime64(3, 'UTC'), player_id UInt64, currency LowCardinality(String),
    delta Int64, balance_after Int64, reason LowCardinality(String), ref String, player_level UInt16
  ) ENGINE = MergeTree PARTITION BY toYYYYMM(ts) ORDER BY (currency, toDate(ts), reason, player_id) ${DEDUP}`,
  `CREATE TABLE IF NOT EXISTS items (
    event_id UUID, ts DateTime64(3, 'UTC'), player_id UInt64, item_type LowCardinality(String),
    item_id String, delta Int8, source LowCardinality(String)
  ) ENGINE = MergeTree PARTITION BY toYYYYMM(ts) ORDER BY (item_type, item_id, player_id, ts) ${DEDUP}`,
  `CREATE TABLE IF NOT EXISTS ad_views (
    event_id UUID, ts DateTime64(3, 'UTC'), player_id UInt64, campaign LowCardinality(String),
    placement LowCardinality(String), kind LowCardinality(String)
  ) ENGINE = MergeTree PARTITION BY toYYYYMM(ts) ORDER BY (campaign, toDate(ts), player_id) ${DEDUP}`,
  `CREATE TABLE IF NOT EXISTS admin_actions (
    event_id UUID, ts DateTime64(3, 'UTC'), admin_id UInt64, admin_username String, role LowCardinality(String),
    action LowCardinality(String), target_type LowCardinality(String), target_id String
  ) ENGINE = MergeTree PARTITION BY toYYYYMM(ts) ORDER BY (ts, admin_id) ${DEDUP}`,
];
