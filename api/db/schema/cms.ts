// CMS: categories and contents (guides, news, terms…) with ru/en titles and markdown bodies.
import { sqliteTable, integer, text, index } from "drizzle-orm/sqlite-core";

// The content types: a constants file the browser can load too (through api/domain/cms-shapes.ts).
import { CMS_TYPES } from "./cms-types.ts";
export { CMS_TYPES };

export const cmsCategories = sqliteTable(
  "cms_categories",
  {
    id: integer("id").primaryKey({ autoIncrement: true }),
    type: text("type", { enum: CMS_TYPES }).notNull(),
    titleRu: text("title_ru").notNull(),
    titleEn: text("title_en").notNull(),
    sortOrder: integer("sort_order").notNull().default(0),
    published: integer("published", { mode: "boolean" }).notNull().default(true),
    updatedAt: integer("updated_at").notNull(),
  },
  (t) => [index("cms_categories_type").on(t.type, t.sortOrder)],
);

export const cmsContents = sqliteTable(
  "cms_contents",
  {
    id: integer("id").primaryKey({ autoIncrement: true }),
    type: text("type", { enum: CMS_TYPES }).notNull(),
    /** null: not in a category (terms, news). A category is removed only when empty. */
    categoryId: integer("category_id").references(() => cmsCategories.id),
    titleRu: text("title_ru").notNull(),
    titleEn: text("title_en").notNull(),
    /** Markdown. */
    bodyRu: text("body_ru").notNull(),
    bodyEn: text("body_en").notNull(),
    /** Optional picture for news cards. */
    image: text("image").notNull().default(""),
    sortOrder: integer("sort_order").notNull().default(0),
    published: integer("published", { mode: "boolean" }).notNull().default(true),
    publishedAt: integer("published_at").notNull(),
    updatedAt: integer("updated_at").notNull(),
  },
  (t) => [
    index("cms_contents_type").on(t.type, t.categoryId, t.sortOrder),
    index("cms_contents_category").on(t.categoryId),
  ],
);
