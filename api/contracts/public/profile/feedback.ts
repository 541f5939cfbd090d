// A player's support tickets (/public/profile/feedback*, wizzard/getCategories): the list, the
// wizard's categories, opening a ticket, replying, and reading a thread. Only the player's own.
import { z } from "zod";
import * as f from "../../../domain/fields.ts";
import { TICKET_STATUSES } from "../../../db/schema/support.ts";
import { contract } from "../../contract.ts";

const P = "/public/profile";
const status = z.enum(TICKET_STATUSES);

export const tickets = contract({
  method: "ANY",
  path: `${P}/feedback`,
  auth: "player",
  kind: "page",
  summary: "The player's support tickets, the latest changed first.",
  output: z.object({
    tickets: z.array(
      z.object({
        id: z.int(),
        playerId: z.int(),
        category: z.string(),
        subCategory: z.string(),
        subject: z.string(),
        status,
        /** The player has not read the operator's last reply. */
        unreadByPlayer: z.boolean(),
        createdAt: z.int(),
        updatedAt: z.int(),
      }),
    ),
  }),
});

export const categories = contract({
  method: "ANY",
  path: `${P}/wizzard/getCategories`,
  auth: "player",
  summary: "The support wizard's categories and sub-categories in the request's language.",
  output: z.object({
    categories: z.array(
      z.object({ id: z.string(), title: z.string(), sub: z.array(z.object({ id: z.string(), title: z.string() })) }),
    ),
  }),
});

export const addTicket = contract({
  method: "ANY",
  path: `${P}/feedback/add/ticket`,
  auth: "player",
  mutates: true,
  summary: "Opens a ticket with its first message.",
  input: z.object({
    category: f.text(1, 40),
    subCategory: f.text(1, 40),
    subject: f.text(3, 200),
    body: f.text(3, 5000),
  }),
  output: z.object({ ticket: z.object({ id: z.int(), status }) }),
});

export const addMessage = contract({
  method: "ANY",
  path: `${P}/feedback/add/message`,
  auth: "player",
  mutates: true,
  summary: "The player writes in one of their tickets (it reopens it).",
  input: z.object({ ticketId: f.id(), body: f.text(1, 5000) }),
  output: z.object({ message: z.object({ id: z.int(), body: z.string(), createdAt: z.int() }) }),
});

export const messages = contract({
  method: "ANY",
  path: `${P}/feedback/:ticketId{[0-9]+}/messages`,
  auth: "player",
  summary: "A ticket's thread (operators shown by role, not by name); reading it clears the player's unread mark.",
  params: z.object({ ticketId: f.id() }),
  output: z.object({
    ticket: z.object({ id: z.int(), subject: z.string(), status, category: z.string(), subCategory: z.string() }),
    messages: z.array(
      z.object({
        id: z.int(),
        author: z.enum(["player", "support"]),
        body: z.string(),
        createdAt: z.int(),
        editedAt: z.int().nullable(),
      }),
    ),
  }),
});
