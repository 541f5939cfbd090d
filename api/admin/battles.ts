// /admin/battles/: the battles the battle servers reported, for operators — a paged list with
// filters, finding by battle or player, a battle's timeline and players, stopping a running
// battle (no rewards) and stopping every stuck one. Support reads; operators stop. The rules are
// api/domain/battles-admin.ts; each route is one call on its contract (api/contracts/admin/battles.ts).
import type { Hono } from "hono";
import type { HonoEnv } from "../http/env.ts";
import { page, route } from "../http/router.ts";
import { followById, type FeedMessage } from "../http/feed.ts";
import {
  battleById,
  battleEventsAfter,
  type BattleEvents,
  battleRoster,
  battlesPage,
  battleTimeline,
  findBattles,
  listBattles,
  newestBattleEvent,
  stopBattleByOperator,
  stopStuckByOperator,
} from "../domain/battles-admin.ts";
import { stopLocalRoom } from "../domain/battle-rooms.ts";
import * as battles from "../contracts/admin/battles.ts";

export function registerAdminBattles(app: Hono<HonoEnv>) {
  page(app, battles.page, (_c, _v, ctx) => battlesPage({ ctx }));
  route(app, battles.list, (_c, q, ctx) => listBattles(ctx.db, q, ctx.clock.now()));
  route(app, battles.find, (_c, input, ctx) => findBattles({ ctx, input }));
  page(app, battles.battlePage, async (_c, v, ctx) => {
    const battle = await battleById(ctx.db, v.battleId, ctx.clock.now());
    return { battle, events: await battleTimeline(ctx.db, battle.id), players: await battleRoster(ctx.db, battle.id) };
  });
  route(app, battles.events, async (_c, v, ctx) => {
    const battle = await battleById(ctx.db, v.battleId, ctx.clock.now());
    return { battle, rows: await battleTimeline(ctx.db, battle.id) };
  });
  route(app, battles.roster, async (_c, v, ctx) => {
    const battle = await battleById(ctx.db, v.battleId, ctx.clock.now());
    return { battle, rows: await battleRoster(ctx.db, battle.id) };
  });
  route(app, battles.stop, async (c, input, ctx) => {
    const done = await stopBattleByOperator({ ctx, input });
    // A battle simulated by this instance ends for its players at once; one on another instance
    // learns of the stop at its next heartbeat (api/domain/battle-rooms.ts).
    stopLocalRoom(c.var.deps, input.battleId);
    return done;
  });
  route(app, battles.stopTheStuck, async (c, _v, ctx) => {
    const done = await stopStuckByOperator({ ctx });
    for (const id of done.battleIds) stopLocalRoom(c.var.deps, id);
    return done;
  });

  // Live: every new battle_events row (a battle's start, each player's result, its end or stop) with
  // the battle's row as it is now, following the table by id (any instance serves it; resumes from
  // Last-Event-ID). `battleId` narrows it to one battle's timeline.
  route(app, battles.stream, (c, v, ctx) =>
    followById(c, v.after, {
      newest: () => newestBattleEvent(ctx.db, v.battleId),
      read: (last) => battleEventsAfter(ctx.db, v.battleId, last, ctx.clock.now()),
      id: (m) => m.event.id,
      messages: (rows): FeedMessage<BattleEvents>[] =>
        rows.map((data) => ({ id: String(data.event.id), event: "battle", data })),
    }),
  );
}
