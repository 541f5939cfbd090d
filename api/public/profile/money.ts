// The player site's money (/public/profile/transferMoney, shop, gift): gold transfers, the shop and
// gifts, each idempotent per request id. Contracts: api/contracts/public/profile/money.ts.
import type { Hono } from "hono";
import type { HonoEnv } from "../../http/env.ts";
import { route } from "../../http/router.ts";
import { fieldError } from "../../domain/errors.ts";
import { transferMoney } from "../../domain/transfers.ts";
import { buy, shopList } from "../../domain/shop.ts";
import { sendGift, giftsPage } from "../../domain/gifts.ts";
import { assertMayMoveMoney } from "../../domain/guests.ts";
import * as calls from "../../contracts/public/profile/money.ts";

const me = (c: { var: HonoEnv["Variables"] }) => c.var.player!.playerId;

/** 400 naming each of `fields` the input lacks (an action's fields; a read sends none of them). */
function requireFields<T extends Record<string, unknown>>(v: T, fields: (keyof T & string)[]) {
  const missing = Object.fromEntries(
    fields.filter((f) => v[f] === undefined).map((f) => [f, { id: "validation.required" }]),
  );
  if (Object.keys(missing).length) throw fieldError(missing);
}

export function registerProfileMoney(app: Hono<HonoEnv>) {
  route(app, calls.transferMoney, async (c, v) => {
    await assertMayMoveMoney(c.var.deps.db, me(c));
    return transferMoney(c.var.deps.db, {
      from: me(c),
      to: v.to,
      amount: v.amount,
      requestId: v.requestId,
      at: c.var.deps.clock.now(),
    });
  });

  // The shop: without an item it lists the catalogue for this player; with type, itemId and a
  // requestId (CSRF checked) it buys, idempotently per request id.
  route(app, calls.shop, async (c, v) => {
    const { db, clock } = c.var.deps;
    if (v.type === undefined && v.itemId === undefined) return shopList(db, me(c), c.var.locale);
    requireFields(v, ["type", "itemId", "requestId"]);
    const result = await buy(db, {
      playerId: me(c),
      type: v.type!,
      itemId: v.itemId!,
      currency: v.currency,
      quantity: v.quantity,
      requestId: v.requestId!,
      locale: c.var.locale,
      at: clock.now(),
    });
    return { ...result, ...(await shopList(db, me(c), c.var.locale)) };
  });

  // Gifts: without a receiver it answers the player's notifications and the rules; with `to`,
  // `kind` (gold, silver, tank, consumable, camouflage), `amount` or `itemId` and a requestId it sends.
  route(app, calls.gift, async (c, v) => {
    const { db, clock } = c.var.deps;
    if (v.to === undefined && v.kind === undefined) return giftsPage(db, me(c));
    requireFields(v, ["to", "kind", "requestId"]);
    await assertMayMoveMoney(db, me(c));
    return sendGift(db, {
      from: me(c),
      to: v.to!,
      kind: v.kind!,
      itemId: v.itemId,
      amount: v.amount,
      requestId: v.requestId!,
      locale: c.var.locale,
      at: clock.now(),
    });
  });
}
