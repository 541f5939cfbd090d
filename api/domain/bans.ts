// Bans: a ban or unban changes players.banned_until / ban_reason, writes its ban_log row and ends
// every session of the player, in the caller's transaction. A ban ends by time: whatever reads a
// ban compares banned_until with the clock (loadPlayer, sign-in), so no job lifts expired bans.
import { and, count, desc, eq, gt, inArray, sql } from "drizzle-orm";
import type { Tx } from "../db/index.ts";
import { players } from "../db/schema/players.ts";
import { banLog } from "../db/schema/bans.ts";
import { endAllSessions } from "./sessions.ts";
import type { Ctx } from "./context.ts";
import { AppError } from "./errors.ts";
import "./identity-messages.ts";

export interface ByAdmin {
  adminId: number;
  adminUsername: string;
  at: number;
}

/** Bans a player until `until` (epoch ms, after `at`) for `reason`; a new ban replaces a running one. */
export async function banPlayer(tx: Tx, input: ByAdmin & { playerId: number; reason: string; until: number }) {
  await tx
    .update(players)
    .set({ bannedUntil: input.until, banReason: input.reason })
    .where(eq(players.id, input.playerId));
  const [row] = await tx
    .insert(banLog)
    .values({
      playerId: input.playerId,
      action: "ban",
      reason: input.reason,
      until: input.until,
      adminId: input.adminId,
      adminUsername: input.adminUsername,
      createdAt: input.at,
    })
    .returning();
  await endAllSessions(tx, "player", input.playerId);
  return row;
}

/**
 * Lifts the running bans of these players (ids without a running ban are left alone and not
 * logged). Returns the ids that were unbanned.
 */
export async function unbanPlayers(
  tx: Tx,
  input: ByAdmin & { playerIds: number[]; reason?: string },
): Promise<number[]> {
  if (input.playerIds.length === 0) return [];
  const banned = await tx
    .update(players)
    .set({ bannedUntil: null, banReason: null })
    .where(and(inArray(players.id, input.playerIds), gt(players.bannedUntil, input.at)))
    .returning({ id: players.id });
  const ids = banned.map((b) => b.id).sort((a, b) => a - b);
  if (ids.length) {
    await tx.insert(banLog).values(
      ids.map((playerId) => ({
        playerId,
        action: "unban" as const,
        reason: input.reason ?? null,
        until: null,
        adminId: input.adminId,
        adminUsername: input.adminUsername,
        createdAt: input.at,
      })),
    );
  }
  return ids;
}

/** Whether the player row is under a running ban at `now`. */
export const isBanned = (p: { bannedUntil: number | null }, now: number) =>
  p.bannedUntil !== null && p.bannedUntil > now;

/** The ban log across players (newest first), with each player's name and whether their ban runs now. */
export async function banLogAcrossPlayers({
  ctx,
  input,
}: {
  ctx: Pick<Ctx, "db" | "clock">;
  input: { page: number; size: number; action?: "ban" | "unban"; q?: string };
}) {
  const now = ctx.clock.now();
  const id = input.q && /^\d+$/.test(input.q) ? Number(input.q) : undefined;
  const where = and(
    input.action ? eq(banLog.action, input.action) : undefined,
    input.q
      ? id !== undefined
        ? eq(banLog.playerId, id)
        : sql`${players.nickname} like ${`%${input.q.replace(/[\\%_]/g, (m) => `\\${m}`)}%`} escape '\\'`
      : undefined,
  );
  const rows = await ctx.db
    .select({ b: banLog, nickname: players.nickname, bannedUntil: players.bannedUntil })
    .from(banLog)
    .innerJoin(players, eq(players.id, banLog.playerId))
    .where(where)
    .orderBy(desc(banLog.id))
    .limit(input.size)
    .offset((input.page - 1) * input.size);
  const [{ n }] = await ctx.db
    .select({ n: count() })
    .from(banLog)
    .innerJoin(players, eq(players.id, banLog.playerId))
    .where(where);
  const [{ banned }] = await ctx.db.select({ banned: count() }).from(players).where(gt(players.bannedUntil, now));
  return {
    rows: rows.map((r) => ({ ...r.b, nickname: r.nickname, bannedNow: (r.bannedUntil ?? 0) > now })),
    total: n,
    page: input.page,
    size: input.size,
    bannedNow: banned,
  };
}

// A banned player cannot sign in or exchange a sign-in token; they are told why and until when.

const pad = (n: number) => String(n).padStart(2, "0");

/** DD.MM.YYYY HH:mm:ss in UTC (the server does not know the reader's time zone; the message says UTC). */
export function utcDateTime(ms: number): string {
  const d = new Date(ms);
  return `${pad(d.getUTCDate())}.${pad(d.getUTCMonth() + 1)}.${d.getUTCFullYear()} ${pad(d.getUTCHours())}:${pad(d.getUTCMinutes())}:${pad(d.getUTCSeconds())}`;
}

export interface BanFields {
  bannedUntil: number | null;
  banReason: string | null;
}

/** 403 `banned` with the end of the ban and its reason, in the request's locale. */
export function bannedError(p: BanFields): AppError {
  const until = utcDateTime(p.bannedUntil!);
  return p.banReason
    ? new AppError("banned", "identity.banned", { until, reason: p.banReason }, 403)
    : new AppError("banned", "identity.bannedNoReason", { until }, 403);
}

/** Throws the ban answer when the player is banned now. */
export function assertNotBanned(p: BanFields, now: number) {
  if (isBanned(p, now)) throw bannedError(p);
}
