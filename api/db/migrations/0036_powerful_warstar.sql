CREATE TABLE `live_event_clan_entries` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`event_id` integer NOT NULL,
	`period_start` integer NOT NULL,
	`clan_id` integer NOT NULL,
	`score` integer DEFAULT 0 NOT NULL,
	`battles` integer DEFAULT 0 NOT NULL,
	`wins` integer DEFAULT 0 NOT NULL,
	`rating_delta` integer DEFAULT 0 NOT NULL,
	`experience` integer DEFAULT 0 NOT NULL,
	`scored_at` integer NOT NULL,
	`joined_at` integer NOT NULL,
	`rank` integer,
	FOREIGN KEY (`event_id`) REFERENCES `live_events`(`id`) ON UPDATE no action ON DELETE no action
);
--> statement-breakpoint
CREATE UNIQUE INDEX `live_event_clan_entries_clan` ON `live_event_clan_entries` (`event_id`,`period_start`,`clan_id`);--> statement-breakpoint
ALTER TABLE `live_event_results` ADD `clan_id` integer;--> statement-breakpoint
ALTER TABLE `live_events` ADD `entrant` text DEFAULT 'player' NOT NULL;--> statement-breakpoint
-- The weekly clans' tournament becomes an event of the calendar (api/domain/liveops/clans-weekly.ts,
-- docs/decisions/liveops.md): the event, then its past weeks' clan entries from the battles fought
-- for clans (the sums /admin/clansTournaments/ summed), then one open period per week (the sweep
-- settles the ended ones; no prizes until an operator sets a table).
INSERT INTO `live_events` (`kind`, `title_ru`, `title_en`, `schedule`, `audience`, `metric`, `auto_enter`, `entrant`, `builtin`, `created_at`, `updated_at`)
VALUES ('tournament', 'Еженедельный турнир кланов', 'Weekly clans'' tournament',
  '{"kind":"cron","cron":"0 0 * * 1","durationMinutes":10080,"timeZone":"UTC"}', 'all', 'rating', 1, 'clan', 'weeklyClans',
  CAST(strftime('%s', 'now') AS integer) * 1000, CAST(strftime('%s', 'now') AS integer) * 1000);--> statement-breakpoint
INSERT INTO `live_event_clan_entries` (`event_id`, `period_start`, `clan_id`, `score`, `battles`, `wins`, `rating_delta`, `experience`, `scored_at`, `joined_at`)
SELECT (SELECT `id` FROM `live_events` WHERE `builtin` = 'weeklyClans'), w.wk, w.clan_id, w.rating_delta, w.battles, w.wins, w.rating_delta, w.experience, w.last_at, w.first_at
FROM (
  SELECT ((bp.ended_at / 86400000 + 3) / 7) * 604800000 - 259200000 AS wk, bp.clan_id, count(*) AS battles,
    sum(CASE WHEN bp.result = 'win' THEN 1 ELSE 0 END) AS wins, sum(bp.rating_delta) AS rating_delta,
    sum(bp.experience) AS experience, min(bp.ended_at) AS first_at, max(bp.ended_at) AS last_at
  FROM battle_players bp
  WHERE bp.clan_id IS NOT NULL AND bp.result IS NOT NULL AND bp.ended_at IS NOT NULL
  GROUP BY wk, bp.clan_id
) w
WHERE true
ON CONFLICT DO NOTHING;--> statement-breakpoint
INSERT INTO `live_event_periods` (`event_id`, `period_start`, `period_end`, `state`, `entries`)
SELECT `event_id`, `period_start`, `period_start` + 604800000, 'open', count(*)
FROM `live_event_clan_entries` WHERE `event_id` = (SELECT `id` FROM `live_events` WHERE `builtin` = 'weeklyClans') GROUP BY `period_start`
ON CONFLICT (`event_id`, `period_start`) DO UPDATE SET `entries` = excluded.`entries`;
