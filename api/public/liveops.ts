// /public/liveops: the player's side of live events (docs/decisions/liveops.md) — what's on, and
// entering a tournament. Refusals carry their ru/en messages (api/admin/liveops-messages.ts).
import type { Hono } from "hono";
import type { HonoEnv } from "../http/env.ts";
import { route } from "../http/router.ts";
import { whatsOn } from "../domain/liveops/player.ts";
import { enterTournament } from "../domain/liveops/tournaments.ts";
import * as contracts from "../contracts/public/liveops.ts";

export function registerLiveops(app: Hono<HonoEnv>) {
  route(app, contracts.whatsOn, (c, _v, ctx) =>
    whatsOn({ ctx, input: { playerId: ctx.actor.playerId, locale: c.var.locale } }),
  );
  route(app, contracts.enter, (_c, v, ctx) =>
    enterTournament({ ctx, input: { eventId: v.eventId, playerId: ctx.actor.playerId, tier: v.tier } }),
  );
}
