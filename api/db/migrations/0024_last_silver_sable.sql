CREATE TABLE `guest_challenges` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`seed` text NOT NULL,
	`bits` integer NOT NULL,
	`address` text,
	`created_at` integer NOT NULL,
	`used_at` integer
);
--> statement-breakpoint
CREATE UNIQUE INDEX `guest_challenges_seed` ON `guest_challenges` (`seed`);--> statement-breakpoint
CREATE INDEX `guest_challenges_address` ON `guest_challenges` (`address`,`created_at`);--> statement-breakpoint
CREATE TABLE `oauth_states` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`state_hash` text NOT NULL,
	`network` text NOT NULL,
	`verifier` text NOT NULL,
	`nonce` text NOT NULL,
	`player_id` integer,
	`next` text NOT NULL,
	`created_at` integer NOT NULL,
	`used_at` integer,
	FOREIGN KEY (`player_id`) REFERENCES `players`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE UNIQUE INDEX `oauth_states_hash` ON `oauth_states` (`state_hash`);--> statement-breakpoint
CREATE INDEX `oauth_states_created` ON `oauth_states` (`created_at`);--> statement-breakpoint
ALTER TABLE `player_identities` ADD `label` text;--> statement-breakpoint
ALTER TABLE `players` ADD `guest` integer DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE `players` ADD `claimed_at` integer;--> statement-breakpoint
ALTER TABLE `players` ADD `email_verified` integer DEFAULT true NOT NULL;--> statement-breakpoint
CREATE INDEX `players_guest_idle` ON `players` (`guest`,`last_login_at`);--> statement-breakpoint
ALTER TABLE `player_tokens` ADD `email` text;