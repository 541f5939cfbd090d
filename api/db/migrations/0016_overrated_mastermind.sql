CREATE TABLE `experiments` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`name` text NOT NULL,
	`description` text DEFAULT '' NOT NULL,
	`status` text DEFAULT 'draft' NOT NULL,
	`option_scope` text NOT NULL,
	`option_key` text NOT NULL,
	`conditions` text NOT NULL,
	`variants` text NOT NULL,
	`created_at` integer NOT NULL,
	`updated_at` integer NOT NULL,
	`started_at` integer,
	`stopped_at` integer
);
--> statement-breakpoint
CREATE INDEX `experiments_option` ON `experiments` (`option_scope`,`option_key`,`status`);--> statement-breakpoint
CREATE TABLE `ad_placements` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`placement` text NOT NULL,
	`network` text NOT NULL,
	`enabled` integer DEFAULT true NOT NULL,
	`cap_per_day` integer DEFAULT 0 NOT NULL,
	`reward` integer DEFAULT 0 NOT NULL,
	`updated_at` integer NOT NULL
);
--> statement-breakpoint
CREATE UNIQUE INDEX `ad_placements_placement_network` ON `ad_placements` (`placement`,`network`);--> statement-breakpoint
CREATE TABLE `ad_settings` (
	`id` integer PRIMARY KEY NOT NULL,
	`value` text NOT NULL,
	`updated_at` integer NOT NULL
);
