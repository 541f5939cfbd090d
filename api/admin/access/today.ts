// The start page's figures at a glance: what is happening now and today (since 00:00 UTC), each
// with its last 14 days for a small chart. Read from the transactional store (one player's or one
// day's counters, cheap on its indexes), so they are current to the second.
import { and, count, eq, gte, sql } from "drizzle-orm";
import type { Db } from "../../db/index.ts";
import { players } from "../../db/schema/players.ts";
import { sessions } from "../../db/schema/access.ts";
import { orders } from "../../db/schema/billing.ts";
import { battles } from "../../db/schema/battles.ts";

const DAY = 86_400_000;
export const TODAY_DAYS = 14;
/** A player counts as online while their site session was seen this recently. */
export const ONLINE_WINDOW_MS = 15 * 60_000;

/** Per-day counts of the last TODAY_DAYS days (oldest first, today last) from (day index, n) rows. */
function series(rows: { day: number; n: number }[], today: number): number[] {
  const out = new Array<number>(TODAY_DAYS).fill(0);
  for (const r of rows) {
    const i = TODAY_DAYS - 1 - (today - Number(r.day));
    if (i >= 0 && i < TODAY_DAYS) out[i] = Number(r.n);
  }
  return out;
}

export async function todayFigures(db: Db, now: number) {
  const today = Math.floor(now / DAY);
  const from = (today - TODAY_DAYS + 1) * DAY;
  // Whole days since the epoch (a literal divisor: a bound number may arrive as a float).
  const dayOf = (col: unknown) => sql<number>`(${col} / ${sql.raw(String(DAY))})`;
  const [[online], regs, paid, revenue, [running], started] = await Promise.all([
    db
      .select({ n: sql<number>`count(distinct ${sessions.subjectId})` })
      .from(sessions)
      .where(and(eq(sessions.kind, "player"), gte(sessions.lastSeenAt, now - ONLINE_WINDOW_MS))),
    db
      .select({ day: dayOf(players.createdAt), n: count() })
      .from(players)
      .where(gte(players.createdAt, from))
      .groupBy(dayOf(players.createdAt)),
    db
      .select({ day: dayOf(orders.paidAt), n: count() })
      .from(orders)
      .where(and(eq(orders.status, "paid"), gte(orders.paidAt, from)))
      .groupBy(dayOf(orders.paidAt)),
    db
      .select({ currency: orders.currency, amountMinor: sql<number>`sum(${orders.amountMinor})` })
      .from(orders)
      .where(and(eq(orders.status, "paid"), gte(orders.paidAt, today * DAY)))
      .groupBy(orders.currency)
      .orderBy(orders.currency),
    db.select({ n: count() }).from(battles).where(eq(battles.status, "running")),
    db
      .select({ day: dayOf(battles.startedAt), n: count() })
      .from(battles)
      .where(gte(battles.startedAt, from))
      .groupBy(dayOf(battles.startedAt)),
  ]);
  const regDays = series(regs, today);
  const paidDays = series(paid, today);
  return {
    since: today * DAY,
    online: Number(online?.n ?? 0),
    registrations: { today: regDays[TODAY_DAYS - 1], days: regDays },
    payments: {
      today: paidDays[TODAY_DAYS - 1],
      days: paidDays,
      revenue: revenue.map((r) => ({ currency: r.currency, amountMinor: Number(r.amountMinor) })),
    },
    battles: { running: Number(running?.n ?? 0), days: series(started, today) },
  };
}
