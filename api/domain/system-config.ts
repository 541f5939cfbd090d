// The game's languages and apps as the back office's system screens check them (/admin/language/,
// /admin/application/, /admin/serverLocalization/: their resource descriptions in api/admin/system/).
import { and, asc, eq, ne } from "drizzle-orm";
import { applications, languages } from "../db/schema/system.ts";
import type { DbOrTx } from "../db/index.ts";

/** Every language, in the order operators set. */
export const allLanguages = (db: DbOrTx) =>
  db.select().from(languages).orderBy(asc(languages.sortOrder), asc(languages.id));

/** How many enabled languages there are besides `id` (all of them without one). */
export async function otherEnabledLanguages(db: DbOrTx, id: number | undefined): Promise<number> {
  const rows = await db
    .select({ id: languages.id })
    .from(languages)
    .where(and(eq(languages.enabled, true), id === undefined ? undefined : ne(languages.id, id)));
  return rows.length;
}

/** Takes the default from every language but `id` (a new default is being saved). */
export async function clearOtherDefaults(db: DbOrTx, id: number | undefined): Promise<void> {
  await db
    .update(languages)
    .set({ isDefault: false })
    .where(id === undefined ? undefined : ne(languages.id, id));
}

/** The id of the app saved under `appId` in `store`, if any. */
export async function applicationIdOf(
  db: DbOrTx,
  key: { store: (typeof applications.$inferSelect)["store"]; appId: string },
): Promise<number | undefined> {
  const [taken] = await db
    .select({ id: applications.id })
    .from(applications)
    .where(and(eq(applications.store, key.store), eq(applications.appId, key.appId)))
    .limit(1);
  return taken?.id;
}
