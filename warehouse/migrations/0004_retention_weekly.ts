// Weekly retention triangle at 100M events: the players of each registration week (ISO week,
// Monday first, UTC) active in each later week, as exact bitmaps — a year of weekly cohorts
// is ~1.4k rows here instead of ~33k day × day rows of retention_daily.
const select = `SELECT toMonday(reg_ts) AS cohort_week, toMonday(ts) AS week, groupBitmapState(player_id) AS players FROM activity GROUP BY cohort_week, week`;

export const statements: string[] = [
  `CREATE TABLE IF NOT EXISTS retention_weekly (cohort_week Date, week Date, players AggregateFunction(groupBitmap, UInt64))
    ENGINE = AggregatingMergeTree PARTITION BY toYear(cohort_week) ORDER BY (cohort_week, week)`,
  `INSERT INTO retention_weekly SELECT * FROM (${select}) WHERE (SELECT count() FROM retention_weekly) = 0`,
  `CREATE MATERIALIZED VIEW IF NOT EXISTS retention_weekly_mv TO retention_weekly AS ${select}`,
];
