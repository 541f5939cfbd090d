CREATE TABLE `chat_events` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`room` text NOT NULL,
	`message_id` integer NOT NULL,
	`kind` text NOT NULL,
	`at` integer NOT NULL
);
--> statement-breakpoint
CREATE INDEX `chat_events_room` ON `chat_events` (`room`,`id`);--> statement-breakpoint
CREATE TABLE `chat_messages` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`room` text NOT NULL,
	`player_id` integer,
	`nickname` text NOT NULL,
	`body` text NOT NULL,
	`status` text DEFAULT 'visible' NOT NULL,
	`created_at` integer NOT NULL,
	`moderated_at` integer,
	`moderated_by` text,
	FOREIGN KEY (`player_id`) REFERENCES `players`(`id`) ON UPDATE no action ON DELETE set null
);
--> statement-breakpoint
CREATE INDEX `chat_messages_room` ON `chat_messages` (`room`,`id`);--> statement-breakpoint
CREATE INDEX `chat_messages_player` ON `chat_messages` (`player_id`,`id`);--> statement-breakpoint
CREATE TABLE `chat_mutes` (
	`player_id` integer PRIMARY KEY NOT NULL,
	`until` integer NOT NULL,
	`reason` text DEFAULT '' NOT NULL,
	`by_admin` text NOT NULL,
	`created_at` integer NOT NULL,
	FOREIGN KEY (`player_id`) REFERENCES `players`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE TABLE `chat_words` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`word` text NOT NULL,
	`created_at` integer NOT NULL
);
--> statement-breakpoint
CREATE UNIQUE INDEX `chat_words_word` ON `chat_words` (`word`);--> statement-breakpoint
CREATE TABLE `experiment_overrides` (
	`experiment_id` integer NOT NULL,
	`player_id` integer NOT NULL,
	`variant` text,
	`by_admin` text NOT NULL,
	`created_at` integer NOT NULL,
	PRIMARY KEY(`experiment_id`, `player_id`),
	FOREIGN KEY (`player_id`) REFERENCES `players`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `experiment_overrides_player` ON `experiment_overrides` (`player_id`);--> statement-breakpoint
CREATE TABLE `friend_requests` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`from_id` integer NOT NULL,
	`to_id` integer NOT NULL,
	`status` text DEFAULT 'pending' NOT NULL,
	`created_at` integer NOT NULL,
	`answered_at` integer,
	FOREIGN KEY (`from_id`) REFERENCES `players`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`to_id`) REFERENCES `players`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `friend_requests_to` ON `friend_requests` (`to_id`,`status`);--> statement-breakpoint
CREATE INDEX `friend_requests_from` ON `friend_requests` (`from_id`,`status`);--> statement-breakpoint
CREATE TABLE `friends` (
	`player_id` integer NOT NULL,
	`friend_id` integer NOT NULL,
	`since` integer NOT NULL,
	PRIMARY KEY(`player_id`, `friend_id`),
	FOREIGN KEY (`player_id`) REFERENCES `players`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`friend_id`) REFERENCES `players`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE TABLE `identity_profiles` (
	`network` text NOT NULL,
	`uid` text NOT NULL,
	`name` text DEFAULT '' NOT NULL,
	`photo_url` text DEFAULT '' NOT NULL,
	`updated_at` integer NOT NULL,
	PRIMARY KEY(`network`, `uid`)
);
--> statement-breakpoint
CREATE TABLE `player_devices` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`player_id` integer NOT NULL,
	`client` text NOT NULL,
	`device_key` text NOT NULL,
	`platform` text NOT NULL,
	`app_version` text DEFAULT '' NOT NULL,
	`user_agent` text DEFAULT '' NOT NULL,
	`country` text,
	`first_seen` integer NOT NULL,
	`last_seen` integer NOT NULL,
	`sign_ins` integer DEFAULT 1 NOT NULL,
	FOREIGN KEY (`player_id`) REFERENCES `players`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE UNIQUE INDEX `player_devices_key` ON `player_devices` (`player_id`,`client`,`device_key`);--> statement-breakpoint
CREATE INDEX `player_devices_last` ON `player_devices` (`player_id`,`last_seen`);--> statement-breakpoint
CREATE TABLE `player_terms` (
	`player_id` integer PRIMARY KEY NOT NULL,
	`eula_version` integer,
	`eula_accepted_at` integer,
	`rated_at` integer,
	`rating` integer,
	`bonus_paid_at` integer,
	FOREIGN KEY (`player_id`) REFERENCES `players`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
ALTER TABLE `social_networks` ADD `profile_url` text DEFAULT '' NOT NULL;