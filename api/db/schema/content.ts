// Game content the shop sells and the game uses: tanks, consumables, camouflages, decals, module
// types and kits. Integer ids (the game client refers to them by number). Names are ru + en.
// Prices: gold and silver, 0 meaning "not sold for this currency". JSON columns are validated by
// api/domain/content.ts on every write.
import { sqliteTable, integer, text, index, uniqueIndex, check } from "drizzle-orm/sqlite-core";
import { sql } from "drizzle-orm";

export const NATIONS = ["ussr", "germany", "usa", "uk", "france", "japan", "china"] as const;
import { TANK_TYPES } from "./progression-kinds.ts";
export { TANK_TYPES };
export const MODULE_SLOTS = ["gun", "turret", "engine", "tracks", "radio"] as const;
export const CONSUMABLE_KINDS = ["repair", "medkit", "extinguisher", "ammo", "food", "boost"] as const;

export const contentTanks = sqliteTable(
  "content_tanks",
  {
    id: integer("id").primaryKey(),
    nameRu: text("name_ru").notNull(),
    nameEn: text("name_en").notNull(),
    nation: text("nation", { enum: NATIONS }).notNull(),
    type: text("type", { enum: TANK_TYPES }).notNull(),
    tier: integer("tier").notNull(),
    /** Player level needed to buy it. */
    requiredLevel: integer("required_level").notNull().default(1),
    priceGold: integer("price_gold").notNull().default(0),
    priceSilver: integer("price_silver").notNull().default(0),
    premium: integer("premium", { mode: "boolean" }).notNull().default(false),
    hp: integer("hp").notNull(),
    damage: integer("damage").notNull(),
    penetration: integer("penetration").notNull(),
    armor: integer("armor").notNull(),
    /** km/h */
    speed: integer("speed").notNull(),
    /** Shots per minute × 10 (avoids floats). */
    rateOfFire: integer("rate_of_fire").notNull(),
    sortOrder: integer("sort_order").notNull().default(0),
    active: integer("active", { mode: "boolean" }).notNull().default(true),
    updatedAt: integer("updated_at").notNull(),
  },
  (t) => [
    index("content_tanks_tier").on(t.tier, t.nation),
    check("content_tanks_tier_range", sql`${t.tier} between 1 and 10`),
    check("content_tanks_price_nonneg", sql`${t.priceGold} >= 0 and ${t.priceSilver} >= 0`),
  ],
);

export const contentConsumables = sqliteTable(
  "content_consumables",
  {
    id: integer("id").primaryKey(),
    nameRu: text("name_ru").notNull(),
    nameEn: text("name_en").notNull(),
    descriptionRu: text("description_ru").notNull().default(""),
    descriptionEn: text("description_en").notNull().default(""),
    kind: text("kind", { enum: CONSUMABLE_KINDS }).notNull(),
    /** Used up in battle (true) or kept on the tank (false: "non-consumables"). */
    consumable: integer("consumable", { mode: "boolean" }).notNull().default(true),
    requiredLevel: integer("required_level").notNull().default(1),
    priceGold: integer("price_gold").notNull().default(0),
    priceSilver: integer("price_silver").notNull().default(0),
    /** Seconds; 0 for instant or permanent. */
    cooldown: integer("cooldown").notNull().default(0),
    /** Effect strength in percent (repair 100, boost 10…). */
    effect: integer("effect").notNull().default(0),
    sortOrder: integer("sort_order").notNull().default(0),
    active: integer("active", { mode: "boolean" }).notNull().default(true),
    updatedAt: integer("updated_at").notNull(),
  },
  (t) => [check("content_consumables_price_nonneg", sql`${t.priceGold} >= 0 and ${t.priceSilver} >= 0`)],
);

export const contentCamouflages = sqliteTable(
  "content_camouflages",
  {
    id: integer("id").primaryKey(),
    nameRu: text("name_ru").notNull(),
    nameEn: text("name_en").notNull(),
    /** summer | winter | desert | universal */
    season: text("season", { enum: ["summer", "winter", "desert", "universal"] }).notNull(),
    /** Concealment bonus in percent. */
    concealment: integer("concealment").notNull().default(0),
    /** null: fits every nation. */
    nation: text("nation", { enum: NATIONS }),
    priceGold: integer("price_gold").notNull().default(0),
    priceSilver: integer("price_silver").notNull().default(0),
    /** Days it lasts; 0: forever. */
    durationDays: integer("duration_days").notNull().default(0),
    image: text("image").notNull().default(""),
    sortOrder: integer("sort_order").notNull().default(0),
    active: integer("active", { mode: "boolean" }).notNull().default(true),
    updatedAt: integer("updated_at").notNull(),
  },
  (t) => [check("content_camouflages_price_nonneg", sql`${t.priceGold} >= 0 and ${t.priceSilver} >= 0`)],
);

export const contentDecals = sqliteTable(
  "content_decals",
  {
    id: integer("id").primaryKey(),
    nameRu: text("name_ru").notNull(),
    nameEn: text("name_en").notNull(),
    /** emblem | inscription */
    kind: text("kind", { enum: ["emblem", "inscription"] }).notNull(),
    requiredLevel: integer("required_level").notNull().default(1),
    priceGold: integer("price_gold").notNull().default(0),
    priceSilver: integer("price_silver").notNull().default(0),
    image: text("image").notNull().default(""),
    sortOrder: integer("sort_order").notNull().default(0),
    active: integer("active", { mode: "boolean" }).notNull().default(true),
    updatedAt: integer("updated_at").notNull(),
  },
  (t) => [check("content_decals_price_nonneg", sql`${t.priceGold} >= 0 and ${t.priceSilver} >= 0`)],
);

/** A kind of module a tank can mount (gun, engine…) with the level of upgrade it gives. */
export const contentModuleTypes = sqliteTable(
  "content_module_types",
  {
    id: integer("id").primaryKey(),
    nameRu: text("name_ru").notNull(),
    nameEn: text("name_en").notNull(),
    slot: text("slot", { enum: MODULE_SLOTS }).notNull(),
    tier: integer("tier").notNull(),
    /** Stat bonus in percent on the slot's stat. */
    bonus: integer("bonus").notNull().default(0),
    priceGold: integer("price_gold").notNull().default(0),
    priceSilver: integer("price_silver").notNull().default(0),
    sortOrder: integer("sort_order").notNull().default(0),
    active: integer("active", { mode: "boolean" }).notNull().default(true),
    updatedAt: integer("updated_at").notNull(),
  },
  (t) => [
    uniqueIndex("content_module_types_slot_tier").on(t.slot, t.tier),
    check("content_module_types_price_nonneg", sql`${t.priceGold} >= 0 and ${t.priceSilver} >= 0`),
  ],
);

/** A bundle sold as one: [{kind: tank|consumable|camouflage|decal|module, id, count}]. */
export const contentKits = sqliteTable(
  "content_kits",
  {
    id: integer("id").primaryKey(),
    nameRu: text("name_ru").notNull(),
    nameEn: text("name_en").notNull(),
    /** JSON [{kind, id, count}] */
    items: text("items").notNull(),
    priceGold: integer("price_gold").notNull().default(0),
    priceSilver: integer("price_silver").notNull().default(0),
    requiredLevel: integer("required_level").notNull().default(1),
    sortOrder: integer("sort_order").notNull().default(0),
    active: integer("active", { mode: "boolean" }).notNull().default(true),
    updatedAt: integer("updated_at").notNull(),
  },
  (t) => [check("content_kits_price_nonneg", sql`${t.priceGold} >= 0 and ${t.priceSilver} >= 0`)],
);
