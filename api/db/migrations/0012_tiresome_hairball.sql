CREATE TABLE `ban_log` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`player_id` integer NOT NULL,
	`action` text NOT NULL,
	`reason` text,
	`until` integer,
	`admin_id` integer NOT NULL,
	`admin_username` text NOT NULL,
	`created_at` integer NOT NULL,
	FOREIGN KEY (`player_id`) REFERENCES `players`(`id`) ON UPDATE no action ON DELETE no action
);
--> statement-breakpoint
CREATE INDEX `ban_log_player` ON `ban_log` (`player_id`,`id`);--> statement-breakpoint
CREATE TABLE `player_suspects` (
	`player_id` integer PRIMARY KEY NOT NULL,
	`note` text NOT NULL,
	`admin_id` integer NOT NULL,
	`marked_at` integer NOT NULL,
	FOREIGN KEY (`player_id`) REFERENCES `players`(`id`) ON UPDATE no action ON DELETE no action
);
