// Special offers: operators define time-limited bundles (gold, silver, shop items, premium days)
// sold for gold, or point at a billing catalog item sold for money; players see the ones meant
// for them (level, platform, country, payer or not) while they run. Taking a gold offer is one
// transaction: the purchase row (unique per request id and per take number), the ledger debit,
// the grants (ledger credits, inventory, premium) and their events.
import { and, asc, count, eq, gt, isNull, sql } from "drizzle-orm";
import { z } from "zod";
import type { Db, DbOrTx, Tx } from "../db/index.ts";
import { isPayer, payerSql } from "./payers.ts";
import { audienceChoices, audienceExists, audiencesOf } from "./audiences/members.ts";
import { specialOffers, offerPurchases, OFFER_AUDIENCES } from "../db/schema/offers.ts";
import { players } from "../db/schema/players.ts";
import { playerItems, ITEM_TYPES, type ItemType } from "../db/schema/inventory.ts";
import { catalogItems, catalogVersions, orders } from "../db/schema/billing.ts";
import { contentCamouflages, contentConsumables, contentTanks } from "../db/schema/content.ts";
import { audit, detailsOf, NO_CHANGES } from "./audit.ts";
import { type AdminCtx, type Ctx, inTransaction, transact } from "./context.ts";
import { AppError, fieldError } from "./errors.ts";
import * as f from "./fields.ts";
import { applyLedger } from "./ledger.ts";
import { catalogItem, catalogName } from "./shop.ts";
import { allNow, getNow, preparedOnce, readSteps, ready } from "../db/prepared.ts";
import { emit } from "./outbox.ts";
import { recordActivity } from "./players.ts";
import { newEventId, toCHDateTime } from "../../warehouse/events.ts";
import { offersOutsideWindow, runningPeriod } from "./liveops/running.ts";
import { audienceMembers } from "../db/schema/audiences.ts";
import { liveEvents } from "../db/schema/liveops.ts";

const DAY = 86_400_000;
export const OFFER_PLATFORMS = ["web", "android", "ios"] as const;

export const offerGrantsSchema = z.object({
  gold: f.optional(f.int(0, 1_000_000)).default(0),
  silver: f.optional(f.int(0, 100_000_000)).default(0),
  premiumDays: f.optional(f.int(0, 365)).default(0),
  items: z
    .array(z.object({ type: z.enum(ITEM_TYPES), id: f.id(), count: f.optional(f.int(1, 100)).default(1) }))
    .max(20)
    .default([]),
});
export type OfferGrants = z.output<typeof offerGrantsSchema>;

/** What an operator saves; the rules zod cannot state are checked by checkOffer. */
export const offerInput = z.object({
  id: f.optional(f.id()),
  titleRu: f.text(1, 100),
  titleEn: f.text(1, 100),
  grants: f.jsonValue().pipe(offerGrantsSchema),
  priceGold: f.optional(f.int(1, 1_000_000)),
  billingItemId: f.optionalText(64),
  startsAt: f.dateTime(),
  endsAt: f.dateTime(),
  minLevel: f.optional(f.int(1, 100)).default(1),
  maxLevel: f.optional(f.int(1, 100)).default(100),
  platforms: z.array(z.enum(OFFER_PLATFORMS)).max(3).default([]),
  countries: z
    .array(
      z
        .string()
        .trim()
        .toUpperCase()
        .regex(/^[A-Z]{2}$/),
    )
    .max(250)
    .default([]),
  audience: f.optional(z.enum(OFFER_AUDIENCES)).default("all"),
  /** A saved audience the player must also be in (docs/decisions/audiences.md); null or empty: none. */
  audienceId: z.preprocess((v) => (v === null ? undefined : v), f.optional(f.id())),
  perPlayerLimit: f.optional(f.int(1, 100)).default(1),
  active: f.optional(f.bool()).default(true),
});
export type OfferInput = z.output<typeof offerInput>;

const isEmpty = (g: OfferGrants) => g.gold === 0 && g.silver === 0 && g.premiumDays === 0 && g.items.length === 0;

/** The rules across fields and against the catalogues; a refusal is a 400 on the field. */
export async function checkOffer(db: DbOrTx, o: OfferInput) {
  if (o.endsAt <= o.startsAt) throw fieldError({ endsAt: { id: "error.offer_window" } });
  if (o.maxLevel < o.minLevel) throw fieldError({ maxLevel: { id: "error.offer_levels" } });
  if (o.audienceId !== undefined && !(await audienceExists(db, o.audienceId)))
    throw fieldError({ audienceId: { id: "audience.unknown" } });
  if ((o.priceGold === undefined) === (o.billingItemId === undefined))
    throw fieldError({ priceGold: { id: "error.offer_price" } });
  if (o.billingItemId !== undefined) {
    const [item] = await db
      .select({ id: catalogItems.id })
      .from(catalogItems)
      .where(eq(catalogItems.id, o.billingItemId))
      .limit(1);
    if (!item) throw fieldError({ billingItemId: { id: "error.offer_billing_item", values: [o.billingItemId] } });
    // Billing credits what its catalog item grants; it has no way to hand out items or a bundle.
    if (!isEmpty(o.grants)) throw fieldError({ grants: { id: "error.offer_money_items" } });
    return;
  }
  if (isEmpty(o.grants)) throw fieldError({ grants: { id: "error.offer_empty" } });
  for (const it of o.grants.items) {
    if (!(await catalogItem(db, it.type, it.id, "en")))
      throw fieldError({ grants: { id: "error.offer_item_unknown", values: [it.type, it.id] } });
  }
}

export type OfferRow = typeof specialOffers.$inferSelect;
const toRow = (o: OfferInput, at: number) => ({
  titleRu: o.titleRu,
  titleEn: o.titleEn,
  grants: JSON.stringify(o.grants),
  priceGold: o.priceGold ?? null,
  billingItemId: o.billingItemId ?? null,
  startsAt: o.startsAt,
  endsAt: o.endsAt,
  minLevel: o.minLevel,
  maxLevel: o.maxLevel,
  platforms: JSON.stringify(o.platforms),
  countries: JSON.stringify(o.countries),
  audience: o.audience,
  audienceId: o.audienceId ?? null,
  perPlayerLimit: o.perPlayerLimit,
  active: o.active,
  updatedAt: at,
});
export const offerView = (r: OfferRow) => ({
  ...r,
  grants: JSON.parse(r.grants) as OfferGrants,
  platforms: JSON.parse(r.platforms) as string[],
  countries: JSON.parse(r.countries) as string[],
});

// Each instance keeps the running offers; a version row (billing's cache table, key
// "special_offers") bumped by every save and by invalidateCache makes all instances reload.
const CACHE_KEY = "special_offers";
const CHECK_EVERY = 2_000;
/** A running offer as the player's list reads it: its JSON columns parsed once, when the offers are loaded. */
interface LiveOffer {
  row: OfferRow;
  grants: OfferGrants;
  platforms: string[];
  countries: string[];
}
const caches = new WeakMap<object, { version: number; rows: LiveOffer[]; checkedAt: number }>();
const versionOf = async (db: DbOrTx) =>
  (
    await db
      .select({ v: catalogVersions.version })
      .from(catalogVersions)
      .where(eq(catalogVersions.cache, CACHE_KEY))
      .limit(1)
  )[0]?.v ?? 0;

export async function bumpOffersVersion(db: DbOrTx, at: number) {
  await db
    .insert(catalogVersions)
    .values({ cache: CACHE_KEY, version: 1, changedAt: at })
    .onConflictDoUpdate({
      target: catalogVersions.cache,
      set: { version: sql`${catalogVersions.version} + 1`, changedAt: at },
    });
}
export function dropCachedOffers(db: Db) {
  caches.delete(db);
}

/** The running offers: at once from this instance's cache while it is fresh, else (re)loaded. */
function liveOffers(db: Db, now: number): LiveOffer[] | Promise<LiveOffer[]> {
  const hit = caches.get(db);
  if (hit && now - hit.checkedAt < CHECK_EVERY && now >= hit.checkedAt) return hit.rows;
  return loadLiveOffers(db, now);
}

async function loadLiveOffers(db: Db, now: number): Promise<LiveOffer[]> {
  const hit = caches.get(db);
  const version = await versionOf(db);
  if (hit && hit.version === version) {
    hit.checkedAt = now;
    return hit.rows;
  }
  // Every active offer not yet over; the window is checked per request against the clock.
  const rows = await db
    .select()
    .from(specialOffers)
    .where(and(eq(specialOffers.active, true), gt(specialOffers.endsAt, now)))
    .orderBy(asc(specialOffers.endsAt), asc(specialOffers.id));
  const live = rows.map((row) => ({
    row,
    grants: JSON.parse(row.grants) as OfferGrants,
    platforms: JSON.parse(row.platforms) as string[],
    countries: JSON.parse(row.countries) as string[],
  }));
  caches.set(db, { version, rows: live, checkedAt: now });
  return live;
}

export async function saveOffer(tx: Tx, o: OfferInput, at: number) {
  await checkOffer(tx, o);
  let row: OfferRow;
  let before: OfferRow | undefined;
  if (o.id !== undefined) {
    [before] = await tx.select().from(specialOffers).where(eq(specialOffers.id, o.id)).limit(1);
    if (!before) throw new AppError("not_found");
    [row] = await tx.update(specialOffers).set(toRow(o, at)).where(eq(specialOffers.id, o.id)).returning();
  } else {
    [row] = await tx
      .insert(specialOffers)
      .values({ ...toRow(o, at), createdAt: at })
      .returning();
  }
  await bumpOffersVersion(tx, at);
  const changed = before
    ? (Object.keys(toRow(o, at)) as (keyof OfferRow)[]).filter(
        (k) => k !== "updatedAt" && String(before![k]) !== String(row[k]),
      )
    : [];
  return { offer: offerView(row), before: before && offerView(before), created: !before, changed };
}

export async function listOffersForAdmin(db: DbOrTx) {
  const rows = await db
    .select()
    .from(specialOffers)
    .orderBy(sql`${specialOffers.endsAt} desc`, sql`${specialOffers.id} desc`);
  const taken = await db
    .select({ offerId: offerPurchases.offerId, n: count() })
    .from(offerPurchases)
    .groupBy(offerPurchases.offerId);
  const by = new Map(taken.map((t) => [t.offerId, t.n]));
  return rows.map((r) => ({ ...offerView(r), taken: by.get(r.id) ?? 0 }));
}

interface Viewer {
  id: number;
  level: number;
  platform: string;
  country: string;
  payer: boolean;
  /** The saved audiences the player is in now. */
  audiences: Set<number>;
}

async function viewer(db: DbOrTx, playerId: number): Promise<Viewer> {
  const [p] = await db
    .select({ id: players.id, level: players.level, platform: players.platform, country: players.country })
    .from(players)
    .where(eq(players.id, playerId))
    .limit(1);
  if (!p) throw new AppError("not_found");
  return { ...p, payer: await isPayer(db, playerId), audiences: await audiencesOf(db, playerId) };
}

const meant = (o: OfferRow, v: Viewer) =>
  meantParsed(o, JSON.parse(o.platforms) as string[], JSON.parse(o.countries) as string[], v);

function meantParsed(o: OfferRow, platforms: string[], countries: string[], v: Viewer) {
  return (
    v.level >= o.minLevel &&
    v.level <= o.maxLevel &&
    (!platforms.length || platforms.includes(v.platform)) &&
    (!countries.length || countries.includes(v.country)) &&
    (o.audience === "all" || (o.audience === "payers") === v.payer) &&
    (o.audienceId === null || v.audiences.has(o.audienceId))
  );
}

/** How many times the player took an offer: gold takes, or paid orders of its billing item in its window. */
async function takenBy(db: DbOrTx, o: OfferRow, playerId: number) {
  if (o.billingItemId) {
    const [r] = await db
      .select({ n: count() })
      .from(orders)
      .where(
        and(
          eq(orders.playerId, playerId),
          eq(orders.itemId, o.billingItemId),
          eq(orders.status, "paid"),
          sql`${orders.paidAt} >= ${o.startsAt}`,
          sql`${orders.paidAt} < ${o.endsAt}`,
        ),
      );
    return r.n;
  }
  const [r] = await db
    .select({ n: count() })
    .from(offerPurchases)
    .where(and(eq(offerPurchases.offerId, o.id), eq(offerPurchases.playerId, playerId)));
  return r.n;
}

/** The offers page's statements: who the player is to an offer, how often they took one, names of grants. */
export const offerStatements = preparedOnce((db) => ({
  viewer: db
    .select({
      id: players.id,
      level: players.level,
      platform: players.platform,
      country: players.country,
      // Qualified by hand: drizzle writes a select list's columns bare, and a bare "id" in the
      // subquery would be the order's own.
      payer: sql<number>`${payerSql(sql`"players"."id"`)}`,
    })
    .from(players)
    .where(eq(players.id, sql.placeholder("playerId")))
    .prepare(),
  takenForGold: db
    .select({ n: count() })
    .from(offerPurchases)
    .where(
      and(
        eq(offerPurchases.offerId, sql.placeholder("offerId")),
        eq(offerPurchases.playerId, sql.placeholder("playerId")),
      ),
    )
    .prepare(),
  paidInWindow: db
    .select({ n: count() })
    .from(orders)
    .where(
      and(
        eq(orders.playerId, sql.placeholder("playerId")),
        eq(orders.itemId, sql.placeholder("itemId")),
        eq(orders.status, "paid"),
        sql`${orders.paidAt} >= ${sql.placeholder("from")}`,
        sql`${orders.paidAt} < ${sql.placeholder("to")}`,
      ),
    )
    .prepare(),
  billingItem: db
    .select({
      id: catalogItems.id,
      titleRu: catalogItems.titleRu,
      titleEn: catalogItems.titleEn,
      grants: catalogItems.grants,
      bonusGold: catalogItems.bonusGold,
    })
    .from(catalogItems)
    .where(eq(catalogItems.id, sql.placeholder("id")))
    .prepare(),
  // The player's saved audiences now (audiencesOf's statement, prepared here for the hot read).
  audiences: db
    .select({ id: audienceMembers.audienceId })
    .from(audienceMembers)
    .where(and(eq(audienceMembers.playerId, sql.placeholder("playerId")), isNull(audienceMembers.exitedAt)))
    .prepare(),
  // The live events that open an offer in windows (offersOutsideWindow's statement).
  offerWindows: db
    .select({ offerId: liveEvents.offerId, schedule: liveEvents.schedule })
    .from(liveEvents)
    .where(and(eq(liveEvents.active, true), eq(liveEvents.kind, "offerWindow")))
    .prepare(),
}));

/** The offers an offer-window event names that are outside their windows at `at` (offersOutsideWindow, prepared). */
function* heldOffers(db: Db, at: number) {
  const open = new Set<number>();
  const named = new Set<number>();
  for (const r of yield* ready(allNow(offerStatements(db).offerWindows))) {
    if (r.offerId === null) continue;
    named.add(r.offerId);
    if (runningPeriod(r, at)) open.add(r.offerId);
  }
  const held = new Set<number>();
  for (const id of named) if (!open.has(id)) held.add(id);
  return held;
}

/**
 * The offers this player may see now, with the time left by the server's clock. Its statements
 * run one after another with no wait between them where the driver reads synchronously
 * (api/db/prepared.ts: readSteps): the answer is ready at once.
 */
export function offersFor(db: Db, playerId: number, locale: "ru" | "en", now: number) {
  return readSteps(offersSteps(db, playerId, locale, now));
}

function* offersSteps(db: Db, playerId: number, locale: "ru" | "en", now: number) {
  const st = offerStatements(db);
  const p = yield* ready(getNow(st.viewer, { playerId }));
  if (!p) throw new AppError("not_found");
  const audiences = new Set<number>();
  for (const a of yield* ready(allNow(st.audiences, { playerId }))) audiences.add(a.id);
  const v: Viewer = { ...p, payer: !!p.payer, audiences };
  const out = [];
  // An offer named by a live event's offer window shows only while one of its periods runs.
  const held = yield* heldOffers(db, now);
  for (const live of yield* ready(liveOffers(db, now))) {
    const o = live.row;
    if (o.startsAt > now || o.endsAt <= now || !meantParsed(o, live.platforms, live.countries, v) || held.has(o.id))
      continue;
    const took = yield* ready(
      o.billingItemId
        ? getNow(st.paidInWindow, { playerId, itemId: o.billingItemId, from: o.startsAt, to: o.endsAt })
        : getNow(st.takenForGold, { offerId: o.id, playerId }),
    );
    const taken = took?.n ?? 0;
    if (taken >= o.perPlayerLimit) continue;
    const grants = live.grants;
    const items = [];
    for (const it of grants.items) {
      const name = yield* ready(catalogName(db, it.type, it.id, locale));
      items.push({ ...it, name: name ?? `${it.type} #${it.id}` });
    }
    const i = o.billingItemId ? yield* ready(getNow(st.billingItem, { id: o.billingItemId })) : undefined;
    const billing = i ? billingItemView(i, locale) : null;
    out.push({
      id: o.id,
      title: locale === "en" ? o.titleEn : o.titleRu,
      grants: billing ? billing.grants : { ...grants, items },
      priceGold: o.priceGold,
      billingItem: billing,
      endsAt: o.endsAt,
      remainingMs: o.endsAt - now,
      limit: o.perPlayerLimit,
      taken,
    });
  }
  return { now, offers: out };
}

function billingItemView(
  i: { id: string; titleRu: string; titleEn: string; grants: string; bonusGold: number },
  locale: "ru" | "en",
) {
  const g = JSON.parse(i.grants) as { gold?: number; silver?: number; premiumDays?: number };
  // The player buys it through billing's own flow: the payment methods screen lists its prices.
  return {
    id: i.id,
    title: locale === "en" ? i.titleEn : i.titleRu,
    grants: { gold: (g.gold ?? 0) + i.bonusGold, silver: g.silver ?? 0, premiumDays: g.premiumDays ?? 0, items: [] },
    buyUrl: `/public/profile/paymentMethods?item=${encodeURIComponent(i.id)}`,
  };
}

/** Takes a gold offer: refused before the start, after the end, over the limit, without the gold. */
export async function takeOffer(db: Db, input: { playerId: number; offerId: number; requestId: string; at: number }) {
  return db.transaction(async (tx) => {
    const [seen] = await tx
      .select()
      .from(offerPurchases)
      .where(and(eq(offerPurchases.playerId, input.playerId), eq(offerPurchases.requestId, input.requestId)))
      .limit(1);
    if (seen) {
      if (seen.offerId !== input.offerId) throw fieldError({ requestId: { id: "validation.unique" } });
      return { purchaseId: seen.id, priceGold: seen.priceGold, replayed: true };
    }
    const [o] = await tx.select().from(specialOffers).where(eq(specialOffers.id, input.offerId)).limit(1);
    const v = await viewer(tx, input.playerId);
    if (!o?.active || !meant(o, v) || (await offersOutsideWindow(tx, input.at)).has(o.id))
      throw new AppError("not_found", "error.offer_not_found");
    if (input.at < o.startsAt) throw new AppError("conflict", "error.offer_not_started", [], 409);
    if (input.at >= o.endsAt) throw new AppError("conflict", "error.offer_ended", [], 409);
    if (o.priceGold === null) throw new AppError("conflict", "error.offer_for_money", [], 409);
    const taken = await takenBy(tx, o, input.playerId);
    if (taken >= o.perPlayerLimit) throw new AppError("conflict", "error.offer_limit", [o.perPlayerLimit], 409);
    const [purchase] = await tx
      .insert(offerPurchases)
      .values({
        offerId: o.id,
        playerId: input.playerId,
        requestId: input.requestId,
        seq: taken + 1,
        priceGold: o.priceGold,
        createdAt: input.at,
      })
      .returning({ id: offerPurchases.id });
    const ref = `offer:${o.id}:${purchase.id}`;
    await applyLedger(tx, {
      playerId: input.playerId,
      currency: "gold",
      delta: -o.priceGold,
      reason: "offer.buy",
      ref,
      at: input.at,
    });
    const g = JSON.parse(o.grants) as OfferGrants;
    if (g.gold)
      await applyLedger(tx, {
        playerId: input.playerId,
        currency: "gold",
        delta: g.gold,
        reason: "offer.grant",
        ref,
        at: input.at,
      });
    if (g.silver)
      await applyLedger(tx, {
        playerId: input.playerId,
        currency: "silver",
        delta: g.silver,
        reason: "offer.grant",
        ref,
        at: input.at,
      });
    if (g.premiumDays)
      await tx
        .update(players)
        .set({ premiumUntil: sql`max(coalesce(${players.premiumUntil}, 0), ${input.at}) + ${g.premiumDays * DAY}` })
        .where(eq(players.id, input.playerId));
    for (const it of g.items) await grantItem(tx, input.playerId, it.type, it.id, it.count, input.at);
    await recordActivity(tx, input.playerId, "purchase", input.at);
    return { purchaseId: purchase.id, priceGold: o.priceGold, replayed: false };
  });
}

/** Tanks and camouflages are owned once (a second grant adds nothing); consumables stack. */
async function grantItem(tx: Tx, playerId: number, type: ItemType, itemId: number, n: number, at: number) {
  const stackable = type === "consumable";
  const [owned] = await tx
    .select({ q: playerItems.quantity })
    .from(playerItems)
    .where(and(eq(playerItems.playerId, playerId), eq(playerItems.itemType, type), eq(playerItems.itemId, itemId)))
    .limit(1);
  if (owned && !stackable) return;
  const quantity = stackable ? n : 1;
  await tx
    .insert(playerItems)
    .values({ playerId, itemType: type, itemId, quantity, acquiredAt: at })
    .onConflictDoUpdate({
      target: [playerItems.playerId, playerItems.itemType, playerItems.itemId],
      set: { quantity: sql`${playerItems.quantity} + ${quantity}` },
    });
  await emit(tx, "items", {
    event_id: newEventId(),
    ts: toCHDateTime(at),
    player_id: playerId,
    item_type: type,
    item_id: String(itemId),
    delta: quantity,
    source: "offer",
  });
}

// ---- The operators' side (/admin/specialOfferOptions, api/contracts/admin/offers.ts) ----

/** The operators' offers screen: every offer with how often it was taken, and the catalogues to pick grants and billing items from. */
export async function offersAdminPage({ ctx }: { ctx: Ctx }) {
  const db = ctx.db;
  const named = <T extends typeof contentTanks | typeof contentConsumables | typeof contentCamouflages>(t: T) =>
    db.select({ id: t.id, nameRu: t.nameRu, nameEn: t.nameEn }).from(t).where(eq(t.active, true)).orderBy(asc(t.id));
  const [tanks, consumables, camouflages, billing] = await Promise.all([
    named(contentTanks),
    named(contentConsumables),
    named(contentCamouflages),
    db
      .select({
        id: catalogItems.id,
        titleRu: catalogItems.titleRu,
        titleEn: catalogItems.titleEn,
        grants: catalogItems.grants,
      })
      .from(catalogItems)
      .where(eq(catalogItems.active, true))
      .orderBy(asc(catalogItems.sortOrder)),
  ]);
  return {
    offers: await listOffersForAdmin(db),
    catalogue: { tank: tanks, consumable: consumables, camouflage: camouflages },
    billingItems: billing.map((b) => ({ ...b, grants: JSON.parse(b.grants) as Record<string, unknown> })),
    platforms: [...OFFER_PLATFORMS],
    audiences: [...OFFER_AUDIENCES],
    savedAudiences: await audienceChoices(db),
  };
}

/** An offer's fields as the log compares them (no timestamps). */
const offerFields = ({ createdAt: _c, updatedAt: _u, ...o }: ReturnType<typeof offerView>) => o;

/** An operator saves an offer (audited with what changed); every instance reloads its offers. */
export async function saveOfferByOperator({ ctx, input }: { ctx: AdminCtx; input: OfferInput }) {
  const result = await transact(ctx, async (c) => {
    const r = await saveOffer(c.db, input, ctx.clock.now());
    await audit(c, {
      action: "/admin/specialOfferOptions/save",
      targetType: "offer",
      targetId: r.offer.id,
      summary: r.created ? `created "${r.offer.titleEn}"` : `changed ${r.changed.join(", ") || "nothing"}`,
      details: detailsOf(r.before && offerFields(r.before), offerFields(r.offer)),
    });
    return r;
  });
  if (!inTransaction(ctx.db)) dropCachedOffers(ctx.db);
  return result;
}

/** Every instance drops its cached offers at once (audited). */
export async function dropOffersEverywhere({ ctx }: { ctx: AdminCtx }) {
  await transact(ctx, async (c) => {
    await bumpOffersVersion(c.db, ctx.clock.now());
    await audit(c, {
      action: "/admin/specialOfferOptions/invalidateCache",
      targetType: "offer",
      summary: "offers cache dropped on every instance",
      details: NO_CHANGES,
    });
  });
  if (!inTransaction(ctx.db)) dropCachedOffers(ctx.db);
  return { ok: true as const };
}
