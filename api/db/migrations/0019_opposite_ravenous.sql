CREATE TABLE `content_backups` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`kind` text NOT NULL,
	`reason` text NOT NULL,
	`admin_username` text NOT NULL,
	`summary` text NOT NULL,
	`document` text NOT NULL,
	`created_at` integer NOT NULL
);
--> statement-breakpoint
CREATE INDEX `content_backups_kind` ON `content_backups` (`kind`,`id`);--> statement-breakpoint
CREATE TABLE `content_bots` (
	`id` integer PRIMARY KEY NOT NULL,
	`name` text NOT NULL,
	`min_tier` integer DEFAULT 1 NOT NULL,
	`max_tier` integer DEFAULT 10 NOT NULL,
	`aim_error` integer NOT NULL,
	`reaction_ms` integer NOT NULL,
	`aggression` integer NOT NULL,
	`weight` integer DEFAULT 10 NOT NULL,
	`active` integer DEFAULT true NOT NULL,
	`updated_at` integer NOT NULL
);
--> statement-breakpoint
CREATE UNIQUE INDEX `content_bots_name` ON `content_bots` (`name`);--> statement-breakpoint
CREATE TABLE `content_crews` (
	`id` integer PRIMARY KEY NOT NULL,
	`role` text NOT NULL,
	`name_ru` text NOT NULL,
	`name_en` text NOT NULL,
	`level_cap` integer DEFAULT 10 NOT NULL,
	`xp_base` integer DEFAULT 1000 NOT NULL,
	`xp_growth` integer DEFAULT 150 NOT NULL,
	`groups` text DEFAULT '[]' NOT NULL,
	`gains` text DEFAULT '{"win":0,"draw":0,"loss":0}' NOT NULL,
	`upgrades` text DEFAULT '[]' NOT NULL,
	`speedups` text DEFAULT '[]' NOT NULL,
	`sort_order` integer DEFAULT 0 NOT NULL,
	`active` integer DEFAULT true NOT NULL,
	`updated_at` integer NOT NULL
);
--> statement-breakpoint
CREATE UNIQUE INDEX `content_crews_role` ON `content_crews` (`role`);--> statement-breakpoint
CREATE TABLE `content_daily_tasks` (
	`id` integer PRIMARY KEY NOT NULL,
	`kind` text NOT NULL,
	`name_ru` text NOT NULL,
	`name_en` text NOT NULL,
	`target` integer NOT NULL,
	`tank_type` text,
	`min_level` integer DEFAULT 1 NOT NULL,
	`max_level` integer DEFAULT 30 NOT NULL,
	`weight` integer DEFAULT 10 NOT NULL,
	`reward_currency` text NOT NULL,
	`reward_amount` integer NOT NULL,
	`active` integer DEFAULT true NOT NULL,
	`updated_at` integer NOT NULL
);
--> statement-breakpoint
CREATE TABLE `content_decorations` (
	`id` integer PRIMARY KEY NOT NULL,
	`kind` text NOT NULL,
	`rarity` text DEFAULT 'common' NOT NULL,
	`name_ru` text NOT NULL,
	`name_en` text NOT NULL,
	`required_level` integer DEFAULT 1 NOT NULL,
	`groups` text DEFAULT '[]' NOT NULL,
	`sort_order` integer DEFAULT 0 NOT NULL,
	`active` integer DEFAULT true NOT NULL,
	`updated_at` integer NOT NULL
);
--> statement-breakpoint
CREATE TABLE `content_module_upgrades` (
	`id` integer PRIMARY KEY NOT NULL,
	`slot` text NOT NULL,
	`level` integer NOT NULL,
	`stat` text NOT NULL,
	`bonus` integer NOT NULL,
	`price_silver` integer DEFAULT 0 NOT NULL,
	`price_gold` integer DEFAULT 0 NOT NULL,
	`updated_at` integer NOT NULL,
	CONSTRAINT "content_module_upgrades_price_nonneg" CHECK("content_module_upgrades"."price_gold" >= 0 and "content_module_upgrades"."price_silver" >= 0)
);
--> statement-breakpoint
CREATE UNIQUE INDEX `content_module_upgrades_slot_level` ON `content_module_upgrades` (`slot`,`level`);--> statement-breakpoint
CREATE TABLE `player_crew_members` (
	`player_id` integer NOT NULL,
	`crew_id` integer NOT NULL,
	`level` integer DEFAULT 1 NOT NULL,
	`xp` integer DEFAULT 0 NOT NULL,
	`skill_level` integer DEFAULT 0 NOT NULL,
	`hired_at` integer NOT NULL,
	`updated_at` integer NOT NULL,
	PRIMARY KEY(`player_id`, `crew_id`),
	FOREIGN KEY (`player_id`) REFERENCES `players`(`id`) ON UPDATE no action ON DELETE no action
);
--> statement-breakpoint
CREATE TABLE `player_daily_tasks` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`player_id` integer NOT NULL,
	`day` text NOT NULL,
	`task_id` integer NOT NULL,
	`kind` text NOT NULL,
	`target` integer NOT NULL,
	`tank_type` text,
	`progress` integer DEFAULT 0 NOT NULL,
	`reward_currency` text NOT NULL,
	`reward_amount` integer NOT NULL,
	`completed_at` integer,
	FOREIGN KEY (`player_id`) REFERENCES `players`(`id`) ON UPDATE no action ON DELETE no action
);
--> statement-breakpoint
CREATE UNIQUE INDEX `player_daily_tasks_day_task` ON `player_daily_tasks` (`player_id`,`day`,`task_id`);--> statement-breakpoint
CREATE INDEX `player_daily_tasks_day` ON `player_daily_tasks` (`day`);--> statement-breakpoint
CREATE TABLE `player_quests` (
	`player_id` integer NOT NULL,
	`quest_key` text NOT NULL,
	`step` integer DEFAULT 0 NOT NULL,
	`progress` integer DEFAULT 0 NOT NULL,
	`completed_at` integer,
	`updated_at` integer NOT NULL,
	PRIMARY KEY(`player_id`, `quest_key`),
	FOREIGN KEY (`player_id`) REFERENCES `players`(`id`) ON UPDATE no action ON DELETE no action
);
--> statement-breakpoint
CREATE TABLE `ui_translations` (
	`locale` text NOT NULL,
	`key` text NOT NULL,
	`source` text DEFAULT '' NOT NULL,
	`project_text` text DEFAULT '' NOT NULL,
	`text` text,
	`edited_from` text,
	`updated_by` text,
	`updated_at` integer NOT NULL,
	PRIMARY KEY(`locale`, `key`)
);
