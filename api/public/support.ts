// A player's support tickets: the wizard's categories, the list, opening a ticket, replying, and
// reading a thread (which clears the player's unread mark). Only the player's own tickets.
import type { Hono } from "hono";
import { z } from "zod";
import { and, desc, eq } from "drizzle-orm";
import type { HonoEnv } from "../http/env.ts";
import { page, route } from "../http/router.ts";
import * as f from "../domain/fields.ts";
import { fieldError, notFound } from "../domain/errors.ts";
import { supportTickets } from "../db/schema/support.ts";
import { SUPPORT_CATEGORIES, isCategory, openTicket, addMessage, thread, markRead } from "../domain/support.ts";

const ticketInput = z.object({
  category: f.text(1, 40),
  subCategory: f.text(1, 40),
  subject: f.text(3, 200),
  body: f.text(3, 5000),
});
const messageInput = z.object({ ticketId: f.id(), body: f.text(1, 5000) });
const byTicket = z.object({ ticketId: f.id() });

async function own(c: { var: HonoEnv["Variables"] }, ticketId: number) {
  const [t] = await c.var.deps.db
    .select()
    .from(supportTickets)
    .where(and(eq(supportTickets.id, ticketId), eq(supportTickets.playerId, c.var.player!.playerId)))
    .limit(1);
  if (!t) throw notFound();
  return t;
}

export function registerSupport(app: Hono<HonoEnv>) {
  const P = { auth: "player" } as const;
  page(app, { path: "/public/profile/feedback", ...P }, async (c) => {
    const tickets = await c.var.deps.db
      .select()
      .from(supportTickets)
      .where(eq(supportTickets.playerId, c.var.player!.playerId))
      .orderBy(desc(supportTickets.updatedAt), desc(supportTickets.id));
    return c.json({ tickets: tickets.map(({ assigneeId: _a, unreadBySupport: _u, ...t }) => t) });
  });

  route(app, { method: "ANY", path: "/public/profile/wizzard/getCategories", ...P }, {}, async (c) => {
    const l = c.var.locale;
    return c.json({
      categories: SUPPORT_CATEGORIES.map((k) => ({
        id: k.id,
        title: k.title[l],
        sub: k.sub.map((s) => ({ id: s.id, title: s.title[l] })),
      })),
    });
  });

  route(
    app,
    { method: "ANY", path: "/public/profile/feedback/add/ticket", ...P, mutates: true },
    { input: ticketInput },
    async (c, v) => {
      if (!isCategory(v.category, v.subCategory)) throw fieldError({ subCategory: { id: "validation.pattern" } });
      const ticket = await openTicket(c.var.deps.db, {
        playerId: c.var.player!.playerId,
        ...v,
        at: c.var.deps.clock.now(),
      });
      return c.json({ ticket: { id: ticket.id, status: ticket.status } });
    },
  );

  route(
    app,
    { method: "ANY", path: "/public/profile/feedback/add/message", ...P, mutates: true },
    { input: messageInput },
    async (c, v) => {
      await own(c, v.ticketId);
      const msg = await c.var.deps.db.transaction((tx) =>
        addMessage(tx, { ticketId: v.ticketId, author: "player", body: v.body, at: c.var.deps.clock.now() }),
      );
      return c.json({ message: { id: msg.id, body: msg.body, createdAt: msg.createdAt } });
    },
  );

  route(
    app,
    { method: "ANY", path: "/public/profile/feedback/:ticketId{[0-9]+}/messages", ...P },
    { params: byTicket },
    async (c, v) => {
      const ticket = await own(c, v.ticketId);
      const messages = await thread(c.var.deps.db, ticket.id);
      if (ticket.unreadByPlayer) await markRead(c.var.deps.db, ticket.id, "player");
      return c.json({
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
      });
    },
  );
}
