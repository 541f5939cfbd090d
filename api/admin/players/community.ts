// A player's friends (operators answer or end them on the player's behalf), the terms and rating
// resets, the devices they sign in from, and the jump to their social network profile. Each route
// is one call on its contract (api/contracts/admin/player/community.ts) over
// api/domain/player-community.ts.
import type { Hono } from "hono";
import type { HonoEnv } from "../../http/env.ts";
import { page, route } from "../../http/router.ts";
import * as community from "../../contracts/admin/player/community.ts";
import {
  answerFriendRequest,
  endFriendship,
  playerDevices,
  playerFriends,
  resetPlayerTerms,
  socialProfileUrl,
} from "../../domain/player-community.ts";

export function registerAdminCommunity(app: Hono<HonoEnv>) {
  route(app, community.friends, (_c, input, ctx) => playerFriends({ ctx, input }));
  route(app, community.accept, async (_c, input, ctx) => {
    const r = await answerFriendRequest({ ctx, input: { ...input, answer: "accept" } });
    return { requestId: r.requestId, fromId: r.fromId, toId: r.toId, status: "accepted" as const };
  });
  route(app, community.decline, async (_c, input, ctx) => {
    const r = await answerFriendRequest({ ctx, input: { ...input, answer: "decline" } });
    return {
      requestId: r.requestId,
      fromId: r.fromId,
      toId: r.toId,
      status: r.status === "cancelled" ? "cancelled" : "declined",
    } as const;
  });
  route(app, community.removeFriend, (_c, input, ctx) => endFriendship({ ctx, input }));
  route(app, community.resetEula, (_c, input, ctx) =>
    resetPlayerTerms({ ctx, input: { ...input, what: "resetEula" } }),
  );
  route(app, community.resetRateForBonus, (_c, input, ctx) =>
    resetPlayerTerms({ ctx, input: { ...input, what: "resetRateForBonus" } }),
  );
  page(app, community.devices, (_c, input, ctx) => playerDevices({ ctx, input }));
  route(app, community.goToMailProfile, async (c, input, ctx) =>
    c.redirect(await socialProfileUrl({ ctx, input }), 302),
  );
}
