// /admin/feedback/*: support operators work the tickets — the list (optionally one player's), a
// ticket's page and thread, status and assignee, replies and corrections of their own replies, the
// live feed of new messages — and settle a case from the ticket page (its case, credit and reply).
import { z } from "zod";
import * as f from "../../domain/fields.ts";
import { TICKET_STATUSES } from "../../db/schema/support.ts";
import { SUPPORT_CATEGORIES } from "../../domain/support.ts";
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

const S = { auth: "admin", role: "support" } as const;
const title = z.object({ ru: z.string(), en: z.string() });
/** What the list's filters offer: the statuses and the wizard's categories with their subcategories. */
const options = {
  statuses: z.array(status),
  categories: z.array(z.object({ id: z.string(), title, sub: z.array(z.object({ id: z.string(), title })) })),
};
const playerRef = z.object({ id: z.int(), nickname: z.string() });
/** A ticket as stored (the operators' side included: assignee, unread marks). */
export const ticket = z.object({
  id: z.int(),
  playerId: z.int(),
  category: z.string(),
  subCategory: z.string(),
  subject: z.string(),
  status,
  assigneeId: z.int().nullable(),
  unreadByPlayer: z.boolean(),
  unreadBySupport: z.boolean(),
  createdAt: z.int(),
  updatedAt: z.int(),
});
/** A message of a ticket's thread (a player's, or an operator's with their name). */
export const message = z.object({
  id: z.int(),
  ticketId: z.int(),
  author: z.enum(["player", "support"]),
  adminId: z.int().nullable(),
  adminUsername: z.string().nullable(),
  body: z.string(),
  createdAt: z.int(),
  editedAt: z.int().nullable(),
});

/** The ticket list; with a player id, that player's tickets (and who they are). */
export const tickets = contract({
  method: "ANY",
  path: "/admin/feedback/:playerId{[0-9]+}?",
  ...S,
  kind: "page",
  params: z.object({ playerId: f.optional(f.id()) }),
  output: z.object({ ...options, player: playerRef.nullable() }),
});

export const list = contract({
  method: "ANY",
  path: "/admin/feedback/tickets/get",
  ...S,
  input: z.object({
    page: f.optional(f.int(1, 100_000)).default(1),
    size: f.optional(f.int(1, 100)).default(20),
    status: f.optional(status),
    category: f.optional(z.enum(SUPPORT_CATEGORIES.map((c) => c.id) as [string, ...string[]])),
    playerId: f.optional(f.id()),
    unread: f.optional(f.bool()),
  }),
  output: z.object({
    rows: z.array(ticket.extend({ nickname: z.string() })),
    total: z.int(),
    page: z.int(),
    size: z.int(),
  }),
});

/** Live: every new message (a new ticket's first included) with its ticket (TicketEvents, api/domain/support-admin.ts). */
export const stream = contract({
  method: "ANY",
  path: "/admin/feedback/tickets/stream",
  ...S,
  kind: "stream",
  input: z.object({ after: f.optional(f.int(0)), playerId: f.optional(f.id()) }),
  answers: ["stream"],
});

/** Sets a ticket's status and/or its assignee ("" or null: none). */
export const set = contract({
  method: "ANY",
  path: "/admin/feedback/ticket/set",
  ...S,
  mutates: true,
  input: z.object({
    ticketId: f.id(),
    status: f.optional(status),
    assigneeId: z.preprocess((v) => (v === "" ? null : v), f.id().nullable().optional()),
  }),
  output: z.object({ ticket }),
});

/** A ticket's page: the ticket and its player; the screen reads the thread through `thread`. */
export const ticketPage = contract({
  method: "ANY",
  path: "/admin/feedback/:ticketId{[0-9]+}/messages/",
  ...S,
  kind: "page",
  params: byTicket,
  output: z.object({ ...options, ticket, player: playerRef.nullable() }),
});

/** The ticket and its messages; reading clears support's unread mark. */
export const thread = contract({
  method: "ANY",
  path: "/admin/feedback/:ticketId{[0-9]+}/messages/get",
  ...S,
  params: byTicket,
  output: z.object({ ticket, messages: z.array(message) }),
});

export const reply = contract({
  method: "ANY",
  path: "/admin/feedback/:ticketId{[0-9]+}/messages/add",
  ...S,
  mutates: true,
  params: byTicket,
  input: z.object({ body: f.text(1, 5000) }),
  output: z.object({ message }),
});

/** An operator corrects their own reply; a player's words are never edited. */
export const editReply = contract({
  method: "ANY",
  path: "/admin/feedback/:ticketId{[0-9]+}/messages/edit",
  ...S,
  mutates: true,
  params: byTicket,
  input: z.object({ messageId: f.id(), body: f.text(1, 5000) }),
  output: z.object({ message }),
});
