// A player's tanks and purchases as operators handle them (/admin/player/{id}/tanks and /shop):
// the tanks named in the reader's language, a tank granted free of charge, taken away or made
// current, and a purchase on the player's behalf paid from the player's own balance by the shop's
// rules (domain/shop.ts). Each change writes its admin log row in its transaction.
import { and, asc, eq } from "drizzle-orm";
import { playerItems } from "../db/schema/inventory.ts";
import { contentTanks } from "../db/schema/content.ts";
import type { ItemType } from "../db/schema/inventory.ts";
import { audit, valuesOf } from "./audit.ts";
import { type AdminActor, type Call, inTransaction, noAuditDue, transact } from "./context.ts";
import { grantTank, revokeTank, setCurrentTank } from "./grants.ts";
import { playerOr404 } from "./players.ts";
import { buy, shopList } from "./shop.ts";

type Locale = "ru" | "en";

/** The player's tanks with their catalogue data, and the active catalogue for the grant form. */
export async function playerTanks({ ctx, input }: Call<{ playerId: number; locale: Locale }>) {
  const { db } = ctx;
  const p = await playerOr404(db, input.playerId);
  const name = (r: { nameRu: string; nameEn: string }) => (input.locale === "en" ? r.nameEn : r.nameRu);
  const owned = await db
    .select({ item: playerItems, tank: contentTanks })
    .from(playerItems)
    .leftJoin(contentTanks, eq(contentTanks.id, playerItems.itemId))
    .where(and(eq(playerItems.playerId, p.id), eq(playerItems.itemType, "tank")))
    .orderBy(asc(playerItems.acquiredAt), asc(playerItems.itemId));
  const catalogue = await db
    .select()
    .from(contentTanks)
    .where(eq(contentTanks.active, true))
    .orderBy(asc(contentTanks.tier), asc(contentTanks.id));
  return {
    player: {
      id: p.id,
      nickname: p.nickname,
      level: p.level,
      gold: p.gold,
      silver: p.silver,
      currentTankId: p.currentTankId,
    },
    rows: owned.map(({ item, tank }) => ({
      id: item.itemId,
      name: tank ? name(tank) : null,
      tier: tank?.tier ?? null,
      nation: tank?.nation ?? null,
      type: tank?.type ?? null,
      acquiredAt: item.acquiredAt,
      current: p.currentTankId === item.itemId,
    })),
    catalogue: catalogue.map((t) => ({ id: t.id, name: name(t), tier: t.tier, nation: t.nation })),
  };
}

export type TankChange = "save" | "remove" | "setCurrent";

/** Grants (save), takes away (remove) or makes current (setCurrent) one tank; answers the tanks. */
export async function changePlayerTank({
  ctx,
  input,
}: Call<{ playerId: number; tankId: number; action: TankChange; locale: Locale }, AdminActor>) {
  const { tankId, action } = input;
  await transact(ctx, async (ctx) => {
    const tx = ctx.db;
    const p = await playerOr404(tx, input.playerId);
    const at = ctx.clock.now();
    let summary: string;
    if (action === "save")
      summary = `granted tank ${tankId} (${(await grantTank(tx, { playerId: p.id, tankId, at })).name}) free of charge`;
    else if (action === "remove") {
      await revokeTank(tx, { playerId: p.id, tankId, at });
      summary = `took tank ${tankId} away`;
    } else {
      await setCurrentTank(tx, { playerId: p.id, tankId });
      summary = `current tank set to ${tankId}`;
    }
    await audit(ctx, {
      action: `player.tanks.${action}`,
      targetType: "player",
      targetId: p.id,
      summary,
      details: valuesOf({ item: { kind: "tank", id: tankId } }),
    });
  });
  return playerTanks({ ctx, input });
}

/** The shop as the player sees it (prices, level, what they own), for an operator buying for them. */
export async function playerShop({ ctx, input }: Call<{ playerId: number; locale: Locale }>) {
  const { db } = ctx;
  // The shop's reads are prepared statements of the store, not of a transaction.
  if (inTransaction(db)) throw new Error("playerShop reads outside a transaction");
  const p = await playerOr404(db, input.playerId);
  return { player: { id: p.id, nickname: p.nickname, level: p.level }, ...(await shopList(db, p.id, input.locale)) };
}

export interface PurchaseForPlayer {
  playerId: number;
  type: Extract<ItemType, "tank" | "consumable">;
  itemId: number;
  quantity: number;
  currency: "gold" | "silver";
  requestId?: string;
  locale: Locale;
}

/**
 * A purchase for the player, paid from the player's balance: the shop's own rules (price, level,
 * ownership, idempotency by request id) and its admin log row in one transaction; a replay (the
 * same request id again) answers the first purchase and logs nothing.
 */
export function buyForPlayer({ ctx, input }: Call<PurchaseForPlayer, AdminActor>) {
  const { type, itemId, quantity } = input;
  return transact(ctx, async (ctx) => {
    const p = await playerOr404(ctx.db, input.playerId);
    const r = await buy(ctx.db, {
      playerId: p.id,
      type,
      itemId,
      currency: input.currency,
      quantity,
      requestId: input.requestId ?? `admin:${crypto.randomUUID()}`,
      locale: input.locale,
      at: ctx.clock.now(),
    });
    if (r.replayed) noAuditDue(ctx);
    else
      await audit(ctx, {
        action: type === "tank" ? "player.shop.buyTank" : "player.shop.buyConsumable",
        targetType: "player",
        targetId: p.id,
        summary: `bought ${type} ${itemId} ×${quantity} for ${r.price} ${r.currency} of the player's`,
        details: valuesOf({
          item: { kind: type, id: itemId, count: quantity },
          price: { amount: r.price, currency: r.currency },
        }),
      });
    return r;
  });
}
