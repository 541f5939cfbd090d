// Players' tournaments, on the clans' model (/admin/clansTournaments/): a tournament is a UTC week
// (Monday 00:00 to the next Monday) and players rank by what their finished battles of the week
// add up to — rating gained, wins, battles or experience. The week is a period of the built-in
// weekly event of the live-events calendar (api/domain/liveops/weekly.ts): its board is read from
// that period's entries, which the battles' end fills (one scoring path). A period that is not one
// of the event's (a range an operator picks) sums the battles in it. The top of a period, and one
// player's place and figures in each of the last weeks. The routes are api/admin/players/tournaments.ts.
import { and, asc, desc, eq, gte, inArray, lt, sql, type SQL } from "drizzle-orm";
import { battlePlayers } from "../db/schema/battles.ts";
import { liveEventEntries } from "../db/schema/liveops.ts";
import { weeklyPeriodAt as weeklyPeriod } from "./liveops/weekly.ts";
import { players } from "../db/schema/players.ts";
import type { DbOrTx } from "../db/index.ts";
import { fieldError } from "./errors.ts";
import type { Ctx } from "./context.ts";
import { playerOr404 } from "./players.ts";

const DAY = 86_400_000;
const WEEK = 7 * DAY;
export const TOURNAMENT_ORDERS = ["rating", "wins", "battles", "experience"] as const;
export type Order = (typeof TOURNAMENT_ORDERS)[number];

/** The Monday 00:00 UTC of the week holding t. */
export const weekStart = (t: number) => {
  const day = Math.floor(t / DAY) * DAY;
  const dow = (new Date(day).getUTCDay() + 6) % 7;
  return day - dow * DAY;
};

const sums = {
  battles: sql<number>`count(*)`,
  wins: sql<number>`sum(case when ${battlePlayers.result} = 'win' then 1 else 0 end)`,
  ratingDelta: sql<number>`sum(${battlePlayers.ratingDelta})`,
  experience: sql<number>`sum(${battlePlayers.experience})`,
};
const orderSql = (o: Order) =>
  ({
    rating: sql`sum(${battlePlayers.ratingDelta})`,
    wins: sql`sum(case when ${battlePlayers.result} = 'win' then 1 else 0 end)`,
    battles: sql`count(*)`,
    experience: sql`sum(${battlePlayers.experience})`,
  })[o];
const finishedIn = (from: number, to: number) =>
  and(sql`${battlePlayers.result} is not null`, gte(battlePlayers.endedAt, from), lt(battlePlayers.endedAt, to));

/** The sums of the battles finished in [from, to): an operator's own range, and the tests' recomputation of a board. */
export async function topPlayers(db: DbOrTx, q: { from: number; to: number; by: Order; limit: number }) {
  const rows = await db
    .select({ playerId: battlePlayers.playerId, ...sums })
    .from(battlePlayers)
    .where(finishedIn(q.from, q.to))
    .groupBy(battlePlayers.playerId)
    .orderBy(sql`${orderSql(q.by)} desc`, asc(battlePlayers.playerId))
    .limit(q.limit);
  return withNames(db, rows);
}

async function withNames<
  R extends { playerId: number; battles: number; wins: number; ratingDelta: number; experience: number },
>(db: DbOrTx, rows: R[]) {
  const ids = rows.map((r) => r.playerId);
  const names = new Map(
    ids.length
      ? (
          await db
            .select({ id: players.id, nickname: players.nickname, level: players.level })
            .from(players)
            .where(inArray(players.id, ids))
        ).map((p) => [p.id, p])
      : [],
  );
  return rows.map((r, i) => ({
    place: i + 1,
    playerId: r.playerId,
    nickname: names.get(r.playerId)?.nickname ?? null,
    level: names.get(r.playerId)?.level ?? null,
    battles: Number(r.battles),
    wins: Number(r.wins),
    ratingDelta: Number(r.ratingDelta),
    experience: Number(r.experience),
  }));
}

const E = liveEventEntries;
const figureOf = (o: Order): SQL<number> =>
  ({
    rating: sql<number>`${E.ratingDelta}`,
    wins: sql<number>`${E.wins}`,
    battles: sql<number>`${E.battles}`,
    experience: sql<number>`${E.experience}`,
  })[o];
const inPeriod = (eventId: number, periodStart: number) => and(eq(E.eventId, eventId), eq(E.periodStart, periodStart));

const weeklyPeriodAt = (db: DbOrTx, from: number) => weeklyPeriod(db, "weeklyPlayers", from);

/** The top of one period of the weekly event, read from its entries (the order's figure, then the lower player id). */
async function boardTop(db: DbOrTx, q: { eventId: number; periodStart: number; by: Order; limit: number }) {
  const rows = await db
    .select({
      playerId: E.playerId,
      battles: E.battles,
      wins: E.wins,
      ratingDelta: E.ratingDelta,
      experience: E.experience,
    })
    .from(E)
    .where(inPeriod(q.eventId, q.periodStart))
    .orderBy(desc(figureOf(q.by)), asc(E.playerId))
    .limit(q.limit);
  return withNames(db, rows);
}

/**
 * The player's place among every player who fought in each of the last `weeks` weeks (newest
 * first; weeks without battles say so): the weekly event's entries of each week (places shared on
 * equal figures), the battles' sums for a week the event has no period of.
 */
export async function playerWeeks(db: DbOrTx, playerId: number, now: number, weeks: number, order: Order) {
  const out = [];
  const current = weekStart(now);
  for (let i = 0; i < weeks; i++) {
    const week = { from: current - i * WEEK, to: current - (i - 1) * WEEK };
    const period = await weeklyPeriodAt(db, week.from);
    if (!period) {
      out.push(await weekFromBattles(db, playerId, week.from, order));
      continue;
    }
    const [mine] = await db
      .select({
        battles: E.battles,
        wins: E.wins,
        ratingDelta: E.ratingDelta,
        experience: E.experience,
        score: figureOf(order),
      })
      .from(E)
      .where(and(inPeriod(period.eventId, period.start), eq(E.playerId, playerId)))
      .limit(1);
    let place: number | null = null;
    let participants = 0;
    if (mine && mine.battles > 0) {
      const [r] = await db
        .select({
          ahead: sql<number>`coalesce(sum(case when ${figureOf(order)} > ${mine.score} then 1 else 0 end), 0)`,
          total: sql<number>`count(*)`,
        })
        .from(E)
        .where(and(inPeriod(period.eventId, period.start), sql`${E.battles} > 0`));
      place = Number(r.ahead) + 1;
      participants = Number(r.total);
    }
    out.push({
      from: week.from,
      to: week.to,
      place,
      participants,
      battles: mine?.battles ?? 0,
      wins: mine?.wins ?? 0,
      ratingDelta: mine?.ratingDelta ?? 0,
      experience: mine?.experience ?? 0,
    });
  }
  return out;
}

/** The player's place among every player who fought in each of the last `weeks` weeks, summed from the battles (the tests' recomputation). */
export async function playerWeeksFromBattles(db: DbOrTx, playerId: number, now: number, weeks: number, order: Order) {
  const out = [];
  for (let i = 0; i < weeks; i++) out.push(await weekFromBattles(db, playerId, weekStart(now) - i * WEEK, order));
  return out;
}

/** The player's place and figures in the week from `from`, summed from the battles. */
async function weekFromBattles(db: DbOrTx, playerId: number, from: number, order: Order) {
  const to = from + WEEK;
  const [mine] = await db
    .select(sums)
    .from(battlePlayers)
    .where(and(finishedIn(from, to), sql`${battlePlayers.playerId} = ${playerId}`));
  const fought = Number(mine?.battles ?? 0) > 0;
  let place: number | null = null;
  let participants = 0;
  if (fought) {
    const score = {
      rating: Number(mine.ratingDelta),
      wins: Number(mine.wins),
      battles: Number(mine.battles),
      experience: Number(mine.experience),
    }[order];
    const [r] = await db.all<{ ahead: number; total: number }>(sql`
      select sum(case when s > ${score} then 1 else 0 end) as ahead, count(*) as total from (
        select ${orderSql(order)} as s from ${battlePlayers} where ${finishedIn(from, to)} group by ${battlePlayers.playerId}
      )`);
    place = Number(r.ahead) + 1;
    participants = Number(r.total);
  }
  return {
    from,
    to,
    place,
    participants,
    battles: Number(mine?.battles ?? 0),
    wins: Number(mine?.wins ?? 0),
    ratingDelta: Number(mine?.ratingDelta ?? 0),
    experience: Number(mine?.experience ?? 0),
  };
}

/**
 * The top of a period (from–to, ends included as given; by default this week so far, or the week
 * from `from`).
 */
export async function tournamentTop({
  ctx,
  input: v,
}: {
  ctx: Ctx;
  input: { from?: number; to?: number; by: Order; limit: number };
}) {
  if (v.from !== undefined && v.to !== undefined && v.from > v.to)
    throw fieldError({ to: { id: "identity.periodOrder" } });
  const now = ctx.clock.now();
  const from = v.from ?? weekStart(now);
  const to = v.to ?? (v.from !== undefined ? from + WEEK : now + 1);
  // A whole week (this one so far by default) is a period of the weekly event: its board.
  const period = v.to === undefined || v.to === from + WEEK ? await weeklyPeriodAt(ctx.db, from) : null;
  const rows = period
    ? await boardTop(ctx.db, { eventId: period.eventId, periodStart: period.start, by: v.by, limit: v.limit })
    : await topPlayers(ctx.db, { from, to, by: v.by, limit: v.limit });
  return { from, to, by: v.by, rows };
}

/** A player's tournaments screen's head. */
export async function playerTournamentsHead({ ctx, input }: { ctx: Ctx; input: { playerId: number } }) {
  const p = await playerOr404(ctx.db, input.playerId);
  return { player: { id: p.id, nickname: p.nickname }, orders: [...TOURNAMENT_ORDERS] };
}

/** A player's place and figures in each of the last weeks. */
export async function playerTournaments({
  ctx,
  input,
}: {
  ctx: Ctx;
  input: { playerId: number; weeks: number; by: Order };
}) {
  const p = await playerOr404(ctx.db, input.playerId);
  return {
    playerId: p.id,
    by: input.by,
    weeks: await playerWeeks(ctx.db, p.id, ctx.clock.now(), input.weeks, input.by),
  };
}
