CREATE TABLE `billing_order_movements` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`provider` text NOT NULL,
	`provider_tx_id` text,
	`order_id` integer,
	`key` text NOT NULL,
	`kind` text NOT NULL,
	`subject` text DEFAULT '' NOT NULL,
	`amount_minor` integer DEFAULT 0 NOT NULL,
	`source` text NOT NULL,
	`detail` text,
	`admin_id` integer,
	`created_at` integer NOT NULL,
	FOREIGN KEY (`order_id`) REFERENCES `billing_orders`(`id`) ON UPDATE no action ON DELETE no action
);
--> statement-breakpoint
CREATE UNIQUE INDEX `billing_order_movements_key` ON `billing_order_movements` (`provider`,`key`);--> statement-breakpoint
CREATE INDEX `billing_order_movements_order` ON `billing_order_movements` (`order_id`,`id`);--> statement-breakpoint
CREATE INDEX `billing_order_movements_tx` ON `billing_order_movements` (`provider`,`provider_tx_id`);--> statement-breakpoint
ALTER TABLE `billing_orders` ADD `reversals` integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE `billing_orders` ADD `reinstatements` integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE `billing_orders` ADD `refunded_minor` integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE `billing_orders` ADD `charged_back_minor` integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE `billing_orders` ADD `dispute` text;