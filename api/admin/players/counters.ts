// /admin/playerCounters: the player's balances and counters now, a balance over time by UTC day
// from the ledger, and the log entries around a moment (what moved the balance then). Each route
// is one call on its contract (api/contracts/admin/playerCounters.ts) over
// api/domain/player-counters.ts.
import type { Hono } from "hono";
import type { HonoEnv } from "../../http/env.ts";
import { page, route } from "../../http/router.ts";
import { playerBalanceGraph, playerCounters, playerLogNear } from "../../domain/player-counters.ts";
import * as counters from "../../contracts/admin/playerCounters.ts";

export function registerPlayerCounters(app: Hono<HonoEnv>) {
  page(app, counters.page, (_c, input, ctx) => playerCounters({ ctx, input }));
  route(app, counters.data, (_c, input, ctx) => playerCounters({ ctx, input }));
  route(app, counters.graph, (_c, input, ctx) => playerBalanceGraph({ ctx, input }));
  route(app, counters.near, (_c, input, ctx) => playerLogNear({ ctx, input }));
}
