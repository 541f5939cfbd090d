// /admin/application/: the game's apps per platform and store, with the store's id and page URL.
import { z } from "zod";
import { applications, PLATFORMS, STORES } from "../../db/schema/system.ts";
import * as f from "../../http/fields.ts";
import type { ResourceDescription } from "../resources/index.ts";

export const applicationSchema = z.object({
  id: f.optional(f.id()),
  platform: z.enum(PLATFORMS),
  store: z.enum(STORES),
  appId: z.string().trim().min(1).max(200).regex(/^[^\s]+$/, { params: { rule: "pattern" } } as never),
  url: z.preprocess((v) => (typeof v === "string" ? v.trim() : v), z.url({ protocol: /^https$/ }).max(500)),
  active: f.optional(f.bool()).default(true),
});

export const applicationArea: ResourceDescription = {
  name: "application", base: "/admin/application/", role: "admin", table: applications, schema: applicationSchema,
  columns: ["id", "platform", "store", "appId", "url", "active"], search: ["appId", "url"], filters: ["platform", "store", "active"],
  actions: { set: "save", remove: "remove" }, unique: [],
};
