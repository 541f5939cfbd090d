CREATE TABLE `player_tank_modules` (
	`player_id` integer NOT NULL,
	`tank_id` integer NOT NULL,
	`slot` text NOT NULL,
	`level` integer NOT NULL,
	`updated_at` integer NOT NULL,
	PRIMARY KEY(`player_id`, `tank_id`, `slot`),
	FOREIGN KEY (`player_id`) REFERENCES `players`(`id`) ON UPDATE no action ON DELETE no action,
	CONSTRAINT "player_tank_modules_level" CHECK("player_tank_modules"."level" >= 0)
);
