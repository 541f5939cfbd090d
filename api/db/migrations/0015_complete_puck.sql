CREATE TABLE `notification_contents` (
	`notification_id` integer NOT NULL,
	`lang` text NOT NULL,
	`title` text DEFAULT '' NOT NULL,
	`body` text NOT NULL,
	`updated_at` integer NOT NULL,
	PRIMARY KEY(`notification_id`, `lang`),
	FOREIGN KEY (`notification_id`) REFERENCES `notifications`(`id`) ON UPDATE no action ON DELETE no action
);
--> statement-breakpoint
CREATE TABLE `notifications` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`channel` text NOT NULL,
	`name` text NOT NULL,
	`status` text DEFAULT 'draft' NOT NULL,
	`starts_at` integer NOT NULL,
	`ends_at` integer NOT NULL,
	`level_min` integer DEFAULT 1 NOT NULL,
	`level_max` integer DEFAULT 100 NOT NULL,
	`platforms` text DEFAULT '[]' NOT NULL,
	`countries` text DEFAULT '[]' NOT NULL,
	`payers` text DEFAULT 'all' NOT NULL,
	`player_ids` text DEFAULT '[]' NOT NULL,
	`created_at` integer NOT NULL,
	`updated_at` integer NOT NULL
);
--> statement-breakpoint
CREATE INDEX `notifications_channel` ON `notifications` (`channel`,`status`);