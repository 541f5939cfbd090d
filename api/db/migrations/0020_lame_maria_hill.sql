ALTER TABLE `players` ADD `region` text;--> statement-breakpoint
ALTER TABLE `players` ADD `city` text;