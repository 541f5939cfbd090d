CREATE TABLE `applications` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`platform` text NOT NULL,
	`store` text NOT NULL,
	`app_id` text NOT NULL,
	`url` text NOT NULL,
	`active` integer DEFAULT true NOT NULL,
	`updated_at` integer NOT NULL
);
--> statement-breakpoint
CREATE UNIQUE INDEX `applications_store_app` ON `applications` (`store`,`app_id`);--> statement-breakpoint
CREATE TABLE `battle_options` (
	`version` integer PRIMARY KEY NOT NULL,
	`value` text NOT NULL,
	`admin_username` text NOT NULL,
	`summary` text NOT NULL,
	`created_at` integer NOT NULL
);
--> statement-breakpoint
CREATE TABLE `client_versions` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`platform` text NOT NULL,
	`min_supported` text NOT NULL,
	`latest` text NOT NULL,
	`force_update` integer DEFAULT false NOT NULL,
	`note` text DEFAULT '' NOT NULL,
	`updated_at` integer NOT NULL
);
--> statement-breakpoint
CREATE UNIQUE INDEX `client_versions_platform` ON `client_versions` (`platform`);--> statement-breakpoint
CREATE TABLE `immutable_options` (
	`key` text PRIMARY KEY NOT NULL,
	`value` text NOT NULL,
	`published_at` integer NOT NULL,
	`admin_username` text NOT NULL
);
--> statement-breakpoint
CREATE TABLE `languages` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`code` text NOT NULL,
	`name` text NOT NULL,
	`enabled` integer DEFAULT true NOT NULL,
	`is_default` integer DEFAULT false NOT NULL,
	`sort_order` integer DEFAULT 0 NOT NULL,
	`updated_at` integer NOT NULL
);
--> statement-breakpoint
CREATE UNIQUE INDEX `languages_code` ON `languages` (`code`);--> statement-breakpoint
CREATE TABLE `option_cache_versions` (
	`cache` text PRIMARY KEY NOT NULL,
	`version` integer NOT NULL,
	`changed_at` integer NOT NULL
);
--> statement-breakpoint
CREATE TABLE `options` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`scope` text NOT NULL,
	`key` text NOT NULL,
	`variant` text NOT NULL,
	`value` text NOT NULL,
	`share` integer DEFAULT 0 NOT NULL,
	`version` integer DEFAULT 1 NOT NULL,
	`updated_at` integer NOT NULL
);
--> statement-breakpoint
CREATE UNIQUE INDEX `options_scope_key_variant` ON `options` (`scope`,`key`,`variant`);--> statement-breakpoint
CREATE TABLE `server_texts` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`key` text NOT NULL,
	`texts` text NOT NULL,
	`updated_at` integer NOT NULL
);
--> statement-breakpoint
CREATE UNIQUE INDEX `server_texts_key` ON `server_texts` (`key`);--> statement-breakpoint
CREATE TABLE `social_networks` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`key` text NOT NULL,
	`name` text NOT NULL,
	`enabled` integer DEFAULT true NOT NULL,
	`app_id` text DEFAULT '' NOT NULL,
	`sort_order` integer DEFAULT 0 NOT NULL,
	`updated_at` integer NOT NULL
);
--> statement-breakpoint
CREATE UNIQUE INDEX `social_networks_key` ON `social_networks` (`key`);