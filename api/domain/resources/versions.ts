// /admin/version/: the game client's versions per platform — the oldest that may still play
// (minSupported), the newest (latest) and whether clients below latest must update now.
import { z } from "zod";
import { clientVersions, PLATFORMS } from "../../db/schema/system.ts";
import * as f from "../fields.ts";
import { AppError } from "../errors.ts";
import type { ResourceDescription } from "../resources.ts";

/** Dotted numbers: 1.12 or 2.0.315. */
const semver = () =>
  z
    .string()
    .trim()
    .regex(/^\d{1,5}(\.\d{1,5}){1,3}$/);
const parts = (v: string) => v.split(".").map(Number);
export function compareVersions(a: string, b: string): number {
  const [x, y] = [parts(a), parts(b)];
  for (let i = 0; i < Math.max(x.length, y.length); i++)
    if ((x[i] ?? 0) !== (y[i] ?? 0)) return (x[i] ?? 0) - (y[i] ?? 0);
  return 0;
}

export const versionSchema = z.object({
  id: f.optional(f.id()),
  platform: z.enum(PLATFORMS),
  minSupported: semver(),
  latest: semver(),
  forceUpdate: f.optional(f.bool()).default(false),
  note: f.optional(f.text(0, 500)).default(""),
});

export const versionArea: ResourceDescription = {
  name: "version",
  base: "/admin/version/",
  role: "admin",
  table: clientVersions,
  schema: versionSchema,
  columns: ["id", "platform", "minSupported", "latest", "forceUpdate", "note"],
  search: ["platform", "note"],
  filters: ["platform", "forceUpdate"],
  actions: { set: "save", remove: "remove" },
  unique: ["platform"],
  rules: {
    save: async (_tx, item) => {
      if (compareVersions(item.minSupported as string, item.latest as string) > 0)
        throw new AppError("validation", "system.error.min_above_latest", [], 400, {
          minSupported: { id: "system.error.min_above_latest" },
        });
    },
  },
};
