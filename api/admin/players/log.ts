// /admin/playerLog: the player's history (paged, filtered by kind), a live feed of new entries
// (SSE) and the player's notifications. Each route is one call on its contract
// (api/contracts/admin/playerLog.ts) over api/domain/player-log.ts.
import type { Hono } from "hono";
import type { HonoEnv } from "../../http/env.ts";
import { page, route } from "../../http/router.ts";
import {
  type LogEntry,
  playerLog,
  playerLogHead,
  playerLogPage,
  playerNotificationsPage,
} from "../../domain/player-log.ts";
import { playerOr404 } from "../../domain/players.ts";
import { pollFeed, type FeedMessage } from "../../http/feed.ts";
import * as log from "../../contracts/admin/playerLog.ts";

/** The player log's feed (/admin/playerLog/:playerId/stream): each new entry. */
export type PlayerLogEvents = { entry: LogEntry };

export function registerPlayerLog(app: Hono<HonoEnv>) {
  page(app, log.page, (_c, input, ctx) => playerLogHead({ ctx, input }));
  route(app, log.entries, (_c, input, ctx) => playerLogPage({ ctx, input }));

  // New entries of the player's log as they are written. The log is a merge of several tables
  // without one sequence, so the feed follows time: entries at or after the last one sent, minus
  // those already sent at that same millisecond.
  route(app, log.stream, async (c, { kind, playerId }, ctx) => {
    const p = await playerOr404(ctx.db, playerId);
    let since = ctx.clock.now();
    let sentAtSince = new Set<string>();
    return pollFeed(
      c,
      async (): Promise<FeedMessage<PlayerLogEvents>[]> => {
        const { rows } = await playerLog(ctx.db, {
          playerId: p.id,
          kinds: kind,
          from: since,
          order: "asc",
          limit: 200,
        });
        const fresh = rows.filter((r) => !sentAtSince.has(`${r.kind}:${r.id}`));
        for (const r of fresh) {
          if (r.at > since) (since = r.at), (sentAtSince = new Set());
          sentAtSince.add(`${r.kind}:${r.id}`);
        }
        return fresh.map((r) => ({ id: `${r.at}:${r.kind}:${r.id}`, event: "entry", data: r }));
      },
      200,
    );
  });

  route(app, log.notifications, (_c, input, ctx) => playerNotificationsPage({ ctx, input }));
}
