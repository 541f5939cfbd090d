CREATE TABLE `clan_log` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`clan_id` integer NOT NULL,
	`actor_id` integer NOT NULL,
	`target_id` integer,
	`action` text NOT NULL,
	`details` text DEFAULT '{}' NOT NULL,
	`created_at` integer NOT NULL
);
--> statement-breakpoint
CREATE INDEX `clan_log_clan` ON `clan_log` (`clan_id`,`id`);--> statement-breakpoint
CREATE TABLE `clan_members` (
	`player_id` integer PRIMARY KEY NOT NULL,
	`clan_id` integer NOT NULL,
	`role` text NOT NULL,
	`joined_at` integer NOT NULL,
	FOREIGN KEY (`player_id`) REFERENCES `players`(`id`) ON UPDATE no action ON DELETE no action,
	FOREIGN KEY (`clan_id`) REFERENCES `clans`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `clan_members_clan` ON `clan_members` (`clan_id`);--> statement-breakpoint
CREATE TABLE `clan_requests` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`clan_id` integer NOT NULL,
	`player_id` integer NOT NULL,
	`message` text DEFAULT '' NOT NULL,
	`created_at` integer NOT NULL,
	`expires_at` integer NOT NULL,
	FOREIGN KEY (`clan_id`) REFERENCES `clans`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`player_id`) REFERENCES `players`(`id`) ON UPDATE no action ON DELETE no action
);
--> statement-breakpoint
CREATE UNIQUE INDEX `clan_requests_once` ON `clan_requests` (`clan_id`,`player_id`);--> statement-breakpoint
CREATE INDEX `clan_requests_player` ON `clan_requests` (`player_id`);--> statement-breakpoint
CREATE TABLE `clans` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`name` text NOT NULL,
	`tag` text NOT NULL,
	`description` text DEFAULT '' NOT NULL,
	`leader_id` integer NOT NULL,
	`rating` integer DEFAULT 0 NOT NULL,
	`wins` integer DEFAULT 0 NOT NULL,
	`experience` integer DEFAULT 0 NOT NULL,
	`created_at` integer NOT NULL,
	FOREIGN KEY (`leader_id`) REFERENCES `players`(`id`) ON UPDATE no action ON DELETE no action
);
--> statement-breakpoint
CREATE UNIQUE INDEX `clans_name` ON `clans` (lower("name"));--> statement-breakpoint
CREATE UNIQUE INDEX `clans_tag` ON `clans` (upper("tag"));--> statement-breakpoint
CREATE INDEX `clans_rating` ON `clans` (`rating`);--> statement-breakpoint
CREATE TABLE `blacklist` (
	`player_id` integer NOT NULL,
	`blocked_id` integer NOT NULL,
	`created_at` integer NOT NULL,
	PRIMARY KEY(`player_id`, `blocked_id`),
	FOREIGN KEY (`player_id`) REFERENCES `players`(`id`) ON UPDATE no action ON DELETE no action,
	FOREIGN KEY (`blocked_id`) REFERENCES `players`(`id`) ON UPDATE no action ON DELETE no action
);
--> statement-breakpoint
CREATE INDEX `blacklist_blocked` ON `blacklist` (`blocked_id`);