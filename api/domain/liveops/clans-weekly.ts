// Clans' tournaments of the calendar (docs/decisions/liveops.md, "The clans' weekly tournament as
// an instance"): a tournament whose entrant is `clan` has one entry per clan and period, which a
// member's finished battle fought for the clan enters and adds to (in the battle's end transaction,
// through recordTournamentBattle); the settle ranks the clans and pays the prize of each clan's
// place to every member who fought for it in the period — each player once per period (their best
// placed clan), under the ledger key naming event, period and player (prizeKey). The built-in
// `weeklyClans` event is the weekly clans' tournament the clans' screens read (migration 0036).
import { and, asc, desc, eq, gte, inArray, lt, sql } from "drizzle-orm";
import type { DbOrTx } from "../../db/index.ts";
import { battlePlayers } from "../../db/schema/battles.ts";
import { clanMembers, clans } from "../../db/schema/clans.ts";
import { liveEventClanEntries, liveEventPeriods, liveEventResults, liveEvents } from "../../db/schema/liveops.ts";
import type { TxCtx } from "../context.ts";
import { applyLedger } from "../ledger.ts";
import { boardSeenBy, placeEntries, prizeTableSchema } from "./prizes.ts";
import { addBattle, countEntry, periodsCounting } from "./scoring.ts";

/** What a member's finished battle for a clan brings (tournaments.ts's BattleScored and the clan). */
export interface ClanBattle {
  playerId: number;
  clanId: number;
  tier: number;
  won: boolean;
  damage: number;
  xp: number;
  ratingDelta: number;
  at: number;
}

type EventRow = typeof liveEvents.$inferSelect;
const C = liveEventClanEntries;

/**
 * A member's finished battle fought for `clanId` enters the clan into every active clans'
 * tournament running at the battle's end (the battle's tier within the event's, the member meant
 * for it) and adds the battle to the clan's entry while its period is open. Idle tanks count, as
 * the clans' board always counted every battle. Returns the clan entries it moved.
 */
export async function recordClanBattle(c: TxCtx, b: ClanBattle): Promise<number> {
  const events = await c.db
    .select()
    .from(liveEvents)
    .where(and(eq(liveEvents.active, true), eq(liveEvents.kind, "tournament"), eq(liveEvents.entrant, "clan")));
  const counting = periodsCounting(c.db, b);
  let moved = 0;
  for (const ev of events) {
    const period = await counting(ev);
    if (!period) continue;
    const key = { eventId: ev.id, periodStart: period.start, clanId: b.clanId };
    const inserted = await c.db
      .insert(C)
      .values({ ...key, scoredAt: b.at, joinedAt: b.at })
      .onConflictDoNothing()
      .returning({ id: C.id });
    if (inserted.length > 0) await countEntry(c.db, ev.id, period);
    const [stored] = await c.db
      .select({ state: liveEventPeriods.state, end: liveEventPeriods.periodEnd })
      .from(liveEventPeriods)
      .where(and(eq(liveEventPeriods.eventId, ev.id), eq(liveEventPeriods.periodStart, period.start)))
      .limit(1);
    if (stored?.state !== "open" || b.at >= stored.end) continue;
    await c.db
      .update(C)
      .set(addBattle(C, ev.metric, b))
      .where(and(eq(C.eventId, key.eventId), eq(C.periodStart, key.periodStart), eq(C.clanId, key.clanId)));
    moved++;
  }
  return moved;
}

/** The players who fought for a clan in [from, to): who its place pays. */
export async function clanFighters(db: DbOrTx, clanId: number, from: number, to: number): Promise<number[]> {
  const rows = await db
    .selectDistinct({ playerId: battlePlayers.playerId })
    .from(battlePlayers)
    .where(
      and(
        eq(battlePlayers.clanId, clanId),
        sql`${battlePlayers.result} is not null`,
        gte(battlePlayers.endedAt, from),
        lt(battlePlayers.endedAt, to),
      ),
    )
    .orderBy(asc(battlePlayers.playerId));
  return rows.map((r) => r.playerId);
}

/**
 * Settles a clans' period inside settlePeriod's transaction: ranks the clans (score, who reached
 * it first, who entered first, the lower clan id; a clan that scored nothing wins nothing), stores
 * each clan's place, and pays each placed clan's prize to its period's fighters — best place
 * first, a player paid once per period (a member who fought for two clans: the better place).
 * Returns the prizes paid; `afterPrize` lets a test stop midway.
 */
export async function settleClanPeriod(
  c: TxCtx,
  ev: EventRow,
  period: { periodStart: number; periodEnd: number },
  afterPrize?: (paid: number) => Promise<void>,
): Promise<number> {
  const now = c.clock.now();
  const table = prizeTableSchema.parse(JSON.parse(ev.prizes));
  const entries = await c.db
    .select()
    .from(C)
    .where(and(eq(C.eventId, ev.id), eq(C.periodStart, period.periodStart)))
    .orderBy(asc(C.id));
  // One board (clans have no tier or league): the players' ranking with the clan in the id's place.
  const placed = placeEntries(
    entries.map((e) => ({ ...e, playerId: e.clanId, tier: 0, bucket: 0 })),
    table,
    false,
  ).sort((a, b) => a.rank - b.rank);
  const seen = new Set<number>();
  let paid = 0;
  for (const p of placed) {
    const clanId = p.playerId;
    await c.db
      .update(C)
      .set({ rank: p.rank })
      .where(and(eq(C.eventId, ev.id), eq(C.periodStart, period.periodStart), eq(C.clanId, clanId)));
    if (p.gold === 0 && p.silver === 0) continue;
    for (const playerId of await clanFighters(c.db, clanId, period.periodStart, period.periodEnd)) {
      if (seen.has(playerId)) continue;
      seen.add(playerId);
      await c.db.insert(liveEventResults).values({
        eventId: ev.id,
        periodStart: period.periodStart,
        playerId,
        tier: 0,
        bucket: 0,
        rank: p.rank,
        score: p.score,
        gold: p.gold,
        silver: p.silver,
        clanId,
        settledAt: now,
      });
      for (const currency of ["gold", "silver"] as const) {
        if (p[currency] === 0) continue;
        await applyLedger(c.db, {
          playerId,
          currency,
          delta: p[currency],
          reason: "liveops.prize",
          ref: `liveEvent:${ev.id}:${period.periodStart}:clan:${clanId}:${p.rank}`,
          // tournaments.ts's prizeKey: a player is paid once per event and period, clan or not.
          idempotencyKey: `liveops.prize:${ev.id}:${period.periodStart}:${playerId}`,
          at: now,
        });
      }
      paid++;
      await afterPrize?.(paid);
    }
  }
  return paid;
}

export const CLAN_ORDERS = ["rating", "wins", "battles", "experience"] as const;
export type ClanOrder = (typeof CLAN_ORDERS)[number];

const figureOf = (o: ClanOrder) =>
  ({ rating: C.ratingDelta, wins: C.wins, battles: C.battles, experience: C.experience })[o];

/** The top clans of one period of a clans' event, read from its entries (the order's figure, then the lower clan id). */
export async function clanBoardTop(
  db: DbOrTx,
  q: { eventId: number; periodStart: number; by: ClanOrder; limit: number },
) {
  const rows = await db
    .select({
      clanId: C.clanId,
      battles: C.battles,
      wins: C.wins,
      ratingDelta: C.ratingDelta,
      experience: C.experience,
    })
    .from(C)
    .where(and(eq(C.eventId, q.eventId), eq(C.periodStart, q.periodStart)))
    .orderBy(desc(figureOf(q.by)), asc(C.clanId))
    .limit(q.limit);
  return withClanNames(db, rows);
}

/** The sums of the battles fought for clans in [from, to): an operator's own range, and the tests' recomputation. */
export async function topClansFromBattles(db: DbOrTx, q: { from: number; to: number; by: ClanOrder; limit: number }) {
  const order = {
    rating: sql`sum(${battlePlayers.ratingDelta})`,
    wins: sql`sum(case when ${battlePlayers.result} = 'win' then 1 else 0 end)`,
    battles: sql`count(*)`,
    experience: sql`sum(${battlePlayers.experience})`,
  }[q.by];
  const rows = await db
    .select({
      clanId: sql<number>`${battlePlayers.clanId}`,
      battles: sql<number>`count(*)`,
      wins: sql<number>`sum(case when ${battlePlayers.result} = 'win' then 1 else 0 end)`,
      ratingDelta: sql<number>`sum(${battlePlayers.ratingDelta})`,
      experience: sql<number>`sum(${battlePlayers.experience})`,
    })
    .from(battlePlayers)
    .where(
      and(
        sql`${battlePlayers.clanId} is not null`,
        sql`${battlePlayers.result} is not null`,
        gte(battlePlayers.endedAt, q.from),
        lt(battlePlayers.endedAt, q.to),
      ),
    )
    .groupBy(battlePlayers.clanId)
    .orderBy(sql`${order} desc`, asc(battlePlayers.clanId))
    .limit(q.limit);
  return withClanNames(db, rows);
}

async function withClanNames<
  R extends { clanId: number; battles: number; wins: number; ratingDelta: number; experience: number },
>(db: DbOrTx, rows: R[]) {
  const ids = rows.map((r) => r.clanId);
  const names = new Map(
    ids.length
      ? (
          await db
            .select({ id: clans.id, name: clans.name, tag: clans.tag, rating: clans.rating })
            .from(clans)
            .where(inArray(clans.id, ids))
        ).map((k) => [k.id, k])
      : [],
  );
  return rows.map((r, i) => ({
    place: i + 1,
    clanId: r.clanId,
    name: names.get(r.clanId)?.name ?? null,
    tag: names.get(r.clanId)?.tag ?? null,
    rating: names.get(r.clanId)?.rating ?? null,
    battles: Number(r.battles),
    wins: Number(r.wins),
    ratingDelta: Number(r.ratingDelta),
    experience: Number(r.experience),
  }));
}

/**
 * What's on for a member: their clan's place in a clans' tournament's running period, as the
 * players' "my entry" (the board's rows are clans, "[TAG] name"; the prize is what each fighter of
 * the clan gets if the period ended now). Null when the player is in no clan or the clan has no entry.
 */
export async function myClanEntry(db: DbOrTx, ev: EventRow, periodStart: number, playerId: number, around: number) {
  const [member] = await db
    .select({ clanId: clanMembers.clanId })
    .from(clanMembers)
    .where(eq(clanMembers.playerId, playerId))
    .limit(1);
  if (!member) return null;
  const entries = await db
    .select()
    .from(C)
    .where(and(eq(C.eventId, ev.id), eq(C.periodStart, periodStart)))
    .orderBy(asc(C.id));
  const board = placeEntries(
    entries.map((e) => ({ ...e, playerId: e.clanId, tier: 0, bucket: 0 })),
    prizeTableSchema.parse(JSON.parse(ev.prizes)),
    false,
  ).sort((a, b) => a.rank - b.rank);
  const me = board.find((p) => p.playerId === member.clanId);
  if (!me) return null;
  return boardSeenBy(
    board,
    me,
    around,
    async (ids) =>
      new Map(
        (
          await db.select({ id: clans.id, name: clans.name, tag: clans.tag }).from(clans).where(inArray(clans.id, ids))
        ).map((k) => [k.id, `[${k.tag}] ${k.name}`]),
      ),
  );
}
