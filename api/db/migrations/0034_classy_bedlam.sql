ALTER TABLE `live_event_entries` ADD `battles` integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE `live_event_entries` ADD `wins` integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE `live_event_entries` ADD `rating_delta` integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE `live_event_entries` ADD `experience` integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE `live_events` ADD `auto_enter` integer DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE `live_events` ADD `builtin` text;--> statement-breakpoint
CREATE UNIQUE INDEX `live_events_builtin` ON `live_events` (`builtin`);--> statement-breakpoint
-- The weekly players' tournament becomes an event of the calendar (api/domain/liveops/weekly.ts,
-- docs/decisions/liveops.md): the event, then its past weeks' entries from the battles (the sums
-- the screens summed), then one open period per week (ended ones are settled by the sweep).
INSERT INTO `live_events` (`kind`, `title_ru`, `title_en`, `schedule`, `audience`, `metric`, `auto_enter`, `builtin`, `created_at`, `updated_at`)
VALUES ('tournament', 'Еженедельный турнир игроков', 'Weekly players'' tournament',
  '{"kind":"cron","cron":"0 0 * * 1","durationMinutes":10080,"timeZone":"UTC"}', 'all', 'rating', 1, 'weeklyPlayers',
  CAST(strftime('%s', 'now') AS integer) * 1000, CAST(strftime('%s', 'now') AS integer) * 1000);--> statement-breakpoint
INSERT INTO `live_event_entries` (`event_id`, `period_start`, `player_id`, `tier`, `bucket`, `score`, `battles`, `wins`, `rating_delta`, `experience`, `scored_at`, `joined_at`)
SELECT (SELECT `id` FROM `live_events` WHERE `builtin` = 'weeklyPlayers'), w.wk, w.player_id, w.tier, 0, w.rating_delta, w.battles, w.wins, w.rating_delta, w.experience, w.last_at, w.first_at
FROM (
  SELECT ((bp.ended_at / 86400000 + 3) / 7) * 604800000 - 259200000 AS wk, bp.player_id,
    coalesce(min(ct.tier), 1) AS tier, count(*) AS battles,
    sum(CASE WHEN bp.result = 'win' THEN 1 ELSE 0 END) AS wins, sum(bp.rating_delta) AS rating_delta,
    sum(bp.experience) AS experience, min(bp.ended_at) AS first_at, max(bp.ended_at) AS last_at
  FROM battle_players bp LEFT JOIN content_tanks ct ON ct.id = bp.tank_id
  WHERE bp.result IS NOT NULL AND bp.ended_at IS NOT NULL
  GROUP BY wk, bp.player_id
) w
WHERE true
ON CONFLICT DO NOTHING;--> statement-breakpoint
INSERT INTO `live_event_periods` (`event_id`, `period_start`, `period_end`, `state`, `entries`)
SELECT `event_id`, `period_start`, `period_start` + 604800000, 'open', count(*)
FROM `live_event_entries` WHERE `event_id` = (SELECT `id` FROM `live_events` WHERE `builtin` = 'weeklyPlayers') GROUP BY `period_start`
ON CONFLICT (`event_id`, `period_start`) DO UPDATE SET `entries` = excluded.`entries`;
