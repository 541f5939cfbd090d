// /admin/feedback: support operators work the tickets — the list (server paging, status and player
// filters, unread first), status and assignee, the thread (reading clears support's unread mark),
// replies and corrections of their own replies, and a case settled from the ticket page. Two
// pages: the ticket list (optionally one player's) and a ticket's thread. The rules are
// api/domain/support-admin.ts and support-case.ts; each route is one call on its contract
// (api/contracts/admin/feedback.ts).
import type { Hono } from "hono";
import type { HonoEnv } from "../http/env.ts";
import { page, route } from "../http/router.ts";
import { followById, type FeedMessage } from "../http/feed.ts";
import * as feedback from "../contracts/admin/feedback.ts";
import { creditAndReply, ticketCase } from "../domain/support-case.ts";
import {
  editReply,
  listTickets,
  newestTicketMessage,
  replyToTicket,
  setTicket,
  ticketMessagesAfter,
  ticketPage,
  ticketsPage,
  ticketThread,
  type TicketEvents,
} from "../domain/support-admin.ts";

export function registerAdminFeedback(app: Hono<HonoEnv>) {
  page(app, feedback.tickets, (_c, input, ctx) => ticketsPage({ ctx, input }));

  // Hono's optional parameter does not match the trailing-slash form; that address (the one the
  // spec's path suggests) goes to the list, keeping the query, and the list's guard applies there.
  app.on(["GET", "HEAD"], "/admin/feedback/", (c) => c.redirect(`/admin/feedback${new URL(c.req.url).search}`));

  page(app, feedback.ticketPage, (_c, input, ctx) => ticketPage({ ctx, input }));

  // The ticket page's case (the player's money, orders, battles, bans, the status history) and
  // "credit and reply" from it (issue 31: support from one screen).
  route(app, feedback.caseOf, (_c, input, ctx) => ticketCase({ ctx, input }));
  route(app, feedback.creditAndReply, (_c, input, ctx) => creditAndReply({ ctx, input }));

  route(app, feedback.list, (_c, input, ctx) => listTickets({ ctx, input }));

  // Live feed of new messages (a new ticket's first message included), following
  // support_messages by id so any instance serves it; resumes from Last-Event-ID.
  route(app, feedback.stream, (c, v, ctx) =>
    followById(c, v.after, {
      newest: () => newestTicketMessage(ctx),
      read: (last) => ticketMessagesAfter(ctx, last, v.playerId),
      id: (r) => r.message.id,
      messages: (rows): FeedMessage<TicketEvents>[] =>
        rows.map((data) => ({ id: String(data.message.id), event: "message", data })),
    }),
  );

  route(app, feedback.set, (_c, input, ctx) => setTicket({ ctx, input }));
  route(app, feedback.thread, (_c, input, ctx) => ticketThread({ ctx, input }));
  route(app, feedback.reply, (_c, input, ctx) => replyToTicket({ ctx, input }));
  route(app, feedback.editReply, (_c, input, ctx) => editReply({ ctx, input }));
}
