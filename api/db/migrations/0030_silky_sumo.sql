CREATE TABLE `live_event_entries` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`event_id` integer NOT NULL,
	`period_start` integer NOT NULL,
	`player_id` integer NOT NULL,
	`tier` integer NOT NULL,
	`bucket` integer DEFAULT 0 NOT NULL,
	`score` integer DEFAULT 0 NOT NULL,
	`scored_at` integer NOT NULL,
	`joined_at` integer NOT NULL,
	FOREIGN KEY (`event_id`) REFERENCES `live_events`(`id`) ON UPDATE no action ON DELETE no action,
	FOREIGN KEY (`player_id`) REFERENCES `players`(`id`) ON UPDATE no action ON DELETE no action
);
--> statement-breakpoint
CREATE UNIQUE INDEX `live_event_entries_player` ON `live_event_entries` (`event_id`,`period_start`,`player_id`);--> statement-breakpoint
CREATE INDEX `live_event_entries_board` ON `live_event_entries` (`event_id`,`period_start`,`tier`,`bucket`,`score`);--> statement-breakpoint
CREATE TABLE `live_event_periods` (
	`event_id` integer NOT NULL,
	`period_start` integer NOT NULL,
	`period_end` integer NOT NULL,
	`state` text DEFAULT 'open' NOT NULL,
	`entries` integer DEFAULT 0 NOT NULL,
	`settled_at` integer,
	FOREIGN KEY (`event_id`) REFERENCES `live_events`(`id`) ON UPDATE no action ON DELETE no action
);
--> statement-breakpoint
CREATE UNIQUE INDEX `live_event_periods_key` ON `live_event_periods` (`event_id`,`period_start`);--> statement-breakpoint
CREATE INDEX `live_event_periods_due` ON `live_event_periods` (`state`,`period_end`);--> statement-breakpoint
CREATE TABLE `live_event_results` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`event_id` integer NOT NULL,
	`period_start` integer NOT NULL,
	`player_id` integer NOT NULL,
	`tier` integer NOT NULL,
	`bucket` integer NOT NULL,
	`rank` integer NOT NULL,
	`score` integer NOT NULL,
	`gold` integer DEFAULT 0 NOT NULL,
	`silver` integer DEFAULT 0 NOT NULL,
	`settled_at` integer NOT NULL,
	FOREIGN KEY (`event_id`) REFERENCES `live_events`(`id`) ON UPDATE no action ON DELETE no action,
	FOREIGN KEY (`player_id`) REFERENCES `players`(`id`) ON UPDATE no action ON DELETE no action
);
--> statement-breakpoint
CREATE UNIQUE INDEX `live_event_results_player` ON `live_event_results` (`event_id`,`period_start`,`player_id`);--> statement-breakpoint
CREATE TABLE `live_events` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`kind` text NOT NULL,
	`title_ru` text NOT NULL,
	`title_en` text NOT NULL,
	`schedule` text NOT NULL,
	`audience` text DEFAULT 'all' NOT NULL,
	`audience_id` integer,
	`min_level` integer DEFAULT 1 NOT NULL,
	`max_level` integer DEFAULT 100 NOT NULL,
	`min_tier` integer DEFAULT 1 NOT NULL,
	`max_tier` integer DEFAULT 10 NOT NULL,
	`fee_currency` text DEFAULT 'silver' NOT NULL,
	`fee` integer DEFAULT 0 NOT NULL,
	`size_limit` integer,
	`metric` text DEFAULT 'wins' NOT NULL,
	`per_tier` integer DEFAULT false NOT NULL,
	`bucket_size` integer,
	`prizes` text DEFAULT '{"by":"rank","rows":[]}' NOT NULL,
	`multiplied` text,
	`multiplier_pct` integer,
	`offer_id` integer,
	`active` integer DEFAULT true NOT NULL,
	`created_at` integer NOT NULL,
	`updated_at` integer NOT NULL,
	FOREIGN KEY (`offer_id`) REFERENCES `special_offers`(`id`) ON UPDATE no action ON DELETE no action
);
--> statement-breakpoint
CREATE INDEX `live_events_kind` ON `live_events` (`active`,`kind`);