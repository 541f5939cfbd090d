// A support case on one screen (issue 31): what the ticket page shows beside the thread — the
// player's balance, premium and ban, their recent orders with each one's provider state, their
// recent battles and bans, the ticket's status history — and "credit and reply": a compensation
// tied to the ticket, capped by the operator's role, credited through billing's manual credit
// (never revenue, docs/decisions/payer-and-revenue.md), answered in the thread and written to the
// admin log, all in one transaction.
import { and, desc, eq } from "drizzle-orm";
import type { AdminRole } from "../db/schema/access.ts";
import { players } from "../db/schema/players.ts";
import { orders } from "../db/schema/billing.ts";
import { battles, battlePlayers } from "../db/schema/battles.ts";
import { contentTanks } from "../db/schema/content.ts";
import { banLog } from "../db/schema/bans.ts";
import { supportTickets, supportTicketEvents } from "../db/schema/support.ts";
import type { AdminCtx, Ctx } from "./context.ts";
import { transact } from "./context.ts";
import { AppError, fieldError, notFound } from "./errors.ts";
import { audit } from "./audit.ts";
import { addMessage } from "./support.ts";
import { manualCredit } from "./billing/orders.ts";
import "./support-messages.ts";

/**
 * The most one compensation may give, by the operator's role: support settles small cases alone,
 * larger ones go to an operator or an admin (docs/decisions/support-case.md).
 */
export const CREDIT_CAPS: Record<AdminRole, { gold: number; silver: number; premiumDays: number }> = {
  support: { gold: 500, silver: 50_000, premiumDays: 3 },
  operator: { gold: 5_000, silver: 500_000, premiumDays: 30 },
  admin: { gold: 50_000, silver: 5_000_000, premiumDays: 90 },
  superadmin: { gold: 1_000_000, silver: 100_000_000, premiumDays: 365 },
};

const RECENT = 10;

async function ticketOr404(db: Ctx["db"], ticketId: number) {
  const [t] = await db.select().from(supportTickets).where(eq(supportTickets.id, ticketId)).limit(1);
  if (!t) throw notFound();
  return t;
}

/** Everything an operator needs to settle the ticket, read in one go. */
export async function ticketCase({ ctx, input }: { ctx: AdminCtx; input: { ticketId: number } }) {
  const { db, clock, actor } = ctx;
  const now = clock.now();
  const ticket = await ticketOr404(db, input.ticketId);
  const [p] = await db.select().from(players).where(eq(players.id, ticket.playerId)).limit(1);
  if (!p) throw notFound();
  const [recentOrders, recentBattles, bans, history] = await Promise.all([
    db.select().from(orders).where(eq(orders.playerId, p.id)).orderBy(desc(orders.id)).limit(RECENT),
    db
      .select({
        battleId: battles.id,
        startedAt: battles.startedAt,
        status: battles.status,
        mode: battles.mode,
        map: battles.map,
        tankId: battlePlayers.tankId,
        tankRu: contentTanks.nameRu,
        tankEn: contentTanks.nameEn,
        result: battlePlayers.result,
        kills: battlePlayers.kills,
        damage: battlePlayers.damage,
      })
      .from(battlePlayers)
      .innerJoin(battles, eq(battles.id, battlePlayers.battleId))
      .leftJoin(contentTanks, eq(contentTanks.id, battlePlayers.tankId))
      .where(eq(battlePlayers.playerId, p.id))
      .orderBy(desc(battles.startedAt))
      .limit(5),
    db.select().from(banLog).where(eq(banLog.playerId, p.id)).orderBy(desc(banLog.id)).limit(5),
    db
      .select()
      .from(supportTicketEvents)
      .where(eq(supportTicketEvents.ticketId, ticket.id))
      .orderBy(supportTicketEvents.id),
  ]);
  return {
    ticket: { id: ticket.id, subject: ticket.subject, status: ticket.status, createdAt: ticket.createdAt },
    player: {
      id: p.id,
      nickname: p.nickname,
      level: p.level,
      country: p.country,
      city: p.city ?? null,
      createdAt: p.createdAt,
      lastLoginAt: p.lastLoginAt ?? null,
      gold: p.gold,
      silver: p.silver,
      premiumUntil: p.premiumUntil && p.premiumUntil > now ? p.premiumUntil : null,
      bannedUntil: p.bannedUntil && p.bannedUntil > now ? p.bannedUntil : null,
      banReason: p.bannedUntil && p.bannedUntil > now ? p.banReason : null,
    },
    orders: recentOrders.map((o) => ({
      id: o.id,
      provider: o.provider,
      itemId: o.itemId,
      status: o.status,
      amountMinor: o.amountMinor,
      currency: o.currency,
      gold: Number((JSON.parse(o.grants) as { gold?: number }).gold ?? 0),
      createdAt: o.createdAt,
      paidAt: o.paidAt ?? null,
      providerTxId: o.providerTxId ?? null,
    })),
    battles: recentBattles.map((b) => ({
      battleId: b.battleId,
      startedAt: b.startedAt,
      status: b.status,
      mode: b.mode,
      map: b.map,
      tankId: b.tankId,
      tank: b.tankEn === null ? null : { ru: b.tankRu ?? "", en: b.tankEn },
      result: b.result ?? null,
      kills: b.kills,
      damage: b.damage,
    })),
    bans: bans.map((b) => ({
      id: b.id,
      action: b.action,
      reason: b.reason,
      until: b.until,
      adminUsername: b.adminUsername,
      createdAt: b.createdAt,
    })),
    history: history.map((h) => ({
      id: h.id,
      from: h.fromStatus,
      to: h.toStatus,
      source: h.source,
      by: h.adminUsername,
      at: h.createdAt,
    })),
    creditCap: CREDIT_CAPS[actor.role],
  };
}

export interface CreditAndReply {
  ticketId: number;
  gold: number;
  silver: number;
  premiumDays: number;
  /** Why (the admin log and the order's note). */
  reason: string;
  /** What the player reads in the thread. */
  reply: string;
}

/**
 * Credits the ticket's player (within the operator's cap) and answers the ticket, in one
 * transaction with its admin log row: either both happen or neither.
 */
export async function creditAndReply({ ctx, input }: { ctx: AdminCtx; input: CreditAndReply }) {
  const cap = CREDIT_CAPS[ctx.actor.role];
  const over = (["gold", "silver", "premiumDays"] as const).filter((k) => input[k] > cap[k]);
  if (over.length)
    throw fieldError(
      Object.fromEntries(over.map((k) => [k, { id: "support.overCap", values: [cap[k], ctx.actor.role] }])),
    );
  if (input.gold + input.silver + input.premiumDays <= 0) throw fieldError({ gold: { id: "validation.required" } });
  return transact(ctx, async (tx) => {
    const ticket = await ticketOr404(tx.db, input.ticketId);
    if (ticket.status === "closed") throw new AppError("conflict", "support.closed");
    const now = tx.clock.now();
    const order = await manualCredit(tx.db, {
      playerId: ticket.playerId,
      grants: { gold: input.gold, silver: input.silver, premiumDays: input.premiumDays },
      reason: `ticket #${ticket.id}: ${input.reason}`,
      adminId: tx.actor.adminId,
      at: now,
    });
    const message = await addMessage(tx.db, {
      ticketId: ticket.id,
      author: "support",
      adminId: tx.actor.adminId,
      adminUsername: tx.actor.username,
      body: input.reply,
      at: now,
    });
    await audit(tx, {
      action: "ticket.creditAndReply",
      targetType: "ticket",
      targetId: ticket.id,
      summary: `ticket #${ticket.id}: credited player #${ticket.playerId} (order #${order.id}) gold ${input.gold}, silver ${input.silver}, premium ${input.premiumDays} d — ${input.reason}; replied`,
      details: {
        changes: [
          { field: "order", after: order.id },
          { field: "gold", after: input.gold },
          { field: "silver", after: input.silver },
          { field: "premiumDays", after: input.premiumDays },
          { field: "note", after: input.reason },
        ],
      },
    });
    const [after] = await tx.db
      .select({ gold: players.gold, silver: players.silver })
      .from(players)
      .where(and(eq(players.id, ticket.playerId)));
    return { orderId: order.id, messageId: message.id, balance: after };
  });
}
