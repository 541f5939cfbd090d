// /admin/player/{id}/battles: the player's battles from the battles area's tables (battles,
// battle_players, battle_events; written by domain/battles.ts) — paged list with filters, totals
// over a period, and one battle with the player's part and its timeline.
import type { Hono } from "hono";
import { z } from "zod";
import { and, asc, count, desc, eq, gte, lte, sql } from "drizzle-orm";
import type { HonoEnv } from "../../http/env.ts";
import type { Db } from "../../db/index.ts";
import { page, route } from "../../http/router.ts";
import * as f from "../../domain/fields.ts";
import { fieldError, notFound } from "../../domain/errors.ts";
import { battles, battlePlayers, battleEvents, BATTLE_RESULTS, BATTLE_STATUSES } from "../../db/schema/battles.ts";
import { contentTanks } from "../../db/schema/content.ts";
import { SUPPORT, byPlayer } from "./shared.ts";
import { playerOr404 } from "../../domain/players.ts";

const P = "/admin/player/:playerId{[0-9]+}";
const periodShape = { from: f.optional(f.dateTime()), to: f.optional(f.dateTime()) };
export const battlesInput = z.object({
  page: f.optional(f.int(1, 100_000)).default(1),
  size: f.optional(f.int(1, 200)).default(20),
  result: f.optional(z.enum(BATTLE_RESULTS)),
  status: f.optional(z.enum(BATTLE_STATUSES)),
  mode: f.optionalText(64),
  ...periodShape,
});
const sumInput = z.object(periodShape);
const byPlayerBattle = byPlayer.extend({ battleId: f.id() });

function conditions(
  playerId: number,
  v: { result?: string; status?: string; mode?: string; from?: number; to?: number },
) {
  if (v.from !== undefined && v.to !== undefined && v.from > v.to)
    throw fieldError({ to: { id: "identity.periodOrder" } });
  return and(
    eq(battlePlayers.playerId, playerId),
    v.result ? eq(battlePlayers.result, v.result as (typeof BATTLE_RESULTS)[number]) : undefined,
    v.status ? eq(battles.status, v.status as (typeof BATTLE_STATUSES)[number]) : undefined,
    v.mode ? eq(battles.mode, v.mode) : undefined,
    v.from !== undefined ? gte(battles.startedAt, v.from) : undefined,
    v.to !== undefined ? lte(battles.startedAt, v.to) : undefined,
  );
}

async function list(db: Db, playerId: number, v: z.output<typeof battlesInput>, locale: "ru" | "en") {
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
      tank: (locale === "en" ? tankEn : tankRu) ?? `#${p.tankId}`,
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

async function sums(db: Db, playerId: number, v: { from?: number; to?: number }) {
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
  return Object.fromEntries(Object.entries(s).map(([k, x]) => [k, Number(x)]));
}

export function registerPlayerBattles(app: Hono<HonoEnv>) {
  page(app, { path: `${P}/battles`, ...SUPPORT }, { params: byPlayer }, async (c, v) => {
    const db = c.var.deps.db;
    const p = await playerOr404(db, v.playerId);
    return c.json({
      player: { id: p.id, nickname: p.nickname },
      sum: await sums(db, p.id, {}),
      ...(await list(db, p.id, battlesInput.parse({}), c.var.locale)),
    });
  });

  route(
    app,
    { method: "ANY", path: `${P}/battles/load`, ...SUPPORT },
    { params: byPlayer, input: battlesInput },
    async (c, v) => {
      const db = c.var.deps.db;
      const p = await playerOr404(db, v.playerId);
      return c.json(await list(db, p.id, v, c.var.locale));
    },
  );

  route(
    app,
    { method: "ANY", path: `${P}/battles/getSum`, ...SUPPORT },
    { params: byPlayer, input: sumInput },
    async (c, v) => {
      const db = c.var.deps.db;
      const p = await playerOr404(db, v.playerId);
      return c.json(await sums(db, p.id, v));
    },
  );

  // One battle as this player lived it: 404 when the player was not in it. A page: a browser
  // gets the back office, which draws the battle's page; a JSON reader gets the battle.
  page(app, { path: `${P}/battles/:battleId{[0-9]+}`, ...SUPPORT }, { params: byPlayerBattle }, async (c, v) => {
    const db = c.var.deps.db;
    const p = await playerOr404(db, v.playerId);
    const [row] = await db
      .select({ b: battles, me: battlePlayers })
      .from(battlePlayers)
      .innerJoin(battles, eq(battles.id, battlePlayers.battleId))
      .where(and(eq(battlePlayers.playerId, p.id), eq(battlePlayers.battleId, v.battleId)))
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
    return c.json({
      battle: row.b,
      player: row.me,
      players: others,
      events: events.map((e) => ({ ...e, details: JSON.parse(e.details) })),
    });
  });
}
