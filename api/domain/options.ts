// Options with variants (client and server scopes), the battle options document and immutable
// options (published once per key: a change is a new key, so a client that cached a key never
// needs to ask again). Readers go through a per-instance cache that checks a version row at most every
// CHECK_EVERY ms — billing's catalog cache mechanism (api/billing/catalog.ts): every change bumps
// the row in its transaction, so the instance that made it sees it at once (its copy is dropped)
// and every other instance within CHECK_EVERY ms, without a message bus.
//
// Variant assignment (experiments): a player gets "default" unless a non-default variant of the
// key takes the player's bucket. bucket = FNV-1a 32-bit of `${key}:${playerId}` mod 100; the
// non-default variants, ordered by name, take consecutive ranges of buckets by their share
// (percent): with b 10 and c 25, buckets 0–9 get b, 10–34 get c, the rest default. Deterministic
// per player and key, independent between keys; shares of one key sum to at most 100.
import { z } from "zod";
import { and, asc, desc, eq, isNull, sql } from "drizzle-orm";
import {
  options,
  optionCacheVersions,
  battleOptions,
  immutableOptions,
  type OPTION_SCOPES,
} from "../db/schema/system.ts";
import { experiments } from "../db/schema/experiments.ts";
import { players } from "../db/schema/players.ts";
import type { Conditions } from "./experiment-conditions.ts";
import { meetsConditions } from "./experiment-conditions.ts";
import { audiencesOf, inAudience } from "./audiences/members.ts";
import { overrideFor } from "./experiment-overrides.ts";
import type { Db, DbOrTx } from "../db/index.ts";
import * as f from "./fields.ts";
import { CHECK_EVERY } from "./content-cache.ts";
import { questsShape } from "./progression-content.ts";
import { guestRulesOf, guestRulesShape, type GuestRules } from "./guests.ts";
import { mapDefShape } from "./battle-maps.ts";

export type OptionScope = (typeof OPTION_SCOPES)[number];
export const DEFAULT_VARIANT = "default";
export const CACHES = ["client", "server", "battle", "immutable"] as const;
export type OptionCache = (typeof CACHES)[number];
export { CHECK_EVERY };

/** Key and variant names: letters, digits, dot, dash, underscore; 1–64 characters. */
export const NAME_PATTERN = /^[A-Za-z0-9][A-Za-z0-9._-]{0,63}$/;
export const optionName = () => z.string().trim().regex(NAME_PATTERN);

/** JSON shapes checked on save for the keys that have one (other keys take any JSON value). */
export const OPTION_SHAPES: Record<OptionScope, Record<string, z.ZodType>> = {
  client: {
    "battle.hud": z.strictObject({
      showDamageNumbers: z.boolean(),
      minimapSize: z.enum(["small", "medium", "large"]),
      crosshair: z.enum(["classic", "dot", "circle"]),
    }),
    "shop.banner": z.strictObject({
      enabled: z.boolean(),
      itemId: z.string().min(1).max(64),
      title: z.string().max(200).optional(),
    }),
  },
  server: {
    matchmaking: z.strictObject({
      tierSpread: z.int().min(0).max(3),
      maxWaitSeconds: z.int().min(5).max(600),
      teamSize: z.int().min(1).max(15),
    }),
    "rewards.daily": z.strictObject({ silver: z.int().min(0).max(1_000_000), gold: z.int().min(0).max(1000) }),
    /** Quest chains (api/domain/progression.ts reads the default variant). */
    quests: questsShape,
    /** Guests: idle lifetime before pruning, per-address limits, proof-of-work bits (api/domain/guests.ts). */
    guests: guestRulesShape.partial(),
  },
};

export const battleOptionsShape = z.looseObject({
  roundSeconds: z.int().min(60).max(1800),
  respawn: z.boolean(),
  maps: z.array(z.string().min(1).max(64)).min(1).max(100),
  // The battles played in the browser (api/domain/arena.ts): tanks a side, the longest wait for
  // players before bots fill the teams, how many tiers apart tanks of one battle may be.
  teamSize: z.int().min(1).max(15).optional(),
  maxWaitSeconds: z.int().min(0).max(600).optional(),
  tierSpread: z.int().min(0).max(3).optional(),
  /** A player who queues within this many seconds of a battle's start takes a bot's seat in it (0: never). */
  lateJoinSeconds: z.int().min(0).max(300).optional(),
  // The operators' own maps (api/domain/battle-maps.ts): the rotation (`maps`) names them or built-in ones.
  mapDefs: z.array(mapDefShape).max(50).optional(),
  // A deploy (SIGTERM) lets a battle whose round ends within this many seconds play to its end on the
  // draining instance; any other is handed over at once (api/game/arena/arena.ts drain).
  drainSeconds: z.int().min(0).max(600).optional(),
});

export const saveOptionInput = z.object({
  key: optionName(),
  variant: f.optional(optionName()).default(DEFAULT_VARIANT),
  value: f.jsonValue(),
  share: f.optional(f.int(0, 100)).default(0),
  /** A saved audience whose members get this variant; null (or empty) clears it; absent keeps it. */
  audienceId: z.preprocess((v) => (v === "" ? null : v), z.union([z.null(), f.id()]).optional()),
});
export type SaveOption = z.output<typeof saveOptionInput>;

/** Issues of a value against its key's shape, as field paths under "value". */
export function shapeIssues(scope: OptionScope, key: string, value: unknown): z.core.$ZodIssue[] {
  const shape = OPTION_SHAPES[scope][key];
  if (!shape) return [];
  const r = shape.safeParse(value);
  return r.success ? [] : r.error.issues.map((i) => ({ ...i, path: ["value", ...i.path] }));
}

/** A readable diff of two JSON values: one "path: before → after" per changed leaf. */
export function jsonDiff(before: unknown, after: unknown, path = ""): string[] {
  const isObj = (v: unknown): v is Record<string, unknown> => v !== null && typeof v === "object" && !Array.isArray(v);
  if (isObj(before) && isObj(after)) {
    const keys = [...new Set([...Object.keys(before), ...Object.keys(after)])];
    return keys.flatMap((k) => {
      const p = path ? `${path}.${k}` : k;
      if (!(k in after)) return [`${p}: removed (was ${JSON.stringify(before[k])})`];
      if (!(k in before)) return [`${p}: added ${JSON.stringify(after[k])}`];
      return jsonDiff(before[k], after[k], p);
    });
  }
  if (JSON.stringify(before) === JSON.stringify(after)) return [];
  return [`${path || "value"}: ${JSON.stringify(before)} → ${JSON.stringify(after)}`];
}

/** FNV-1a, 32 bits: a stable bucket for a player and a key. */
export function bucketOf(key: string, playerId: number): number {
  let h = 0x811c9dc5;
  for (const ch of new TextEncoder().encode(`${key}:${playerId}`)) {
    h ^= ch;
    h = Math.imul(h, 0x01000193) >>> 0;
  }
  return h % 100;
}

export interface OptionVariant {
  key: string;
  variant: string;
  value: unknown;
  share: number;
  /** A saved audience whose members get this variant while no experiment runs on the key; null: none. */
  audienceId: number | null;
  version: number;
  updatedAt: number;
}

/** The variant a player gets (see the rule at the top). */
export function assignVariant(variants: OptionVariant[], key: string, playerId: number): OptionVariant | undefined {
  const own = variants.filter((v) => v.key === key);
  const bucket = bucketOf(key, playerId);
  let from = 0;
  for (const v of own.filter((v) => v.variant !== DEFAULT_VARIANT).sort((a, b) => (a.variant < b.variant ? -1 : 1))) {
    if (bucket >= from && bucket < from + v.share) return v;
    from += v.share;
  }
  return own.find((v) => v.variant === DEFAULT_VARIANT);
}

const toVariant = (r: typeof options.$inferSelect): OptionVariant => ({
  key: r.key,
  variant: r.variant,
  value: JSON.parse(r.value),
  share: r.share,
  audienceId: r.audienceId,
  version: r.version,
  updatedAt: r.updatedAt,
});

export async function listVariants(db: DbOrTx, scope: OptionScope): Promise<OptionVariant[]> {
  const rows = await db
    .select()
    .from(options)
    .where(eq(options.scope, scope))
    .orderBy(asc(options.key), asc(options.variant));
  return rows.map(toVariant);
}

export async function findVariant(
  db: DbOrTx,
  scope: OptionScope,
  key: string,
  variant: string,
): Promise<OptionVariant | undefined> {
  const [r] = await db
    .select()
    .from(options)
    .where(and(eq(options.scope, scope), eq(options.key, key), eq(options.variant, variant)))
    .limit(1);
  return r ? toVariant(r) : undefined;
}

export async function cacheVersion(db: DbOrTx, cache: OptionCache): Promise<number> {
  const [v] = await db
    .select({ version: optionCacheVersions.version })
    .from(optionCacheVersions)
    .where(eq(optionCacheVersions.cache, cache))
    .limit(1);
  return v?.version ?? 0;
}

/** Makes every instance reload the cache within CHECK_EVERY ms; call in the transaction of the change. */
export async function bumpCache(db: DbOrTx, cache: OptionCache, at: number): Promise<number> {
  const [row] = await db
    .insert(optionCacheVersions)
    .values({ cache, version: 1, changedAt: at })
    .onConflictDoUpdate({
      target: optionCacheVersions.cache,
      set: { version: sql`${optionCacheVersions.version} + 1`, changedAt: at },
    })
    .returning({ version: optionCacheVersions.version });
  return row.version;
}

/** Saves a variant (insert or update) and bumps its version and its scope's cache. The caller validated it. */
export async function saveVariant(
  tx: DbOrTx,
  scope: OptionScope,
  o: SaveOption,
  at: number,
): Promise<{ before?: OptionVariant; after: OptionVariant }> {
  const before = await findVariant(tx, scope, o.key, o.variant);
  const value = JSON.stringify(o.value);
  const share = o.variant === DEFAULT_VARIANT ? 0 : o.share;
  // Absent: the variant keeps its audience (the game tools' set, a promotion); null clears it.
  const audienceId =
    o.variant === DEFAULT_VARIANT ? null : o.audienceId === undefined ? (before?.audienceId ?? null) : o.audienceId;
  if (before)
    await tx
      .update(options)
      .set({ value, share, audienceId, version: sql`${options.version} + 1`, updatedAt: at })
      .where(and(eq(options.scope, scope), eq(options.key, o.key), eq(options.variant, o.variant)));
  else
    await tx
      .insert(options)
      .values({ scope, key: o.key, variant: o.variant, value, share, audienceId, version: 1, updatedAt: at });
  await bumpCache(tx, scope, at);
  return { before, after: (await findVariant(tx, scope, o.key, o.variant))! };
}

/** Sum of the shares of the key's other non-default variants plus this one's. */
export async function sharesWith(
  db: DbOrTx,
  scope: OptionScope,
  key: string,
  variant: string,
  share: number,
): Promise<number> {
  const others = (await listVariants(db, scope)).filter(
    (v) => v.key === key && v.variant !== variant && v.variant !== DEFAULT_VARIANT,
  );
  return others.reduce((s, v) => s + v.share, variant === DEFAULT_VARIANT ? 0 : share);
}

/** Sets the shares of a key's non-default variants at once (a variant not named gets 0): how a
 *  running experiment (api/domain/experiments.ts) hands its players to the rule above. */
export async function setShares(
  tx: DbOrTx,
  scope: OptionScope,
  key: string,
  shares: Record<string, number>,
  at: number,
): Promise<void> {
  for (const v of (await listVariants(tx, scope)).filter((v) => v.key === key && v.variant !== DEFAULT_VARIANT)) {
    const share = shares[v.variant] ?? 0;
    if (share !== v.share)
      await tx
        .update(options)
        .set({ share, version: sql`${options.version} + 1`, updatedAt: at })
        .where(and(eq(options.scope, scope), eq(options.key, key), eq(options.variant, v.variant)));
  }
  await bumpCache(tx, scope, at);
}

/** Bumps one variant's version and its scope's cache (readers reload it). */
export async function invalidateVariant(
  tx: DbOrTx,
  scope: OptionScope,
  key: string,
  variant: string,
  at: number,
): Promise<number> {
  await tx
    .update(options)
    .set({ version: sql`${options.version} + 1` })
    .where(and(eq(options.scope, scope), eq(options.key, key), eq(options.variant, variant)));
  return bumpCache(tx, scope, at);
}

/** The per-instance caches, keyed by the Db they read (one per app instance; tests get their own). */
const caches = new WeakMap<object, Map<OptionCache, { version: number; data: unknown; checkedAt: number }>>();

/** A cache's data on this instance: reloaded when its version row moves, checked at most every CHECK_EVERY ms. */
async function cached<T>(
  db: Db,
  cache: OptionCache,
  load: (db: Db) => Promise<T>,
  now: number,
): Promise<{ version: number; data: T }> {
  let mine = caches.get(db);
  if (!mine) caches.set(db, (mine = new Map()));
  const hit = mine.get(cache);
  if (hit && now - hit.checkedAt < CHECK_EVERY && now >= hit.checkedAt) return hit as { version: number; data: T };
  const version = await cacheVersion(db, cache);
  if (hit && version === hit.version) {
    hit.checkedAt = now;
    return hit as { version: number; data: T };
  }
  const fresh = { version, data: await load(db), checkedAt: now };
  mine.set(cache, fresh);
  return fresh;
}

/** A scope's variants, and the conditions of the experiments running on its keys (by key). */
interface ScopeOptions {
  variants: OptionVariant[];
  conditions: Map<string, Conditions>;
}

async function loadScope(db: DbOrTx, scope: OptionScope): Promise<ScopeOptions> {
  const running = await db
    .select({ key: experiments.optionKey, conditions: experiments.conditions })
    .from(experiments)
    .where(and(eq(experiments.optionScope, scope), eq(experiments.status, "running")));
  return {
    variants: await listVariants(db, scope),
    conditions: new Map(running.map((r) => [r.key, JSON.parse(r.conditions) as Conditions])),
  };
}

// Starting or stopping an experiment sets its key's shares (setShares), which bumps the scope's
// cache: the running experiments' conditions are reloaded with the variants.
export async function cachedOptions(
  db: Db,
  scope: OptionScope,
  now: number = Date.now(),
): Promise<{ version: number } & ScopeOptions> {
  const { version, data } = await cached(db, scope, (d) => loadScope(d, scope), now);
  return { version, ...data };
}

/** Drops this instance's copy at once (the instance that made a change sees it immediately). */
export function dropCachedOptions(db: Db, cache: OptionCache) {
  caches.get(db)?.delete(cache);
}

/** What the game reads: a named variant, or the player's assigned one (within a running experiment's conditions), or "default". */
export async function readOption(
  db: Db,
  scope: OptionScope,
  key: string,
  who: { variant?: string; playerId?: number },
  now?: number,
): Promise<OptionVariant | undefined> {
  const { variants, conditions } = await cachedOptions(db, scope, now);
  if (who.variant) return variants.find((v) => v.key === key && v.variant === who.variant);
  const byDefault = () => variants.find((v) => v.key === key && v.variant === DEFAULT_VARIANT);
  if (who.playerId === undefined) return byDefault();
  // A running experiment's players are those who meet its conditions; the others keep default.
  const c = conditions.get(key);
  if (c) {
    // An operator's override (player-experiments.ts) wins over the conditions and the bucket.
    const forced = await overrideFor(db, scope, key, who.playerId);
    if (forced !== undefined)
      return forced === null ? byDefault() : variants.find((v) => v.key === key && v.variant === forced);
    const [p] = await db
      .select()
      .from(players)
      .where(and(eq(players.id, who.playerId), isNull(players.erasedAt)))
      .limit(1);
    if (!p) return byDefault();
    // A saved audience in the conditions: a member now (one indexed read, as offers ask it).
    const audiences = new Set(
      c.audienceId !== undefined && (await inAudience(db, c.audienceId, p.id)) ? [c.audienceId] : [],
    );
    if (!meetsConditions(c, { ...p, audiences })) return byDefault();
    return assignVariant(variants, key, who.playerId);
  }
  // No experiment on the key: a variant for a saved audience goes to its members now (the first
  // by name when several), the others keep the share rule (docs/decisions/audiences.md).
  const targeted = variants.filter((v) => v.key === key && v.audienceId !== null && v.variant !== DEFAULT_VARIANT);
  if (targeted.length) {
    const mine = await audiencesOf(db, who.playerId);
    const hit = targeted.find((v) => v.audienceId !== null && mine.has(v.audienceId));
    if (hit) return hit;
  }
  return assignVariant(variants, key, who.playerId);
}

// ---- battle options: one JSON document, every version kept ----

export async function battleOptionsHistory(db: DbOrTx, limit = 50) {
  return db.select().from(battleOptions).orderBy(desc(battleOptions.version)).limit(limit);
}

export async function currentBattleOptions(db: DbOrTx): Promise<{ version: number; value: unknown } | undefined> {
  const [r] = await db.select().from(battleOptions).orderBy(desc(battleOptions.version)).limit(1);
  return r ? { version: r.version, value: JSON.parse(r.value) } : undefined;
}

/** Appends a version; `baseVersion` is the version the editor started from (a stale one is a conflict). */
export async function saveBattleOptions(
  tx: DbOrTx,
  value: unknown,
  admin: string,
  at: number,
): Promise<{ version: number; summary: string }> {
  const cur = await currentBattleOptions(tx);
  const version = (cur?.version ?? 0) + 1;
  const summary = cur ? jsonDiff(cur.value, value).join("; ") || "no change" : `created: ${JSON.stringify(value)}`;
  await tx.insert(battleOptions).values({
    version,
    value: JSON.stringify(value),
    adminUsername: admin,
    summary: summary.slice(0, 2000),
    createdAt: at,
  });
  await bumpCache(tx, "battle", at);
  return { version, summary };
}

// ---- immutable options: published once per key ----

export async function listImmutable(db: DbOrTx) {
  const rows = await db.select().from(immutableOptions).orderBy(asc(immutableOptions.key));
  return rows.map((r) => ({ ...r, value: JSON.parse(r.value) as unknown }));
}

/** What the game reads of an immutable option (through the cache). */
export async function readImmutable(db: Db, key: string, now: number = Date.now()): Promise<unknown> {
  const { data } = await cached(db, "immutable", listImmutable, now);
  return data.find((o) => o.key === key)?.value;
}

/** Publishes a key once; a key already published is a conflict (a change is a new key). */
export async function publishImmutable(
  tx: DbOrTx,
  key: string,
  value: unknown,
  admin: string,
  at: number,
): Promise<boolean> {
  const [row] = await tx
    .insert(immutableOptions)
    .values({ key, value: JSON.stringify(value), publishedAt: at, adminUsername: admin })
    .onConflictDoNothing()
    .returning({ key: immutableOptions.key });
  if (row) await bumpCache(tx, "immutable", at);
  return !!row;
}

/** The guest rules in force: the `guests` server option's default variant over the defaults. */
export async function guestRules(db: Db, now?: number): Promise<GuestRules> {
  return guestRulesOf((await readOption(db, "server", "guests", {}, now))?.value);
}
