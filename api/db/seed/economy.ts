// Demo world: what players do with their silver and gold after their battles — shop purchases,
// gifts and gold transfers — through the player site's own domain functions (buy, sendGift,
// transferMoney), so ledger rows, inventory, notifications and events are the real ones. A
// purchase the rules refuse (level, funds, already owned) is simply not made, as in the game.
import { count, eq, gte, inArray, max } from "drizzle-orm";
import type { Db } from "../index.ts";
import { players } from "../schema/players.ts";
import { shopPurchases } from "../schema/inventory.ts";
import { contentTanks, contentConsumables, contentCamouflages } from "../schema/content.ts";
import { buy } from "../../domain/shop.ts";
import { hireFromGroup } from "../../domain/progression.ts";
import { contentCrews, playerCrewMembers } from "../schema/progression.ts";
import { sendGift } from "../../domain/gifts.ts";
import { transferMoney, TRANSFER_RULES } from "../../domain/transfers.ts";
import { AppError } from "../../domain/errors.ts";
import type { Rng, WorldStep } from "../demo.ts";

/** Runs a domain call; a refusal by the rules (an AppError) means the player does not do it. */
async function attempt(call: () => Promise<unknown>): Promise<boolean> {
  try {
    await call();
    return true;
  } catch (e) {
    if (e instanceof AppError) return false;
    throw e;
  }
}

/** Players of the world who have played (their silver and level come from battles), with what they hold. */
async function veterans(db: Db, playerIds: number[]) {
  const wanted = new Set(playerIds);
  const rows = await db
    .select({
      id: players.id,
      level: players.level,
      gold: players.gold,
      silver: players.silver,
      createdAt: players.createdAt,
      locale: players.locale,
    })
    .from(players)
    .where(gte(players.battles, 1));
  return rows.filter((p) => wanted.has(p.id));
}

/** Someone registered before the moment, other than the player (undefined after a few misses). */
function receiverFor(r: Rng, pool: { id: number; createdAt: number }[], from: number, at: number): number | undefined {
  for (let i = 0; i < 4; i++) {
    const p = r.pick(pool);
    if (p.id !== from && p.createdAt < at) return p.id;
  }
  return undefined;
}

/** A moment after the player registered, in the world's last days. */
const momentFor = (r: Rng, now: number, createdAt: number, days = 14) =>
  Math.max(createdAt + 60_000, now - r.int(1, days * 24) * 3_600_000 + r.int(0, 3_599_000));

export const shopStep: WorldStep = async ({ db, r, playerIds, opts }) => {
  const [{ n }] = await db.select({ n: count() }).from(shopPurchases);
  if (n > 0) return;
  const tanks = await db
    .select({ id: contentTanks.id, priceSilver: contentTanks.priceSilver, requiredLevel: contentTanks.requiredLevel })
    .from(contentTanks)
    .where(inArray(contentTanks.tier, [2, 3, 4]));
  const consumables = await db
    .select({
      id: contentConsumables.id,
      priceSilver: contentConsumables.priceSilver,
      priceGold: contentConsumables.priceGold,
    })
    .from(contentConsumables);
  const camouflages = await db
    .select({
      id: contentCamouflages.id,
      priceSilver: contentCamouflages.priceSilver,
      priceGold: contentCamouflages.priceGold,
    })
    .from(contentCamouflages);
  let k = 0;
  for (const p of await veterans(db, playerIds)) {
    // About one player in three shops: consumables mostly, sometimes the next tank or a camouflage.
    if (r.next() > 0.35) continue;
    for (let i = r.int(1, 3); i > 0; i--) {
      const at = momentFor(r, opts.now, p.createdAt);
      const kind = r.weighted([
        ["consumable", 6],
        ["tank", 2],
        ["camouflage", 1],
      ] as const);
      const pool: { id: number; priceSilver: number }[] =
        kind === "tank"
          ? tanks.filter((t) => t.priceSilver > 0 && t.requiredLevel <= p.level)
          : kind === "consumable"
            ? consumables
            : camouflages;
      if (pool.length === 0) continue;
      const item = r.pick(pool);
      const currency = item.priceSilver > 0 ? "silver" : "gold";
      await attempt(() =>
        buy(db, {
          playerId: p.id,
          type: kind,
          itemId: item.id,
          currency,
          quantity: kind === "consumable" ? r.int(1, 5) : 1,
          requestId: `demo-shop-${++k}`,
          locale: p.locale === "en" ? "en" : "ru",
          at,
        }),
      );
    }
  }
};

export const giftsStep: WorldStep = async ({ db, r, playerIds, opts }) => {
  const vets = await veterans(db, playerIds);
  let k = 0;
  for (const p of vets.filter(() => r.next() < 0.05)) {
    const at = momentFor(r, opts.now, p.createdAt);
    const to = receiverFor(r, vets, p.id, at);
    if (to === undefined) continue;
    const kind = r.next() < 0.3 ? "gold" : "silver";
    const amount = kind === "gold" ? r.int(5, 30) : r.int(5, 50) * 100;
    await attempt(() =>
      sendGift(db, {
        from: p.id,
        to,
        kind,
        amount,
        requestId: `demo-gift-${++k}`,
        locale: p.locale === "en" ? "en" : "ru",
        at,
      }),
    );
  }
};

export const transfersStep: WorldStep = async ({ db, r, playerIds, opts }) => {
  const vets = await veterans(db, playerIds);
  let k = 0;
  for (const p of vets.filter((p) => p.level >= TRANSFER_RULES.minLevel && p.gold >= 10 && r.next() < 0.06)) {
    const at = momentFor(r, opts.now, p.createdAt, 7);
    const to = receiverFor(r, vets, p.id, at);
    if (to === undefined) continue;
    const amount = r.int(1, Math.max(1, Math.floor(p.gold * 0.6)));
    await attempt(() => transferMoney(db, { from: p.id, to, amount, requestId: `demo-transfer-${++k}`, at }));
  }
};

/**
 * Players with the silver (or gold) for it replace a recruit by a member trained in the crew
 * school (level 3, silver) or academy (level 5, gold), paying through the ledger — after their
 * battles, so the level the warehouse reads last is the new member's.
 */
export const crewHiresStep: WorldStep = async ({ db, r, playerIds, opts }) => {
  const roles = await db.select({ id: contentCrews.id }).from(contentCrews);
  if (roles.length === 0) return;
  for (const p of await veterans(db, playerIds)) {
    const group = p.silver >= 25_000 && r.next() < 0.25 ? "school" : p.gold >= 250 && r.next() < 0.1 ? "academy" : null;
    if (!group) continue;
    const [{ last }] = await db
      .select({ last: max(playerCrewMembers.updatedAt) })
      .from(playerCrewMembers)
      .where(eq(playerCrewMembers.playerId, p.id));
    const at = Math.max((last ?? p.createdAt) + 60_000, momentFor(r, opts.now, p.createdAt, 3));
    if (at >= opts.now) continue;
    const crewId = r.pick(roles).id;
    await attempt(() => db.transaction((tx) => hireFromGroup(tx, p.id, crewId, group, at)));
  }
};
