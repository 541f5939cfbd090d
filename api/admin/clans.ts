// Operators' clan screens: the clan list and card (edit, remove, member roles and removal, the
// member CSV), the clan log, the clan's counters over time and the tournament top. Every change
// is audited and written to the clan log (actor 0 = an operator; details name the admin).
// Counters come from the store: battles by the clan a player was in when the battle started
// (battle_players.clan_id), members rebuilt from the clan log's joins and leaves.
import { toCsv } from "../domain/csv.ts";
import { csvDownload } from "../http/download.ts";
import { adminCtx } from "../http/context.ts";
import type { Context, Hono } from "hono";
import { z } from "zod";
import { and, asc, count, desc, eq, gte, lte, sql, inArray } from "drizzle-orm";
import type { HonoEnv } from "../http/env.ts";
import { page, route } from "../http/router.ts";
import { audit, detailsOf, type AuditDetails } from "../http/audit.ts";
import * as f from "../domain/fields.ts";
import { AppError, fieldError } from "../domain/errors.ts";
import type { Db, Tx } from "../db/index.ts";
import { clans, clanMembers, clanLog, CLAN_ROLES } from "../db/schema/clans.ts";
import { players } from "../db/schema/players.ts";
import { battlePlayers } from "../db/schema/battles.ts";
import * as clanRules from "../domain/clans.ts";
import { clanNameField, clanTagField } from "../domain/clans.ts";
import "../domain/battle-messages.ts";

const S = { auth: "admin", role: "support" } as const;
const O = { auth: "admin", role: "operator" } as const;
const A = { auth: "admin", role: "admin" } as const;
const DAY = 86_400_000;

const SORTS = {
  id: clans.id,
  name: clans.name,
  tag: clans.tag,
  rating: clans.rating,
  wins: clans.wins,
  experience: clans.experience,
  createdAt: clans.createdAt,
} as const;
const listInput = z.object({
  page: f.optional(f.int(1, 100_000)).default(1),
  size: f.optional(f.int(1, 200)).default(20),
  sort: f.optional(z.enum([...(Object.keys(SORTS) as [keyof typeof SORTS]), "members"])).default("rating"),
  dir: f.optional(z.enum(["asc", "desc"])).default("desc"),
  q: f.optionalText(32),
});
const clanIdInput = z.object({ clanId: f.id() });
const setClanInput = z.object({
  clanId: f.id(),
  name: f.optional(clanNameField()),
  tag: f.optional(clanTagField()),
  description: f.optional(z.string().trim().max(500)),
  leaderId: f.optional(f.id()),
});
const setMemberInput = z.object({ clanId: f.id(), playerId: f.id(), role: z.enum(CLAN_ROLES) });
const memberInput = z.object({ clanId: f.id(), playerId: f.id() });
const logInput = z.object({
  clanId: f.id(),
  page: f.optional(f.int(1, 100_000)).default(1),
  size: f.optional(f.int(1, 200)).default(50),
  action: f.optionalText(32),
});
const periodFields = { from: f.optional(f.dateTime()), to: f.optional(f.dateTime()) };
const graphInput = z.object({ clanId: f.id(), ...periodFields });
const nearInput = z.object({ clanId: f.id(), at: f.dateTime(), hours: f.optional(f.int(1, 24 * 30)).default(24) });
const topInput = z.object({
  ...periodFields,
  by: f.optional(z.enum(["rating", "wins", "battles", "experience"])).default("rating"),
  limit: f.optional(f.int(1, 100)).default(20),
});
/** The operator acting, as the clan log names them. */
const operator = (c: Context<HonoEnv>): clanRules.Operator => {
  const { adminId, username } = adminCtx(c).actor;
  return { adminId, username };
};
const byClan = z.object({ clanId: f.id() });
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
function period(q: { from?: number; to?: number }, now: number, days = 30) {
  if (q.from !== undefined && q.to !== undefined && q.from > q.to)
    throw fieldError({ to: { id: "identity.periodOrder" } });
  const to = q.to ?? now;
  return { from: q.from ?? to - days * DAY, to };
}

async function clanById(db: Db | Tx, clanId: number) {
  const [c] = await db
    .select(clanColumns)
    .from(clans)
    .leftJoin(players, eq(players.id, clans.leaderId))
    .where(eq(clans.id, clanId))
    .limit(1);
  if (!c) throw new AppError("not_found", "clansAdmin.notFound");
  return { ...c, members: Number(c.members) };
}

async function members(db: Db, clanId: number) {
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

async function listClans(db: Db, q: z.output<typeof listInput>) {
  const pattern = q.q ? `%${q.q.toLowerCase().replace(/[\\%_]/g, (ch) => `\\${ch}`)}%` : null;
  const where = pattern
    ? sql`(lower(${clans.name}) like ${pattern} escape '\\' or lower(${clans.tag}) like ${pattern} escape '\\')`
    : undefined;
  const col = q.sort === "members" ? membersOf : SORTS[q.sort];
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

const iso = (ms: number | null) => (ms === null ? "" : new Date(ms).toISOString());
const utcDay = (ms: number) => ms - (ms % DAY);

/** An operator's edit of a clan as the log keeps it: the fields asked for, before and after. */
function clanChange(
  before: { name: string; tag: string; description: string | null; leaderId: number | null },
  v: z.output<typeof setClanInput>,
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

export function registerAdminClans(app: Hono<HonoEnv>) {
  page(app, { path: "/admin/clan/", ...S }, async (c) => c.json({ roles: CLAN_ROLES }));

  page(app, { path: "/admin/clan/:clanId{[0-9]+}", ...S }, { params: byClan }, async (c, v) => {
    const db = c.var.deps.db;
    const clan = await clanById(db, v.clanId);
    return c.json({ clan, members: await members(db, clan.id), roles: CLAN_ROLES });
  });

  route(app, { method: "ANY", path: "/admin/clan/get/clans", ...S }, { input: listInput }, async (c, v) =>
    c.json(await listClans(c.var.deps.db, v)),
  );

  route(
    app,
    { method: "ANY", path: "/admin/clan/set/clan", ...O, mutates: true },
    { input: setClanInput },
    async (c, v) => {
      const db = c.var.deps.db;
      await db.transaction(async (tx) => {
        const before = await clanById(tx, v.clanId);
        const said = await clanRules.operatorEditClan(tx, before, v, operator(c), c.var.deps.clock.now());
        await audit(c, tx, {
          action: "clan.set",
          targetType: "clan",
          targetId: v.clanId,
          summary: said.length ? `[${before.tag}] ${said.join("; ")}` : `[${before.tag}] no change`,
          details: clanChange(before, v),
        });
      });
      return c.json({ clan: await clanById(db, v.clanId) });
    },
  );

  route(
    app,
    { method: "ANY", path: "/admin/clan/remove/clan", ...A, mutates: true },
    { input: clanIdInput },
    async (c, v) => {
      await c.var.deps.db.transaction(async (tx) => {
        const clan = await clanById(tx, v.clanId);
        await clanRules.operatorRemoveClan(tx, clan, operator(c), c.var.deps.clock.now());
        await audit(c, tx, {
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
      return c.json({ removed: v.clanId });
    },
  );

  route(
    app,
    { method: "ANY", path: "/admin/clan/set/member", ...O, mutates: true },
    { input: setMemberInput },
    async (c, v) => {
      const db = c.var.deps.db;
      await db.transaction(async (tx) => {
        const clan = await clanById(tx, v.clanId);
        const from = await clanRules.operatorSetRole(tx, clan, v.playerId, v.role, operator(c), c.var.deps.clock.now());
        const summary =
          from === v.role ? `[${clan.tag}] role stays ${v.role}` : `[${clan.tag}] role ${from} → ${v.role}`;
        await audit(c, tx, {
          action: "clan.setMember",
          targetType: "player",
          targetId: v.playerId,
          summary,
          details: { scope: `[${clan.tag}]`, changes: [{ field: "role", before: from, after: v.role }] },
        });
      });
      return c.json({ members: await members(db, v.clanId) });
    },
  );

  route(
    app,
    { method: "ANY", path: "/admin/clan/remove/member", ...O, mutates: true },
    { input: memberInput },
    async (c, v) => {
      const db = c.var.deps.db;
      await db.transaction(async (tx) => {
        const clan = await clanById(tx, v.clanId);
        const role = await clanRules.operatorRemoveMember(tx, clan.id, v.playerId, operator(c), c.var.deps.clock.now());
        await audit(c, tx, {
          action: "clan.removeMember",
          targetType: "player",
          targetId: v.playerId,
          summary: `[${clan.tag}] removed member #${v.playerId} (${role})`,
          details: { scope: `[${clan.tag}]`, changes: [{ field: "role", before: role, after: null }] },
        });
      });
      return c.json({ members: await members(db, v.clanId) });
    },
  );

  route(
    app,
    { method: "ANY", path: "/admin/clan/export/members/:clanId{[0-9]+}", ...S },
    { params: byClan },
    async (c, v) => {
      const db = c.var.deps.db;
      const clan = await clanById(db, v.clanId);
      const rows = await members(db, clan.id);
      const head = [
        "player_id",
        "nickname",
        "role",
        "joined_at",
        "level",
        "rating",
        "battles",
        "wins",
        "last_login_at",
      ];
      const body = rows.map((r) => [
        r.playerId,
        r.nickname,
        r.role,
        iso(r.joinedAt),
        r.level,
        r.rating,
        r.battles,
        r.wins,
        iso(r.lastLoginAt),
      ]);
      return csvDownload(toCsv([head, ...body]), `clan-${clan.id}-members`);
    },
  );

  // The clan log (the player side's and the operators' changes), newest first.
  page(app, { path: "/admin/clanLog/:clanId{[0-9]+}", ...S }, { params: byClan }, async (c, v) => {
    const db = c.var.deps.db;
    const clanId = v.clanId;
    const [clan] = await db
      .select({ id: clans.id, name: clans.name, tag: clans.tag })
      .from(clans)
      .where(eq(clans.id, clanId))
      .limit(1);
    // A removed clan's log stays readable.
    const [any] = clan
      ? [clan]
      : await db.select({ id: clanLog.clanId }).from(clanLog).where(eq(clanLog.clanId, clanId)).limit(1);
    if (!any) throw new AppError("not_found", "clansAdmin.notFound");
    return c.json({
      clan: clan ?? { id: clanId, name: null, tag: null },
      ...(await clanLogs(db, logInput.parse({ clanId }))),
    });
  });

  route(app, { method: "ANY", path: "/admin/clanLog/getClanLogs", ...S }, { input: logInput }, async (c, v) =>
    c.json(await clanLogs(c.var.deps.db, v)),
  );

  page(app, { path: "/admin/clanCounters/:clanId{[0-9]+}", ...S }, { params: byClan }, async (c, v) => {
    const { db, clock } = c.var.deps;
    return c.json(await counters(db, v.clanId, clock.now()));
  });

  route(app, { method: "ANY", path: "/admin/clanCounters/getData", ...S }, { input: clanIdInput }, async (c, v) =>
    c.json(await counters(c.var.deps.db, v.clanId, c.var.deps.clock.now())),
  );

  route(app, { method: "ANY", path: "/admin/clanCounters/getGraphData", ...S }, { input: graphInput }, async (c, v) => {
    const { db, clock } = c.var.deps;
    const clan = await clanById(db, v.clanId);
    return c.json(await graph(db, clan, period(v, clock.now())));
  });

  // The clan log around a moment (a point of the chart): the entries within ±hours of it.
  route(app, { method: "ANY", path: "/admin/clanCounters/getNearLogs", ...S }, { input: nearInput }, async (c, v) => {
    const db = c.var.deps.db;
    const span = v.hours * 3_600_000;
    const rows = await logRows(
      db,
      and(eq(clanLog.clanId, v.clanId), gte(clanLog.createdAt, v.at - span), lte(clanLog.createdAt, v.at + span))!,
      200,
      0,
    );
    return c.json({ rows, at: v.at, hours: v.hours });
  });

  page(app, { path: "/admin/clansTournaments/", ...S }, async (c) =>
    c.json({ orders: ["rating", "wins", "battles", "experience"] }),
  );

  // The top clans of a period by the battles their members fought for them.
  route(app, { method: "ANY", path: "/admin/clansTournaments/loadTop", ...S }, { input: topInput }, async (c, v) => {
    const { db, clock } = c.var.deps;
    const p = period(v, clock.now(), 7);
    const order = { rating: sql`rating_delta`, wins: sql`wins`, battles: sql`battles`, experience: sql`experience` }[
      v.by
    ];
    const rows = await db
      .select({
        clanId: battlePlayers.clanId,
        battles: sql<number>`count(*)`.as("battles"),
        wins: sql<number>`sum(case when ${battlePlayers.result} = 'win' then 1 else 0 end)`.as("wins"),
        ratingDelta: sql<number>`sum(${battlePlayers.ratingDelta})`.as("rating_delta"),
        experience: sql<number>`sum(${battlePlayers.experience})`.as("experience"),
      })
      .from(battlePlayers)
      .where(
        and(
          sql`${battlePlayers.clanId} is not null`,
          sql`${battlePlayers.result} is not null`,
          gte(battlePlayers.endedAt, p.from),
          lte(battlePlayers.endedAt, p.to),
        ),
      )
      .groupBy(battlePlayers.clanId)
      .orderBy(sql`${order} desc`, asc(battlePlayers.clanId))
      .limit(v.limit);
    const ids = rows.map((r) => r.clanId!);
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
    return c.json({
      from: p.from,
      to: p.to,
      by: v.by,
      rows: rows.map((r, i) => ({
        place: i + 1,
        clanId: r.clanId,
        name: names.get(r.clanId!)?.name ?? null,
        tag: names.get(r.clanId!)?.tag ?? null,
        rating: names.get(r.clanId!)?.rating ?? null,
        battles: Number(r.battles),
        wins: Number(r.wins),
        ratingDelta: Number(r.ratingDelta),
        experience: Number(r.experience),
      })),
    });
  });
}

async function logRows(db: Db, where: ReturnType<typeof and>, limit: number, offset: number) {
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

async function clanLogs(db: Db, q: z.output<typeof logInput>) {
  const where = and(eq(clanLog.clanId, q.clanId), q.action ? eq(clanLog.action, q.action) : undefined);
  const [rows, [{ n }]] = await Promise.all([
    logRows(db, where, q.size, (q.page - 1) * q.size),
    db.select({ n: count() }).from(clanLog).where(where),
  ]);
  return { rows, total: n, page: q.page, size: q.size };
}

/** Today's figures: members, rating, wins, experience (the clan row), battles fought for it in all and in the last 30 days. */
async function counters(db: Db, clanId: number, now: number) {
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
async function graph(db: Db, clan: { id: number; rating: number; members: number }, p: { from: number; to: number }) {
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
