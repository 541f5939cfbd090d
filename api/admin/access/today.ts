// The start page's figures at a glance: what is happening now and today (since 00:00 UTC), each
// with its last 14 days for a small chart. Players online, registrations and battles are read
// from the transactional store (cheap on its indexes, current to the second). Revenue, paid
// orders and DAU are the warehouse's, by the dashboards' own definitions
// (docs/decisions/payer-and-revenue.md): behind by the shipper's few seconds, never a second
// definition; while the warehouse is unavailable they are null and the page says so.
import { and, count, eq, gte, sql } from "drizzle-orm";
import type { Db } from "../../db/index.ts";
import type { Warehouse } from "../../../warehouse/port.ts";
import { startFigures } from "../../../warehouse/metrics/start.ts";
import { players } from "../../db/schema/players.ts";
import { sessions } from "../../db/schema/access.ts";
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

/** The warehouse's figures, or null while it cannot answer (the page says the dashboards wait). */
async function warehouseFigures(wh: Warehouse, now: number) {
  try {
    return await startFigures(wh, now, TODAY_DAYS);
  } catch {
    return null;
  }
}

export async function todayFigures(db: Db, wh: Warehouse, now: number) {
  const today = Math.floor(now / DAY);
  const from = (today - TODAY_DAYS + 1) * DAY;
  // Whole days since the epoch (a literal divisor: a bound number may arrive as a float).
  const dayOf = (col: unknown) => sql<number>`(${col} / ${sql.raw(String(DAY))})`;
  const [[online], regs, [running], started, figures] = await Promise.all([
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
    warehouseFigures(wh, now),
  ]);
  const regDays = series(regs, today);
  return {
    since: today * DAY,
    online: Number(online?.n ?? 0),
    registrations: { today: regDays[TODAY_DAYS - 1], days: regDays },
    // Paid orders through providers and net revenue in USD cents (compensations are neither).
    payments: figures && {
      today: figures.purchases[TODAY_DAYS - 1],
      days: figures.purchases,
      revenueUsdCents: figures.revenue[TODAY_DAYS - 1],
      revenueDays: figures.revenue,
    },
    /** Distinct players with activity (sign-in, battle, purchase…) in the UTC day. */
    dau: figures && { today: figures.dau[TODAY_DAYS - 1], days: figures.dau },
    battles: { running: Number(running?.n ?? 0), days: series(started, today) },
  };
}
