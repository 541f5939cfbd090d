// Support tickets' rules: the wizard's categories, opening a ticket, adding messages from either
// side (which sets the status and the other side's unread mark), reading (which clears one's own
// mark), and the demo world's tickets. Ownership is checked by the callers' queries (playerId).
import { and, asc, desc, eq, inArray } from "drizzle-orm";
import { players } from "../db/schema/players.ts";
import type { DbOrTx, Db } from "../db/index.ts";
import type { WorldStep } from "../db/demo.ts";
import { supportTickets, supportMessages, supportTicketEvents, type TICKET_STATUSES } from "../db/schema/support.ts";

export type TicketStatus = (typeof TICKET_STATUSES)[number];
/** Who moved a ticket: the player (a message), an operator's message, an operator on the ticket page. */
export type TicketMove = { source: "player" | "support" | "operator"; adminId?: number; adminUsername?: string };

/**
 * Moves a ticket to `to` and records the change with its time and who made it, in the caller's
 * transaction; a move to the status it has changes nothing and records nothing. Answers the
 * status it had.
 */
export async function setTicketStatus(
  tx: DbOrTx,
  m: TicketMove & {
    ticketId: number;
    to: TicketStatus;
    at: number;
    also?: Partial<typeof supportTickets.$inferInsert>;
  },
): Promise<TicketStatus | undefined> {
  const [t] = await tx
    .select({ status: supportTickets.status, playerId: supportTickets.playerId })
    .from(supportTickets)
    .where(eq(supportTickets.id, m.ticketId))
    .limit(1);
  if (!t) return undefined;
  await tx
    .update(supportTickets)
    .set({ ...m.also, status: m.to, updatedAt: m.at })
    .where(eq(supportTickets.id, m.ticketId));
  if (t.status !== m.to)
    await tx.insert(supportTicketEvents).values({
      ticketId: m.ticketId,
      playerId: t.playerId,
      fromStatus: t.status,
      toStatus: m.to,
      source: m.source,
      adminId: m.adminId ?? null,
      adminUsername: m.adminUsername ?? null,
      createdAt: m.at,
    });
  return t.status;
}

/** The wizard: categories and their sub-categories, titled in ru and en. */
export const SUPPORT_CATEGORIES = [
  {
    id: "payments",
    title: { ru: "Платежи", en: "Payments" },
    sub: [
      { id: "not_credited", title: { ru: "Золото не пришло", en: "Gold not credited" } },
      { id: "refund", title: { ru: "Возврат платежа", en: "Refund" } },
      { id: "other", title: { ru: "Другое", en: "Other" } },
    ],
  },
  {
    id: "account",
    title: { ru: "Аккаунт", en: "Account" },
    sub: [
      { id: "login", title: { ru: "Не могу войти", en: "Cannot sign in" } },
      { id: "ban", title: { ru: "Блокировка", en: "Ban" } },
      { id: "hacked", title: { ru: "Аккаунт взломан", en: "Account hacked" } },
    ],
  },
  {
    id: "game",
    title: { ru: "Игра", en: "Game" },
    sub: [
      { id: "bug", title: { ru: "Ошибка в игре", en: "Bug" } },
      { id: "cheater", title: { ru: "Жалоба на игрока", en: "Report a player" } },
      { id: "suggestion", title: { ru: "Предложение", en: "Suggestion" } },
    ],
  },
] as const;

export const isCategory = (category: string, sub: string) =>
  SUPPORT_CATEGORIES.some((c) => c.id === category && c.sub.some((s) => s.id === sub));

export async function openTicket(
  db: Db,
  t: { playerId: number; category: string; subCategory: string; subject: string; body: string; at: number },
) {
  return db.transaction(async (tx) => {
    const [ticket] = await tx
      .insert(supportTickets)
      .values({
        playerId: t.playerId,
        category: t.category,
        subCategory: t.subCategory,
        subject: t.subject,
        status: "open",
        unreadBySupport: true,
        unreadByPlayer: false,
        createdAt: t.at,
        updatedAt: t.at,
      })
      .returning();
    await tx.insert(supportMessages).values({ ticketId: ticket.id, author: "player", body: t.body, createdAt: t.at });
    await tx.insert(supportTicketEvents).values({
      ticketId: ticket.id,
      playerId: t.playerId,
      fromStatus: null,
      toStatus: "open",
      source: "player",
      createdAt: t.at,
    });
    return ticket;
  });
}

/** A message on a ticket: a player's reopens it for support, an operator's answers it. */
export async function addMessage(
  tx: DbOrTx,
  m: {
    ticketId: number;
    author: "player" | "support";
    adminId?: number;
    adminUsername?: string;
    body: string;
    at: number;
  },
) {
  const [msg] = await tx
    .insert(supportMessages)
    .values({
      ticketId: m.ticketId,
      author: m.author,
      adminId: m.adminId ?? null,
      adminUsername: m.adminUsername ?? null,
      body: m.body,
      createdAt: m.at,
    })
    .returning();
  await setTicketStatus(tx, {
    ticketId: m.ticketId,
    to: m.author === "player" ? "open" : "answered",
    source: m.author,
    adminId: m.adminId,
    adminUsername: m.adminUsername,
    at: m.at,
    also: m.author === "player" ? { unreadBySupport: true } : { unreadByPlayer: true },
  });
  return msg;
}

/** A player's own tickets, the latest changed first (without the operators' side: assignee, their unread mark). */
export async function playerTickets(db: DbOrTx, playerId: number) {
  const rows = await db
    .select()
    .from(supportTickets)
    .where(eq(supportTickets.playerId, playerId))
    .orderBy(desc(supportTickets.updatedAt), desc(supportTickets.id));
  return rows.map(({ assigneeId: _a, unreadBySupport: _u, ...t }) => t);
}

/** One of the player's own tickets, or undefined (another player's ticket is not theirs to see). */
export async function playerTicket(db: DbOrTx, playerId: number, ticketId: number) {
  const [t] = await db
    .select()
    .from(supportTickets)
    .where(and(eq(supportTickets.id, ticketId), eq(supportTickets.playerId, playerId)));
  return t;
}

export async function thread(tx: DbOrTx, ticketId: number) {
  return tx
    .select()
    .from(supportMessages)
    .where(eq(supportMessages.ticketId, ticketId))
    .orderBy(asc(supportMessages.id));
}

export async function markRead(tx: DbOrTx, ticketId: number, side: "player" | "support") {
  await tx
    .update(supportTickets)
    .set(side === "player" ? { unreadByPlayer: false } : { unreadBySupport: false })
    .where(and(eq(supportTickets.id, ticketId)));
}

const DEMO = [
  ["payments", "refund", "Вернуть деньги за премиум", "Купил премиум по ошибке, можно вернуть деньги?"],
  ["game", "bug", "Tank stuck after respawn", "My tank got stuck in a rock on Prokhorovka after respawn."],
  ["account", "login", "Не могу войти через VK", "После обновления не получается войти через VK."],
  ["game", "suggestion", "More winter maps", "Please add more winter maps, the camouflage is wasted."],
] as const;

/** A few tickets from demo players (each after its player's registration), some answered. */
export const supportStep: WorldStep = async ({ db, r, playerIds, opts }) => {
  if (!playerIds.length) return;
  const registered = await db
    .select({ id: players.id, createdAt: players.createdAt })
    .from(players)
    .where(inArray(players.id, playerIds));
  for (const [i, [category, sub, subject, body]] of DEMO.entries()) {
    const wanted = opts.now - r.int(1, 10) * 86_400_000;
    // A player registered before the moment (else the earliest one, an hour after registering).
    const before = registered.filter((p) => p.createdAt < wanted - 3_600_000);
    const p = before.length ? r.pick(before) : registered.reduce((a, b) => (a.createdAt <= b.createdAt ? a : b));
    const at = Math.min(Math.max(wanted, p.createdAt + 3_600_000), opts.now - 2 * 3_600_000);
    const ticket = await openTicket(db, { playerId: p.id, category, subCategory: sub, subject, body, at });
    if (i % 2 === 0)
      await addMessage(db, {
        ticketId: ticket.id,
        author: "support",
        adminUsername: "support",
        body: i === 0 ? "Здравствуйте! Вернули деньги, премиум снят." : "Thanks, we are looking into it.",
        at: at + 3_600_000,
      });
  }
};
