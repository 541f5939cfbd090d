CREATE TABLE `content_camouflages` (
	`id` integer PRIMARY KEY NOT NULL,
	`name_ru` text NOT NULL,
	`name_en` text NOT NULL,
	`season` text NOT NULL,
	`concealment` integer DEFAULT 0 NOT NULL,
	`nation` text,
	`price_gold` integer DEFAULT 0 NOT NULL,
	`price_silver` integer DEFAULT 0 NOT NULL,
	`duration_days` integer DEFAULT 0 NOT NULL,
	`image` text DEFAULT '' NOT NULL,
	`sort_order` integer DEFAULT 0 NOT NULL,
	`active` integer DEFAULT true NOT NULL,
	`updated_at` integer NOT NULL,
	CONSTRAINT "content_camouflages_price_nonneg" CHECK("content_camouflages"."price_gold" >= 0 and "content_camouflages"."price_silver" >= 0)
);
--> statement-breakpoint
CREATE TABLE `content_consumables` (
	`id` integer PRIMARY KEY NOT NULL,
	`name_ru` text NOT NULL,
	`name_en` text NOT NULL,
	`description_ru` text DEFAULT '' NOT NULL,
	`description_en` text DEFAULT '' NOT NULL,
	`kind` text NOT NULL,
	`consumable` integer DEFAULT true NOT NULL,
	`required_level` integer DEFAULT 1 NOT NULL,
	`price_gold` integer DEFAULT 0 NOT NULL,
	`price_silver` integer DEFAULT 0 NOT NULL,
	`cooldown` integer DEFAULT 0 NOT NULL,
	`effect` integer DEFAULT 0 NOT NULL,
	`sort_order` integer DEFAULT 0 NOT NULL,
	`active` integer DEFAULT true NOT NULL,
	`updated_at` integer NOT NULL,
	CONSTRAINT "content_consumables_price_nonneg" CHECK("content_consumables"."price_gold" >= 0 and "content_consumables"."price_silver" >= 0)
);
--> statement-breakpoint
CREATE TABLE `content_decals` (
	`id` integer PRIMARY KEY NOT NULL,
	`name_ru` text NOT NULL,
	`name_en` text NOT NULL,
	`kind` text NOT NULL,
	`required_level` integer DEFAULT 1 NOT NULL,
	`price_gold` integer DEFAULT 0 NOT NULL,
	`price_silver` integer DEFAULT 0 NOT NULL,
	`image` text DEFAULT '' NOT NULL,
	`sort_order` integer DEFAULT 0 NOT NULL,
	`active` integer DEFAULT true NOT NULL,
	`updated_at` integer NOT NULL,
	CONSTRAINT "content_decals_price_nonneg" CHECK("content_decals"."price_gold" >= 0 and "content_decals"."price_silver" >= 0)
);
--> statement-breakpoint
CREATE TABLE `content_kits` (
	`id` integer PRIMARY KEY NOT NULL,
	`name_ru` text NOT NULL,
	`name_en` text NOT NULL,
	`items` text NOT NULL,
	`price_gold` integer DEFAULT 0 NOT NULL,
	`price_silver` integer DEFAULT 0 NOT NULL,
	`required_level` integer DEFAULT 1 NOT NULL,
	`sort_order` integer DEFAULT 0 NOT NULL,
	`active` integer DEFAULT true NOT NULL,
	`updated_at` integer NOT NULL,
	CONSTRAINT "content_kits_price_nonneg" CHECK("content_kits"."price_gold" >= 0 and "content_kits"."price_silver" >= 0)
);
--> statement-breakpoint
CREATE TABLE `content_module_types` (
	`id` integer PRIMARY KEY NOT NULL,
	`name_ru` text NOT NULL,
	`name_en` text NOT NULL,
	`slot` text NOT NULL,
	`tier` integer NOT NULL,
	`bonus` integer DEFAULT 0 NOT NULL,
	`price_gold` integer DEFAULT 0 NOT NULL,
	`price_silver` integer DEFAULT 0 NOT NULL,
	`sort_order` integer DEFAULT 0 NOT NULL,
	`active` integer DEFAULT true NOT NULL,
	`updated_at` integer NOT NULL,
	CONSTRAINT "content_module_types_price_nonneg" CHECK("content_module_types"."price_gold" >= 0 and "content_module_types"."price_silver" >= 0)
);
--> statement-breakpoint
CREATE UNIQUE INDEX `content_module_types_slot_tier` ON `content_module_types` (`slot`,`tier`);--> statement-breakpoint
CREATE TABLE `content_tanks` (
	`id` integer PRIMARY KEY NOT NULL,
	`name_ru` text NOT NULL,
	`name_en` text NOT NULL,
	`nation` text NOT NULL,
	`type` text NOT NULL,
	`tier` integer NOT NULL,
	`required_level` integer DEFAULT 1 NOT NULL,
	`price_gold` integer DEFAULT 0 NOT NULL,
	`price_silver` integer DEFAULT 0 NOT NULL,
	`premium` integer DEFAULT false NOT NULL,
	`hp` integer NOT NULL,
	`damage` integer NOT NULL,
	`penetration` integer NOT NULL,
	`armor` integer NOT NULL,
	`speed` integer NOT NULL,
	`rate_of_fire` integer NOT NULL,
	`sort_order` integer DEFAULT 0 NOT NULL,
	`active` integer DEFAULT true NOT NULL,
	`updated_at` integer NOT NULL,
	CONSTRAINT "content_tanks_tier_range" CHECK("content_tanks"."tier" between 1 and 10),
	CONSTRAINT "content_tanks_price_nonneg" CHECK("content_tanks"."price_gold" >= 0 and "content_tanks"."price_silver" >= 0)
);
--> statement-breakpoint
CREATE INDEX `content_tanks_tier` ON `content_tanks` (`tier`,`nation`);