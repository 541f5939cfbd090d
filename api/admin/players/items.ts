// /admin/player/{id}/tanks and /shop: the player's tanks (grant without charge, take away, set the
// current one) and purchases an operator makes on the player's behalf with the player's own
// currency through the shop's domain code. Every change audited in its transaction.
import { noAuditDue } from "../../domain/context.ts";
import type { Hono } from "hono";
import { z } from "zod";
import { and, asc, eq } from "drizzle-orm";
import type { HonoEnv } from "../../http/env.ts";
import type { Db } from "../../db/index.ts";
import { page, route } from "../../http/router.ts";
import * as f from "../../domain/fields.ts";
import { audit, valuesOf } from "../../http/audit.ts";
import { playerItems } from "../../db/schema/inventory.ts";
import { contentTanks } from "../../db/schema/content.ts";
import { grantTank, revokeTank, setCurrentTank } from "../../domain/grants.ts";
import { buy, shopList } from "../../domain/shop.ts";
import { OPERATOR, SUPPORT, byPlayer } from "./shared.ts";
import { playerOr404 } from "../../domain/players.ts";

const P = "/admin/player/:playerId{[0-9]+}";
const tankInput = z.object({ tankId: f.id() });
const requestId = () =>
  f.optional(
    z
      .string()
      .trim()
      .min(8)
      .max(64)
      .regex(/^[A-Za-z0-9_.:-]+$/),
  );
export const buyTankInput = z.object({ tankId: f.id(), currency: z.enum(["gold", "silver"]), requestId: requestId() });
export const buyConsumableInput = z.object({
  consumableId: f.id(),
  currency: z.enum(["gold", "silver"]),
  quantity: f.optional(f.int(1, 100)).default(1),
  requestId: requestId(),
});

/** The player's tanks with their catalogue data, and the whole catalogue for the grant form. */
async function tanksOf(db: Db, playerId: number, locale: "ru" | "en") {
  const p = await playerOr404(db, playerId);
  const name = (r: { nameRu: string; nameEn: string }) => (locale === "en" ? r.nameEn : r.nameRu);
  const owned = await db
    .select({ item: playerItems, tank: contentTanks })
    .from(playerItems)
    .leftJoin(contentTanks, eq(contentTanks.id, playerItems.itemId))
    .where(and(eq(playerItems.playerId, playerId), eq(playerItems.itemType, "tank")))
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
      name: tank ? name(tank) : `#${item.itemId}`,
      tier: tank?.tier ?? null,
      nation: tank?.nation ?? null,
      type: tank?.type ?? null,
      acquiredAt: item.acquiredAt,
      current: p.currentTankId === item.itemId,
    })),
    catalogue: catalogue.map((t) => ({ id: t.id, name: name(t), tier: t.tier, nation: t.nation })),
  };
}

export function registerPlayerItems(app: Hono<HonoEnv>) {
  page(app, { path: `${P}/tanks`, ...SUPPORT }, { params: byPlayer }, async (c, v) =>
    c.json(await tanksOf(c.var.deps.db, v.playerId, c.var.locale)),
  );

  const tankChange = (
    path: string,
    action: "save" | "remove" | "setCurrent",
    apply: (
      tx: Parameters<Parameters<Db["transaction"]>[0]>[0],
      playerId: number,
      tankId: number,
      at: number,
    ) => Promise<string>,
  ) =>
    route(
      app,
      { method: "POST", path: `${P}/tanks/${path}`, ...OPERATOR, mutates: true },
      { params: byPlayer, input: tankInput },
      async (c, { tankId, playerId }) => {
        const { db, clock } = c.var.deps;
        await db.transaction(async (tx) => {
          const p = await playerOr404(tx, playerId);
          const summary = await apply(tx, p.id, tankId, clock.now());
          await audit(c, tx, {
            action: `player.tanks.${action}`,
            targetType: "player",
            targetId: p.id,
            summary,
            details: valuesOf({ item: { kind: "tank", id: tankId } }),
          });
        });
        return c.json(await tanksOf(db, playerId, c.var.locale));
      },
    );
  tankChange(
    "save",
    "save",
    async (tx, playerId, tankId, at) =>
      `granted tank ${tankId} (${(await grantTank(tx, { playerId, tankId, at })).name}) free of charge`,
  );
  tankChange(
    "remove",
    "remove",
    async (tx, playerId, tankId, at) => (await revokeTank(tx, { playerId, tankId, at }), `took tank ${tankId} away`),
  );
  tankChange(
    "setCurrent",
    "setCurrent",
    async (tx, playerId, tankId) => (await setCurrentTank(tx, { playerId, tankId }), `current tank set to ${tankId}`),
  );

  page(app, { path: `${P}/shop`, ...SUPPORT }, { params: byPlayer }, async (c, v) => {
    const p = await playerOr404(c.var.deps.db, v.playerId);
    return c.json({
      player: { id: p.id, nickname: p.nickname, level: p.level },
      ...(await shopList(c.var.deps.db, p.id, c.var.locale)),
    });
  });

  // A purchase for the player, paid from the player's balance: the shop's own rules (price,
  // level, ownership, idempotency by request id) and its audit row in one transaction.
  const purchase = (
    path: "buyTank" | "buyConsumable",
    schema: typeof buyTankInput | typeof buyConsumableInput,
    item: (v: Record<string, unknown>) => { type: "tank" | "consumable"; itemId: number; quantity: number },
  ) =>
    route(
      app,
      { method: "ANY", path: `${P}/shop/${path}`, ...OPERATOR, mutates: true },
      { params: byPlayer, input: schema },
      async (c, input, ctx) => {
        const v = input as Record<string, unknown> & { currency: "gold" | "silver"; requestId?: string };
        const { type, itemId, quantity } = item(v);
        const { db, clock } = c.var.deps;
        const result = await db.transaction(async (tx) => {
          const p = await playerOr404(tx, input.playerId);
          // buy() joins our transaction, so the audit row commits with it.
          const r = await buy(tx, {
            playerId: p.id,
            type,
            itemId,
            currency: v.currency,
            quantity,
            requestId: v.requestId ?? `admin:${crypto.randomUUID()}`,
            locale: c.var.locale,
            at: clock.now(),
          });
          if (!r.replayed)
            await audit(c, tx, {
              action: `player.shop.${path}`,
              targetType: "player",
              targetId: p.id,
              summary: `bought ${type} ${itemId} ×${quantity} for ${r.price} ${r.currency} of the player's`,
              details: valuesOf({
                item: { kind: type, id: itemId, count: quantity },
                price: { amount: r.price, currency: r.currency },
              }),
            });
          else noAuditDue(ctx);
          return r;
        });
        return c.json(result);
      },
    );
  purchase("buyTank", buyTankInput, (v) => ({ type: "tank", itemId: v.tankId as number, quantity: 1 }));
  purchase("buyConsumable", buyConsumableInput, (v) => ({
    type: "consumable",
    itemId: v.consumableId as number,
    quantity: v.quantity as number,
  }));
}
