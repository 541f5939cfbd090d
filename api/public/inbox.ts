// /public/inbox: operators' notifications for the game's hangar (the player's session), the same
// delivered rows the profile's inbox shows; marking read is shared with it.
import type { Hono } from "hono";
import type { HonoEnv } from "../http/env.ts";
import { route } from "../http/router.ts";
import { liveInbox, markRead } from "../domain/inbox.ts";
import * as contracts from "../contracts/public/inbox.ts";

export function registerInbox(app: Hono<HonoEnv>) {
  route(app, contracts.list, (c, v, ctx) =>
    liveInbox(ctx.db, ctx.actor.playerId, c.var.locale, ctx.clock.now(), v.unread),
  );
  route(app, contracts.read, async (_c, v, ctx) => ({
    marked: await markRead(ctx.db, ctx.actor.playerId, v.ids, ctx.clock.now()),
  }));
}
