CREATE TABLE `support_ticket_events` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`ticket_id` integer NOT NULL,
	`player_id` integer NOT NULL,
	`from_status` text,
	`to_status` text NOT NULL,
	`source` text NOT NULL,
	`admin_id` integer,
	`admin_username` text,
	`created_at` integer NOT NULL,
	FOREIGN KEY (`ticket_id`) REFERENCES `support_tickets`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `support_ticket_events_player` ON `support_ticket_events` (`player_id`,`created_at`);--> statement-breakpoint
CREATE INDEX `support_ticket_events_ticket` ON `support_ticket_events` (`ticket_id`,`id`);