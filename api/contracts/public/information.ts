// The public information pages (/:locale/public/information/*: guides by default, news, terms…)
// and the terms page (/:locale/public/terms): pages a browser gets as the app's shell, their data
// as JSON to a JSON request. Each address of the information pages answers the same shape.
import { z } from "zod";
import * as f from "../../domain/fields.ts";
import { CMS_TYPES } from "../../db/schema/cms.ts";
import { contract } from "../contract.ts";

const P = { method: "ANY", auth: "public", kind: "page" } as const;
const link = z.object({ id: z.int(), title: z.string() });

/** A type's navigation (its categories with their contents, and the contents of no category) and the chosen content. */
const info = z.object({
  type: z.enum(CMS_TYPES),
  categories: z.array(link.extend({ contents: z.array(link) })),
  contents: z.array(link.extend({ publishedAt: z.int() })),
  category: link.nullable(),
  content: z
    .object({
      id: z.int(),
      categoryId: z.int().nullable(),
      title: z.string(),
      /** Markdown. */
      body: z.string(),
      image: z.string(),
      publishedAt: z.int(),
    })
    .nullable(),
});
/** The type in the path (none = the guides); an unknown one is a page that is not there (404). */
const byItem = z.object({ type: z.string(), id: f.id() });

export const index = contract({
  ...P,
  path: "/:locale{ru|en}/public/information/:type{[^/]+}?/",
  summary: "A type's information pages (the guides when the path names none): the navigation, no content chosen.",
  params: z.object({ type: z.string().optional() }),
  output: info,
});

export const category = contract({
  ...P,
  path: "/:locale{ru|en}/public/information/:type{[^/]+}/category/:id{[0-9]+}",
  summary: "A category of a type's information pages, its first content chosen.",
  params: byItem,
  output: info,
});

export const content = contract({
  ...P,
  path: "/:locale{ru|en}/public/information/:type{[^/]+}/content/:id{[0-9]+}",
  summary: "One content of a type's information pages, with the navigation.",
  params: byItem,
  output: info,
});

export const terms = contract({
  ...P,
  path: "/:locale{ru|en}/public/terms",
  summary: "The newest published terms of use in the page's locale (markdown).",
  output: z.object({
    terms: z.object({ id: z.int(), title: z.string(), body: z.string(), image: z.string(), publishedAt: z.int() }),
  }),
});
