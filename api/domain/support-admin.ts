// Support operators work the tickets (/admin/feedback): the list (server paging, status, category
// and player filters, unread first), a ticket's page and thread (reading clears support's unread
// mark), status and assignee, replies and corrections of their own replies, and the feed of new
// messages. Every change is audited from the actor in its transaction.
import { and, asc, count, desc, eq, getTableColumns, gt } from "drizzle-orm";
import { supportMessages, supportTickets, TICKET_STATUSES } from "../db/schema/support.ts";
import { players } from "../db/schema/players.ts";
import type { DbOrTx } from "../db/index.ts";
import { type AdminCtx, type Call, type Ctx, transact } from "./context.ts";
import { audit, valuesOf } from "./audit.ts";
import { fieldError, notFound } from "./errors.ts";
import { addMessage, markRead, setTicketStatus, thread, SUPPORT_CATEGORIES } from "./support.ts";

type Status = (typeof TICKET_STATUSES)[number];
type Ticket = typeof supportTickets.$inferSelect;
type Message = typeof supportMessages.$inferSelect;

/** What the list's filters offer: statuses and the wizard's categories. */
const listOptions = () => ({
  statuses: [...TICKET_STATUSES],
  categories: SUPPORT_CATEGORIES.map((c) => ({
    id: c.id,
    title: { ...c.title },
    sub: c.sub.map((s) => ({ id: s.id, title: { ...s.title } })),
  })),
});

async function ticketOr404(db: DbOrTx, id: number): Promise<Ticket> {
  const [t] = await db.select().from(supportTickets).where(eq(supportTickets.id, id)).limit(1);
  if (!t) throw notFound();
  return t;
}

async function playerName(db: DbOrTx, id: number) {
  const [p] = await db
    .select({ id: players.id, nickname: players.nickname })
    .from(players)
    .where(eq(players.id, id))
    .limit(1);
  return p ?? null;
}

/** The ticket list's page: its filters, and with a player id that player (404 if none). */
export async function ticketsPage({ ctx, input }: Call<{ playerId?: number }>) {
  const player = input.playerId === undefined ? null : await playerName(ctx.db, input.playerId);
  if (input.playerId !== undefined && !player) throw notFound();
  return { ...listOptions(), player };
}

export interface TicketsQuery {
  page: number;
  size: number;
  status?: Status;
  category?: string;
  playerId?: number;
  unread?: boolean;
}

/** A page of tickets with their player's nickname, unread by support first, then the latest changed. */
export async function listTickets({ ctx, input: q }: Call<TicketsQuery>) {
  const where = and(
    q.status ? eq(supportTickets.status, q.status) : undefined,
    q.category ? eq(supportTickets.category, q.category) : undefined,
    q.playerId ? eq(supportTickets.playerId, q.playerId) : undefined,
    q.unread === undefined ? undefined : eq(supportTickets.unreadBySupport, q.unread),
  );
  const rows = await ctx.db
    .select({ ...getTableColumns(supportTickets), nickname: players.nickname })
    .from(supportTickets)
    .innerJoin(players, eq(players.id, supportTickets.playerId))
    .where(where)
    .orderBy(desc(supportTickets.unreadBySupport), desc(supportTickets.updatedAt), desc(supportTickets.id))
    .limit(q.size)
    .offset((q.page - 1) * q.size);
  const [{ n }] = await ctx.db.select({ n: count() }).from(supportTickets).where(where);
  return { rows, total: n, page: q.page, size: q.size };
}

/** A ticket's page: the ticket, its player and the list's options (the thread is read through ticketThread). */
export async function ticketPage({ ctx, input }: Call<{ ticketId: number }>) {
  const ticket = await ticketOr404(ctx.db, input.ticketId);
  return { ...listOptions(), ticket, player: await playerName(ctx.db, ticket.playerId) };
}

/** A ticket and its messages; reading clears support's unread mark. */
export async function ticketThread({ ctx, input }: Call<{ ticketId: number }>) {
  const ticket = await ticketOr404(ctx.db, input.ticketId);
  const messages = await thread(ctx.db, ticket.id);
  if (ticket.unreadBySupport) await markRead(ctx.db, ticket.id, "support");
  return { ticket, messages };
}

/** Sets a ticket's status and/or assignee (null: none). */
export async function setTicket({
  ctx,
  input: v,
}: Call<{ ticketId: number; status?: Status; assigneeId?: number | null }, AdminCtx["actor"]>) {
  if (v.status === undefined && v.assigneeId === undefined) throw fieldError({ status: { id: "validation.required" } });
  const before = await ticketOr404(ctx.db, v.ticketId);
  const set = {
    ...(v.status ? { status: v.status } : {}),
    ...(v.assigneeId !== undefined ? { assigneeId: v.assigneeId } : {}),
    updatedAt: ctx.clock.now(),
  };
  await transact(ctx, async (tx) => {
    if (v.status) {
      await setTicketStatus(tx.db, {
        ticketId: v.ticketId,
        to: v.status,
        source: "operator",
        adminId: ctx.actor.adminId,
        adminUsername: ctx.actor.username,
        at: set.updatedAt,
        also: v.assigneeId !== undefined ? { assigneeId: v.assigneeId } : {},
      });
    } else await tx.db.update(supportTickets).set(set).where(eq(supportTickets.id, v.ticketId));
    const parts = [
      v.status ? `status ${before.status} → ${v.status}` : "",
      v.assigneeId !== undefined ? `assignee ${before.assigneeId ?? "none"} → ${v.assigneeId ?? "none"}` : "",
    ].filter(Boolean);
    await audit(tx, {
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
  return { ticket: { ...before, ...set } };
}

/** An operator's reply (the ticket becomes answered, unread by its player). */
export async function replyToTicket({ ctx, input }: Call<{ ticketId: number; body: string }, AdminCtx["actor"]>) {
  const ticket = await ticketOr404(ctx.db, input.ticketId);
  const message = await transact(ctx, async (tx) => {
    const msg = await addMessage(tx.db, {
      ticketId: ticket.id,
      author: "support",
      adminId: ctx.actor.adminId,
      adminUsername: ctx.actor.username,
      body: input.body,
      at: ctx.clock.now(),
    });
    await audit(tx, {
      action: "/admin/feedback/messages/add",
      targetType: "ticket",
      targetId: ticket.id,
      summary: `replied (${input.body.length} chars)`,
      details: valuesOf({ body: input.body }),
    });
    return msg;
  });
  return { message };
}

/** An operator corrects their own reply; a player's words are never edited. */
export async function editReply({
  ctx,
  input: v,
}: Call<{ ticketId: number; messageId: number; body: string }, AdminCtx["actor"]>) {
  const [m] = await ctx.db
    .select()
    .from(supportMessages)
    .where(and(eq(supportMessages.id, v.messageId), eq(supportMessages.ticketId, v.ticketId)))
    .limit(1);
  if (!m) throw notFound();
  if (m.author !== "support" || m.adminId !== ctx.actor.adminId)
    throw fieldError({ messageId: { id: "validation.pattern" } });
  const at = ctx.clock.now();
  await transact(ctx, async (tx) => {
    await tx.db.update(supportMessages).set({ body: v.body, editedAt: at }).where(eq(supportMessages.id, m.id));
    await audit(tx, {
      action: "/admin/feedback/messages/edit",
      targetType: "ticket",
      targetId: v.ticketId,
      summary: `edited message ${m.id}`,
      details: { changes: [{ field: "body", before: m.body, after: v.body }] },
    });
  });
  return { message: { ...m, body: v.body, editedAt: at } };
}

/** The tickets' feed (/admin/feedback/tickets/stream): a new message (a new ticket's first included) with its ticket. */
export type TicketEvents = { message: { message: Message; ticket: Ticket } };

/** The newest message's id (the feed starts after it). */
export async function newestTicketMessage(ctx: Ctx): Promise<number | undefined> {
  const [m] = await ctx.db
    .select({ id: supportMessages.id })
    .from(supportMessages)
    .orderBy(desc(supportMessages.id))
    .limit(1);
  return m?.id;
}

/** Messages after `last` (of one player's tickets, or all), with their tickets, oldest first. */
export async function ticketMessagesAfter(ctx: Ctx, last: number, playerId?: number) {
  const rows = await ctx.db
    .select({ message: supportMessages, ticket: supportTickets })
    .from(supportMessages)
    .innerJoin(supportTickets, eq(supportTickets.id, supportMessages.ticketId))
    .where(and(gt(supportMessages.id, last), playerId ? eq(supportTickets.playerId, playerId) : undefined))
    .orderBy(asc(supportMessages.id))
    .limit(100);
  return rows;
}
