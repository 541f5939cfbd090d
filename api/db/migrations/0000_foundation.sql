CREATE TABLE `outbox` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`event_id` text NOT NULL,
	`table` text NOT NULL,
	`row` text NOT NULL,
	`created_at` integer NOT NULL,
	`batch` integer,
	`shipped_at` integer
);
--> statement-breakpoint
CREATE UNIQUE INDEX `outbox_event_id_unique` ON `outbox` (`event_id`);--> statement-breakpoint
CREATE INDEX `outbox_pending` ON `outbox` (`shipped_at`,`id`);--> statement-breakpoint
CREATE INDEX `outbox_batch` ON `outbox` (`batch`);--> statement-breakpoint
CREATE TABLE `player_identities` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`player_id` integer NOT NULL,
	`network` text NOT NULL,
	`uid` text NOT NULL,
	`created_at` integer NOT NULL,
	FOREIGN KEY (`player_id`) REFERENCES `players`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE UNIQUE INDEX `player_identities_uid` ON `player_identities` (`network`,`uid`);--> statement-breakpoint
CREATE INDEX `player_identities_player` ON `player_identities` (`player_id`);--> statement-breakpoint
CREATE TABLE `players` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`nickname` text NOT NULL,
	`email` text,
	`password_hash` text,
	`country` text DEFAULT 'RU' NOT NULL,
	`platform` text DEFAULT 'web' NOT NULL,
	`source` text DEFAULT 'organic' NOT NULL,
	`locale` text DEFAULT 'ru' NOT NULL,
	`level` integer DEFAULT 1 NOT NULL,
	`experience` integer DEFAULT 0 NOT NULL,
	`rating` integer DEFAULT 1000 NOT NULL,
	`battles` integer DEFAULT 0 NOT NULL,
	`wins` integer DEFAULT 0 NOT NULL,
	`gold` integer DEFAULT 0 NOT NULL,
	`silver` integer DEFAULT 0 NOT NULL,
	`premium_until` integer,
	`avatar_url` text,
	`current_tank_id` integer,
	`banned_until` integer,
	`ban_reason` text,
	`created_at` integer NOT NULL,
	`last_login_at` integer,
	`erased_at` integer,
	CONSTRAINT "players_gold_nonneg" CHECK("players"."gold" >= 0),
	CONSTRAINT "players_silver_nonneg" CHECK("players"."silver" >= 0)
);
--> statement-breakpoint
CREATE UNIQUE INDEX `players_nickname` ON `players` (lower("nickname"));--> statement-breakpoint
CREATE UNIQUE INDEX `players_email` ON `players` (lower("email"));--> statement-breakpoint
CREATE INDEX `players_rating` ON `players` (`rating`);--> statement-breakpoint
CREATE INDEX `players_created` ON `players` (`created_at`);--> statement-breakpoint
CREATE TABLE `ledger_entries` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`player_id` integer NOT NULL,
	`currency` text NOT NULL,
	`delta` integer NOT NULL,
	`balance_after` integer NOT NULL,
	`reason` text NOT NULL,
	`ref` text,
	`idempotency_key` text,
	`created_at` integer NOT NULL,
	FOREIGN KEY (`player_id`) REFERENCES `players`(`id`) ON UPDATE no action ON DELETE no action
);
--> statement-breakpoint
CREATE INDEX `ledger_player` ON `ledger_entries` (`player_id`,`id`);--> statement-breakpoint
CREATE UNIQUE INDEX `ledger_idempotency` ON `ledger_entries` (`player_id`,`currency`,`idempotency_key`);--> statement-breakpoint
CREATE TABLE `admin_log` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`admin_id` integer NOT NULL,
	`admin_username` text NOT NULL,
	`action` text NOT NULL,
	`target_type` text,
	`target_id` text,
	`summary` text NOT NULL,
	`method` text NOT NULL,
	`path` text NOT NULL,
	`address` text,
	`created_at` integer NOT NULL
);
--> statement-breakpoint
CREATE INDEX `admin_log_time` ON `admin_log` (`created_at`);--> statement-breakpoint
CREATE INDEX `admin_log_admin` ON `admin_log` (`admin_id`,`created_at`);--> statement-breakpoint
CREATE INDEX `admin_log_target` ON `admin_log` (`target_type`,`target_id`);--> statement-breakpoint
CREATE TABLE `admins` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`username` text NOT NULL,
	`email` text NOT NULL,
	`password_hash` text NOT NULL,
	`role` text NOT NULL,
	`active` integer DEFAULT true NOT NULL,
	`created_at` integer NOT NULL,
	`last_login_at` integer
);
--> statement-breakpoint
CREATE UNIQUE INDEX `admins_username` ON `admins` (lower("username"));--> statement-breakpoint
CREATE TABLE `sessions` (
	`token_hash` text PRIMARY KEY NOT NULL,
	`kind` text NOT NULL,
	`subject_id` integer NOT NULL,
	`csrf_token` text NOT NULL,
	`locale` text,
	`created_at` integer NOT NULL,
	`last_seen_at` integer NOT NULL,
	`expires_at` integer NOT NULL,
	`address` text,
	`user_agent` text
);
--> statement-breakpoint
CREATE INDEX `sessions_subject` ON `sessions` (`kind`,`subject_id`);--> statement-breakpoint
CREATE TABLE `mail_log` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`to` text NOT NULL,
	`subject` text NOT NULL,
	`text` text NOT NULL,
	`transport` text NOT NULL,
	`created_at` integer NOT NULL
);
--> statement-breakpoint
CREATE INDEX `mail_log_time` ON `mail_log` (`created_at`);