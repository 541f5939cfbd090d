ALTER TABLE `billing_orders` ADD `provider_purchase_id` text;--> statement-breakpoint
ALTER TABLE `billing_orders` ADD `provider_flow` text;