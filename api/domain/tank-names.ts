// The catalogue's tanks by id with their names in one language: for figures the warehouse keeps by
// tank id (tank earnings), so a screen or a file names the tank (issue 31, "names, not ids").
import type { DbOrTx } from "../db/index.ts";
import { contentTanks } from "../db/schema/content.ts";

/** Each catalogue tank's name in `locale` (a tank no longer in the catalogue is missing). */
export async function tankNames(db: DbOrTx, locale: "ru" | "en"): Promise<Map<number, string>> {
  const rows = await db
    .select({ id: contentTanks.id, ru: contentTanks.nameRu, en: contentTanks.nameEn })
    .from(contentTanks);
  return new Map(rows.map((r) => [r.id, locale === "en" ? r.en : r.ru]));
}
