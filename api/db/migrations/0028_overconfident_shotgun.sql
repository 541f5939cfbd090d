CREATE TABLE `battle_input_log` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`battle_id` integer NOT NULL,
	`to_tick` integer NOT NULL,
	`inputs` text NOT NULL,
	FOREIGN KEY (`battle_id`) REFERENCES `battles`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `battle_input_log_battle` ON `battle_input_log` (`battle_id`,`id`);--> statement-breakpoint
ALTER TABLE `battle_rooms` ADD `owner` text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE `battle_rooms` ADD `epoch` integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE `battle_rooms` ADD `lease_until` integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE `battle_rooms` ADD `tick` integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE `battle_rooms` ADD `checkpoint` text;--> statement-breakpoint
ALTER TABLE `battle_rooms` ADD `checkpoint_tick` integer DEFAULT 0 NOT NULL;--> statement-breakpoint
CREATE INDEX `battle_rooms_lease` ON `battle_rooms` (`lease_until`);