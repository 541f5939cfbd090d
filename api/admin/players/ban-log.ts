// /admin/banLog: every player's bans and unbans, one player's, a live feed of new ones (SSE
// following ban_log by id, like the payments feed) and the bulk unban. The rules are
// api/domain/ban-log.ts and bans.ts; each route is one call on its contract (api/contracts/admin/banLog.ts).
import type { Hono } from "hono";
import type { HonoEnv } from "../../http/env.ts";
import { page, route } from "../../http/router.ts";
import { followById, type FeedMessage } from "../../http/feed.ts";
import { banLogAcrossPlayers } from "../../domain/bans.ts";
import {
  banLogAfter,
  type BanLogEvents,
  newestBanLogEntry,
  playerBanLog,
  unbanByOperator,
} from "../../domain/ban-log.ts";
import * as banLog from "../../contracts/admin/banLog.ts";

export function registerBanLog(app: Hono<HonoEnv>) {
  // The log across players: every ban and unban, who is banned now (issue 31).
  page(app, banLog.all, (_c, input, ctx) => banLogAcrossPlayers({ ctx, input }));
  page(app, banLog.player, (_c, v, ctx) => playerBanLog({ ctx, input: { playerId: v.playerId, page: 1, size: 20 } }));
  route(app, banLog.list, (_c, input, ctx) => playerBanLog({ ctx, input }));

  // Every new ban_log row (bans and unbans of any player); resumes from Last-Event-ID.
  route(app, banLog.stream, (c, v, ctx) =>
    followById(c, v.after, {
      newest: () => newestBanLogEntry(ctx),
      read: (last) => banLogAfter(ctx, last),
      id: (r) => r.id,
      messages: (rows): FeedMessage<BanLogEvents>[] =>
        rows.map((r) => ({ id: String(r.id), event: r.action, data: r })),
    }),
  );

  route(app, banLog.unban, (_c, input, ctx) => unbanByOperator({ ctx, input }));
}
