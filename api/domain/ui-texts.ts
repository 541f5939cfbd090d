// The operators' texts of the UI (/admin/translation/): what players see over the compiled
// catalogue, compiled as lingui compiles (api/admin/content/translation.ts edits them; the UI
// loads them from /texts/{locale}; the server's render of the first pages lays them the same way).
import { and, eq, isNotNull } from "drizzle-orm";
import type { Db } from "../db/index.ts";
import { uiTranslations } from "../db/schema/progression.ts";
import { cachedContent } from "./content-cache.ts";

/** A compiled lingui message: text, [name] placeholders, or [name, plural|select, {…}] (not edited here). */
export type Compiled = string | (string | unknown[])[];

/** Text back to lingui's compiled form. */
export function compile(text: string): Compiled {
  const parts: (string | string[])[] = [];
  let last = 0;
  for (const m of text.matchAll(/\{(\w+)\}/g)) {
    if (m.index! > last) parts.push(text.slice(last, m.index));
    parts.push([m[1]]);
    last = m.index! + m[0].length;
  }
  if (last < text.length) parts.push(text.slice(last));
  return parts;
}

/** What players see over the compiled catalogue: the operators' texts of a locale, compiled. */
export function editedTexts(db: Db, locale: "ru" | "en", now?: number): Promise<Record<string, Compiled>> {
  return cachedContent(
    db,
    `texts.${locale}`,
    async (d) => {
      const rows = await d
        .select({ key: uiTranslations.key, text: uiTranslations.text })
        .from(uiTranslations)
        .where(and(eq(uiTranslations.locale, locale), isNotNull(uiTranslations.text)));
      return Object.fromEntries(rows.map((r) => [r.key, compile(r.text!)]));
    },
    now,
  );
}
