// /admin/player/{id}/tanks and /shop: each route is one call on its contract
// (api/contracts/admin/player/tanks.ts) over api/domain/player-items.ts.
import type { Hono } from "hono";
import type { HonoEnv } from "../../http/env.ts";
import { page, route } from "../../http/router.ts";
import * as tanks from "../../contracts/admin/player/tanks.ts";
import { buyForPlayer, changePlayerTank, playerShop, playerTanks, type TankChange } from "../../domain/player-items.ts";

export function registerPlayerItems(app: Hono<HonoEnv>) {
  page(app, tanks.page, (c, input, ctx) => playerTanks({ ctx, input: { ...input, locale: c.var.locale } }));
  const changes = { save: tanks.save, remove: tanks.remove, setCurrent: tanks.setCurrent };
  for (const action of ["save", "remove", "setCurrent"] as const satisfies TankChange[])
    route(app, changes[action], (c, input, ctx) =>
      changePlayerTank({ ctx, input: { ...input, action, locale: c.var.locale } }),
    );
  page(app, tanks.shop, (c, input, ctx) => playerShop({ ctx, input: { ...input, locale: c.var.locale } }));
  route(app, tanks.buyTank, (c, { tankId, ...v }, ctx) =>
    buyForPlayer({ ctx, input: { ...v, type: "tank", itemId: tankId, quantity: 1, locale: c.var.locale } }),
  );
  route(app, tanks.buyConsumable, (c, { consumableId, ...v }, ctx) =>
    buyForPlayer({ ctx, input: { ...v, type: "consumable", itemId: consumableId, locale: c.var.locale } }),
  );
}
