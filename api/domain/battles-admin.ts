// The operators' battles (/admin/battles): the list with filters, finding by battle or player, a
// battle's timeline and players, the live feed's reads, and stopping a running battle (no rewards)
// or every stuck one — each stop with its admin log row from the context's operator, in one
// transaction. The routes are api/admin/battles.ts.
import { and, asc, count, desc, eq, gt, gte, inArray, lte, sql, type SQL } from "drizzle-orm";
import type { DbOrTx } from "../db/index.ts";
import { battles, battlePlayers, battleEvents, BATTLE_STATUSES } from "../db/schema/battles.ts";
import { players } from "../db/schema/players.ts";
import { contentTanks } from "../db/schema/content.ts";
import { AppError, fieldError } from "./errors.ts";
import { audit, NO_CHANGES, valuesOf } from "./audit.ts";
import { type AdminCtx, type Ctx, transact } from "./context.ts";
import { BATTLE_RULES, countStuckBattles, isStuck, stopBattle, stopStuckBattles, stuckWhere } from "./battles.ts";

export const BATTLE_SORTS = {
  id: battles.id,
  startedAt: battles.startedAt,
  endedAt: battles.endedAt,
  mode: battles.mode,
  status: battles.status,
} as const;

/** The list's filters and order. */
export interface BattleQuery {
  page: number;
  size: number;
  sort: keyof typeof BATTLE_SORTS;
  dir: "asc" | "desc";
  status?: (typeof BATTLE_STATUSES)[number] | "stuck";
  mode?: string;
  from?: number;
  to?: number;
  playerId?: number;
}

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
export type ListRow = {
  id: number;
  mode: string;
  map: string;
  status: (typeof BATTLE_STATUSES)[number];
  startedAt: number;
  endedAt: number | null;
  stoppedBy: number | null;
  players: number;
  heartbeatAt: number | null;
};
export const battleView = (now: number) => (r: ListRow) => ({
  ...r,
  players: Number(r.players),
  stuck: isStuck(r, now),
});

/** A page of battles, filtered by status (stuck: running past the limit), mode, period and player, sorted. */
export async function listBattles(db: DbOrTx, q: BattleQuery, now: number) {
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
  const col = BATTLE_SORTS[q.sort];
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
  return { rows: rows.map(battleView(now)), total: n, page: q.page, size: q.size };
}

export async function battleById(db: DbOrTx, id: number, now: number) {
  const [b] = await db.select(listColumns).from(battles).where(eq(battles.id, id)).limit(1);
  if (!b) throw new AppError("not_found", "battles.notFound");
  return battleView(now)(b);
}

/** A battle's events in order (start, each result, end or stop). */
export async function battleTimeline(db: DbOrTx, battleId: number) {
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

/** A battle's players with their tanks and results, best first. */
export async function battleRoster(db: DbOrTx, battleId: number) {
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

/** A battle as the list shows it (with whether it is stuck). */
export type BattleView = ReturnType<ReturnType<typeof battleView>>;

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
    battle: BattleView | null;
  };
};

/** The list's page: stuck battles now, the limit, the modes and statuses to filter by. */
export async function battlesPage({ ctx }: { ctx: Ctx }) {
  const now = ctx.clock.now();
  const modes = await ctx.db.selectDistinct({ mode: battles.mode }).from(battles).orderBy(asc(battles.mode));
  return {
    stuck: await countStuckBattles(ctx.db, now),
    stuckAfterMs: BATTLE_RULES.stuckAfterMs,
    modes: modes.map((m) => m.mode),
    statuses: [...BATTLE_STATUSES, "stuck" as const],
  };
}

/** By battle id (digits, or #id), else by player: an id or an exact nickname gives that player's latest battles. */
export async function findBattles({ ctx, input: { q } }: { ctx: Ctx; input: { q: string } }) {
  const db = ctx.db;
  const now = ctx.clock.now();
  const rows: BattleView[] = [];
  const digits = /^#?(\d{1,15})$/.exec(q)?.[1];
  if (digits) {
    const [b] = await db
      .select(listColumns)
      .from(battles)
      .where(eq(battles.id, Number(digits)))
      .limit(1);
    if (b) rows.push(battleView(now)(b));
  }
  const [p] = await db
    .select({ id: players.id, nickname: players.nickname })
    .from(players)
    .where(digits ? eq(players.id, Number(digits)) : sql`lower(${players.nickname}) = lower(${q})`)
    .limit(1);
  if (p)
    rows.push(
      ...(await listBattles(db, { playerId: p.id, page: 1, size: 50, sort: "id", dir: "desc" }, now)).rows.filter(
        (r) => !rows.some((x) => x.id === r.id),
      ),
    );
  return { rows, total: rows.length, player: p ?? null };
}

/** An operator stops a running battle: it ends with no rewards. */
export async function stopBattleByOperator({
  ctx,
  input: { battleId },
}: {
  ctx: AdminCtx;
  input: { battleId: number };
}) {
  const at = ctx.clock.now();
  await transact(ctx, async (c) => {
    await stopBattle(c.db, { battleId, adminId: ctx.actor.adminId, at });
    await audit(c, {
      action: "battles.stop",
      targetType: "battle",
      targetId: battleId,
      summary: `stopped battle #${battleId} with no rewards`,
      details: NO_CHANGES,
    });
  });
  return { battle: await battleById(ctx.db, battleId, at) };
}

/** An operator stops every stuck battle (running past the limit); answers their ids. */
export async function stopStuckByOperator({ ctx }: { ctx: AdminCtx }) {
  const at = ctx.clock.now();
  const ids = await transact(ctx, async (c) => {
    const ids = await stopStuckBattles(c.db, { adminId: ctx.actor.adminId, at });
    const listed = ids.length ? ids.slice(0, 50).join(", ") + (ids.length > 50 ? "…" : "") : "";
    await audit(c, {
      action: "battles.stopTheStuck",
      targetType: "battle",
      summary: `stopped ${ids.length} stuck battle(s)${ids.length ? `: #${ids.slice(0, 50).join(", #")}${ids.length > 50 ? "…" : ""}` : ""}`,
      details: valuesOf({ battles: listed || "—" }),
    });
    return ids;
  });
  return { stopped: ids.length, battleIds: ids };
}

/** The feed's reads: the newest event's id (of one battle, or all). */
export async function newestBattleEvent(db: DbOrTx, battleId: number | undefined) {
  const only = battleId !== undefined ? eq(battleEvents.battleId, battleId) : undefined;
  return (
    await db.select({ id: battleEvents.id }).from(battleEvents).where(only).orderBy(desc(battleEvents.id)).limit(1)
  )[0]?.id;
}

/** The feed's reads: the events after `last` (at most 100, in order), each with its battle as it is now. */
export async function battleEventsAfter(db: DbOrTx, battleId: number | undefined, last: number, now: number) {
  const only = battleId !== undefined ? eq(battleEvents.battleId, battleId) : undefined;
  const rows = await db
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
    .limit(100);
  const ids = [...new Set(rows.map((r) => r.battleId))];
  const current = new Map(
    ids.length
      ? (await db.select(listColumns).from(battles).where(inArray(battles.id, ids))).map((b) => [
          b.id,
          battleView(now)(b),
        ])
      : [],
  );
  return rows.map((r): BattleEvents["battle"] => ({
    event: { ...r, details: JSON.parse(r.details) as Record<string, unknown> },
    battle: current.get(r.battleId) ?? null,
  }));
}
