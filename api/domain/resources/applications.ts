// /admin/application/: the game's apps per platform and store, with the store's id and page URL;
// one row per app id in a store.
import { z } from "zod";
import { applications, PLATFORMS, STORES } from "../../db/schema/system.ts";
import { applicationIdOf } from "../system-config.ts";
import * as f from "../fields.ts";
import { fieldError } from "../errors.ts";
import type { ResourceDescription } from "../resources.ts";

const applicationKey = z.object({ store: z.enum(STORES), appId: z.string() });

export const applicationSchema = z.object({
  id: f.optional(f.id()),
  platform: z.enum(PLATFORMS),
  store: z.enum(STORES),
  appId: z
    .string()
    .trim()
    .min(1)
    .max(200)
    .regex(/^[^\s]+$/),
  url: z.preprocess((v) => (typeof v === "string" ? v.trim() : v), z.url({ protocol: /^https$/ }).max(500)),
  active: f.optional(f.bool()).default(true),
});

export const applicationArea: ResourceDescription = {
  name: "application",
  base: "/admin/application/",
  role: "admin",
  table: applications,
  schema: applicationSchema,
  columns: ["id", "platform", "store", "appId", "url", "active"],
  search: ["appId", "url"],
  filters: ["platform", "store", "active"],
  actions: { set: "save", remove: "remove" },
  rules: {
    // One row per app in a store (the table's unique index), answered as a field error.
    save: async (tx, item) => {
      // The item passed the schema; its two key fields read again, typed.
      const key = applicationKey.parse(item);
      const taken = await applicationIdOf(tx, key);
      if (taken !== undefined && taken !== item.id) throw fieldError({ appId: { id: "validation.unique" } });
    },
  },
};
