// /admin/language/: the game's languages (code, name, enabled, default). Exactly one default,
// and it is enabled: making a language the default takes it from the other; the default cannot
// be removed, disabled or un-defaulted directly; the last enabled language cannot go.
import { z } from "zod";
import { and, eq, ne } from "drizzle-orm";
import { languages } from "../../db/schema/system.ts";
import type { DbOrTx } from "../../db/index.ts";
import * as f from "../../domain/fields.ts";
import { AppError, conflict } from "../../domain/errors.ts";
import type { ResourceDescription } from "../../domain/resources.ts";

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

/** Enabled languages other than `id`. */
const otherEnabled = async (tx: DbOrTx, id: number | undefined) =>
  (
    await tx
      .select({ id: languages.id })
      .from(languages)
      .where(and(eq(languages.enabled, true), id === undefined ? undefined : ne(languages.id, id)))
  ).length;

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
      if (!item.enabled && (await otherEnabled(tx, item.id)) === 0) throw conflict("system.error.last_language");
      if (item.isDefault)
        await tx
          .update(languages)
          .set({ isDefault: false })
          .where(item.id === undefined ? undefined : ne(languages.id, item.id));
    },
    remove: async (tx, row) => {
      if (row.isDefault) throw conflict("system.error.default_language");
      if (row.enabled && (await otherEnabled(tx, row.id as number)) === 0) throw conflict("system.error.last_language");
    },
  },
};
