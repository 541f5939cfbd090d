// The game content areas (tanks, module types, camouflages, decals), each described once and
// given its list/save/remove routes by the resources mechanism. Operators edit content.
import type { Hono } from "hono";
import type { HonoEnv } from "../../http/env.ts";
import { registerResource, type ResourceDescription } from "../resources/index.ts";
import { contentTanks, contentModuleTypes, contentCamouflages, contentDecals } from "../../db/schema/content.ts";
import { tankSchema, moduleTypeSchema, camouflageSchema, decalSchema } from "../../domain/content.ts";

const PRICES = ["priceGold", "priceSilver", "sortOrder", "active"];

export const CONTENT_RESOURCES: ResourceDescription[] = [
  {
    name: "tank", base: "/admin/tank/", role: "operator", table: contentTanks, schema: tankSchema as ResourceDescription["schema"],
    columns: ["id", "nameRu", "nameEn", "nation", "type", "tier", "requiredLevel", "premium", ...PRICES],
    search: ["nameRu", "nameEn"], filters: ["nation", "type", "tier", "premium", "active"],
    actions: { list: "getTanks", set: "setTank", remove: "removeTank" },
  },
  {
    name: "moduleType", base: "/admin/moduleType/", role: "operator", table: contentModuleTypes, schema: moduleTypeSchema as ResourceDescription["schema"],
    columns: ["id", "nameRu", "nameEn", "slot", "tier", "bonus", ...PRICES],
    search: ["nameRu", "nameEn"], filters: ["slot", "tier", "active"],
    actions: { list: "getModulesTypes", set: "setModuleType", remove: "removeModuleType" },
  },
  {
    name: "camouflage", base: "/admin/camouflage/", role: "operator", table: contentCamouflages, schema: camouflageSchema as ResourceDescription["schema"],
    columns: ["id", "nameRu", "nameEn", "season", "nation", "concealment", "durationDays", ...PRICES],
    search: ["nameRu", "nameEn"], filters: ["season", "nation", "active"],
    actions: { list: "getCamouflages", set: "setCamouflage", remove: "removeCamouflage" },
  },
  {
    name: "decal", base: "/admin/decal/", role: "operator", table: contentDecals, schema: decalSchema as ResourceDescription["schema"],
    columns: ["id", "nameRu", "nameEn", "kind", "requiredLevel", ...PRICES],
    search: ["nameRu", "nameEn"], filters: ["kind", "active"],
    actions: { list: "getDecals", set: "setDecal", remove: "removeDecal" },
  },
];

export function registerContentAdmin(app: Hono<HonoEnv>) {
  for (const d of CONTENT_RESOURCES) registerResource(app, d);
}
