// /admin/player/{id}/battles: each route is one call on its contract
// (api/contracts/admin/player/battles.ts) over api/domain/player-battles.ts.
import type { Hono } from "hono";
import type { HonoEnv } from "../../http/env.ts";
import { page, route } from "../../http/router.ts";
import * as battles from "../../contracts/admin/player/battles.ts";
import { playerBattle, playerBattleSums, playerBattles, playerBattlesHead } from "../../domain/player-battles.ts";

export function registerPlayerBattles(app: Hono<HonoEnv>) {
  page(app, battles.page, (c, input, ctx) => playerBattlesHead({ ctx, input: { ...input, locale: c.var.locale } }));
  route(app, battles.load, (c, input, ctx) => playerBattles({ ctx, input: { ...input, locale: c.var.locale } }));
  route(app, battles.getSum, (_c, input, ctx) => playerBattleSums({ ctx, input }));
  // A browser gets the back office, which draws the battle's page; a JSON reader gets the battle.
  page(app, battles.battle, (_c, input, ctx) => playerBattle({ ctx, input }));
}
