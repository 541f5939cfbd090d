// The operators' clan rules (/admin/clan…): the list and card, the member list, the clan log (a
// removed clan's stays readable), the counters over time rebuilt from the battles fought for the
// clan and the clan log's joins and leaves, the tournament top of a period, and the operators'
// changes — each written to the clan log (actor 0 = an operator; details name the admin) and to the
// admin log from the context's operator, in one transaction. The routes are api/admin/clans.ts.
import { and, asc, count, desc, eq, gte, lte, sql } from "drizzle-orm";
import type { DbOrTx } from "../db/index.ts";
import { clans, clanMembers, clanLog, CLAN_ROLES } from "../db/schema/clans.ts";
import { players } from "../db/schema/players.ts";
import { battlePlayers } from "../db/schema/battles.ts";
import { AppError, fieldError } from "./errors.ts";
import { audit, detailsOf, type AuditDetails } from "./audit.ts";
import { type AdminCtx, type Ctx, transact } from "./context.ts";
import * as clanRules from "./clans.ts";
import { clanBoardTop, topClansFromBattles, type ClanOrder } from "./liveops/clans-weekly.ts";
import { weeklyPeriodAt } from "./liveops/weekly.ts";
import { weekStart } from "./player-tournaments.ts";

const DAY = 86_400_000;
type ClanRole = (typeof CLAN_ROLES)[number];

/** The roles a member can hold, for the clan screens' choices. */
export const clanRoles = (): ClanRole[] => [...CLAN_ROLES];

export const CLAN_SORTS = {
  id: clans.id,
  name: clans.name,
  tag: clans.tag,
  rating: clans.rating,
  wins: clans.wins,
  experience: clans.experience,
  createdAt: clans.createdAt,
} as const;
/** What the list sorts by: a column, or the member count. */
export type ClanSort = keyof typeof CLAN_SORTS | "members";

const membersOf = sql<number>`(select count(*) from clan_members m where m.clan_id = ${clans.id})`;
const clanColumns = {
  id: clans.id,
  name: clans.name,
  tag: clans.tag,
  description: clans.description,
  leaderId: clans.leaderId,
  leader: players.nickname,
  rating: clans.rating,
  wins: clans.wins,
  experience: clans.experience,
  createdAt: clans.createdAt,
  members: membersOf,
};

/** A period: both ends optional (default: the last 30 days up to now); the end not before the start. */
export function period(q: { from?: number; to?: number }, now: number, days = 30) {
  if (q.from !== undefined && q.to !== undefined && q.from > q.to)
    throw fieldError({ to: { id: "identity.periodOrder" } });
  const to = q.to ?? now;
  return { from: q.from ?? to - days * DAY, to };
}

export async function clanById(db: DbOrTx, clanId: number) {
  const [c] = await db
    .select(clanColumns)
    .from(clans)
    .leftJoin(players, eq(players.id, clans.leaderId))
    .where(eq(clans.id, clanId))
    .limit(1);
  if (!c) throw new AppError("not_found", "clansAdmin.notFound");
  return { ...c, members: Number(c.members) };
}

/** The members, leader first, then officers, then by name. */
export async function clanMembersOf(db: DbOrTx, clanId: number) {
  return db
    .select({
      playerId: clanMembers.playerId,
      nickname: players.nickname,
      role: clanMembers.role,
      joinedAt: clanMembers.joinedAt,
      level: players.level,
      rating: players.rating,
      battles: players.battles,
      wins: players.wins,
      lastLoginAt: players.lastLoginAt,
    })
    .from(clanMembers)
    .innerJoin(players, eq(players.id, clanMembers.playerId))
    .where(eq(clanMembers.clanId, clanId))
    .orderBy(
      sql`case ${clanMembers.role} when 'leader' then 0 when 'officer' then 1 else 2 end`,
      asc(players.nickname),
    );
}

/** One page of clans, found by name or tag, sorted. */
export async function listClans(
  db: DbOrTx,
  q: { page: number; size: number; sort: ClanSort; dir: "asc" | "desc"; q?: string },
) {
  const pattern = q.q ? `%${q.q.toLowerCase().replace(/[\\%_]/g, (ch) => `\\${ch}`)}%` : null;
  const where = pattern
    ? sql`(lower(${clans.name}) like ${pattern} escape '\\' or lower(${clans.tag}) like ${pattern} escape '\\')`
    : undefined;
  const col = q.sort === "members" ? membersOf : CLAN_SORTS[q.sort];
  const [rows, [{ n }]] = await Promise.all([
    db
      .select(clanColumns)
      .from(clans)
      .leftJoin(players, eq(players.id, clans.leaderId))
      .where(where)
      .orderBy(q.dir === "asc" ? asc(col) : desc(col), asc(clans.id))
      .limit(q.size)
      .offset((q.page - 1) * q.size),
    db.select({ n: count() }).from(clans).where(where),
  ]);
  return { rows: rows.map((r) => ({ ...r, members: Number(r.members) })), total: n, page: q.page, size: q.size };
}

const _iso = (ms: number | null) => (ms === null ? "" : new Date(ms).toISOString());
const utcDay = (ms: number) => ms - (ms % DAY);

/** An operator's edit of a clan as the log keeps it: the fields asked for, before and after. */
function clanChange(
  before: { name: string; tag: string; description: string | null; leaderId: number | null },
  v: ClanEdit,
): AuditDetails {
  const asked = Object.fromEntries(
    Object.entries({ name: v.name, tag: v.tag, description: v.description, leaderId: v.leaderId }).filter(
      ([, x]) => x !== undefined,
    ),
  );
  return detailsOf(
    { name: before.name, tag: before.tag, description: before.description, leaderId: before.leaderId },
    asked,
  );
}

/** Joins (+1) and leaves (-1) the clan log records, by action. */
const MEMBERSHIP_DELTA: Record<string, number> = { create: 1, approve: 1, quit: -1, kick: -1, "admin.kick": -1 };

async function logRows(db: DbOrTx, where: ReturnType<typeof and>, limit: number, offset: number) {
  const actor = sql<string | null>`(select nickname from players p where p.id = ${clanLog.actorId})`;
  const target = sql<string | null>`(select nickname from players p where p.id = ${clanLog.targetId})`;
  const rows = await db
    .select({
      id: clanLog.id,
      clanId: clanLog.clanId,
      action: clanLog.action,
      actorId: clanLog.actorId,
      actor,
      targetId: clanLog.targetId,
      target,
      details: clanLog.details,
      createdAt: clanLog.createdAt,
    })
    .from(clanLog)
    .where(where)
    .orderBy(desc(clanLog.id))
    .limit(limit)
    .offset(offset);
  return rows.map((r) => ({ ...r, details: JSON.parse(r.details) as Record<string, unknown> }));
}

/** A page of the clan log, newest first (of one action, or all). */
export async function clanLogs(db: DbOrTx, q: { clanId: number; page: number; size: number; action?: string }) {
  const where = and(eq(clanLog.clanId, q.clanId), q.action ? eq(clanLog.action, q.action) : undefined);
  const [rows, [{ n }]] = await Promise.all([
    logRows(db, where, q.size, (q.page - 1) * q.size),
    db.select({ n: count() }).from(clanLog).where(where),
  ]);
  return { rows, total: n, page: q.page, size: q.size };
}

/** Today's figures: members, rating, wins, experience (the clan row), battles fought for it in all and in the last 30 days. */
export async function clanCounters(db: DbOrTx, clanId: number, now: number) {
  const clan = await clanById(db, clanId);
  const sums = (from: number) =>
    db
      .select({
        battles: sql<number>`count(*)`,
        wins: sql<number>`coalesce(sum(case when ${battlePlayers.result} = 'win' then 1 else 0 end), 0)`,
      })
      .from(battlePlayers)
      .where(
        and(
          eq(battlePlayers.clanId, clanId),
          sql`${battlePlayers.result} is not null`,
          gte(battlePlayers.endedAt, from),
        ),
      );
  const [[all], [month]] = await Promise.all([sums(0), sums(now - 30 * DAY)]);
  return {
    clan,
    counters: {
      members: clan.members,
      rating: clan.rating,
      wins: clan.wins,
      experience: clan.experience,
      battles: Number(all.battles),
      battleWins: Number(all.wins),
      battles30d: Number(month.battles),
      winRate30d: Number(month.battles) ? Math.round((Number(month.wins) / Number(month.battles)) * 1000) / 10 : 0,
    },
  };
}

/** Per UTC day of the period: battles and wins fought for the clan, the rating at the day's end, members at the day's end. */
export async function clanGraph(
  db: DbOrTx,
  clan: { id: number; rating: number; members: number },
  p: { from: number; to: number },
) {
  const first = utcDay(p.from);
  const last = utcDay(p.to);
  const days: number[] = [];
  for (let d = first; d <= last && days.length < 400; d += DAY) days.push(d);
  const day = sql<number>`(${battlePlayers.endedAt} - ${battlePlayers.endedAt} % ${DAY})`;
  const perDay = await db
    .select({
      day,
      battles: sql<number>`count(*)`,
      wins: sql<number>`sum(case when ${battlePlayers.result} = 'win' then 1 else 0 end)`,
      rating: sql<number>`sum(${battlePlayers.ratingDelta})`,
    })
    .from(battlePlayers)
    .where(
      and(
        eq(battlePlayers.clanId, clan.id),
        sql`${battlePlayers.result} is not null`,
        gte(battlePlayers.endedAt, first),
      ),
    )
    .groupBy(day);
  const byDay = new Map(perDay.map((r) => [Number(r.day), r]));
  const log = await db
    .select({ action: clanLog.action, at: clanLog.createdAt })
    .from(clanLog)
    .where(and(eq(clanLog.clanId, clan.id), gte(clanLog.createdAt, first)));
  // Walk back from today's figures: a day's end value = now minus what happened after that day.
  const ratingAfter = (d: number) => perDay.filter((r) => Number(r.day) > d).reduce((s, r) => s + Number(r.rating), 0);
  const membersAfter = (d: number) =>
    log.filter((l) => l.at >= d + DAY).reduce((s, l) => s + (MEMBERSHIP_DELTA[l.action] ?? 0), 0);
  return {
    from: p.from,
    to: p.to,
    days: days.map((d) => new Date(d).toISOString().slice(0, 10)),
    battles: days.map((d) => Number(byDay.get(d)?.battles ?? 0)),
    wins: days.map((d) => Number(byDay.get(d)?.wins ?? 0)),
    rating: days.map((d) => Math.max(0, clan.rating - ratingAfter(d))),
    members: days.map((d) => clan.members - membersAfter(d)),
  };
}

/** The clan log's page: the clan (a removed one's log stays readable: its name and tag then null) and the newest entries. */
export async function clanLogPage({ ctx, input }: { ctx: Ctx; input: { clanId: number } }) {
  const db = ctx.db;
  const { clanId } = input;
  const [clan] = await db
    .select({ id: clans.id, name: clans.name, tag: clans.tag })
    .from(clans)
    .where(eq(clans.id, clanId))
    .limit(1);
  const [any] = clan
    ? [clan]
    : await db.select({ id: clanLog.clanId }).from(clanLog).where(eq(clanLog.clanId, clanId)).limit(1);
  if (!any) throw new AppError("not_found", "clansAdmin.notFound");
  return {
    clan: clan ?? { id: clanId, name: null, tag: null },
    ...(await clanLogs(db, { clanId, page: 1, size: 50 })),
  };
}

/** The clan log around a moment (a point of the chart): the entries within ±hours of it. */
export async function clanLogNear({ ctx, input }: { ctx: Ctx; input: { clanId: number; at: number; hours: number } }) {
  const span = input.hours * 3_600_000;
  const rows = await logRows(
    ctx.db,
    and(
      eq(clanLog.clanId, input.clanId),
      gte(clanLog.createdAt, input.at - span),
      lte(clanLog.createdAt, input.at + span),
    ),
    200,
    0,
  );
  return { rows, at: input.at, hours: input.hours };
}

/**
 * The top clans of a period by the battles their members fought for them. A whole week (this one
 * so far by default, or `from` a Monday with no `to` or `to` a week later) is a period of the weekly
 * clans' tournament of the calendar (api/domain/liveops/clans-weekly.ts): its board, read from the
 * event's entries. Any other range an operator picks sums the battles in it (`to` included).
 */
export async function clansTop({
  ctx,
  input: v,
}: {
  ctx: Ctx;
  input: { from?: number; to?: number; by: ClanOrder; limit: number };
}) {
  if (v.from !== undefined && v.to !== undefined && v.from > v.to)
    throw fieldError({ to: { id: "identity.periodOrder" } });
  const now = ctx.clock.now();
  const from = v.from ?? weekStart(now);
  const to = v.to ?? (v.from !== undefined ? from + 7 * DAY : now + 1);
  const period =
    v.to === undefined || v.to === from + 7 * DAY ? await weeklyPeriodAt(ctx.db, "weeklyClans", from) : null;
  const rows = period
    ? await clanBoardTop(ctx.db, { eventId: period.eventId, periodStart: period.start, by: v.by, limit: v.limit })
    : await topClansFromBattles(ctx.db, { from, to: v.to === undefined ? to : to + 1, by: v.by, limit: v.limit });
  return { from, to, by: v.by, eventId: period?.eventId ?? null, rows };
}

/** The operator acting, as the clan log names them. */
const operator = (ctx: AdminCtx): clanRules.Operator => ({ adminId: ctx.actor.adminId, username: ctx.actor.username });

/** What an operator may change of a clan (each left out: unchanged). */
export interface ClanEdit {
  clanId: number;
  name?: string;
  tag?: string;
  description?: string;
  leaderId?: number;
}

/** An operator edits a clan (name, tag, description, leader): the clan log and the admin log say what changed. */
export async function editClan({ ctx, input: v }: { ctx: AdminCtx; input: ClanEdit }) {
  await transact(ctx, async (c) => {
    const before = await clanById(c.db, v.clanId);
    const said = await clanRules.operatorEditClan(c.db, before, v, operator(ctx), ctx.clock.now());
    await audit(c, {
      action: "clan.set",
      targetType: "clan",
      targetId: v.clanId,
      summary: said.length ? `[${before.tag}] ${said.join("; ")}` : `[${before.tag}] no change`,
      details: clanChange(before, v),
    });
  });
  return { clan: await clanById(ctx.db, v.clanId) };
}

/** An operator removes a clan (its members leave it). */
export async function removeClan({ ctx, input }: { ctx: AdminCtx; input: { clanId: number } }) {
  await transact(ctx, async (c) => {
    const clan = await clanById(c.db, input.clanId);
    await clanRules.operatorRemoveClan(c.db, clan, operator(ctx), ctx.clock.now());
    await audit(c, {
      action: "clan.remove",
      targetType: "clan",
      targetId: clan.id,
      summary: `removed clan [${clan.tag}] ${clan.name} (${clan.members} members)`,
      details: {
        changes: [
          { field: "tag", before: clan.tag },
          { field: "name", before: clan.name },
          { field: "members", before: clan.members },
        ],
      },
    });
  });
  return { removed: input.clanId };
}

/** An operator sets a member's role (a new leader hands the old one an officer's). */
export async function setClanMemberRole({
  ctx,
  input: v,
}: {
  ctx: AdminCtx;
  input: { clanId: number; playerId: number; role: ClanRole };
}) {
  await transact(ctx, async (c) => {
    const clan = await clanById(c.db, v.clanId);
    const from = await clanRules.operatorSetRole(c.db, clan, v.playerId, v.role, operator(ctx), ctx.clock.now());
    const summary = from === v.role ? `[${clan.tag}] role stays ${v.role}` : `[${clan.tag}] role ${from} → ${v.role}`;
    await audit(c, {
      action: "clan.setMember",
      targetType: "player",
      targetId: v.playerId,
      summary,
      details: { scope: `[${clan.tag}]`, changes: [{ field: "role", before: from, after: v.role }] },
    });
  });
  return { members: await clanMembersOf(ctx.db, v.clanId) };
}

/** An operator removes a member from the clan. */
export async function removeClanMember({
  ctx,
  input: v,
}: {
  ctx: AdminCtx;
  input: { clanId: number; playerId: number };
}) {
  await transact(ctx, async (c) => {
    const clan = await clanById(c.db, v.clanId);
    const role = await clanRules.operatorRemoveMember(c.db, clan.id, v.playerId, operator(ctx), ctx.clock.now());
    await audit(c, {
      action: "clan.removeMember",
      targetType: "player",
      targetId: v.playerId,
      summary: `[${clan.tag}] removed member #${v.playerId} (${role})`,
      details: { scope: `[${clan.tag}]`, changes: [{ field: "role", before: role, after: null }] },
    });
  });
  return { members: await clanMembersOf(ctx.db, v.clanId) };
}
