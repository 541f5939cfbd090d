// /admin/banLog: one player's bans and unbans, a live feed of new ones (SSE following ban_log by
// id, like the payments feed) and the bulk unban.
import type { Hono } from "hono";
import { z } from "zod";
import { asc, count, desc, eq, gt } from "drizzle-orm";
import type { HonoEnv } from "../../http/env.ts";
import type { Db } from "../../db/index.ts";
import { page, route } from "../../http/router.ts";
import * as f from "../../domain/fields.ts";
import { audit } from "../../http/audit.ts";
import { banLog } from "../../db/schema/bans.ts";
import { players } from "../../db/schema/players.ts";
import { banLogAcrossPlayers, isBanned, unbanPlayers } from "../../domain/bans.ts";
import * as contracts from "../../contracts/admin/banLog.ts";
import { OPERATOR, SUPPORT, playerOr404, byPlayer } from "./shared.ts";
import { followById, type FeedMessage } from "../../http/feed.ts";

const listInput = z.object({
  page: f.optional(f.int(1, 100_000)).default(1),
  size: f.optional(f.int(1, 200)).default(20),
});
const streamInput = z.object({ after: f.optional(f.int(0)) });
// A list of ids as JSON (`[1,2]`), repeated form fields (`playerIds[]=1`) or "1, 2, 3" text.
const idList = z.preprocess(
  (v) => (typeof v === "string" ? v.split(/[\s,]+/).filter(Boolean) : typeof v === "number" ? [v] : v),
  z.array(f.id()).min(1).max(1000),
);
export const unbanInput = z.object({ playerIds: idList, reason: f.optionalText(500) });

async function banLogPage(db: Db, playerId: number, q: z.output<typeof listInput>, now: number) {
  const p = await playerOr404(db, playerId);
  const rows = await db
    .select()
    .from(banLog)
    .where(eq(banLog.playerId, playerId))
    .orderBy(desc(banLog.id))
    .limit(q.size)
    .offset((q.page - 1) * q.size);
  const [{ n }] = await db.select({ n: count() }).from(banLog).where(eq(banLog.playerId, playerId));
  return {
    player: {
      id: p.id,
      nickname: p.nickname,
      bannedUntil: p.bannedUntil,
      banReason: p.banReason,
      banned: isBanned(p, now),
    },
    rows,
    total: n,
    page: q.page,
    size: q.size,
  };
}

/** A ban log row with its player's name, as the ban log's feed sends it. */
export type BanLogEntry = typeof banLog.$inferSelect & { nickname: string };
/** The ban log's feed (/admin/banLog/stream/banLogs): a ban or an unban of any player. */
export type BanLogEvents = { ban: BanLogEntry; unban: BanLogEntry };

export function registerBanLog(app: Hono<HonoEnv>) {
  // The log across players: every ban and unban, who is banned now (issue 31).
  page(app, contracts.all, (_c, input, ctx) => banLogAcrossPlayers({ ctx, input }));

  page(app, { path: "/admin/banLog/:playerId{[0-9]+}", ...SUPPORT }, { params: byPlayer }, async (c, v) =>
    c.json(await banLogPage(c.var.deps.db, v.playerId, listInput.parse({}), c.var.deps.clock.now())),
  );

  route(
    app,
    { method: "ANY", path: "/admin/banLog/getBanLogs/:playerId{[0-9]+}", ...SUPPORT },
    { params: byPlayer, input: listInput },
    async (c, v) => c.json(await banLogPage(c.var.deps.db, v.playerId, v, c.var.deps.clock.now())),
  );

  // Every new ban_log row (bans and unbans of any player); resumes from Last-Event-ID.
  route(
    app,
    { method: "ANY", path: "/admin/banLog/stream/banLogs", ...SUPPORT, kind: "stream" },
    { input: streamInput },
    async (c, v) => {
      const db = c.var.deps.db;
      return followById(c, v.after, {
        newest: async () => (await db.select({ id: banLog.id }).from(banLog).orderBy(desc(banLog.id)).limit(1))[0]?.id,
        read: (last) =>
          db
            .select({ b: banLog, nickname: players.nickname })
            .from(banLog)
            .innerJoin(players, eq(players.id, banLog.playerId))
            .where(gt(banLog.id, last))
            .orderBy(asc(banLog.id))
            .limit(100),
        id: (r) => r.b.id,
        messages: (rows): FeedMessage<BanLogEvents>[] =>
          rows.map(({ b, nickname }) => ({ id: String(b.id), event: b.action, data: { ...b, nickname } })),
      });
    },
  );

  route(
    app,
    { method: "ANY", path: "/admin/banLog/unbanPlayers", ...OPERATOR, mutates: true },
    { input: unbanInput },
    async (c, v, ctx) => {
      const { db, clock } = c.var.deps;
      const ids = [...new Set(v.playerIds)];
      const unbanned = await db.transaction(async (tx) => {
        const done = await unbanPlayers(tx, {
          adminId: ctx.actor.adminId,
          adminUsername: ctx.actor.username,
          at: clock.now(),
          playerIds: ids,
          reason: v.reason,
        });
        await audit(c, tx, {
          action: "banLog.unbanPlayers",
          targetType: "player",
          targetId: done.length === 1 ? done[0] : undefined,
          summary: `unbanned ${done.length} of ${ids.length}: ${done.join(", ") || "none was banned"}${v.reason ? ` — ${v.reason}` : ""}`,
          details: {
            changes: [
              { field: "players", after: done.join(", ") || "—" },
              ...(v.reason ? [{ field: "note", after: v.reason }] : []),
            ],
          },
        });
        return done;
      });
      return c.json({ unbanned, notBanned: ids.filter((id) => !unbanned.includes(id)) });
    },
  );
}
