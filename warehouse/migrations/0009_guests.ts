// Guests (api/identity/guests.ts): how each player came (`kind` on registrations: game, guest,
// email, social; rows from before are the game client's) and the claims that turn a guest into a
// player who keeps the account (method: email or social), for registrations by kind and the
// guest → claimed conversion (warehouse/metrics/guests.ts).
export const statements = [
  `ALTER TABLE registrations ADD COLUMN IF NOT EXISTS kind LowCardinality(String) DEFAULT 'game'`,
  `CREATE TABLE IF NOT EXISTS claims (
    event_id UUID, ts DateTime64(3, 'UTC'), player_id UInt64, method LowCardinality(String),
    country LowCardinality(String), platform LowCardinality(String), reg_ts DateTime64(3, 'UTC')
  ) ENGINE = MergeTree PARTITION BY toYYYYMM(ts) ORDER BY (toDate(ts), player_id) SETTINGS non_replicated_deduplication_window = 10000`,
];
