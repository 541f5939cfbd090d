// /admin/playerLog: the player's history (domain/player-log.ts; paged, filtered by kind), a live
// feed of new entries (SSE) and the player's notifications.
import type { Hono } from "hono";
import { z } from "zod";
import { count, desc, eq } from "drizzle-orm";
import type { HonoEnv } from "../../http/env.ts";
import { page, route } from "../../http/router.ts";
import * as f from "../../domain/fields.ts";
import { fieldError } from "../../domain/errors.ts";
import { playerNotifications } from "../../db/schema/social.ts";
import { LOG_KINDS, playerLog, type LogEntry } from "../../domain/player-log.ts";
import { SUPPORT, playerOr404, byPlayer } from "./shared.ts";
import { pollFeed, type FeedMessage } from "../../http/feed.ts";

/** The player log's feed (/admin/playerLog/:playerId/stream): each new entry. */
export type PlayerLogEvents = { entry: LogEntry };

// Kinds as a list (`kind=ban&kind=gift`, `kind[]=…`, JSON array) or "ban,gift".
export const kindList = f.optional(
  z.preprocess(
    (v) =>
      typeof v === "string"
        ? v
            .split(",")
            .map((s) => s.trim())
            .filter(Boolean)
        : v,
    z.array(z.enum(LOG_KINDS)).max(LOG_KINDS.length),
  ),
);
export const logInput = z.object({
  playerId: f.id(),
  page: f.optional(f.int(1, 100_000)).default(1),
  size: f.optional(f.int(1, 200)).default(50),
  kind: kindList,
  from: f.optional(f.dateTime()),
  to: f.optional(f.dateTime()),
});
const pagedInput = z.object({
  playerId: f.id(),
  page: f.optional(f.int(1, 100_000)).default(1),
  size: f.optional(f.int(1, 200)).default(20),
});
const streamInput = z.object({ kind: kindList });

export function registerPlayerLog(app: Hono<HonoEnv>) {
  page(app, { path: "/admin/playerLog/:playerId{[0-9]+}", ...SUPPORT }, { params: byPlayer }, async (c, v) => {
    const db = c.var.deps.db;
    const p = await playerOr404(db, v.playerId);
    return c.json({
      player: { id: p.id, nickname: p.nickname },
      kinds: LOG_KINDS,
      ...(await playerLog(db, { playerId: p.id, limit: 50 })),
    });
  });

  route(
    app,
    { method: "ANY", path: "/admin/playerLog/getPlayerLogs", ...SUPPORT },
    { input: logInput },
    async (c, v) => {
      if (v.from !== undefined && v.to !== undefined && v.from > v.to)
        throw fieldError({ to: { id: "identity.periodOrder" } });
      const db = c.var.deps.db;
      await playerOr404(db, v.playerId);
      const r = await playerLog(db, {
        playerId: v.playerId,
        kinds: v.kind,
        from: v.from,
        to: v.to,
        limit: v.size,
        offset: (v.page - 1) * v.size,
      });
      return c.json({ ...r, page: v.page, size: v.size });
    },
  );

  // New entries of the player's log as they are written. The log is a merge of several tables
  // without one sequence, so the feed follows time: entries at or after the last one sent, minus
  // those already sent at that same millisecond.
  route(
    app,
    { method: "ANY", path: "/admin/playerLog/:playerId{[0-9]+}/stream", ...SUPPORT, kind: "stream" },
    { params: byPlayer, input: streamInput },
    async (c, { kind, playerId }) => {
      const { db, clock } = c.var.deps;
      const p = await playerOr404(db, playerId);
      let since = clock.now();
      let sentAtSince = new Set<string>();
      return pollFeed(
        c,
        async (): Promise<FeedMessage<PlayerLogEvents>[]> => {
          const { rows } = await playerLog(db, { playerId: p.id, kinds: kind, from: since, order: "asc", limit: 200 });
          const fresh = rows.filter((r) => !sentAtSince.has(`${r.kind}:${r.id}`));
          for (const r of fresh) {
            if (r.at > since) (since = r.at), (sentAtSince = new Set());
            sentAtSince.add(`${r.kind}:${r.id}`);
          }
          return fresh.map((r) => ({ id: `${r.at}:${r.kind}:${r.id}`, event: "entry", data: r }));
        },
        200,
      );
    },
  );

  route(
    app,
    { method: "ANY", path: "/admin/playerLog/getNotification", ...SUPPORT },
    { input: pagedInput },
    async (c, v) => {
      const db = c.var.deps.db;
      await playerOr404(db, v.playerId);
      const where = eq(playerNotifications.playerId, v.playerId);
      const rows = await db
        .select()
        .from(playerNotifications)
        .where(where)
        .orderBy(desc(playerNotifications.id))
        .limit(v.size)
        .offset((v.page - 1) * v.size);
      const [{ n }] = await db.select({ n: count() }).from(playerNotifications).where(where);
      return c.json({
        rows: rows.map((r) => ({ ...r, payload: JSON.parse(r.payload) })),
        total: n,
        page: v.page,
        size: v.size,
      });
    },
  );
}
