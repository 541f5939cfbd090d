CREATE TABLE `audience_cursor` (
	`id` integer PRIMARY KEY NOT NULL,
	`outbox_to` integer NOT NULL,
	`updated_at` integer NOT NULL
);
--> statement-breakpoint
CREATE TABLE `audience_members` (
	`audience_id` integer NOT NULL,
	`player_id` integer NOT NULL,
	`entry_no` integer NOT NULL,
	`entered_at` integer NOT NULL,
	`exited_at` integer,
	PRIMARY KEY(`audience_id`, `player_id`, `entry_no`),
	FOREIGN KEY (`audience_id`) REFERENCES `audiences`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`player_id`) REFERENCES `players`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `audience_members_current` ON `audience_members` (`audience_id`,`exited_at`);--> statement-breakpoint
CREATE INDEX `audience_members_player` ON `audience_members` (`player_id`);--> statement-breakpoint
CREATE TABLE `audiences` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`name` text NOT NULL,
	`definition` text NOT NULL,
	`actions` text DEFAULT '[]' NOT NULL,
	`active` integer DEFAULT true NOT NULL,
	`size` integer DEFAULT 0 NOT NULL,
	`swept_at` integer,
	`created_at` integer NOT NULL,
	`updated_at` integer NOT NULL
);
--> statement-breakpoint
ALTER TABLE `special_offers` ADD `audience_id` integer;