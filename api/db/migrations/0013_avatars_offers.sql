CREATE TABLE `player_avatars` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`player_id` integer NOT NULL,
	`status` text NOT NULL,
	`content_type` text NOT NULL,
	`width` integer NOT NULL,
	`height` integer NOT NULL,
	`hash` text NOT NULL,
	`bytes` blob NOT NULL,
	`reason` text,
	`note` text,
	`set_by_admin_id` integer,
	`decided_by_admin_id` integer,
	`created_at` integer NOT NULL,
	`decided_at` integer,
	FOREIGN KEY (`player_id`) REFERENCES `players`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE UNIQUE INDEX `player_avatars_one_pending` ON `player_avatars` (`player_id`) WHERE status = 'pending';--> statement-breakpoint
CREATE INDEX `player_avatars_status` ON `player_avatars` (`status`,`id`);--> statement-breakpoint
CREATE INDEX `player_avatars_player` ON `player_avatars` (`player_id`,`id`);--> statement-breakpoint
CREATE INDEX `player_avatars_hash` ON `player_avatars` (`hash`);--> statement-breakpoint
CREATE TABLE `offer_purchases` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`offer_id` integer NOT NULL,
	`player_id` integer NOT NULL,
	`request_id` text NOT NULL,
	`seq` integer NOT NULL,
	`price_gold` integer NOT NULL,
	`created_at` integer NOT NULL,
	FOREIGN KEY (`offer_id`) REFERENCES `special_offers`(`id`) ON UPDATE no action ON DELETE no action,
	FOREIGN KEY (`player_id`) REFERENCES `players`(`id`) ON UPDATE no action ON DELETE no action
);
--> statement-breakpoint
CREATE UNIQUE INDEX `offer_purchases_request` ON `offer_purchases` (`player_id`,`request_id`);--> statement-breakpoint
CREATE UNIQUE INDEX `offer_purchases_seq` ON `offer_purchases` (`offer_id`,`player_id`,`seq`);--> statement-breakpoint
CREATE TABLE `special_offers` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`title_ru` text NOT NULL,
	`title_en` text NOT NULL,
	`grants` text NOT NULL,
	`price_gold` integer,
	`billing_item_id` text,
	`starts_at` integer NOT NULL,
	`ends_at` integer NOT NULL,
	`min_level` integer DEFAULT 1 NOT NULL,
	`max_level` integer DEFAULT 100 NOT NULL,
	`platforms` text DEFAULT '[]' NOT NULL,
	`countries` text DEFAULT '[]' NOT NULL,
	`audience` text DEFAULT 'all' NOT NULL,
	`per_player_limit` integer DEFAULT 1 NOT NULL,
	`active` integer DEFAULT true NOT NULL,
	`created_at` integer NOT NULL,
	`updated_at` integer NOT NULL
);
--> statement-breakpoint
CREATE INDEX `special_offers_window` ON `special_offers` (`active`,`ends_at`);