// The operators' start page reads from the transactional store (cheap on its indexes, current to the
// second): players online, registrations and battles of the last days, and the counters of what
// waits for an operator (the screen each links to is the page's: api/admin/access/attention.ts).
import { and, count, eq, gte, sql } from "drizzle-orm";
import type { DbOrTx } from "../db/index.ts";
import { sessions } from "../db/schema/access.ts";
import { battles } from "../db/schema/battles.ts";
import { orders } from "../db/schema/billing.ts";
import { players } from "../db/schema/players.ts";
import { supportTickets } from "../db/schema/support.ts";
import { awaitingVerification } from "./billing/orders.ts";
import type { Call } from "./context.ts";

const DAY = 86_400_000;
/** A player counts as online while their site session was seen this recently. */
export const ONLINE_WINDOW_MS = 15 * 60_000;

/** Per-day counts of the last `days` days (oldest first, today last) from (day index, n) rows. */
export function perDay(rows: { day: number; n: number }[], today: number, days: number): number[] {
  const out = new Array<number>(days).fill(0);
  for (const r of rows) {
    const i = days - 1 - (today - Number(r.day));
    if (i >= 0 && i < days) out[i] = Number(r.n);
  }
  return out;
}

/**
 * The store's figures of the start page at `now`: players online, registrations and battles started
 * in each of the last `days` UTC days (oldest first, today last), battles running now.
 */
export async function storeFigures({ ctx, input: { now, days } }: Call<{ now: number; days: number }>) {
  const db = ctx.db;
  const today = Math.floor(now / DAY);
  const from = (today - days + 1) * DAY;
  // Whole days since the epoch (a literal divisor: a bound number may arrive as a float).
  const dayOf = (col: unknown) => sql<number>`(${col} / ${sql.raw(String(DAY))})`;
  const [[online], regs, [running], started] = await Promise.all([
    db
      .select({ n: sql<number>`count(distinct ${sessions.subjectId})` })
      .from(sessions)
      .where(and(eq(sessions.kind, "player"), gte(sessions.lastSeenAt, now - ONLINE_WINDOW_MS))),
    db
      .select({ day: dayOf(players.createdAt), n: count() })
      .from(players)
      .where(gte(players.createdAt, from))
      .groupBy(dayOf(players.createdAt)),
    db.select({ n: count() }).from(battles).where(eq(battles.status, "running")),
    db
      .select({ day: dayOf(battles.startedAt), n: count() })
      .from(battles)
      .where(gte(battles.startedAt, from))
      .groupBy(dayOf(battles.startedAt)),
  ]);
  return {
    since: today * DAY,
    online: Number(online?.n ?? 0),
    registrations: perDay(regs, today, days),
    running: Number(running?.n ?? 0),
    battlesStarted: perDay(started, today, days),
  };
}

/** Payments pending past the verification wait at `now` (their callback is likely lost). */
export async function countAwaitingVerification(db: DbOrTx, now: number): Promise<number> {
  const [r] = await db.select({ n: count() }).from(orders).where(awaitingVerification(now));
  return r.n;
}

/** Tickets whose last word is the player's (domain/support.ts): an operator owes an answer. */
export async function countOpenTickets(db: DbOrTx): Promise<number> {
  const [r] = await db.select({ n: count() }).from(supportTickets).where(eq(supportTickets.status, "open"));
  return r.n;
}
