// The shapes of CMS categories and contents and of the whole-CMS export, in a file of their own
// (zod and the field helpers only) so the back office's CMS screen validates with the API's rules.
import { z } from "zod";
import * as f from "./fields.ts";

import { CMS_TYPES } from "../db/schema/cms-types.ts";
export { CMS_TYPES };

export const categorySchema = z.object({
  id: f.optional(f.id()),
  type: z.enum(CMS_TYPES),
  titleRu: f.text(1, 200),
  titleEn: f.text(1, 200),
  sortOrder: f.optional(f.int(-100_000, 100_000)).default(0),
  published: f.optional(f.bool()).default(true),
});
export const contentSchema = z.object({
  id: f.optional(f.id()),
  type: z.enum(CMS_TYPES),
  categoryId: z
    .preprocess((v) => (v === null || v === "" ? undefined : v), f.id().optional())
    .transform((v) => v ?? null),
  titleRu: f.text(1, 200),
  titleEn: f.text(1, 200),
  bodyRu: f.text(1, 100_000),
  bodyEn: f.text(1, 100_000),
  image: f.optional(z.string().trim().max(500)).default(""),
  sortOrder: f.optional(f.int(-100_000, 100_000)).default(0),
  published: f.optional(f.bool()).default(true),
  publishedAt: f.optional(f.int(0)),
});
export const exportSchema = z.object({
  categories: z.array(categorySchema.extend({ id: f.id() })).max(1000),
  contents: z.array(contentSchema.extend({ id: f.id() })).max(10_000),
});
