// A player's erasure of personal data: email, password, avatar, social identities, links sent by
// mail (and the addresses they carry) and the personal content of their support messages are removed; the nickname becomes a neutral
// placeholder; clan membership ends (a leader's clan passes to the longest-standing member);
// every session ends. Ledger entries and payments stay, referring to the player only by id.
// `players.erased_at` is what operators see: that it happened and when, not what was removed.
import { within } from "./context.ts";
import { and, asc, eq, inArray, ne, sql } from "drizzle-orm";
import type { DbOrTx, Tx } from "../db/index.ts";
import { players, playerIdentities } from "../db/schema/players.ts";
import { oauthStates, playerTokens } from "../db/schema/identity.ts";
import { supportMessages, supportTickets } from "../db/schema/support.ts";
import { playerAvatars } from "../db/schema/avatars.ts";
import { clans, clanMembers, clanRequests, clanLog } from "../db/schema/clans.ts";
import { endAllSessions } from "./sessions.ts";
import { recordActivity } from "./players.ts";

export const ERASED_MESSAGE = "[removed at the player's request]";

/**
 * The player leaves their clan for good (erasure, a pruned guest): a leader's clan passes to the
 * longest-standing officer or member, or goes when nobody is left; their requests go too.
 */
export async function leaveClanForGood(tx: Tx, playerId: number, at: number) {
  {
    const [member] = await tx.select().from(clanMembers).where(eq(clanMembers.playerId, playerId)).limit(1);
    if (member) {
      if (member.role === "leader") {
        const [heir] = await tx
          .select({ playerId: clanMembers.playerId })
          .from(clanMembers)
          .where(and(eq(clanMembers.clanId, member.clanId), ne(clanMembers.playerId, playerId)))
          .orderBy(sql`case ${clanMembers.role} when 'officer' then 0 else 1 end`, asc(clanMembers.joinedAt))
          .limit(1);
        if (heir) {
          await tx.update(clanMembers).set({ role: "leader" }).where(eq(clanMembers.playerId, heir.playerId));
          await tx.update(clans).set({ leaderId: heir.playerId }).where(eq(clans.id, member.clanId));
          await tx.insert(clanLog).values({
            clanId: member.clanId,
            actorId: playerId,
            targetId: heir.playerId,
            action: "leader",
            details: JSON.stringify({ reason: "erasure" }),
            createdAt: at,
          });
        } else {
          await tx.delete(clanRequests).where(eq(clanRequests.clanId, member.clanId));
          await tx.delete(clanMembers).where(eq(clanMembers.clanId, member.clanId));
          await tx.delete(clans).where(eq(clans.id, member.clanId));
          await tx.insert(clanLog).values({
            clanId: member.clanId,
            actorId: playerId,
            action: "remove",
            details: JSON.stringify({ reason: "erasure" }),
            createdAt: at,
          });
        }
      }
      await tx.delete(clanMembers).where(eq(clanMembers.playerId, playerId));
      await tx.insert(clanLog).values({
        clanId: member.clanId,
        actorId: playerId,
        targetId: playerId,
        action: "quit",
        details: JSON.stringify({ reason: "erasure" }),
        createdAt: at,
      });
    }
    await tx.delete(clanRequests).where(eq(clanRequests.playerId, playerId));
  }
}

export async function erasePersonalData(db: DbOrTx, input: { playerId: number; at: number }) {
  return within(db, async (tx) => {
    const { playerId, at } = input;
    await leaveClanForGood(tx, playerId, at);
    const tickets = (
      await tx.select({ id: supportTickets.id }).from(supportTickets).where(eq(supportTickets.playerId, playerId))
    ).map((t) => t.id);
    if (tickets.length) {
      await tx
        .update(supportMessages)
        .set({ body: ERASED_MESSAGE })
        .where(and(inArray(supportMessages.ticketId, tickets), eq(supportMessages.author, "player")));
      await tx.update(supportTickets).set({ subject: ERASED_MESSAGE }).where(eq(supportTickets.playerId, playerId));
    }
    await tx.delete(playerIdentities).where(eq(playerIdentities.playerId, playerId));
    // Links by mail carry the address (verification) or sign in (magic, reset): none outlives the erasure.
    await tx.delete(playerTokens).where(eq(playerTokens.playerId, playerId));
    await tx.delete(oauthStates).where(eq(oauthStates.playerId, playerId));
    await tx.delete(playerAvatars).where(eq(playerAvatars.playerId, playerId));
    await recordActivity(tx, playerId, "erasure", at);
    await tx
      .update(players)
      .set({ nickname: `deleted-${playerId}`, email: null, passwordHash: null, avatarUrl: null, erasedAt: at })
      .where(eq(players.id, playerId));
    await endAllSessions(tx, "player", playerId);
    return { erasedAt: at };
  });
}
