CREATE TABLE `outbox_cursor` (
	`id` integer PRIMARY KEY NOT NULL,
	`shipped_to` integer NOT NULL,
	`claimed_to` integer NOT NULL,
	`updated_at` integer NOT NULL
);
--> statement-breakpoint
DROP INDEX `outbox_pending`;--> statement-breakpoint
DROP INDEX `outbox_batch`;--> statement-breakpoint
ALTER TABLE `outbox` DROP COLUMN `batch`;--> statement-breakpoint
ALTER TABLE `outbox` DROP COLUMN `shipped_at`;