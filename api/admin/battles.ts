// /admin/battles/: the battles the battle servers reported, for operators — a paged list with
// filters, finding by battle or player, a battle's timeline and players, stopping a running
// battle (no rewards) and stopping every stuck one. Support reads; operators stop.
import type { Hono } from "hono";
import { z } from "zod";
import { and, asc, count, desc, eq, gt, gte, inArray, lte, sql, type SQL } from "drizzle-orm";
import type { HonoEnv } from "../http/env.ts";
import { page, route } from "../http/router.ts";
import { audit, NO_CHANGES, valuesOf } from "../http/audit.ts";
import * as f from "../domain/fields.ts";
import { fieldError } from "../domain/errors.ts";
import type { Db } from "../db/index.ts";
import { battles, battlePlayers, battleEvents, BATTLE_STATUSES } from "../db/schema/battles.ts";
import { players } from "../db/schema/players.ts";
import { contentTanks } from "../db/schema/content.ts";
import {
  BATTLE_RULES,
  countStuckBattles,
  isStuck,
  stopBattle,
  stopStuckBattles,
  stuckWhere,
} from "../domain/battles.ts";
import { arenaOf } from "../game/arena/arena.ts";
import { AppError } from "../domain/errors.ts";
import { followById, type FeedMessage } from "../http/feed.ts";

const S = { auth: "admin", role: "support" } as const;
const O = { auth: "admin", role: "operator" } as const;

const SORTS = {
  id: battles.id,
  startedAt: battles.startedAt,
  endedAt: battles.endedAt,
  mode: battles.mode,
  status: battles.status,
} as const;

const listInput = z.object({
  page: f.optional(f.int(1, 100_000)).default(1),
  size: f.optional(f.int(1, 200)).default(20),
  sort: f.optional(z.enum(Object.keys(SORTS) as [keyof typeof SORTS])).default("id"),
  dir: f.optional(z.enum(["asc", "desc"])).default("desc"),
  /** running, finished, stopped, or stuck (running past the limit). */
  status: f.optional(z.enum([...BATTLE_STATUSES, "stuck"])),
  mode: f.optionalText(32),
  from: f.optional(f.dateTime()),
  to: f.optional(f.dateTime()),
  playerId: f.optional(f.id()),
});
const findInput = z.object({ q: f.text(1, 64) });
const streamInput = z.object({ battleId: f.optional(f.id()), after: f.optional(f.int(0)) });
const byBattle = z.object({ battleId: f.id() });

const listColumns = {
  id: battles.id,
  mode: battles.mode,
  map: battles.map,
  status: battles.status,
  startedAt: battles.startedAt,
  endedAt: battles.endedAt,
  stoppedBy: battles.stoppedBy,
  players: sql<number>`(select count(*) from battle_players bp where bp.battle_id = ${battles.id})`,
  /** The last tick of a battle played here (api/game/arena), null for a battle server's battle. */
  heartbeatAt: sql<number | null>`(select r.heartbeat_at from battle_rooms r where r.battle_id = ${battles.id})`,
};
type ListRow = {
  id: number;
  mode: string;
  map: string;
  status: string;
  startedAt: number;
  endedAt: number | null;
  stoppedBy: number | null;
  players: number;
  heartbeatAt: number | null;
};
const view = (now: number) => (r: ListRow) => ({ ...r, players: Number(r.players), stuck: isStuck(r, now) });

async function listBattles(db: Db, q: z.output<typeof listInput>, now: number) {
  if (q.from !== undefined && q.to !== undefined && q.from > q.to)
    throw fieldError({ to: { id: "identity.periodOrder" } });
  const conds: (SQL | undefined)[] = [
    q.status === "stuck" ? stuckWhere(now) : q.status ? eq(battles.status, q.status) : undefined,
    q.mode ? eq(battles.mode, q.mode.toLowerCase()) : undefined,
    q.from !== undefined ? gte(battles.startedAt, q.from) : undefined,
    q.to !== undefined ? lte(battles.startedAt, q.to) : undefined,
    q.playerId
      ? sql`${battles.id} in (select battle_id from battle_players where player_id = ${q.playerId})`
      : undefined,
  ];
  const where = and(...conds);
  const col = SORTS[q.sort];
  const [rows, [{ n }]] = await Promise.all([
    db
      .select(listColumns)
      .from(battles)
      .where(where)
      .orderBy(q.dir === "asc" ? asc(col) : desc(col), desc(battles.id))
      .limit(q.size)
      .offset((q.page - 1) * q.size),
    db.select({ n: count() }).from(battles).where(where),
  ]);
  return { rows: rows.map(view(now)), total: n, page: q.page, size: q.size };
}

async function battleById(db: Db, id: number, now: number) {
  const [b] = await db.select(listColumns).from(battles).where(eq(battles.id, id)).limit(1);
  if (!b) throw new AppError("not_found", "battles.notFound");
  return view(now)(b);
}

async function timeline(db: Db, battleId: number) {
  const rows = await db
    .select({
      id: battleEvents.id,
      kind: battleEvents.kind,
      playerId: battleEvents.playerId,
      nickname: players.nickname,
      details: battleEvents.details,
      at: battleEvents.at,
    })
    .from(battleEvents)
    .leftJoin(players, eq(players.id, battleEvents.playerId))
    .where(eq(battleEvents.battleId, battleId))
    .orderBy(asc(battleEvents.id));
  return rows.map((r) => ({ ...r, details: JSON.parse(r.details) as Record<string, unknown> }));
}

async function roster(db: Db, battleId: number) {
  return db
    .select({
      playerId: battlePlayers.playerId,
      nickname: players.nickname,
      tankId: battlePlayers.tankId,
      tankName: contentTanks.nameEn,
      clanId: battlePlayers.clanId,
      result: battlePlayers.result,
      experience: battlePlayers.experience,
      silverEarned: battlePlayers.silverEarned,
      silverSpent: battlePlayers.silverSpent,
      kills: battlePlayers.kills,
      damage: battlePlayers.damage,
      durationS: battlePlayers.durationS,
      ratingDelta: battlePlayers.ratingDelta,
    })
    .from(battlePlayers)
    .innerJoin(players, eq(players.id, battlePlayers.playerId))
    .leftJoin(contentTanks, eq(contentTanks.id, battlePlayers.tankId))
    .where(eq(battlePlayers.battleId, battleId))
    .orderBy(desc(battlePlayers.experience), asc(players.nickname));
}

/** The battles' feed (/admin/battles/stream/battles): a battle_events row with its battle as it is now. */
export type BattleEvents = {
  battle: {
    event: {
      id: number;
      battleId: number;
      kind: string;
      playerId: number | null;
      nickname: string | null;
      details: Record<string, unknown>;
      at: number;
    };
    battle: ReturnType<ReturnType<typeof view>> | null;
  };
};

export function registerAdminBattles(app: Hono<HonoEnv>) {
  page(app, { path: "/admin/battles/", ...S }, async (c) => {
    const { db, clock } = c.var.deps;
    const now = clock.now();
    const modes = await db.selectDistinct({ mode: battles.mode }).from(battles).orderBy(asc(battles.mode));
    return c.json({
      stuck: await countStuckBattles(db, now),
      stuckAfterMs: BATTLE_RULES.stuckAfterMs,
      modes: modes.map((m) => m.mode),
      statuses: [...BATTLE_STATUSES, "stuck"],
    });
  });

  route(app, { method: "ANY", path: "/admin/battles/get", ...S }, { input: listInput }, async (c, v) =>
    c.json(await listBattles(c.var.deps.db, v, c.var.deps.clock.now())),
  );

  // By battle id (digits, or #id), else by player: an id or an exact nickname gives that player's latest battles.
  route(app, { method: "ANY", path: "/admin/battles/find", ...S }, { input: findInput }, async (c, { q }) => {
    const { db, clock } = c.var.deps;
    const now = clock.now();
    const rows: ReturnType<ReturnType<typeof view>>[] = [];
    const digits = /^#?(\d{1,15})$/.exec(q)?.[1];
    if (digits) {
      const [b] = await db
        .select(listColumns)
        .from(battles)
        .where(eq(battles.id, Number(digits)))
        .limit(1);
      if (b) rows.push(view(now)(b));
    }
    const [p] = await db
      .select({ id: players.id, nickname: players.nickname })
      .from(players)
      .where(digits ? eq(players.id, Number(digits)) : sql`lower(${players.nickname}) = lower(${q})`)
      .limit(1);
    if (p)
      rows.push(
        ...(await listBattles(db, listInput.parse({ playerId: p.id, size: 50 }), now)).rows.filter(
          (r) => !rows.some((x) => x.id === r.id),
        ),
      );
    return c.json({ rows, total: rows.length, player: p ?? null });
  });

  page(app, { path: "/admin/battles/:battleId{[0-9]+}/events", ...S }, { params: byBattle }, async (c, v) => {
    const { db, clock } = c.var.deps;
    const battle = await battleById(db, v.battleId, clock.now());
    return c.json({ battle, events: await timeline(db, battle.id), players: await roster(db, battle.id) });
  });

  route(
    app,
    { method: "ANY", path: "/admin/battles/:battleId{[0-9]+}/events/get", ...S },
    { params: byBattle },
    async (c, v) => {
      const { db, clock } = c.var.deps;
      const battle = await battleById(db, v.battleId, clock.now());
      return c.json({ battle, rows: await timeline(db, battle.id) });
    },
  );

  route(
    app,
    { method: "ANY", path: "/admin/battles/:battleId{[0-9]+}/players/get", ...S },
    { params: byBattle },
    async (c, v) => {
      const { db, clock } = c.var.deps;
      const battle = await battleById(db, v.battleId, clock.now());
      return c.json({ battle, rows: await roster(db, battle.id) });
    },
  );

  // Live: every new battle_events row (a battle's start, each player's result, its end or stop) with
  // the battle's row as it is now, following the table by id (any instance serves it; resumes from
  // Last-Event-ID). `battleId` narrows it to one battle's timeline.
  route(
    app,
    { method: "ANY", path: "/admin/battles/stream/battles", ...S, kind: "stream" },
    { input: streamInput },
    async (c, v) => {
      const { db, clock } = c.var.deps;
      const only = v.battleId !== undefined ? eq(battleEvents.battleId, v.battleId) : undefined;
      return followById(c, v.after, {
        newest: async () =>
          (
            await db
              .select({ id: battleEvents.id })
              .from(battleEvents)
              .where(only)
              .orderBy(desc(battleEvents.id))
              .limit(1)
          )[0]?.id,
        read: (last) =>
          db
            .select({
              id: battleEvents.id,
              battleId: battleEvents.battleId,
              kind: battleEvents.kind,
              playerId: battleEvents.playerId,
              nickname: players.nickname,
              details: battleEvents.details,
              at: battleEvents.at,
            })
            .from(battleEvents)
            .leftJoin(players, eq(players.id, battleEvents.playerId))
            .where(and(gt(battleEvents.id, last), only))
            .orderBy(asc(battleEvents.id))
            .limit(100),
        id: (r) => r.id,
        messages: async (rows): Promise<FeedMessage<BattleEvents>[]> => {
          const now = clock.now();
          const ids = [...new Set(rows.map((r) => r.battleId))];
          const current = new Map(
            (await db.select(listColumns).from(battles).where(inArray(battles.id, ids))).map((b) => [
              b.id,
              view(now)(b),
            ]),
          );
          return rows.map((r) => ({
            id: String(r.id),
            event: "battle",
            data: {
              event: { ...r, details: JSON.parse(r.details) as Record<string, unknown> },
              battle: current.get(r.battleId) ?? null,
            },
          }));
        },
      });
    },
  );

  route(
    app,
    { method: "ANY", path: "/admin/battles/:battleId{[0-9]+}/stop", ...O, mutates: true },
    { params: byBattle },
    async (c, v, ctx) => {
      const { db, clock } = c.var.deps;
      const at = clock.now();
      const battleId = v.battleId;
      await db.transaction(async (tx) => {
        await stopBattle(tx, { battleId, adminId: ctx.actor.adminId, at });
        await audit(c, tx, {
          action: "battles.stop",
          targetType: "battle",
          targetId: battleId,
          summary: `stopped battle #${battleId} with no rewards`,
          details: NO_CHANGES,
        });
      });
      // A battle simulated by this instance ends for its players at once; one on another instance
      // learns of the stop at its next heartbeat (api/game/arena/arena.ts).
      arenaOf(c.var.deps).stopped(battleId);
      return c.json({ battle: await battleById(db, battleId, at) });
    },
  );

  route(app, { method: "ANY", path: "/admin/battles/stopTheStuck", ...O, mutates: true }, {}, async (c, _v, ctx) => {
    const { db, clock } = c.var.deps;
    const at = clock.now();
    const stopped = await db.transaction(async (tx) => {
      const ids = await stopStuckBattles(tx, { adminId: ctx.actor.adminId, at });
      await audit(c, tx, {
        action: "battles.stopTheStuck",
        targetType: "battle",
        summary: `stopped ${ids.length} stuck battle(s)${ids.length ? `: #${ids.slice(0, 50).join(", #")}${ids.length > 50 ? "…" : ""}` : ""}`,
        details: valuesOf({ battles: ids.length ? ids.slice(0, 50).join(", ") + (ids.length > 50 ? "…" : "") : "—" }),
      });
      return ids;
    });
    for (const id of stopped) arenaOf(c.var.deps).stopped(id);
    return c.json({ stopped: stopped.length, battleIds: stopped });
  });
}
