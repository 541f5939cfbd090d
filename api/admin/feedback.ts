// /admin/feedback: support operators work the tickets — the list (server paging, status and player
// filters, unread first), status and assignee, the thread (reading clears support's unread mark),
// replies and corrections of their own replies. Every change audited in its transaction. Two
// pages: the ticket list (optionally one player's) and a ticket's thread.
import type { Hono } from "hono";
import { z } from "zod";
import { and, asc, count, desc, eq, gt, getTableColumns } from "drizzle-orm";
import type { HonoEnv } from "../http/env.ts";
import { page, route } from "../http/router.ts";
import * as f from "../domain/fields.ts";
import { audit, valuesOf } from "../http/audit.ts";
import { fieldError, notFound } from "../domain/errors.ts";
import { supportTickets, supportMessages, TICKET_STATUSES } from "../db/schema/support.ts";
import { addMessage, thread, markRead, setTicketStatus, SUPPORT_CATEGORIES } from "../domain/support.ts";
import { followById, type FeedMessage } from "../http/feed.ts";
import { players } from "../db/schema/players.ts";
import * as contracts from "../contracts/admin/feedback.ts";
import { creditAndReply, ticketCase } from "../domain/support-case.ts";

const S = { auth: "admin", role: "support" } as const;
const listInput = z.object({
  page: f.optional(f.int(1, 100_000)).default(1),
  size: f.optional(f.int(1, 100)).default(20),
  status: f.optional(z.enum(TICKET_STATUSES)),
  category: f.optional(z.enum(SUPPORT_CATEGORIES.map((c) => c.id) as [string, ...string[]])),
  playerId: f.optional(f.id()),
  unread: f.optional(f.bool()),
});
const setInput = z.object({
  ticketId: f.id(),
  status: f.optional(z.enum(TICKET_STATUSES)),
  assigneeId: z.preprocess((v) => (v === "" ? null : v), f.id().nullable().optional()),
});
const streamInput = z.object({ after: f.optional(f.int(0)), playerId: f.optional(f.id()) });
const bodyInput = z.object({ body: f.text(1, 5000) });
const byTicket = z.object({ ticketId: f.id() });
const editInput = z.object({ messageId: f.id(), body: f.text(1, 5000) });

const ticketOf = async (c: { var: HonoEnv["Variables"] }, id: number) => {
  const [t] = await c.var.deps.db.select().from(supportTickets).where(eq(supportTickets.id, id)).limit(1);
  if (!t) throw notFound();
  return t;
};

/** What the list's filters offer: statuses and the wizard's categories, titled in ru and en. */
const listOptions = () => ({ statuses: TICKET_STATUSES, categories: SUPPORT_CATEGORIES });

/** The tickets' feed (/admin/feedback/tickets/stream): a new message (a new ticket's first included) with its ticket. */
export type TicketEvents = {
  message: { message: typeof supportMessages.$inferSelect; ticket: typeof supportTickets.$inferSelect };
};

export function registerAdminFeedback(app: Hono<HonoEnv>) {
  // The ticket list; with a player id, that player's tickets (and who they are).
  page(
    app,
    { path: "/admin/feedback/:playerId{[0-9]+}?", ...S },
    { params: z.object({ playerId: f.optional(f.id()) }) },
    async (c, { playerId: id }) => {
      const [player] =
        id !== undefined
          ? await c.var.deps.db
              .select({ id: players.id, nickname: players.nickname })
              .from(players)
              .where(eq(players.id, id))
              .limit(1)
          : [];
      if (id !== undefined && !player) throw notFound();
      return c.json({ ...listOptions(), player: player ?? null });
    },
  );

  // Hono's optional parameter does not match the trailing-slash form; that address (the one the
  // spec's path suggests) goes to the list, keeping the query, and the list's guard applies there.
  app.on(["GET", "HEAD"], "/admin/feedback/", (c) => c.redirect(`/admin/feedback${new URL(c.req.url).search}`));

  // A ticket's thread: the ticket, its player and its messages; the screen reads them through
  // messages/get, which also clears support's unread mark.
  page(app, { path: "/admin/feedback/:ticketId{[0-9]+}/messages/", ...S }, { params: byTicket }, async (c, v) => {
    const ticket = await ticketOf(c, v.ticketId);
    const [player] = await c.var.deps.db
      .select({ id: players.id, nickname: players.nickname })
      .from(players)
      .where(eq(players.id, ticket.playerId))
      .limit(1);
    return c.json({ ...listOptions(), ticket, player: player ?? null });
  });

  // The ticket page's case (the player's money, orders, battles, bans, the status history) and
  // "credit and reply" from it (issue 31: support from one screen).
  route(app, contracts.caseOf, (_c, input, ctx) => ticketCase({ ctx, input }));
  route(app, contracts.creditAndReply, (_c, input, ctx) => creditAndReply({ ctx, input }));

  route(app, { method: "ANY", path: "/admin/feedback/tickets/get", ...S }, { input: listInput }, async (c, q) => {
    const { db } = c.var.deps;
    const where = and(
      q.status ? eq(supportTickets.status, q.status) : undefined,
      q.category ? eq(supportTickets.category, q.category) : undefined,
      q.playerId ? eq(supportTickets.playerId, q.playerId) : undefined,
      q.unread === undefined ? undefined : eq(supportTickets.unreadBySupport, q.unread),
    );
    const rows = await db
      .select({ ...getTableColumns(supportTickets), nickname: players.nickname })
      .from(supportTickets)
      .innerJoin(players, eq(players.id, supportTickets.playerId))
      .where(where)
      .orderBy(desc(supportTickets.unreadBySupport), desc(supportTickets.updatedAt), desc(supportTickets.id))
      .limit(q.size)
      .offset((q.page - 1) * q.size);
    const [{ n }] = await db.select({ n: count() }).from(supportTickets).where(where);
    return c.json({ rows, total: n, page: q.page, size: q.size });
  });

  // Live feed of new messages (a new ticket's first message included), following
  // support_messages by id so any instance serves it; resumes from Last-Event-ID.
  route(
    app,
    { method: "ANY", path: "/admin/feedback/tickets/stream", ...S, kind: "stream" },
    { input: streamInput },
    async (c, v) => {
      const db = c.var.deps.db;
      return followById(c, v.after, {
        newest: async () =>
          (
            await db.select({ id: supportMessages.id }).from(supportMessages).orderBy(desc(supportMessages.id)).limit(1)
          )[0]?.id,
        read: (last) =>
          db
            .select({ m: supportMessages, t: supportTickets })
            .from(supportMessages)
            .innerJoin(supportTickets, eq(supportTickets.id, supportMessages.ticketId))
            .where(and(gt(supportMessages.id, last), v.playerId ? eq(supportTickets.playerId, v.playerId) : undefined))
            .orderBy(asc(supportMessages.id))
            .limit(100),
        id: (r) => r.m.id,
        messages: (rows): FeedMessage<TicketEvents>[] =>
          rows.map(({ m, t }) => ({ id: String(m.id), event: "message", data: { message: m, ticket: t } })),
      });
    },
  );

  route(
    app,
    { method: "ANY", path: "/admin/feedback/ticket/set", ...S, mutates: true },
    { input: setInput },
    async (c, v, ctx) => {
      if (v.status === undefined && v.assigneeId === undefined)
        throw fieldError({ status: { id: "validation.required" } });
      const before = await ticketOf(c, v.ticketId);
      const set = {
        ...(v.status ? { status: v.status } : {}),
        ...(v.assigneeId !== undefined ? { assigneeId: v.assigneeId } : {}),
        updatedAt: c.var.deps.clock.now(),
      };
      await c.var.deps.db.transaction(async (tx) => {
        if (v.status) {
          await setTicketStatus(tx, {
            ticketId: v.ticketId,
            to: v.status,
            source: "operator",
            adminId: ctx.actor.adminId,
            adminUsername: ctx.actor.username,
            at: set.updatedAt,
            also: v.assigneeId !== undefined ? { assigneeId: v.assigneeId } : {},
          });
        } else await tx.update(supportTickets).set(set).where(eq(supportTickets.id, v.ticketId));
        const parts = [
          v.status ? `status ${before.status} → ${v.status}` : "",
          v.assigneeId !== undefined ? `assignee ${before.assigneeId ?? "none"} → ${v.assigneeId ?? "none"}` : "",
        ].filter(Boolean);
        await audit(c, tx, {
          action: "/admin/feedback/ticket/set",
          targetType: "ticket",
          targetId: v.ticketId,
          summary: parts.join("; "),
          details: {
            changes: [
              ...(v.status ? [{ field: "ticketStatus", before: before.status, after: v.status }] : []),
              ...(v.assigneeId !== undefined
                ? [{ field: "assigneeId", before: before.assigneeId, after: v.assigneeId }]
                : []),
            ],
          },
        });
      });
      return c.json({ ticket: { ...before, ...set } });
    },
  );

  route(
    app,
    { method: "ANY", path: "/admin/feedback/:ticketId{[0-9]+}/messages/get", ...S },
    { params: byTicket },
    async (c, v) => {
      const ticket = await ticketOf(c, v.ticketId);
      const messages = await thread(c.var.deps.db, ticket.id);
      if (ticket.unreadBySupport) await markRead(c.var.deps.db, ticket.id, "support");
      return c.json({ ticket, messages });
    },
  );

  route(
    app,
    { method: "ANY", path: "/admin/feedback/:ticketId{[0-9]+}/messages/add", ...S, mutates: true },
    { params: byTicket, input: bodyInput },
    async (c, { body, ticketId }, ctx) => {
      const ticket = await ticketOf(c, ticketId);
      const admin = ctx.actor;
      const msg = await c.var.deps.db.transaction(async (tx) => {
        const msg = await addMessage(tx, {
          ticketId: ticket.id,
          author: "support",
          adminId: admin.adminId,
          adminUsername: admin.username,
          body,
          at: c.var.deps.clock.now(),
        });
        await audit(c, tx, {
          action: "/admin/feedback/messages/add",
          targetType: "ticket",
          targetId: ticket.id,
          summary: `replied (${body.length} chars)`,
          details: valuesOf({ body }),
        });
        return msg;
      });
      return c.json({ message: msg });
    },
  );

  // An operator corrects their own reply; a player's words are never edited.
  route(
    app,
    { method: "ANY", path: "/admin/feedback/:ticketId{[0-9]+}/messages/edit", ...S, mutates: true },
    { params: byTicket, input: editInput },
    async (c, v, ctx) => {
      const ticketId = v.ticketId;
      const [m] = await c.var.deps.db
        .select()
        .from(supportMessages)
        .where(and(eq(supportMessages.id, v.messageId), eq(supportMessages.ticketId, ticketId)))
        .limit(1);
      if (!m) throw notFound();
      if (m.author !== "support" || m.adminId !== ctx.actor.adminId)
        throw fieldError({ messageId: { id: "validation.pattern" } });
      const at = c.var.deps.clock.now();
      await c.var.deps.db.transaction(async (tx) => {
        await tx.update(supportMessages).set({ body: v.body, editedAt: at }).where(eq(supportMessages.id, m.id));
        await audit(c, tx, {
          action: "/admin/feedback/messages/edit",
          targetType: "ticket",
          targetId: ticketId,
          summary: `edited message ${m.id}`,
          details: { changes: [{ field: "body", before: m.body, after: v.body }] },
        });
      });
      return c.json({ message: { ...m, body: v.body, editedAt: at } });
    },
  );
}
