// A player's support tickets: the wizard's categories, the list, opening a ticket, replying, and
// reading a thread (which clears the player's unread mark). Only the player's own tickets.
// Contracts: api/contracts/public/profile/feedback.ts.
import type { Hono } from "hono";
import type { HonoEnv } from "../http/env.ts";
import { page, route } from "../http/router.ts";
import { fieldError, notFound } from "../domain/errors.ts";
import {
  SUPPORT_CATEGORIES,
  isCategory,
  openTicket,
  addMessage,
  thread,
  markRead,
  playerTicket,
  playerTickets,
} from "../domain/support.ts";
import * as feedback from "../contracts/public/profile/feedback.ts";

async function own(c: { var: HonoEnv["Variables"] }, ticketId: number) {
  const t = await playerTicket(c.var.deps.db, c.var.player!.playerId, ticketId);
  if (!t) throw notFound();
  return t;
}

export function registerSupport(app: Hono<HonoEnv>) {
  page(app, feedback.tickets, async (c) => ({
    tickets: await playerTickets(c.var.deps.db, c.var.player!.playerId),
  }));

  route(app, feedback.categories, (c) => {
    const l = c.var.locale;
    return {
      categories: SUPPORT_CATEGORIES.map((k) => ({
        id: k.id,
        title: k.title[l],
        sub: k.sub.map((s) => ({ id: s.id, title: s.title[l] })),
      })),
    };
  });

  route(app, feedback.addTicket, async (c, v) => {
    if (!isCategory(v.category, v.subCategory)) throw fieldError({ subCategory: { id: "validation.pattern" } });
    const ticket = await openTicket(c.var.deps.db, {
      playerId: c.var.player!.playerId,
      ...v,
      at: c.var.deps.clock.now(),
    });
    return { ticket: { id: ticket.id, status: ticket.status } };
  });

  route(app, feedback.addMessage, async (c, v) => {
    await own(c, v.ticketId);
    const msg = await c.var.deps.db.transaction((tx) =>
      addMessage(tx, { ticketId: v.ticketId, author: "player", body: v.body, at: c.var.deps.clock.now() }),
    );
    return { message: { id: msg.id, body: msg.body, createdAt: msg.createdAt } };
  });

  route(app, feedback.messages, async (c, v) => {
    const ticket = await own(c, v.ticketId);
    const messages = await thread(c.var.deps.db, ticket.id);
    if (ticket.unreadByPlayer) await markRead(c.var.deps.db, ticket.id, "player");
    return {
      ticket: {
        id: ticket.id,
        subject: ticket.subject,
        status: ticket.status,
        category: ticket.category,
        subCategory: ticket.subCategory,
      },
      // Operators are shown by role, not by their username.
      messages: messages.map((m) => ({
        id: m.id,
        author: m.author,
        body: m.body,
        createdAt: m.createdAt,
        editedAt: m.editedAt,
      })),
    };
  });
}
