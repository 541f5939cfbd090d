// The game content areas (tanks, module types, camouflages, decals), each described once and
// given its list/save/remove routes by the resources mechanism. Operators edit content.
import type { Hono } from "hono";
import type { HonoEnv } from "../../http/env.ts";
import { registerResource } from "../resources/index.ts";
import type { ResourceDescription } from "../../domain/resources.ts";
import { registerCollection } from "../resources/collection.ts";
import type { CollectionDescription } from "../../domain/collections.ts";
import {
  contentTanks,
  contentModuleTypes,
  contentCamouflages,
  contentDecals,
  contentConsumables,
  contentKits,
} from "../../db/schema/content.ts";
import {
  tankSchema,
  moduleTypeSchema,
  camouflageSchema,
  decalSchema,
  consumableSchema,
  kitSchema,
  kitCatalogue,
} from "../../domain/content.ts";
import { PROGRESSION_RESOURCES } from "./progression.ts";
import { registerContentDocuments } from "./documents.ts";
import { registerTranslation } from "./translation.ts";
import "./messages.ts";

const PRICES = ["priceGold", "priceSilver", "sortOrder", "active"];

export const CONTENT_RESOURCES: ResourceDescription[] = [
  {
    name: "tank",
    base: "/admin/tank/",
    role: "operator",
    table: contentTanks,
    schema: tankSchema as ResourceDescription["schema"],
    columns: ["id", "nameRu", "nameEn", "nation", "type", "tier", "requiredLevel", "premium", ...PRICES],
    search: ["nameRu", "nameEn"],
    filters: ["nation", "type", "tier", "premium", "active"],
    cache: "tanks",
    actions: { list: "getTanks", set: "setTank", remove: "removeTank" },
  },
  {
    name: "moduleType",
    base: "/admin/moduleType/",
    role: "operator",
    table: contentModuleTypes,
    schema: moduleTypeSchema as ResourceDescription["schema"],
    columns: ["id", "nameRu", "nameEn", "slot", "tier", "bonus", ...PRICES],
    search: ["nameRu", "nameEn"],
    filters: ["slot", "tier", "active"],
    cache: "tanks",
    actions: { list: "getModulesTypes", set: "setModuleType", remove: "removeModuleType" },
  },
  {
    name: "camouflage",
    base: "/admin/camouflage/",
    role: "operator",
    table: contentCamouflages,
    schema: camouflageSchema as ResourceDescription["schema"],
    columns: ["id", "nameRu", "nameEn", "season", "nation", "concealment", "durationDays", ...PRICES],
    search: ["nameRu", "nameEn"],
    filters: ["season", "nation", "active"],
    cache: "tanks",
    actions: { list: "getCamouflages", set: "setCamouflage", remove: "removeCamouflage" },
  },
  {
    name: "decal",
    base: "/admin/decal/",
    role: "operator",
    table: contentDecals,
    schema: decalSchema as ResourceDescription["schema"],
    columns: ["id", "nameRu", "nameEn", "kind", "requiredLevel", ...PRICES],
    search: ["nameRu", "nameEn"],
    filters: ["kind", "active"],
    cache: "tanks",
    actions: { list: "getDecals", set: "setDecal", remove: "removeDecal" },
  },
];

const CONSUMABLE_COLUMNS = ["id", "nameRu", "nameEn", "kind", "requiredLevel", "cooldown", "effect", ...PRICES];

/** Areas edited as a whole list: consumables (used up in battle), non-consumables (kept on the tank), kits. */
export const CONTENT_COLLECTIONS: CollectionDescription[] = [
  {
    name: "consumables",
    base: "/admin/consumables/",
    saveMethod: "ANY",
    role: "operator",
    table: contentConsumables,
    schema: consumableSchema as CollectionDescription["schema"],
    columns: CONSUMABLE_COLUMNS,
    fixed: { consumable: true },
  },
  {
    name: "nonConsumables",
    base: "/admin/nonConsumables/",
    saveMethod: "ANY",
    role: "operator",
    table: contentConsumables,
    schema: consumableSchema as CollectionDescription["schema"],
    columns: CONSUMABLE_COLUMNS,
    fixed: { consumable: false },
  },
  {
    name: "kits",
    base: "/admin/kits/",
    saveMethod: "POST",
    role: "operator",
    table: contentKits,
    schema: kitSchema as CollectionDescription["schema"],
    columns: ["id", "nameRu", "nameEn", "items", "requiredLevel", ...PRICES],
    toRow: (i) => ({ ...i, items: JSON.stringify(i.items) }),
    fromRow: (r) => ({ ...r, items: JSON.parse(r.items as string) }),
    pageData: async (db) => ({ catalogue: await kitCatalogue(db) }),
  },
];

export function registerContentAdmin(app: Hono<HonoEnv>) {
  for (const d of CONTENT_RESOURCES) registerResource(app, d);
  for (const d of CONTENT_COLLECTIONS) registerCollection(app, d);
  for (const d of PROGRESSION_RESOURCES) registerResource(app, d);
  registerContentDocuments(app);
  registerTranslation(app);
}
