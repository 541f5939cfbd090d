// Cheat signals (issue 31): the outliers' page and a battle's players against their tiers'
// medians. The figures are api/domain/cheat-signals.ts's; marking as suspect and banning go
// through the player card's own action (/admin/player/setPlayer).
import type { Hono } from "hono";
import type { HonoEnv } from "../http/env.ts";
import { page, route } from "../http/router.ts";
import { battleSignals, cheatOutliers } from "../domain/cheat-signals.ts";
import * as contracts from "../contracts/admin/cheatSignals.ts";

export function registerCheatSignals(app: Hono<HonoEnv>) {
  page(app, contracts.outliers, (_c, input, ctx) => cheatOutliers({ ctx, input }));
  route(app, contracts.battle, (_c, input, ctx) => battleSignals({ ctx, input }));
}
