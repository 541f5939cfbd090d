// /admin/feedback/:ticketId/case and creditAndReply: a support case settled from the ticket page
// (issue 31). The rest of /admin/feedback/* is still on the older form (issue 26 converts it).
import { z } from "zod";
import * as f from "../../domain/fields.ts";
import { TICKET_STATUSES } from "../../db/schema/support.ts";
import { ORDER_STATUSES } from "../../db/schema/billing.ts";
import { contract } from "../contract.ts";

const byTicket = z.object({ ticketId: f.id() });
const amounts = z.object({ gold: z.int(), silver: z.int(), premiumDays: z.int() });
const status = z.enum(TICKET_STATUSES);

export const caseOf = contract({
  method: "GET",
  path: "/admin/feedback/:ticketId{[0-9]+}/case",
  auth: "admin",
  role: "support",
  summary:
    "The ticket's case: the player's balance, premium and ban, recent orders with their provider state, recent battles and bans, the ticket's status history, and what the operator's role may credit.",
  params: byTicket,
  output: z.object({
    ticket: z.object({ id: z.int(), subject: z.string(), status, createdAt: z.int() }),
    player: z.object({
      id: z.int(),
      nickname: z.string(),
      level: z.int(),
      country: z.string(),
      city: z.string().nullable(),
      createdAt: z.int(),
      lastLoginAt: z.int().nullable(),
      gold: z.int(),
      silver: z.int(),
      premiumUntil: z.int().nullable(),
      bannedUntil: z.int().nullable(),
      banReason: z.string().nullable(),
    }),
    orders: z.array(
      z.object({
        id: z.int(),
        provider: z.string(),
        itemId: z.string(),
        status: z.enum(ORDER_STATUSES),
        amountMinor: z.int(),
        currency: z.string(),
        gold: z.int(),
        createdAt: z.int(),
        paidAt: z.int().nullable(),
        providerTxId: z.string().nullable(),
      }),
    ),
    battles: z.array(
      z.object({
        battleId: z.int(),
        startedAt: z.int(),
        status: z.string(),
        mode: z.string(),
        map: z.string(),
        tankId: z.int(),
        tank: z.object({ ru: z.string(), en: z.string() }).nullable(),
        result: z.string().nullable(),
        kills: z.int(),
        damage: z.int(),
      }),
    ),
    bans: z.array(
      z.object({
        id: z.int(),
        action: z.enum(["ban", "unban"]),
        reason: z.string().nullable(),
        until: z.int().nullable(),
        adminUsername: z.string(),
        createdAt: z.int(),
      }),
    ),
    history: z.array(
      z.object({
        id: z.int(),
        from: status.nullable(),
        to: status,
        source: z.enum(["player", "support", "operator"]),
        by: z.string().nullable(),
        at: z.int(),
      }),
    ),
    creditCap: amounts,
  }),
});

export const creditAndReply = contract({
  method: "POST",
  path: "/admin/feedback/:ticketId{[0-9]+}/creditAndReply",
  auth: "admin",
  role: "support",
  mutates: true,
  summary:
    "Credits the ticket's player (a compensation: never revenue; at most the role's cap) and answers the ticket, in one transaction with its admin log row.",
  params: byTicket,
  input: z.object({
    gold: f.optional(f.int(0, 1_000_000)).default(0),
    silver: f.optional(f.int(0, 100_000_000)).default(0),
    premiumDays: f.optional(f.int(0, 365)).default(0),
    reason: f.text(3, 500),
    reply: f.text(1, 5000),
  }),
  output: z.object({
    orderId: z.int(),
    messageId: z.int(),
    balance: z.object({ gold: z.int(), silver: z.int() }),
  }),
});
