// /admin/playersStats: players by platform, country and level, registrations by day, active and
// banned players, the top payers. Each route is one call on its contract
// (api/contracts/admin/playersStats.ts) over api/domain/players-stats.ts.
import type { Hono } from "hono";
import type { HonoEnv } from "../../http/env.ts";
import { page, route } from "../../http/router.ts";
import { playersStatsHead, playersStatsOf, topPayersOf } from "../../domain/players-stats.ts";
import * as stats from "../../contracts/admin/playersStats.ts";

export function registerPlayersStats(app: Hono<HonoEnv>) {
  page(app, stats.page, (_c, _v, ctx) => playersStatsHead({ ctx }));
  route(app, stats.statsOf, (_c, input, ctx) => playersStatsOf({ ctx, input }));
  route(app, stats.payers, (_c, input, ctx) => topPayersOf({ ctx, input }));
}
