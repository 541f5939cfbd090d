// A player's battles as operators read them (/admin/player/{id}/battles): the battles area's
// tables (battles, battle_players, battle_events; written by domain/battles.ts) — a paged list
// with filters, totals over a period, and one battle with the player's part and its timeline.
import { and, asc, count, desc, eq, gte, lte, sql } from "drizzle-orm";
import { battles, battlePlayers, battleEvents, type BattleResult, type BattleStatus } from "../db/schema/battles.ts";
import { contentTanks } from "../db/schema/content.ts";
import type { DbOrTx } from "../db/index.ts";
import type { Call } from "./context.ts";
import { fieldError, notFound } from "./errors.ts";
import { playerOr404 } from "./players.ts";

export interface BattleFilter {
  result?: BattleResult;
  status?: BattleStatus;
  mode?: string;
  from?: number;
  to?: number;
}
export interface BattlePage extends BattleFilter {
  page: number;
  size: number;
}

function conditions(playerId: number, v: BattleFilter) {
  if (v.from !== undefined && v.to !== undefined && v.from > v.to)
    throw fieldError({ to: { id: "identity.periodOrder" } });
  return and(
    eq(battlePlayers.playerId, playerId),
    v.result ? eq(battlePlayers.result, v.result) : undefined,
    v.status ? eq(battles.status, v.status) : undefined,
    v.mode ? eq(battles.mode, v.mode) : undefined,
    v.from !== undefined ? gte(battles.startedAt, v.from) : undefined,
    v.to !== undefined ? lte(battles.startedAt, v.to) : undefined,
  );
}

async function list(db: DbOrTx, playerId: number, v: BattlePage, locale: "ru" | "en") {
  const where = conditions(playerId, v);
  const rows = await db
    .select({ b: battles, p: battlePlayers, tankRu: contentTanks.nameRu, tankEn: contentTanks.nameEn })
    .from(battlePlayers)
    .innerJoin(battles, eq(battles.id, battlePlayers.battleId))
    .leftJoin(contentTanks, eq(contentTanks.id, battlePlayers.tankId))
    .where(where)
    .orderBy(desc(battles.startedAt), desc(battles.id))
    .limit(v.size)
    .offset((v.page - 1) * v.size);
  const [{ n }] = await db
    .select({ n: count() })
    .from(battlePlayers)
    .innerJoin(battles, eq(battles.id, battlePlayers.battleId))
    .where(where);
  return {
    rows: rows.map(({ b, p, tankRu, tankEn }) => ({
      battleId: b.id,
      mode: b.mode,
      map: b.map,
      status: b.status,
      startedAt: b.startedAt,
      endedAt: b.endedAt,
      tankId: p.tankId,
      tank: (locale === "en" ? tankEn : tankRu) ?? null,
      result: p.result,
      experience: p.experience,
      silverEarned: p.silverEarned,
      silverSpent: p.silverSpent,
      kills: p.kills,
      damage: p.damage,
      ratingDelta: p.ratingDelta,
    })),
    total: n,
    page: v.page,
    size: v.size,
  };
}

async function sums(db: DbOrTx, playerId: number, v: BattleFilter) {
  const [s] = await db
    .select({
      battles: count(),
      wins: sql<number>`coalesce(sum(${battlePlayers.result} = 'win'), 0)`,
      losses: sql<number>`coalesce(sum(${battlePlayers.result} = 'loss'), 0)`,
      draws: sql<number>`coalesce(sum(${battlePlayers.result} = 'draw'), 0)`,
      experience: sql<number>`coalesce(sum(${battlePlayers.experience}), 0)`,
      silverEarned: sql<number>`coalesce(sum(${battlePlayers.silverEarned}), 0)`,
      silverSpent: sql<number>`coalesce(sum(${battlePlayers.silverSpent}), 0)`,
      kills: sql<number>`coalesce(sum(${battlePlayers.kills}), 0)`,
      damage: sql<number>`coalesce(sum(${battlePlayers.damage}), 0)`,
      ratingDelta: sql<number>`coalesce(sum(${battlePlayers.ratingDelta}), 0)`,
    })
    .from(battlePlayers)
    .innerJoin(battles, eq(battles.id, battlePlayers.battleId))
    .where(conditions(playerId, v));
  const out = {} as { [K in keyof typeof s]: number };
  for (const k of Object.keys(s) as (keyof typeof s)[]) out[k] = Number(s[k]);
  return out;
}

type Locale = "ru" | "en";

/** The battles tab: the player, their totals and the first page of battles. */
export async function playerBattlesHead({ ctx, input }: Call<{ playerId: number; locale: Locale }>) {
  const p = await playerOr404(ctx.db, input.playerId);
  return {
    player: { id: p.id, nickname: p.nickname },
    sum: await sums(ctx.db, p.id, {}),
    ...(await list(ctx.db, p.id, { page: 1, size: 20 }, input.locale)),
  };
}

/** A page of the player's battles, newest first, filtered. */
export async function playerBattles({ ctx, input }: Call<BattlePage & { playerId: number; locale: Locale }>) {
  const p = await playerOr404(ctx.db, input.playerId);
  return list(ctx.db, p.id, input, input.locale);
}

/** The player's totals over a period. */
export async function playerBattleSums({ ctx, input }: Call<BattleFilter & { playerId: number }>) {
  const p = await playerOr404(ctx.db, input.playerId);
  return sums(ctx.db, p.id, input);
}

/** One battle as this player lived it: 404 when the player was not in it. */
export async function playerBattle({ ctx, input }: Call<{ playerId: number; battleId: number }>) {
  const { db } = ctx;
  const p = await playerOr404(db, input.playerId);
  const [row] = await db
    .select({ b: battles, me: battlePlayers })
    .from(battlePlayers)
    .innerJoin(battles, eq(battles.id, battlePlayers.battleId))
    .where(and(eq(battlePlayers.playerId, p.id), eq(battlePlayers.battleId, input.battleId)))
    .limit(1);
  if (!row) throw notFound();
  const others = await db
    .select()
    .from(battlePlayers)
    .where(eq(battlePlayers.battleId, row.b.id))
    .orderBy(asc(battlePlayers.playerId));
  const events = await db
    .select()
    .from(battleEvents)
    .where(eq(battleEvents.battleId, row.b.id))
    .orderBy(asc(battleEvents.id));
  return {
    battle: row.b,
    player: row.me,
    players: others,
    events: events.map((e) => ({ ...e, details: JSON.parse(e.details) as Record<string, unknown> })),
  };
}
