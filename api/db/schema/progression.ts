// Progression content and each player's progress in it (docs/decisions/progression.md):
// crew roles with their XP curve, prices and gains; decorations; module upgrade levels; bot
// profiles; daily task templates; versioned backups of the tank and options documents; the UI's
// texts as operators edit them. Per player: crew members, the day's tasks, quest progress.
// A sub-list that is only ever read and written with its parent (a crew's price groups, its gains
// table) is one JSON column validated by the parent's zod schema on every write.
import { sqliteTable, integer, text, index, uniqueIndex, primaryKey, check } from "drizzle-orm/sqlite-core";
import { sql } from "drizzle-orm";
import { players } from "./players.ts";
import { MODULE_SLOTS, TANK_TYPES } from "./content.ts";

export const CREW_ROLES = ["commander", "gunner", "driver", "loader", "radio"] as const;
export const DECORATION_KINDS = ["flag", "horn", "trail", "smoke", "skin"] as const;
export const RARITIES = ["common", "rare", "epic", "legendary"] as const;
export const UPGRADE_STATS = ["damage", "penetration", "armor", "speed", "rateOfFire", "hp", "viewRange"] as const;
import { DAILY_TASK_KINDS, REWARD_CURRENCIES } from "./progression-kinds.ts";
export { DAILY_TASK_KINDS, REWARD_CURRENCIES };
export const BACKUP_KINDS = ["tankData", "optionsData"] as const;

/** A crew role as operators tune it; JSON columns are validated by crewSchema (api/domain/progression.ts). */
export const contentCrews = sqliteTable(
  "content_crews",
  {
    id: integer("id").primaryKey(),
    role: text("role", { enum: CREW_ROLES }).notNull(),
    nameRu: text("name_ru").notNull(),
    nameEn: text("name_en").notNull(),
    /** Highest level a member of this role reaches. */
    levelCap: integer("level_cap").notNull().default(10),
    /** XP for level 2; each next level needs xpGrowth % of the one before. */
    xpBase: integer("xp_base").notNull().default(1000),
    xpGrowth: integer("xp_growth").notNull().default(150),
    /** JSON [{group, priceSilver, priceGold, startLevel}]: how a member is hired. */
    groups: text("groups").notNull().default("[]"),
    /** JSON {win, draw, loss}: XP a member gains per battle by its result. */
    gains: text("gains").notNull().default('{"win":0,"draw":0,"loss":0}'),
    /** JSON [{level, priceSilver}]: the price of training the skill to each level. */
    upgrades: text("upgrades").notNull().default("[]"),
    /** JSON [{level, priceGold}]: gold that finishes the training to each level at once. */
    speedups: text("speedups").notNull().default("[]"),
    sortOrder: integer("sort_order").notNull().default(0),
    active: integer("active", { mode: "boolean" }).notNull().default(true),
    updatedAt: integer("updated_at").notNull(),
  },
  (t) => [uniqueIndex("content_crews_role").on(t.role)],
);

export const contentDecorations = sqliteTable("content_decorations", {
  id: integer("id").primaryKey(),
  kind: text("kind", { enum: DECORATION_KINDS }).notNull(),
  rarity: text("rarity", { enum: RARITIES }).notNull().default("common"),
  nameRu: text("name_ru").notNull(),
  nameEn: text("name_en").notNull(),
  requiredLevel: integer("required_level").notNull().default(1),
  /** JSON [{days, priceSilver, priceGold}] (days 0: forever). */
  groups: text("groups").notNull().default("[]"),
  sortOrder: integer("sort_order").notNull().default(0),
  active: integer("active", { mode: "boolean" }).notNull().default(true),
  updatedAt: integer("updated_at").notNull(),
});

/** One upgrade level of a module slot: what it costs and which stat it raises by how many percent. */
export const contentModuleUpgrades = sqliteTable(
  "content_module_upgrades",
  {
    id: integer("id").primaryKey(),
    slot: text("slot", { enum: MODULE_SLOTS }).notNull(),
    level: integer("level").notNull(),
    stat: text("stat", { enum: UPGRADE_STATS }).notNull(),
    /** Percent added to the stat at this level. */
    bonus: integer("bonus").notNull(),
    priceSilver: integer("price_silver").notNull().default(0),
    priceGold: integer("price_gold").notNull().default(0),
    updatedAt: integer("updated_at").notNull(),
  },
  (t) => [
    uniqueIndex("content_module_upgrades_slot_level").on(t.slot, t.level),
    check("content_module_upgrades_price_nonneg", sql`${t.priceGold} >= 0 and ${t.priceSilver} >= 0`),
  ],
);

/** A bot profile battles are filled with (read by api/domain/progression.ts botProfiles). */
export const contentBots = sqliteTable(
  "content_bots",
  {
    id: integer("id").primaryKey(),
    name: text("name").notNull(),
    minTier: integer("min_tier").notNull().default(1),
    maxTier: integer("max_tier").notNull().default(10),
    /** Aim error in tenths of a degree (0: perfect aim). */
    aimError: integer("aim_error").notNull(),
    /** Milliseconds from seeing a target to acting on it. */
    reactionMs: integer("reaction_ms").notNull(),
    /** 0 (holds back) … 100 (charges). */
    aggression: integer("aggression").notNull(),
    /** Relative chance of being picked among the profiles that fit a tier. */
    weight: integer("weight").notNull().default(10),
    active: integer("active", { mode: "boolean" }).notNull().default(true),
    updatedAt: integer("updated_at").notNull(),
    /** The level of the bot's crew: every role at it, nothing trained (api/game/sim/crew.ts). */
    crewLevel: integer("crew_level").notNull().default(1),
  },
  (t) => [uniqueIndex("content_bots_name").on(t.name)],
);

/** A daily task template: drawn by weight among those fitting a player's level. */
export const contentDailyTasks = sqliteTable("content_daily_tasks", {
  id: integer("id").primaryKey(),
  kind: text("kind", { enum: DAILY_TASK_KINDS }).notNull(),
  nameRu: text("name_ru").notNull(),
  nameEn: text("name_en").notNull(),
  target: integer("target").notNull(),
  /** play_class only: the tank class that counts. */
  tankType: text("tank_type", { enum: TANK_TYPES }),
  minLevel: integer("min_level").notNull().default(1),
  maxLevel: integer("max_level").notNull().default(30),
  weight: integer("weight").notNull().default(10),
  rewardCurrency: text("reward_currency", { enum: REWARD_CURRENCIES }).notNull(),
  rewardAmount: integer("reward_amount").notNull(),
  active: integer("active", { mode: "boolean" }).notNull().default(true),
  updatedAt: integer("updated_at").notNull(),
});

/** A whole-document backup (tank catalogue or options): taken by hand or before every import/restore. */
export const contentBackups = sqliteTable(
  "content_backups",
  {
    id: integer("id").primaryKey({ autoIncrement: true }),
    kind: text("kind", { enum: BACKUP_KINDS }).notNull(),
    /** manual | before-import | before-restore */
    reason: text("reason").notNull(),
    adminUsername: text("admin_username").notNull(),
    /** What it holds, counted per section, as JSON ({"tanks":44,"moduleTypes":25,…}). */
    summary: text("summary").notNull(),
    document: text("document").notNull(),
    createdAt: integer("created_at").notNull(),
  },
  (t) => [index("content_backups_kind").on(t.kind, t.id)],
);

/** The UI's texts per locale: the project's text (from the lingui catalogs) and the operators' edit. */
export const uiTranslations = sqliteTable(
  "ui_translations",
  {
    locale: text("locale").notNull(),
    /** The lingui message id. */
    key: text("key").notNull(),
    /** The English source text (the message as written in code). */
    source: text("source").notNull().default(""),
    /** The text the project's catalog has (empty: missing in the project). */
    projectText: text("project_text").notNull().default(""),
    /** The operators' text; null: the project's text is used. */
    text: text("text"),
    /** The project's text when the operators' was saved: differs from projectText once the project changed it since. */
    editedFrom: text("edited_from"),
    updatedBy: text("updated_by"),
    updatedAt: integer("updated_at").notNull(),
  },
  (t) => [primaryKey({ columns: [t.locale, t.key] })],
);

export const playerCrewMembers = sqliteTable(
  "player_crew_members",
  {
    playerId: integer("player_id")
      .notNull()
      .references(() => players.id),
    crewId: integer("crew_id").notNull(),
    level: integer("level").notNull().default(1),
    /** XP gathered towards the next level. */
    xp: integer("xp").notNull().default(0),
    /** Trained skill level (bought with silver, sped up with gold). */
    skillLevel: integer("skill_level").notNull().default(0),
    hiredAt: integer("hired_at").notNull(),
    updatedAt: integer("updated_at").notNull(),
  },
  (t) => [primaryKey({ columns: [t.playerId, t.crewId] })],
);

/** A player's task of one day: the template's terms are copied, so editing a template never changes a drawn task. */
export const playerDailyTasks = sqliteTable(
  "player_daily_tasks",
  {
    id: integer("id").primaryKey({ autoIncrement: true }),
    playerId: integer("player_id")
      .notNull()
      .references(() => players.id),
    /** UTC day, YYYY-MM-DD. */
    day: text("day").notNull(),
    taskId: integer("task_id").notNull(),
    kind: text("kind", { enum: DAILY_TASK_KINDS }).notNull(),
    target: integer("target").notNull(),
    tankType: text("tank_type", { enum: TANK_TYPES }),
    progress: integer("progress").notNull().default(0),
    rewardCurrency: text("reward_currency", { enum: REWARD_CURRENCIES }).notNull(),
    rewardAmount: integer("reward_amount").notNull(),
    completedAt: integer("completed_at"),
  },
  (t) => [
    uniqueIndex("player_daily_tasks_day_task").on(t.playerId, t.day, t.taskId),
    index("player_daily_tasks_day").on(t.day),
  ],
);

export const playerQuests = sqliteTable(
  "player_quests",
  {
    playerId: integer("player_id")
      .notNull()
      .references(() => players.id),
    /** The quest's key in the `quests` server option. */
    questKey: text("quest_key").notNull(),
    /** Index of the step being worked on (= steps count when done). */
    step: integer("step").notNull().default(0),
    progress: integer("progress").notNull().default(0),
    completedAt: integer("completed_at"),
    updatedAt: integer("updated_at").notNull(),
  },
  (t) => [primaryKey({ columns: [t.playerId, t.questKey] })],
);

/**
 * The module levels a player has researched and bought for one of their tanks, per slot (gun,
 * turret, engine, tracks, radio): the level's row in content_module_upgrades gives its stat and
 * percent (api/domain/modules.ts). No row: the tank's stock module (level 0).
 */
export const playerTankModules = sqliteTable(
  "player_tank_modules",
  {
    playerId: integer("player_id")
      .notNull()
      .references(() => players.id),
    tankId: integer("tank_id").notNull(),
    slot: text("slot", { enum: MODULE_SLOTS }).notNull(),
    level: integer("level").notNull(),
    updatedAt: integer("updated_at").notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.playerId, t.tankId, t.slot] }),
    check("player_tank_modules_level", sql`${t.level} >= 0`),
  ],
);
