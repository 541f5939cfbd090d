// One player's ban log (/admin/banLog/:playerId), the feed of every new ban and unban, and the
// operators' bulk unban. The log across players is banLogAcrossPlayers (bans.ts).
import { asc, count, desc, eq, gt } from "drizzle-orm";
import { banLog } from "../db/schema/bans.ts";
import { players } from "../db/schema/players.ts";
import { type AdminCtx, type Call, type Ctx, transact } from "./context.ts";
import { audit } from "./audit.ts";
import { isBanned, unbanPlayers } from "./bans.ts";
import { playerOr404 } from "./players.ts";

/** A ban log row with its player's name, as the ban log's feed sends it. */
export type BanLogEntry = typeof banLog.$inferSelect & { nickname: string };
/** The ban log's feed (/admin/banLog/stream/banLogs): a ban or an unban of any player. */
export type BanLogEvents = { ban: BanLogEntry; unban: BanLogEntry };

/** A page of one player's bans and unbans, newest first, with the player's ban now. */
export async function playerBanLog({ ctx, input: q }: Call<{ playerId: number; page: number; size: number }>) {
  const p = await playerOr404(ctx.db, q.playerId);
  const rows = await ctx.db
    .select()
    .from(banLog)
    .where(eq(banLog.playerId, q.playerId))
    .orderBy(desc(banLog.id))
    .limit(q.size)
    .offset((q.page - 1) * q.size);
  const [{ n }] = await ctx.db.select({ n: count() }).from(banLog).where(eq(banLog.playerId, q.playerId));
  return {
    player: {
      id: p.id,
      nickname: p.nickname,
      bannedUntil: p.bannedUntil,
      banReason: p.banReason,
      banned: isBanned(p, ctx.clock.now()),
    },
    rows,
    total: n,
    page: q.page,
    size: q.size,
  };
}

/** The newest ban log row's id (the feed starts after it). */
export async function newestBanLogEntry(ctx: Ctx): Promise<number | undefined> {
  const [row] = await ctx.db.select({ id: banLog.id }).from(banLog).orderBy(desc(banLog.id)).limit(1);
  return row?.id;
}

/** Ban log rows after `last`, with their players' names, oldest first. */
export async function banLogAfter(ctx: Ctx, last: number): Promise<BanLogEntry[]> {
  const rows = await ctx.db
    .select({ b: banLog, nickname: players.nickname })
    .from(banLog)
    .innerJoin(players, eq(players.id, banLog.playerId))
    .where(gt(banLog.id, last))
    .orderBy(asc(banLog.id))
    .limit(100);
  return rows.map(({ b, nickname }) => ({ ...b, nickname }));
}

/** Lifts the running bans of the players named (those not banned are left as they are), audited. */
export async function unbanByOperator({
  ctx,
  input: v,
}: Call<{ playerIds: number[]; reason?: string }, AdminCtx["actor"]>) {
  const ids = [...new Set(v.playerIds)];
  const unbanned = await transact(ctx, async (tx) => {
    const done = await unbanPlayers(tx.db, {
      adminId: ctx.actor.adminId,
      adminUsername: ctx.actor.username,
      at: ctx.clock.now(),
      playerIds: ids,
      reason: v.reason,
    });
    await audit(tx, {
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
  return { unbanned, notBanned: ids.filter((id) => !unbanned.includes(id)) };
}
