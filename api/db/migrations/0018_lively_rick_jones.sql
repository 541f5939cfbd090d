CREATE TABLE `battle_queue` (
	`player_id` integer PRIMARY KEY NOT NULL,
	`tank_id` integer NOT NULL,
	`tier` integer NOT NULL,
	`joined_at` integer NOT NULL,
	FOREIGN KEY (`player_id`) REFERENCES `players`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `battle_queue_joined` ON `battle_queue` (`joined_at`);--> statement-breakpoint
CREATE TABLE `battle_rooms` (
	`battle_id` integer PRIMARY KEY NOT NULL,
	`host` text NOT NULL,
	`setup` text NOT NULL,
	`heartbeat_at` integer NOT NULL,
	`inputs` text,
	`outcome` text,
	FOREIGN KEY (`battle_id`) REFERENCES `battles`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `battle_rooms_heartbeat` ON `battle_rooms` (`heartbeat_at`);