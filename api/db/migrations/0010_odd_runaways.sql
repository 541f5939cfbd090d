CREATE TABLE `player_tokens` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`token_hash` text NOT NULL,
	`purpose` text NOT NULL,
	`player_id` integer NOT NULL,
	`created_at` integer NOT NULL,
	`expires_at` integer NOT NULL,
	`used_at` integer,
	FOREIGN KEY (`player_id`) REFERENCES `players`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE UNIQUE INDEX `player_tokens_hash` ON `player_tokens` (`token_hash`);--> statement-breakpoint
CREATE INDEX `player_tokens_player` ON `player_tokens` (`player_id`,`purpose`,`created_at`);