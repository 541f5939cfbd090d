CREATE TABLE `battle_events` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`battle_id` integer NOT NULL,
	`kind` text NOT NULL,
	`player_id` integer,
	`details` text DEFAULT '{}' NOT NULL,
	`at` integer NOT NULL,
	FOREIGN KEY (`battle_id`) REFERENCES `battles`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `battle_events_battle` ON `battle_events` (`battle_id`,`id`);--> statement-breakpoint
CREATE TABLE `battle_players` (
	`battle_id` integer NOT NULL,
	`player_id` integer NOT NULL,
	`tank_id` integer NOT NULL,
	`clan_id` integer,
	`result` text,
	`experience` integer DEFAULT 0 NOT NULL,
	`silver_earned` integer DEFAULT 0 NOT NULL,
	`silver_spent` integer DEFAULT 0 NOT NULL,
	`kills` integer DEFAULT 0 NOT NULL,
	`damage` integer DEFAULT 0 NOT NULL,
	`duration_s` integer DEFAULT 0 NOT NULL,
	`rating_delta` integer DEFAULT 0 NOT NULL,
	`ended_at` integer,
	PRIMARY KEY(`battle_id`, `player_id`),
	FOREIGN KEY (`battle_id`) REFERENCES `battles`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`player_id`) REFERENCES `players`(`id`) ON UPDATE no action ON DELETE no action
);
--> statement-breakpoint
CREATE INDEX `battle_players_player` ON `battle_players` (`player_id`,`battle_id`);--> statement-breakpoint
CREATE INDEX `battle_players_clan` ON `battle_players` (`clan_id`,`ended_at`);--> statement-breakpoint
CREATE TABLE `battles` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`server_ref` text,
	`mode` text NOT NULL,
	`map` text NOT NULL,
	`status` text NOT NULL,
	`started_at` integer NOT NULL,
	`ended_at` integer,
	`stopped_by` integer
);
--> statement-breakpoint
CREATE UNIQUE INDEX `battles_server_ref` ON `battles` (`server_ref`);--> statement-breakpoint
CREATE INDEX `battles_status_started` ON `battles` (`status`,`started_at`);--> statement-breakpoint
CREATE INDEX `battles_started` ON `battles` (`started_at`);