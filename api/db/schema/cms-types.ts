// The CMS content types: a constants file (no drizzle), so the browser can load it through api/domain/cms-shapes.ts.
export const CMS_TYPES = ["guide", "news", "terms", "faq"] as const;
