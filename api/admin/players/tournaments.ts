// Players' tournaments (/admin/playersTournaments/ and a player's /admin/player/{id}/tournaments):
// each route is one call on its contract (api/contracts/admin/playersTournaments.ts,
// player/tournaments.ts); the rules are api/domain/player-tournaments.ts.
import type { Hono } from "hono";
import type { HonoEnv } from "../../http/env.ts";
import { page, route } from "../../http/router.ts";
import {
  playerTournaments,
  playerTournamentsHead,
  TOURNAMENT_ORDERS,
  tournamentTop,
  weekStart,
} from "../../domain/player-tournaments.ts";
import * as top from "../../contracts/admin/playersTournaments.ts";
import * as mine from "../../contracts/admin/player/tournaments.ts";

export function registerPlayersTournaments(app: Hono<HonoEnv>) {
  page(app, top.page, (_c, _v, ctx) => ({ orders: [...TOURNAMENT_ORDERS], week: weekStart(ctx.clock.now()) }));
  route(app, top.loadTop, (_c, input, ctx) => tournamentTop({ ctx, input }));
  page(app, mine.page, (_c, input, ctx) => playerTournamentsHead({ ctx, input }));
  route(app, mine.loadData, (_c, input, ctx) => playerTournaments({ ctx, input }));
}
