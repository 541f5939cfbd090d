// Bans: a ban or unban changes players.banned_until / ban_reason, writes its ban_log row and ends
// every session of the player, in the caller's transaction. A ban ends by time: whatever reads a
// ban compares banned_until with the clock (loadPlayer, sign-in), so no job lifts expired bans.
import { and, eq, gt, inArray } from "drizzle-orm";
import type { Tx } from "../db/index.ts";
import { players } from "../db/schema/players.ts";
import { banLog } from "../db/schema/bans.ts";
import { endAllSessions } from "./sessions.ts";

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
