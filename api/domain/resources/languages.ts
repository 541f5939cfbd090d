// /admin/language/: the game's languages (code, name, enabled, default). Exactly one default,
// and it is enabled: making a language the default takes it from the other; the default cannot
// be removed, disabled or un-defaulted directly; the last enabled language cannot go.
import { z } from "zod";
import { languages } from "../../db/schema/system.ts";
import { clearOtherDefaults, otherEnabledLanguages } from "../system-config.ts";
import * as f from "../fields.ts";
import { AppError, conflict } from "../errors.ts";
import type { ResourceDescription } from "../resources.ts";

export const languageSchema = z.object({
  id: f.optional(f.id()),
  code: z
    .string()
    .trim()
    .regex(/^[a-z]{2,3}(-[A-Z]{2})?$/),
  name: f.text(1, 100),
  enabled: f.optional(f.bool()).default(true),
  isDefault: f.optional(f.bool()).default(false),
  sortOrder: f.optional(f.int(0, 10_000)).default(0),
});

export const languageArea: ResourceDescription = {
  name: "language",
  base: "/admin/language/",
  role: "admin",
  table: languages,
  schema: languageSchema,
  columns: ["id", "code", "name", "enabled", "isDefault", "sortOrder"],
  search: ["code", "name"],
  filters: ["enabled"],
  actions: { add: "add", update: "update", remove: "remove" },
  unique: ["code"],
  rules: {
    save: async (tx, item, before) => {
      if (before?.isDefault && (!item.isDefault || !item.enabled)) throw conflict("system.error.default_language");
      if (item.isDefault && !item.enabled)
        throw new AppError("validation", "system.error.default_language", [], 400, {
          enabled: { id: "system.error.default_language" },
        });
      if (!item.enabled && (await otherEnabledLanguages(tx, item.id)) === 0)
        throw conflict("system.error.last_language");
      if (item.isDefault) await clearOtherDefaults(tx, item.id);
    },
    remove: async (tx, row) => {
      if (row.isDefault) throw conflict("system.error.default_language");
      if (row.enabled && (await otherEnabledLanguages(tx, row.id as number)) === 0)
        throw conflict("system.error.last_language");
    },
  },
};
