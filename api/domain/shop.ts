// The shop: tanks, consumables and camouflages from the content catalogue, bought for gold or
// silver. The price comes from the catalogue on the server; the level and ownership rules are the
// content's (a tank's required level, a consumable's required level; a tank or camouflage is owned
// once). A purchase, its balance change (ledger), the inventory row and its `items` event are one
// transaction, idempotent per request id.
import { within } from "./context.ts";
import { and, asc, eq, sql } from "drizzle-orm";
import type { Db, DbOrTx, Tx } from "../db/index.ts";
import {
  contentTanks,
  contentConsumables,
  contentCamouflages,
  type NATIONS,
  type TANK_TYPES,
} from "../db/schema/content.ts";
import { playerItems, shopPurchases, type ItemType } from "../db/schema/inventory.ts";
import { players } from "../db/schema/players.ts";
import { AppError, fieldError } from "./errors.ts";
import { getNow, type Later, preparedOnce, thenNow } from "../db/prepared.ts";
import { applyLedger, type Currency } from "./ledger.ts";
import { emit } from "./outbox.ts";
import { recordActivity } from "./players.ts";
import { newEventId, toCHDateTime } from "../../warehouse/events.ts";

export const MAX_CONSUMABLES_PER_PURCHASE = 100;

interface Priced {
  id: number;
  name: string;
  requiredLevel: number;
  priceGold: number;
  priceSilver: number;
  stackable: boolean;
}

export async function catalogItem(
  db: Db | Tx,
  type: ItemType,
  id: number,
  locale: "ru" | "en",
): Promise<Priced | null> {
  const name = (r: { nameRu: string; nameEn: string }) => (locale === "en" ? r.nameEn : r.nameRu);
  if (type === "tank") {
    const [r] = await db
      .select()
      .from(contentTanks)
      .where(and(eq(contentTanks.id, id), eq(contentTanks.active, true)))
      .limit(1);
    return r
      ? {
          id: r.id,
          name: name(r),
          requiredLevel: r.requiredLevel,
          priceGold: r.priceGold,
          priceSilver: r.priceSilver,
          stackable: false,
        }
      : null;
  }
  if (type === "consumable") {
    const [r] = await db
      .select()
      .from(contentConsumables)
      .where(and(eq(contentConsumables.id, id), eq(contentConsumables.active, true)))
      .limit(1);
    return r
      ? {
          id: r.id,
          name: name(r),
          requiredLevel: r.requiredLevel,
          priceGold: r.priceGold,
          priceSilver: r.priceSilver,
          stackable: true,
        }
      : null;
  }
  const [r] = await db
    .select()
    .from(contentCamouflages)
    .where(and(eq(contentCamouflages.id, id), eq(contentCamouflages.active, true)))
    .limit(1);
  return r
    ? {
        id: r.id,
        name: name(r),
        requiredLevel: 1,
        priceGold: r.priceGold,
        priceSilver: r.priceSilver,
        stackable: false,
      }
    : null;
}

/** An item of the shop's list (the player's shop, an operator's buying for them); a kind's own fields beside. */
export interface ShopItem {
  type: ItemType;
  id: number;
  name: string;
  priceGold: number;
  priceSilver: number;
  requiredLevel: number;
  /** How many the player has. */
  owned: number;
  /** The player's level is enough for it. */
  levelOk: boolean;
}

/** An item's name by kind and id (of an item on sale), one statement per kind. */
export const catalogNameStatements = preparedOnce((db) => {
  const of = (t: typeof contentTanks | typeof contentConsumables | typeof contentCamouflages) =>
    db
      .select({ nameRu: t.nameRu, nameEn: t.nameEn })
      .from(t)
      .where(and(eq(t.id, sql.placeholder("id")), eq(t.active, true)))
      .prepare();
  return { tank: of(contentTanks), consumable: of(contentConsumables), camouflage: of(contentCamouflages) };
});

/** An item's name in `locale` (null: no such item on sale); at once where the driver reads synchronously. */
export function catalogName(db: Db, type: ItemType, id: number, locale: "ru" | "en"): Later<string | null> {
  return thenNow(getNow(catalogNameStatements(db)[type], { id }), (r) =>
    r ? (locale === "en" ? r.nameEn : r.nameRu) : null,
  );
}

/** The shop's statements: the player's level and purses, what they own, the catalogue on sale. */
export const shopStatements = preparedOnce((db) => {
  return {
    purse: db
      .select({ level: players.level, gold: players.gold, silver: players.silver })
      .from(players)
      .where(eq(players.id, sql.placeholder("playerId")))
      .prepare(),
    owned: db
      .select({ itemType: playerItems.itemType, itemId: playerItems.itemId, quantity: playerItems.quantity })
      .from(playerItems)
      .where(eq(playerItems.playerId, sql.placeholder("playerId")))
      .prepare(),
    tanks: db
      .select({
        id: contentTanks.id,
        nameRu: contentTanks.nameRu,
        nameEn: contentTanks.nameEn,
        priceGold: contentTanks.priceGold,
        priceSilver: contentTanks.priceSilver,
        requiredLevel: contentTanks.requiredLevel,
        tier: contentTanks.tier,
        nation: contentTanks.nation,
        type: contentTanks.type,
        premium: contentTanks.premium,
        hp: contentTanks.hp,
        damage: contentTanks.damage,
        penetration: contentTanks.penetration,
        armor: contentTanks.armor,
        speed: contentTanks.speed,
      })
      .from(contentTanks)
      .where(eq(contentTanks.active, true))
      .orderBy(asc(contentTanks.tier), asc(contentTanks.sortOrder), asc(contentTanks.id))
      .prepare(),
    consumables: db
      .select({
        id: contentConsumables.id,
        nameRu: contentConsumables.nameRu,
        nameEn: contentConsumables.nameEn,
        priceGold: contentConsumables.priceGold,
        priceSilver: contentConsumables.priceSilver,
        requiredLevel: contentConsumables.requiredLevel,
      })
      .from(contentConsumables)
      .where(eq(contentConsumables.active, true))
      .orderBy(asc(contentConsumables.sortOrder), asc(contentConsumables.id))
      .prepare(),
    camouflages: db
      .select({
        id: contentCamouflages.id,
        nameRu: contentCamouflages.nameRu,
        nameEn: contentCamouflages.nameEn,
        priceGold: contentCamouflages.priceGold,
        priceSilver: contentCamouflages.priceSilver,
        season: contentCamouflages.season,
        durationDays: contentCamouflages.durationDays,
      })
      .from(contentCamouflages)
      .where(eq(contentCamouflages.active, true))
      .orderBy(asc(contentCamouflages.sortOrder), asc(contentCamouflages.id))
      .prepare(),
  };
});

// The catalogue's rows as bun:sqlite hands them (values by position, in the select's order above):
// drizzle's mapping of ~65 rows of up to 15 columns to objects cost more than the statements (~130 µs
// of ~320 µs a list, bench/player-reads-in-process.ts), and the list is built from them at once.
type TankValues = [number, string, string, number, number, number, number, Nation, TankType, number, ...number[]];
type ConsumableValues = [number, string, string, number, number, number];
type CamouflageValues = [number, string, string, number, number, string, number];
type Nation = (typeof NATIONS)[number];
type TankType = (typeof TANK_TYPES)[number];
type ShopListItem =
  | (ShopItem & {
      type: "tank";
      tier: number;
      nation: Nation;
      tankType: TankType;
      premium: boolean;
      stats: { hp: number; damage: number; penetration: number; armor: number; speed: number };
    })
  | (ShopItem & { type: "consumable" })
  | (ShopItem & { type: "camouflage"; season: string; durationDays: number });

/** The shop's page data: every active item with its prices and whether this player may buy it. */
export async function shopList(db: Db, playerId: number, locale: "ru" | "en") {
  const st = shopStatements(db);
  const p = await st.purse.get({ playerId });
  if (!p) throw new AppError("not_found");
  // What the player owns, by type then id (no key string built per item).
  const owned: Record<ItemType, Map<number, number>> = {
    tank: new Map(),
    consumable: new Map(),
    camouflage: new Map(),
  };
  for (const o of await st.owned.all({ playerId })) owned[o.itemType]?.set(o.itemId, o.quantity);
  const en = locale === "en";
  const tanks = (await st.tanks.values()) as TankValues[];
  const consumables = (await st.consumables.values()) as ConsumableValues[];
  const camouflages = (await st.camouflages.values()) as CamouflageValues[];
  // Each item written out as one literal (the fields in this order): a shared builder with the
  // extra fields spread in cost ~40 µs of a ~65-item list (bench/request-cost.ts).
  const items: ShopListItem[] = [];
  for (const t of tanks)
    items.push({
      type: "tank",
      id: t[0],
      name: en ? t[2] : t[1],
      priceGold: t[3],
      priceSilver: t[4],
      requiredLevel: t[5],
      owned: owned.tank.get(t[0]) ?? 0,
      levelOk: p.level >= t[5],
      tier: t[6],
      nation: t[7],
      tankType: t[8],
      premium: t[9] === 1,
      stats: { hp: t[10], damage: t[11], penetration: t[12], armor: t[13], speed: t[14] },
    });
  for (const c of consumables)
    items.push({
      type: "consumable",
      id: c[0],
      name: en ? c[2] : c[1],
      priceGold: c[3],
      priceSilver: c[4],
      requiredLevel: c[5],
      owned: owned.consumable.get(c[0]) ?? 0,
      levelOk: p.level >= c[5],
    });
  for (const c of camouflages)
    items.push({
      type: "camouflage",
      id: c[0],
      name: en ? c[2] : c[1],
      priceGold: c[3],
      priceSilver: c[4],
      requiredLevel: 1,
      owned: owned.camouflage.get(c[0]) ?? 0,
      levelOk: p.level >= 1,
      season: c[5],
      durationDays: c[6],
    });
  return { balance: p, items };
}

export async function buy(
  db: DbOrTx,
  input: {
    playerId: number;
    type: ItemType;
    itemId: number;
    currency: Currency;
    quantity: number;
    requestId: string;
    locale: "ru" | "en";
    at: number;
  },
) {
  return within(db, async (tx) => {
    const [seen] = await tx
      .select()
      .from(shopPurchases)
      .where(and(eq(shopPurchases.playerId, input.playerId), eq(shopPurchases.requestId, input.requestId)))
      .limit(1);
    if (seen) {
      if (seen.itemType !== input.type || seen.itemId !== input.itemId)
        throw fieldError({ requestId: { id: "validation.unique" } });
      return { purchaseId: seen.id, price: seen.price, currency: seen.currency, replayed: true };
    }
    const item = await catalogItem(tx, input.type, input.itemId, input.locale);
    if (!item) throw new AppError("not_found");
    if (!item.stackable && input.quantity !== 1) throw fieldError({ quantity: { id: "validation.max", values: [1] } });
    const unit = input.currency === "gold" ? item.priceGold : item.priceSilver;
    if (unit <= 0) throw fieldError({ currency: { id: "error.shop_not_for_currency" } });
    const [p] = await tx.select({ level: players.level }).from(players).where(eq(players.id, input.playerId));
    if (p.level < item.requiredLevel) throw new AppError("forbidden", "error.shop_level", [item.requiredLevel], 403);
    const [owned] = await tx
      .select({ q: playerItems.quantity })
      .from(playerItems)
      .where(
        and(
          eq(playerItems.playerId, input.playerId),
          eq(playerItems.itemType, input.type),
          eq(playerItems.itemId, input.itemId),
        ),
      )
      .limit(1);
    if (owned && !item.stackable) throw new AppError("conflict", "error.shop_owned", [], 409);
    const price = unit * input.quantity;
    const [purchase] = await tx
      .insert(shopPurchases)
      .values({
        playerId: input.playerId,
        requestId: input.requestId,
        itemType: input.type,
        itemId: input.itemId,
        quantity: input.quantity,
        currency: input.currency,
        price,
        createdAt: input.at,
      })
      .returning({ id: shopPurchases.id });
    await applyLedger(tx, {
      playerId: input.playerId,
      currency: input.currency,
      delta: -price,
      reason: `shop.${input.type}`,
      ref: `purchase:${purchase.id}`,
      at: input.at,
    });
    await tx
      .insert(playerItems)
      .values({
        playerId: input.playerId,
        itemType: input.type,
        itemId: input.itemId,
        quantity: input.quantity,
        acquiredAt: input.at,
      })
      .onConflictDoUpdate({
        target: [playerItems.playerId, playerItems.itemType, playerItems.itemId],
        set: { quantity: sql`${playerItems.quantity} + ${input.quantity}` },
      });
    await emit(tx, "items", {
      event_id: newEventId(),
      ts: toCHDateTime(input.at),
      player_id: input.playerId,
      item_type: input.type,
      item_id: String(input.itemId),
      delta: input.quantity,
      source: "shop",
    });
    await recordActivity(tx, input.playerId, "purchase", input.at);
    return { purchaseId: purchase.id, price, currency: input.currency, replayed: false };
  });
}
