// A player's balances and counters now, a balance over time by UTC day from the ledger, and the
// log entries around a moment (what moved the balance then), as operators read them
// (/admin/playerCounters; the routes are api/admin/players/counters.ts).
import { and, asc, count, desc, eq, gte, lt, lte, sql } from "drizzle-orm";
import type { DbOrTx } from "../db/index.ts";
import { ledgerEntries } from "../db/schema/ledger.ts";
import { playerItems, shopPurchases } from "../db/schema/inventory.ts";
import { gifts } from "../db/schema/social.ts";
import { supportTickets } from "../db/schema/support.ts";
import { banLog } from "../db/schema/bans.ts";
import { orders } from "../db/schema/billing.ts";
import { fieldError } from "./errors.ts";
import { payingOrder } from "./payers.ts";
import { type LogKind, logAround } from "./player-log.ts";
import { isBanned } from "./bans.ts";
import { playerOr404 } from "./players.ts";
import type { Ctx } from "./context.ts";

const DAY = 86_400_000;
const MAX_DAYS = 366;

async function countersOf(db: DbOrTx, playerId: number, now: number) {
  const p = await playerOr404(db, playerId);
  const num = (q: Promise<{ n: number }[]>) => q.then((r) => Number(r[0]?.n ?? 0));
  const items = await db
    .select({ type: playerItems.itemType, kinds: count(), quantity: sql<number>`sum(${playerItems.quantity})` })
    .from(playerItems)
    .where(eq(playerItems.playerId, playerId))
    .groupBy(playerItems.itemType);
  const flows = await db
    .select({
      currency: ledgerEntries.currency,
      credited: sql<number>`coalesce(sum(case when ${ledgerEntries.delta} > 0 then ${ledgerEntries.delta} end), 0)`,
      debited: sql<number>`coalesce(-sum(case when ${ledgerEntries.delta} < 0 then ${ledgerEntries.delta} end), 0)`,
      movements: count(),
    })
    .from(ledgerEntries)
    .where(eq(ledgerEntries.playerId, playerId))
    .groupBy(ledgerEntries.currency);
  return {
    player: { id: p.id, nickname: p.nickname },
    balances: {
      gold: p.gold,
      silver: p.silver,
      premiumUntil: p.premiumUntil,
      premium: p.premiumUntil !== null && p.premiumUntil > now,
    },
    progress: { level: p.level, experience: p.experience, rating: p.rating, battles: p.battles, wins: p.wins },
    ledger: Object.fromEntries(
      flows.map((r) => [
        r.currency,
        { credited: Number(r.credited), debited: Number(r.debited), movements: r.movements },
      ]),
    ),
    items: Object.fromEntries(items.map((r) => [r.type, { kinds: r.kinds, quantity: Number(r.quantity) }])),
    counts: {
      purchases: await num(db.select({ n: count() }).from(shopPurchases).where(eq(shopPurchases.playerId, playerId))),
      giftsSent: await num(db.select({ n: count() }).from(gifts).where(eq(gifts.fromId, playerId))),
      giftsReceived: await num(db.select({ n: count() }).from(gifts).where(eq(gifts.toId, playerId))),
      tickets: await num(db.select({ n: count() }).from(supportTickets).where(eq(supportTickets.playerId, playerId))),
      bans: await num(
        db
          .select({ n: count() })
          .from(banLog)
          .where(and(eq(banLog.playerId, playerId), eq(banLog.action, "ban"))),
      ),
      paidOrders: await num(
        db
          .select({ n: count() })
          .from(orders)
          .where(and(eq(orders.playerId, playerId), payingOrder)),
      ),
    },
    banned: isBanned(p, now),
  };
}

/**
 * The balance at the end of each UTC day of [from, to] (the last movement's balance_after, carried
 * over days without movements), with that day's credits and debits.
 */
async function balanceByDay(db: DbOrTx, playerId: number, currency: "gold" | "silver", from: number, to: number) {
  const first = Math.floor(from / DAY) * DAY;
  const [opening] = await db
    .select({ b: ledgerEntries.balanceAfter })
    .from(ledgerEntries)
    .where(
      and(
        eq(ledgerEntries.playerId, playerId),
        eq(ledgerEntries.currency, currency),
        lt(ledgerEntries.createdAt, first),
      ),
    )
    .orderBy(desc(ledgerEntries.id))
    .limit(1);
  const rows = await db
    .select({ delta: ledgerEntries.delta, balance: ledgerEntries.balanceAfter, at: ledgerEntries.createdAt })
    .from(ledgerEntries)
    .where(
      and(
        eq(ledgerEntries.playerId, playerId),
        eq(ledgerEntries.currency, currency),
        gte(ledgerEntries.createdAt, first),
        lte(ledgerEntries.createdAt, to),
      ),
    )
    .orderBy(asc(ledgerEntries.id));
  const days: { day: string; balance: number; credit: number; debit: number }[] = [];
  let balance = opening?.b ?? 0;
  let i = 0;
  for (let d = first; d <= to; d += DAY) {
    let credit = 0;
    let debit = 0;
    for (; i < rows.length && rows[i].at < d + DAY; i++) {
      if (rows[i].delta > 0) credit += rows[i].delta;
      else debit -= rows[i].delta;
      balance = rows[i].balance;
    }
    days.push({ day: new Date(d).toISOString().slice(0, 10), balance, credit, debit });
  }
  return days;
}

/** The balances, progress, ledger flows, items and counts of a player now. */
export function playerCounters({ ctx, input }: { ctx: Ctx; input: { playerId: number } }) {
  return countersOf(ctx.db, input.playerId, ctx.clock.now());
}

/** A currency's balance by UTC day of a period (default the last 30 days up to now; at most 366 days). */
export async function playerBalanceGraph({
  ctx,
  input: v,
}: {
  ctx: Ctx;
  input: { playerId: number; currency: "gold" | "silver"; from?: number; to?: number };
}) {
  const to = v.to ?? ctx.clock.now();
  const from = v.from ?? to - 29 * DAY;
  if (from > to) throw fieldError({ to: { id: "identity.periodOrder" } });
  if (to - from > (MAX_DAYS - 1) * DAY)
    throw fieldError({ from: { id: "players.error.period_too_long", values: [MAX_DAYS] } });
  await playerOr404(ctx.db, v.playerId);
  return { currency: v.currency, days: await balanceByDay(ctx.db, v.playerId, v.currency, from, to) };
}

/** The log entries around a moment (`size` before and after), of some kinds. */
export async function playerLogNear({
  ctx,
  input: v,
}: {
  ctx: Ctx;
  input: { playerId: number; at: number; size: number; kind?: LogKind[] };
}) {
  await playerOr404(ctx.db, v.playerId);
  return { at: v.at, rows: await logAround(ctx.db, v.playerId, v.at, v.size, v.kind) };
}
