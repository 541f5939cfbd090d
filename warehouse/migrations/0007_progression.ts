// Progression events (api/domain/progression.ts): a daily task or quest completed, a crew member's
// level up, an upgrade bought. Sorted by kind and day for the per-kind daily counts.
export const statements = [
  `CREATE TABLE IF NOT EXISTS progression (
    event_id UUID, ts DateTime64(3, 'UTC'), player_id UInt64, kind LowCardinality(String),
    item_id String, value Int64, player_level UInt16
  ) ENGINE = MergeTree PARTITION BY toYYYYMM(ts) ORDER BY (kind, toDate(ts), player_id) SETTINGS non_replicated_deduplication_window = 10000`,
];
