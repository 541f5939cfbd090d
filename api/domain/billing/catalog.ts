// The billing catalog: what is sold, for how much in each market and currency, what it grants,
// and the multipliers that scale grants for a period. Read through a per-instance cache that
// checks a version row at most every CHECK_EVERY ms, so a change (or an invalidate route) reaches
// every instance within seconds without a message bus.
import { z } from "zod";
import { asc, eq, sql } from "drizzle-orm";
import { catalogItems, catalogMultipliers, catalogVersions } from "../../db/schema/billing.ts";
import type { Db, DbOrTx } from "../../db/index.ts";
import * as f from "../fields.ts";
import { CURRENCIES } from "./money.ts";

export const MARKETS = ["web", "google_play", "app_store", "rustore"] as const;
export type Market = (typeof MARKETS)[number];
export const CACHES = ["internal", "facebook"] as const;
import { CHECK_EVERY } from "../content-cache.ts";
export { CHECK_EVERY };

const code = (max: number) => z.string().trim().min(1).max(max);
/** An item id (api/domain/fields.ts; the purchase routes' contracts take it from there). */
export const itemId = f.itemId;

export const grantsSchema = z
  .object({
    gold: f.int(0, 10_000_000).default(0),
    silver: f.int(0, 1_000_000_000).default(0),
    premiumDays: f.int(0, 3650).default(0),
  })
  .refine((g) => g.gold + g.silver + g.premiumDays > 0, { params: { rule: "required" }, path: ["gold"] });
export type Grants = { gold: number; silver: number; premiumDays: number };

export const priceSchema = z.object({
  market: z.enum(MARKETS),
  currency: z.enum(CURRENCIES),
  amount: f.int(1, 100_000_000),
});
export type Price = z.output<typeof priceSchema>;

export const availabilitySchema = z.object({
  markets: z.array(z.enum(MARKETS)).max(MARKETS.length).default([]),
  countries: z
    .array(
      z
        .string()
        .trim()
        .regex(/^[A-Z]{2}$/),
    )
    .max(250)
    .default([]),
  platforms: z.array(code(32)).max(20).default([]),
  from: f.optional(f.dateTime()).nullable().default(null),
  until: f.optional(f.dateTime()).nullable().default(null),
});
export type Availability = z.output<typeof availabilitySchema>;

export const itemSchema = z
  .object({
    id: itemId(),
    titleRu: f.text(1, 120),
    titleEn: f.text(1, 120),
    grants: grantsSchema,
    bonusGold: f.int(0, 10_000_000).default(0),
    prices: z.array(priceSchema).min(1).max(100),
    availability: availabilitySchema.default({ markets: [], countries: [], platforms: [], from: null, until: null }),
    sortOrder: f.int(-1_000_000, 1_000_000).default(0),
    active: f.bool().default(true),
  })
  .superRefine((v, ctx) => {
    const seen = new Set<string>();
    v.prices.forEach((p, i) => {
      const k = `${p.market}:${p.currency}`;
      if (seen.has(k)) ctx.addIssue({ code: "custom", path: ["prices", i, "currency"], params: { rule: "unique" } });
      seen.add(k);
    });
    const { from, until } = v.availability;
    if (from != null && until != null && until <= from)
      ctx.addIssue({ code: "custom", path: ["availability", "until"], params: { rule: "date" } });
  });
export type CatalogItem = z.output<typeof itemSchema>;

export const multiplierSchema = z
  .object({
    itemId: f.optional(itemId()).nullable().default(null),
    currency: z.enum(["gold", "silver"]),
    percent: f.int(1, 1000),
    startsAt: f.dateTime(),
    endsAt: f.dateTime(),
  })
  .refine((m) => m.endsAt > m.startsAt, { path: ["endsAt"], params: { rule: "date" } });
export type Multiplier = z.output<typeof multiplierSchema> & { id?: number };

/** The catalog file: what export writes and import takes. */
export const catalogFile = z.object({
  format: z.literal("tankodrome.billing.catalog"),
  version: z.literal(1),
  items: z.array(itemSchema).max(5000),
  multipliers: z.array(multiplierSchema).max(200).default([]),
});

type ItemRow = typeof catalogItems.$inferSelect;
export function rowToItem(r: ItemRow): CatalogItem {
  return {
    id: r.id,
    titleRu: r.titleRu,
    titleEn: r.titleEn,
    grants: JSON.parse(r.grants),
    bonusGold: r.bonusGold,
    prices: JSON.parse(r.prices),
    availability: JSON.parse(r.availability),
    sortOrder: r.sortOrder,
    active: r.active,
  };
}
export function itemToRow(i: CatalogItem, at: number): ItemRow {
  return {
    id: i.id,
    titleRu: i.titleRu,
    titleEn: i.titleEn,
    grants: JSON.stringify(i.grants),
    bonusGold: i.bonusGold,
    prices: JSON.stringify(i.prices),
    availability: JSON.stringify(i.availability),
    sortOrder: i.sortOrder,
    active: i.active,
    updatedAt: at,
  };
}

export interface CatalogSnapshot {
  version: number;
  items: CatalogItem[];
  multipliers: Multiplier[];
}

export async function loadCatalog(db: DbOrTx): Promise<CatalogSnapshot> {
  const rows = await db.select().from(catalogItems).orderBy(asc(catalogItems.sortOrder), asc(catalogItems.id));
  const mult = await db
    .select()
    .from(catalogMultipliers)
    .orderBy(asc(catalogMultipliers.startsAt), asc(catalogMultipliers.id));
  return {
    version: await currentVersion(db, "internal"),
    items: rows.map(rowToItem),
    multipliers: mult.map((m) => ({
      id: m.id,
      itemId: m.itemId,
      currency: m.currency,
      percent: m.percent,
      startsAt: m.startsAt,
      endsAt: m.endsAt,
    })),
  };
}

export async function currentVersion(db: DbOrTx, cache: (typeof CACHES)[number]): Promise<number> {
  const [v] = await db
    .select({ version: catalogVersions.version })
    .from(catalogVersions)
    .where(eq(catalogVersions.cache, cache))
    .limit(1);
  return v?.version ?? 0;
}

/** Makes every instance reload the cache within CHECK_EVERY ms; call in the transaction of the change. */
export async function bumpVersion(db: DbOrTx, cache: (typeof CACHES)[number], at: number): Promise<number> {
  const [row] = await db
    .insert(catalogVersions)
    .values({ cache, version: 1, changedAt: at })
    .onConflictDoUpdate({
      target: catalogVersions.cache,
      set: { version: sql`${catalogVersions.version} + 1`, changedAt: at },
    })
    .returning({ version: catalogVersions.version });
  return row.version;
}

/** The per-instance cache, keyed by the Db it reads (one per app instance; tests get their own). */
const caches = new WeakMap<object, { snapshot: CatalogSnapshot; checkedAt: number }>();

export async function cachedCatalog(db: Db, now: number = Date.now()): Promise<CatalogSnapshot> {
  const hit = caches.get(db);
  if (hit && now - hit.checkedAt < CHECK_EVERY && now >= hit.checkedAt) return hit.snapshot;
  if (hit && (await currentVersion(db, "internal")) === hit.snapshot.version) {
    hit.checkedAt = now;
    return hit.snapshot;
  }
  const snapshot = await loadCatalog(db);
  caches.set(db, { snapshot, checkedAt: now });
  return snapshot;
}

/** Drops this instance's copy at once (the instance that made a change sees it immediately). */
export function dropCachedCatalog(db: Db) {
  caches.delete(db);
}

export interface Buyer {
  country: string;
  platform: string;
}

export function isAvailable(item: CatalogItem, market: Market, buyer: Buyer, at: number): boolean {
  const a = item.availability;
  if (!item.active) return false;
  if (a.markets.length && !a.markets.includes(market)) return false;
  if (a.countries.length && !a.countries.includes(buyer.country)) return false;
  if (a.platforms.length && !a.platforms.includes(buyer.platform)) return false;
  if (a.from != null && at < a.from) return false;
  if (a.until != null && at >= a.until) return false;
  return item.prices.some((p) => p.market === market);
}

/** The price in a market: the asked currency, else the first listed for the market. */
export function priceFor(item: CatalogItem, market: Market, currency?: string): Price | null {
  const inMarket = item.prices.filter((p) => p.market === market);
  if (currency) return inMarket.find((p) => p.currency === currency) ?? null;
  return inMarket[0] ?? null;
}

/**
 * The multipliers in force for an item at `at`, per currency: percent (100 = none) and when the
 * strongest ends. Several in force: the largest wins (they do not compound). They scale the base
 * grant only; the item's bonus gold is never multiplied. The shop's "x2" badge and the grant both
 * read this.
 */
export function boostAt(item: CatalogItem, multipliers: Multiplier[], at: number) {
  const of = (currency: "gold" | "silver") => {
    let best: { percent: number; endsAt: number | null } = { percent: 100, endsAt: null };
    for (const x of multipliers)
      if (x.currency === currency && (x.itemId == null || x.itemId === item.id) && x.startsAt <= at && at < x.endsAt)
        if (x.percent > best.percent) best = { percent: x.percent, endsAt: x.endsAt };
    return best;
  };
  return { gold: of("gold"), silver: of("silver") };
}

/** What buying the item grants at `at`: base grants scaled by the multipliers in force, plus the bonus. */
export function grantsAt(item: CatalogItem, multipliers: Multiplier[], at: number): Grants {
  const boost = boostAt(item, multipliers, at);
  return {
    gold: Math.floor((item.grants.gold * boost.gold.percent) / 100) + item.bonusGold,
    silver: Math.floor((item.grants.silver * boost.silver.percent) / 100),
    premiumDays: item.grants.premiumDays,
  };
}

/** Puts catalog items as they are given (new or replacing), one new catalog version. */
export async function putCatalog(db: Db, items: z.input<typeof itemSchema>[], at: number) {
  await db.transaction(async (tx) => {
    for (const raw of items) {
      const parsed = itemSchema.parse(raw);
      await tx
        .insert(catalogItems)
        .values(itemToRow(parsed, at))
        .onConflictDoUpdate({ target: catalogItems.id, set: itemToRow(parsed, at) });
    }
    await bumpVersion(tx, "internal", at);
  });
}
