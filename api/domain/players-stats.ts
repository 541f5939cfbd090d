// Players counted by platform, country and level; registrations per UTC day and players active in
// a period (signed in: players.last_login_at); the top payers from billing's paid orders (net of
// nothing: refunded orders are no longer "paid"). The routes are api/admin/players/stats.ts
// (/admin/playersStats).
import { and, count, desc, eq, gte, isNull, lte, sql } from "drizzle-orm";
import type { DbOrTx } from "../db/index.ts";
import { players } from "../db/schema/players.ts";
import { orders } from "../db/schema/billing.ts";
import { fieldError } from "./errors.ts";
import { toUsdCents } from "./billing/money.ts";
import { payingOrder } from "./payers.ts";
import type { Ctx } from "./context.ts";

const DAY = 86_400_000;
/** [from, to] in epoch ms, default the last 30 days; a period may not end before it starts. */
export function period(v: { from?: number; to?: number }, now: number) {
  const to = v.to ?? now;
  const from = v.from ?? Math.floor((to - 29 * DAY) / DAY) * DAY;
  if (from > to) throw fieldError({ to: { id: "identity.periodOrder" } });
  if (to - from > 366 * DAY) throw fieldError({ from: { id: "players.error.period_too_long", values: [366] } });
  return { from, to };
}

export async function playersStats(db: DbOrTx, p: { from: number; to: number }) {
  const live = isNull(players.erasedAt);
  const by = async (col: typeof players.platform | typeof players.country | typeof players.level) =>
    (await db.select({ key: col, n: count() }).from(players).where(live).groupBy(col).orderBy(desc(count()), col)).map(
      (r) => ({ key: String(r.key), players: r.n }),
    );
  const day = sql<string>`strftime('%Y-%m-%d', ${players.createdAt} / 1000, 'unixepoch')`;
  const registrations = await db
    .select({ day, n: count() })
    .from(players)
    .where(and(gte(players.createdAt, p.from), lte(players.createdAt, p.to)))
    .groupBy(day)
    .orderBy(day);
  const [{ total }] = await db.select({ total: count() }).from(players).where(live);
  const [{ active }] = await db
    .select({ active: count() })
    .from(players)
    .where(and(live, gte(players.lastLoginAt, p.from), lte(players.lastLoginAt, p.to)));
  const [{ banned }] = await db.select({ banned: count() }).from(players).where(sql`${players.bannedUntil} > ${p.to}`);
  return {
    period: p,
    total,
    active,
    banned,
    byPlatform: await by(players.platform),
    byCountry: await by(players.country),
    byLevel: await by(players.level),
    registrations: registrations.map((r) => ({ day: r.day, players: r.n })),
  };
}

/** Players by what their paid orders in the period are worth in US cents (billing's fixed table). */
export async function topPayers(db: DbOrTx, p: { from: number; to: number }, limit: number) {
  const rows = await db
    .select({
      playerId: orders.playerId,
      nickname: players.nickname,
      currency: orders.currency,
      amount: sql<number>`sum(${orders.amountMinor})`,
      n: count(),
    })
    .from(orders)
    .innerJoin(players, eq(players.id, orders.playerId))
    .where(and(payingOrder, gte(orders.paidAt, p.from), lte(orders.paidAt, p.to)))
    .groupBy(orders.playerId, orders.currency);
  const byPlayer = new Map<number, { playerId: number; nickname: string; usdCents: number; payments: number }>();
  for (const r of rows) {
    const e = byPlayer.get(r.playerId) ?? { playerId: r.playerId, nickname: r.nickname, usdCents: 0, payments: 0 };
    e.usdCents += toUsdCents(Number(r.amount), r.currency);
    e.payments += r.n;
    byPlayer.set(r.playerId, e);
  }
  return [...byPlayer.values()].sort((a, b) => b.usdCents - a.usdCents || a.playerId - b.playerId).slice(0, limit);
}

/** The screen's head: the last 30 days' figures and the top 20 payers. */
export async function playersStatsHead({ ctx }: { ctx: Ctx }) {
  const p = period({}, ctx.clock.now());
  return { stats: await playersStats(ctx.db, p), payers: await topPayers(ctx.db, p, 20) };
}

/** A period's figures (default the last 30 days; at most 366). */
export function playersStatsOf({ ctx, input }: { ctx: Ctx; input: { from?: number; to?: number } }) {
  return playersStats(ctx.db, period(input, ctx.clock.now()));
}

/** A period's top payers. */
export async function topPayersOf({ ctx, input }: { ctx: Ctx; input: { from?: number; to?: number; limit: number } }) {
  const p = period(input, ctx.clock.now());
  return { period: p, rows: await topPayers(ctx.db, p, input.limit) };
}
