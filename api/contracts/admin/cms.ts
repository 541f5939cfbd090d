// /admin/cms: operators edit categories and contents (guides, news, terms) in ru and en; export
// the whole CMS as JSON and import it back — validated whole, previewed, applied all-or-nothing.
import { z } from "zod";
import * as f from "../../domain/fields.ts";
import { CMS_TYPES } from "../../db/schema/cms-types.ts";
import { categorySchema, contentSchema, exportSchema } from "../../domain/cms-shapes.ts";
import { contract } from "../contract.ts";

const O = { auth: "admin", role: "operator" } as const;
const idInput = z.object({ id: f.id() });

const category = z.object({
  id: z.int(),
  type: z.enum(CMS_TYPES),
  titleRu: z.string(),
  titleEn: z.string(),
  sortOrder: z.int(),
  published: z.boolean(),
});
const content = z.object({
  id: z.int(),
  type: z.enum(CMS_TYPES),
  categoryId: z.int().nullable(),
  titleRu: z.string(),
  titleEn: z.string(),
  bodyRu: z.string(),
  bodyEn: z.string(),
  image: z.string(),
  sortOrder: z.int(),
  published: z.boolean(),
  publishedAt: z.int().optional(),
});
/** The whole CMS as exported (no timestamps of change). */
const whole = z.object({ categories: z.array(category), contents: z.array(content) });
const stamped = { updatedAt: z.int() };

export const page = contract({
  method: "ANY",
  path: "/admin/cms/",
  ...O,
  kind: "page",
  output: whole.extend({ types: z.array(z.enum(CMS_TYPES)) }),
});

export const lists = contract({
  method: "ANY",
  path: "/admin/cms/get",
  ...O,
  input: z.object({ type: f.optional(z.enum(CMS_TYPES)), categoryId: f.optional(f.id()) }),
  output: z.object({
    categories: z.array(category.extend(stamped)),
    contents: z.array(content.extend(stamped)),
  }),
});

export const editCategory = contract({
  method: "ANY",
  path: "/admin/cms/edit/category",
  ...O,
  mutates: true,
  input: categorySchema,
  output: z.object({ category: category.extend(stamped) }),
});

export const editContent = contract({
  method: "ANY",
  path: "/admin/cms/edit/content",
  ...O,
  mutates: true,
  input: contentSchema,
  output: z.object({ content: content.extend(stamped) }),
});

export const removeContent = contract({
  method: "ANY",
  path: "/admin/cms/remove/content",
  ...O,
  mutates: true,
  input: idInput,
  output: z.object({ removed: z.int() }),
});

export const removeCategory = contract({
  method: "ANY",
  path: "/admin/cms/remove/category",
  ...O,
  mutates: true,
  input: idInput,
  output: z.object({ removed: z.int() }),
});

export const exportAll = contract({ method: "GET", path: "/admin/cms/export", ...O, output: whole });

const changes = z.object({ added: z.array(z.int()), changed: z.array(z.int()), removed: z.array(z.int()) });

/** GET previews only (a GET changes nothing); POST applies unless asked for a preview. */
export const importAll = contract({
  method: "GET|POST",
  path: "/admin/cms/import",
  ...O,
  mutates: true,
  input: z.object({
    data: z.preprocess((v) => {
      if (typeof v !== "string") return v;
      try {
        return JSON.parse(v);
      } catch {
        return v;
      }
    }, exportSchema),
    preview: f.optional(f.bool()).default(false),
  }),
  output: z.object({ preview: z.boolean(), changes: z.object({ categories: changes, contents: changes }) }),
});
