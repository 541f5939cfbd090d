// Cheat signals (issue 31): each player's battle figures on a tier against that tier's medians —
// damage per battle, kills per battle, win rate — over a recent window, and the players far above
// the medians (outliers) for an operator to look at, mark as suspect or ban. A signal is not a
// verdict: the screens show the figures and their ratios, the operator decides. Hit rate is not
// recorded by battle servers (battle_players has no shots), so it is not a signal here.
import { and, eq, gte, inArray, sql } from "drizzle-orm";
import type { DbOrTx } from "../db/index.ts";
import { battles, battlePlayers } from "../db/schema/battles.ts";
import { contentTanks } from "../db/schema/content.ts";
import { players } from "../db/schema/players.ts";
import { playerSuspects } from "../db/schema/bans.ts";
import type { Ctx } from "./context.ts";
import { notFound } from "./errors.ts";

const DAY = 86_400_000;

export interface SignalRules {
  /** The window, in days back from now. */
  days: number;
  /** A player's figures on a tier count from this many battles on it (fewer say nothing). */
  minBattles: number;
  /** An outlier's damage or kills per battle are at least this many times the tier's median. */
  factor: number;
}
export const DEFAULT_RULES: SignalRules = { days: 30, minBattles: 3, factor: 2 };

export interface TierFigures {
  tier: number;
  battles: number;
  damage: number;
  kills: number;
  winRate: number;
}

function median(values: number[]): number {
  if (!values.length) return 0;
  const s = [...values].sort((a, b) => a - b);
  const m = Math.floor(s.length / 2);
  return s.length % 2 ? s[m] : (s[m - 1] + s[m]) / 2;
}
const round = (x: number, digits = 2) => Math.round(x * 10 ** digits) / 10 ** digits;

/** Every player's figures per tier in the window (finished battles with a result). */
async function figures(db: DbOrTx, since: number, playerIds?: number[]) {
  const rows = await db
    .select({
      playerId: battlePlayers.playerId,
      tier: contentTanks.tier,
      battles: sql<number>`count(*)`,
      damage: sql<number>`avg(${battlePlayers.damage})`,
      kills: sql<number>`avg(${battlePlayers.kills})`,
      wins: sql<number>`sum(${battlePlayers.result} = 'win')`,
    })
    .from(battlePlayers)
    .innerJoin(battles, eq(battles.id, battlePlayers.battleId))
    .innerJoin(contentTanks, eq(contentTanks.id, battlePlayers.tankId))
    .where(
      and(
        gte(battles.startedAt, since),
        sql`${battlePlayers.result} is not null`,
        playerIds ? inArray(battlePlayers.playerId, playerIds) : undefined,
      ),
    )
    .groupBy(battlePlayers.playerId, contentTanks.tier);
  return rows.map((r) => ({
    playerId: r.playerId,
    tier: r.tier,
    battles: Number(r.battles),
    damage: round(Number(r.damage), 1),
    kills: round(Number(r.kills)),
    winRate: round(Number(r.wins) / Number(r.battles), 3),
  }));
}

/** Each tier's medians over the players with enough battles on it. */
function mediansOf(rows: Awaited<ReturnType<typeof figures>>, minBattles: number): Map<number, TierFigures> {
  const byTier = new Map<number, typeof rows>();
  for (const r of rows.filter((r) => r.battles >= minBattles)) byTier.set(r.tier, [...(byTier.get(r.tier) ?? []), r]);
  return new Map(
    [...byTier].map(([tier, list]) => [
      tier,
      {
        tier,
        battles: list.length,
        damage: round(median(list.map((r) => r.damage)), 1),
        kills: round(median(list.map((r) => r.kills))),
        winRate: round(median(list.map((r) => r.winRate)), 3),
      },
    ]),
  );
}

const ratio = (x: number, of: number) => (of > 0 ? round(x / of) : 0);

function judged(r: Awaited<ReturnType<typeof figures>>[number], medians: Map<number, TierFigures>, rules: SignalRules) {
  const m = medians.get(r.tier);
  const damageRatio = m ? ratio(r.damage, m.damage) : 0;
  const killsRatio = m ? ratio(r.kills, m.kills) : 0;
  const enough = r.battles >= rules.minBattles && !!m;
  return {
    ...r,
    median: m ?? null,
    damageRatio,
    killsRatio,
    outlier: enough && (damageRatio >= rules.factor || killsRatio >= rules.factor),
  };
}

async function who(db: DbOrTx, ids: number[], now: number) {
  if (!ids.length) return new Map<number, { nickname: string; suspect: boolean; banned: boolean }>();
  const rows = await db
    .select({
      id: players.id,
      nickname: players.nickname,
      bannedUntil: players.bannedUntil,
      suspect: sql<number>`exists(select 1 from ${playerSuspects} where ${playerSuspects.playerId} = ${players.id})`,
    })
    .from(players)
    .where(inArray(players.id, ids));
  return new Map(
    rows.map((r) => [r.id, { nickname: r.nickname, suspect: Boolean(r.suspect), banned: (r.bannedUntil ?? 0) > now }]),
  );
}

/** The tiers' medians and the players far above them, most extreme first. */
export async function cheatOutliers({ ctx, input }: { ctx: Pick<Ctx, "db" | "clock">; input: SignalRules }) {
  const now = ctx.clock.now();
  const since = now - input.days * DAY;
  const rows = await figures(ctx.db, since);
  const medians = mediansOf(rows, input.minBattles);
  const outliers = rows
    .map((r) => judged(r, medians, input))
    .filter((r) => r.outlier)
    .sort((a, b) => Math.max(b.damageRatio, b.killsRatio) - Math.max(a.damageRatio, a.killsRatio));
  const names = await who(ctx.db, [...new Set(outliers.map((o) => o.playerId))], now);
  return {
    since,
    rules: input,
    medians: [...medians.values()].sort((a, b) => a.tier - b.tier),
    outliers: outliers.map(({ median: _m, outlier: _o, ...o }) => ({
      ...o,
      nickname: names.get(o.playerId)?.nickname ?? "",
      suspect: names.get(o.playerId)?.suspect ?? false,
      banned: names.get(o.playerId)?.banned ?? false,
    })),
  };
}

/** One battle's players: their figures on the tier they fought at, against its medians. */
export async function battleSignals({
  ctx,
  input,
}: {
  ctx: Pick<Ctx, "db" | "clock">;
  input: { battleId: number } & SignalRules;
}) {
  const now = ctx.clock.now();
  const seats = await ctx.db
    .select({ playerId: battlePlayers.playerId, tier: contentTanks.tier })
    .from(battlePlayers)
    .innerJoin(contentTanks, eq(contentTanks.id, battlePlayers.tankId))
    .where(eq(battlePlayers.battleId, input.battleId));
  const [exists] = await ctx.db.select({ id: battles.id }).from(battles).where(eq(battles.id, input.battleId));
  if (!exists) throw notFound();
  const since = now - input.days * DAY;
  const all = await figures(ctx.db, since);
  const medians = mediansOf(all, input.minBattles);
  const mine = new Map(all.map((r) => [`${r.playerId}:${r.tier}`, r]));
  const names = await who(
    ctx.db,
    seats.map((s) => s.playerId),
    now,
  );
  return {
    since,
    rules: { days: input.days, minBattles: input.minBattles, factor: input.factor },
    players: seats.map((s) => {
      const r = mine.get(`${s.playerId}:${s.tier}`) ?? {
        playerId: s.playerId,
        tier: s.tier,
        battles: 0,
        damage: 0,
        kills: 0,
        winRate: 0,
      };
      const j = judged(r, medians, input);
      return {
        ...j,
        nickname: names.get(s.playerId)?.nickname ?? "",
        suspect: names.get(s.playerId)?.suspect ?? false,
        banned: names.get(s.playerId)?.banned ?? false,
      };
    }),
  };
}
