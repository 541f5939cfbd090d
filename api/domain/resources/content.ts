// The game content areas (tanks, module types, camouflages, decals, consumables, kits), each
// described once (its table, fields, columns and rules) for the resources and collections
// mechanisms; api/admin/content/index.ts gives them their routes.
import type { ResourceDescription } from "../resources.ts";
import type { CollectionDescription } from "../collections.ts";
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
} from "../content.ts";

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
