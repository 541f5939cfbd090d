// The progression content areas, each one description on the resources mechanism: crews and
// decorations (an item page with sections saved on their own), module upgrade levels (composite
// key slot + level), bots (cached for battles, export/import) and daily task templates.
import {
  contentCrews,
  contentDecorations,
  contentModuleUpgrades,
  contentBots,
  contentDailyTasks,
} from "../../db/schema/progression.ts";
import {
  crewSchema,
  decorationSchema,
  moduleUpgradeSchema,
  botSchema,
  dailyTaskSchema,
  crewHired,
} from "../progression-content.ts";
import { conflict } from "../errors.ts";
import type { ResourceDescription } from "../resources.ts";

const json = (keys: string[]) => ({
  toRow: (i: Record<string, unknown>) => ({
    ...i,
    ...Object.fromEntries(keys.filter((k) => i[k] !== undefined).map((k) => [k, JSON.stringify(i[k])])),
  }),
  fromRow: (r: Record<string, unknown>) => ({
    ...r,
    ...Object.fromEntries(keys.map((k) => [k, JSON.parse(r[k] as string)])),
  }),
});
const schema = (s: unknown) => s as ResourceDescription["schema"];

export const PROGRESSION_RESOURCES: ResourceDescription[] = [
  {
    name: "crew",
    base: "/admin/crews/",
    role: "operator",
    table: contentCrews,
    schema: schema(crewSchema),
    columns: ["id", "role", "nameRu", "nameEn", "levelCap", "xpBase", "xpGrowth", "sortOrder", "active"],
    search: ["nameRu", "nameEn"],
    filters: ["role", "active"],
    unique: ["role"],
    actions: { list: "list", remove: "remove", control: "control", index: "index" },
    sections: {
      "save/general/settings": ["role", "nameRu", "nameEn", "levelCap", "xpBase", "xpGrowth", "sortOrder", "active"],
      "save/groups/prices": ["groups"],
      "save/gains": ["gains"],
      "save/upgrades/prices": ["upgrades"],
      "save/speedup/upgrades/prices": ["speedups"],
    },
    createBy: "save/general/settings",
    money: ["priceSilver", "priceGold"],
    cache: "crews",
    ...json(["groups", "gains", "upgrades", "speedups"]),
    rules: {
      // A role players have members of stays: remove would strand their crews.
      remove: async (tx, row) => {
        if (await crewHired(tx, row.id as number)) throw conflict("content.crewHired");
      },
    },
  },
  {
    name: "decoration",
    base: "/admin/decorations/",
    role: "operator",
    table: contentDecorations,
    schema: schema(decorationSchema),
    columns: ["id", "kind", "rarity", "nameRu", "nameEn", "requiredLevel", "sortOrder", "active"],
    search: ["nameRu", "nameEn"],
    filters: ["kind", "rarity", "active"],
    actions: { list: "list", remove: "remove", control: "control", index: "index" },
    sections: {
      "save/general/settings": ["kind", "rarity", "nameRu", "nameEn", "requiredLevel", "sortOrder", "active"],
      "save/groups/prices": ["groups"],
    },
    createBy: "save/general/settings",
    money: ["priceSilver", "priceGold"],
    ...json(["groups"]),
  },
  {
    name: "moduleUpgrade",
    base: "/admin/moduleUpgrade/",
    role: "operator",
    table: contentModuleUpgrades,
    schema: schema(moduleUpgradeSchema),
    columns: ["id", "slot", "level", "stat", "bonus", "priceSilver", "priceGold"],
    search: ["slot", "stat"],
    filters: ["slot", "stat"],
    unique: [["slot", "level"]],
    actions: { set: "setModulesUpgrades" },
    money: ["priceSilver", "priceGold"],
    cache: "tanks",
  },
  {
    name: "bot",
    base: "/admin/bots/",
    role: "operator",
    table: contentBots,
    schema: schema(botSchema),
    columns: [
      "id",
      "name",
      "minTier",
      "maxTier",
      "aimError",
      "reactionMs",
      "aggression",
      "crewLevel",
      "weight",
      "active",
    ],
    search: ["name"],
    filters: ["active"],
    unique: ["name"],
    actions: { list: "get", set: "set", invalidateCache: "invalidateCache", export: "export", import: "import" },
    methods: { export: "GET", import: "GET|POST" },
    cache: "bots",
  },
  {
    name: "dailyTask",
    base: "/admin/dailyTasks/",
    role: "operator",
    table: contentDailyTasks,
    schema: schema(dailyTaskSchema),
    columns: [
      "id",
      "kind",
      "nameRu",
      "nameEn",
      "target",
      "tankType",
      "minLevel",
      "maxLevel",
      "weight",
      "rewardCurrency",
      "rewardAmount",
      "active",
    ],
    search: ["nameRu", "nameEn"],
    filters: ["kind", "rewardCurrency", "active"],
    actions: { list: "list", set: "edit", remove: "remove", export: "export", import: "import" },
    money: ["rewardAmount"],
  },
];
