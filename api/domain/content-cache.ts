// A per-instance cache of a content area's data (bots, the tank database, UI texts), kept in
// step across instances the way options are (api/domain/options.ts): every change bumps the
// area's row in option_cache_versions in its own transaction; a reader checks that row at most
// every CHECK_EVERY ms and reloads when it moved. The instance that made a change drops its copy.
import { eq, sql } from "drizzle-orm";
import { optionCacheVersions } from "../db/schema/system.ts";
import type { Db, DbOrTx } from "../db/index.ts";

/** How often (ms) an instance checks a cache's version row: options, content areas and billing's catalog. */
export const CHECK_EVERY = 2_000;

const caches = new WeakMap<object, Map<string, { version: number; data: unknown; checkedAt: number }>>();

/** The cache row's name for a content area ("content.bots"). */
const rowName = (name: string) => `content.${name}`;

export async function bumpContentCache(tx: DbOrTx, name: string, at: number): Promise<number> {
  const [row] = await tx
    .insert(optionCacheVersions)
    .values({ cache: rowName(name), version: 1, changedAt: at })
    .onConflictDoUpdate({
      target: optionCacheVersions.cache,
      set: { version: sql`${optionCacheVersions.version} + 1`, changedAt: at },
    })
    .returning({ version: optionCacheVersions.version });
  return row.version;
}

export function dropContentCache(db: Db, name: string) {
  caches.get(db)?.delete(name);
}

export async function cachedContent<T>(
  db: Db,
  name: string,
  load: (db: Db) => Promise<T>,
  now: number = Date.now(),
): Promise<T> {
  let mine = caches.get(db);
  if (!mine) caches.set(db, (mine = new Map()));
  const hit = mine.get(name);
  if (hit && now - hit.checkedAt < CHECK_EVERY && now >= hit.checkedAt) return hit.data as T;
  const [v] = await db
    .select({ version: optionCacheVersions.version })
    .from(optionCacheVersions)
    .where(eq(optionCacheVersions.cache, rowName(name)))
    .limit(1);
  const version = v?.version ?? 0;
  if (hit && hit.version === version) {
    hit.checkedAt = now;
    return hit.data as T;
  }
  const data = await load(db);
  mine.set(name, { version, data, checkedAt: now });
  return data;
}
