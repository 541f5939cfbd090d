CREATE TABLE `player_items` (
	`player_id` integer NOT NULL,
	`item_type` text NOT NULL,
	`item_id` integer NOT NULL,
	`quantity` integer NOT NULL,
	`acquired_at` integer NOT NULL,
	PRIMARY KEY(`player_id`, `item_type`, `item_id`),
	FOREIGN KEY (`player_id`) REFERENCES `players`(`id`) ON UPDATE no action ON DELETE no action
);
--> statement-breakpoint
CREATE TABLE `shop_purchases` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`player_id` integer NOT NULL,
	`request_id` text NOT NULL,
	`item_type` text NOT NULL,
	`item_id` integer NOT NULL,
	`quantity` integer NOT NULL,
	`currency` text NOT NULL,
	`price` integer NOT NULL,
	`created_at` integer NOT NULL,
	FOREIGN KEY (`player_id`) REFERENCES `players`(`id`) ON UPDATE no action ON DELETE no action
);
--> statement-breakpoint
CREATE UNIQUE INDEX `shop_purchases_request` ON `shop_purchases` (`player_id`,`request_id`);--> statement-breakpoint
CREATE INDEX `shop_purchases_player` ON `shop_purchases` (`player_id`,`id`);