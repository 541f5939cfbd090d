CREATE TABLE `billing_catalog_items` (
	`id` text PRIMARY KEY NOT NULL,
	`title_ru` text NOT NULL,
	`title_en` text NOT NULL,
	`grants` text NOT NULL,
	`bonus_gold` integer DEFAULT 0 NOT NULL,
	`prices` text NOT NULL,
	`availability` text NOT NULL,
	`sort_order` integer DEFAULT 0 NOT NULL,
	`active` integer DEFAULT true NOT NULL,
	`updated_at` integer NOT NULL
);
--> statement-breakpoint
CREATE INDEX `billing_catalog_sort` ON `billing_catalog_items` (`sort_order`);--> statement-breakpoint
CREATE TABLE `billing_multipliers` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`item_id` text,
	`currency` text NOT NULL,
	`percent` integer NOT NULL,
	`starts_at` integer NOT NULL,
	`ends_at` integer NOT NULL,
	`updated_at` integer NOT NULL
);
--> statement-breakpoint
CREATE TABLE `billing_catalog_versions` (
	`cache` text PRIMARY KEY NOT NULL,
	`version` integer NOT NULL,
	`changed_at` integer NOT NULL
);
--> statement-breakpoint
CREATE TABLE `billing_order_events` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`order_id` integer NOT NULL,
	`player_id` integer NOT NULL,
	`from_status` text,
	`to_status` text NOT NULL,
	`source` text NOT NULL,
	`detail` text,
	`admin_id` integer,
	`created_at` integer NOT NULL,
	FOREIGN KEY (`order_id`) REFERENCES `billing_orders`(`id`) ON UPDATE no action ON DELETE no action
);
--> statement-breakpoint
CREATE INDEX `billing_order_events_order` ON `billing_order_events` (`order_id`,`id`);--> statement-breakpoint
CREATE TABLE `billing_orders` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`player_id` integer NOT NULL,
	`item_id` text NOT NULL,
	`provider` text NOT NULL,
	`market` text NOT NULL,
	`country` text NOT NULL,
	`platform` text NOT NULL,
	`amount_minor` integer NOT NULL,
	`currency` text NOT NULL,
	`grants` text NOT NULL,
	`status` text NOT NULL,
	`provider_tx_id` text,
	`provider_ref` text,
	`debt_gold` integer DEFAULT 0 NOT NULL,
	`debt_silver` integer DEFAULT 0 NOT NULL,
	`note` text,
	`created_at` integer NOT NULL,
	`updated_at` integer NOT NULL,
	`paid_at` integer,
	FOREIGN KEY (`player_id`) REFERENCES `players`(`id`) ON UPDATE no action ON DELETE no action
);
--> statement-breakpoint
CREATE UNIQUE INDEX `billing_orders_provider_tx` ON `billing_orders` (`provider`,`provider_tx_id`);--> statement-breakpoint
CREATE INDEX `billing_orders_provider_ref` ON `billing_orders` (`provider`,`provider_ref`);--> statement-breakpoint
CREATE INDEX `billing_orders_player` ON `billing_orders` (`player_id`,`id`);--> statement-breakpoint
CREATE INDEX `billing_orders_status` ON `billing_orders` (`status`,`updated_at`);