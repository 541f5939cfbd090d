CREATE TABLE `cms_categories` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`type` text NOT NULL,
	`title_ru` text NOT NULL,
	`title_en` text NOT NULL,
	`sort_order` integer DEFAULT 0 NOT NULL,
	`published` integer DEFAULT true NOT NULL,
	`updated_at` integer NOT NULL
);
--> statement-breakpoint
CREATE INDEX `cms_categories_type` ON `cms_categories` (`type`,`sort_order`);--> statement-breakpoint
CREATE TABLE `cms_contents` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`type` text NOT NULL,
	`category_id` integer,
	`title_ru` text NOT NULL,
	`title_en` text NOT NULL,
	`body_ru` text NOT NULL,
	`body_en` text NOT NULL,
	`image` text DEFAULT '' NOT NULL,
	`sort_order` integer DEFAULT 0 NOT NULL,
	`published` integer DEFAULT true NOT NULL,
	`published_at` integer NOT NULL,
	`updated_at` integer NOT NULL,
	FOREIGN KEY (`category_id`) REFERENCES `cms_categories`(`id`) ON UPDATE no action ON DELETE no action
);
--> statement-breakpoint
CREATE INDEX `cms_contents_type` ON `cms_contents` (`type`,`category_id`,`sort_order`);--> statement-breakpoint
CREATE INDEX `cms_contents_category` ON `cms_contents` (`category_id`);