// Division of players by experience, gold and silver. Definition: a player's gold (silver) is
// the balance_after of their latest currency movement in that currency (latest in the order the
// store applied them, the ledger entry's id — two movements can share a millisecond); a player's
// experience is the sum of the experience of all their battles. Only players with at least one
// such event are counted. Buckets are fixed half-open ranges [from, to) below, the last one
// open-ended. Read from the rollups balances_current_v2 (FINAL: the latest row per player,
// migration 0008) and player_experience.
import { z } from "zod";
import type { Warehouse } from "../port.ts";

const PlayersMedianNTotalRow = z.object({
  players: z.tuple([z.array(z.number()), z.array(z.number())]),
  median: z.number(),
  n: z.number(),
  total: z.number(),
});

export const DIVISION_TYPES = ["experience", "gold", "silver"] as const;
export type DivisionType = (typeof DIVISION_TYPES)[number];

export const DIVISION_EDGES: Record<DivisionType, number[]> = {
  experience: [0, 1_000, 5_000, 20_000, 50_000, 100_000, 250_000, 500_000, 1_000_000],
  gold: [0, 1, 50, 100, 250, 500, 1_000, 5_000, 10_000],
  silver: [0, 1_000, 5_000, 10_000, 25_000, 50_000, 100_000, 500_000, 1_000_000],
};

export interface DivisionBucket {
  from: number;
  /** null: open-ended. */
  to: number | null;
  players: number;
}
export interface DivisionData {
  type: DivisionType;
  players: number;
  total: number;
  median: number;
  buckets: DivisionBucket[];
}

/** One row per player: their current value of the type (aggregated in the rollup's sort order). */
export const divisionValuesSql = (type: DivisionType) =>
  type === "experience"
    ? "SELECT experience AS v FROM player_experience FINAL"
    : "SELECT balance AS v FROM balances_current_v2 FINAL WHERE currency = {currency:String}";

/** One pass: players and total per bucket (the bucket = how many edges are ≤ v, less one; below the first edge → 0) and the lower median. */
export const divisionSql = (
  type: DivisionType,
) => `SELECT sumMap([toUInt32(greatest(arrayCount(e -> e <= v, {edges:Array(Int64)}), 1) - 1)], [toUInt64(1)]) AS players,
    sumMap([toUInt32(greatest(arrayCount(e -> e <= v, {edges:Array(Int64)}), 1) - 1)], [toInt64(v)]) AS totals,
    toInt64(quantileExactLow(0.5)(v)) AS median, toUInt64(count()) AS n, toInt64(sum(v)) AS total
  FROM (${divisionValuesSql(type)}) SETTINGS optimize_aggregation_in_order = 1`;

export async function division(wh: Warehouse, type: DivisionType): Promise<DivisionData> {
  const edges = DIVISION_EDGES[type];
  const [row] = await wh.query(divisionSql(type), { edges, currency: type }, PlayersMedianNTotalRow);
  const counts = new Map<number, number>();
  if (row) row.players[0].forEach((b, i) => void counts.set(b, row.players[1][i]));
  return {
    type,
    players: row?.n ?? 0,
    total: row?.total ?? 0,
    median: row && row.n > 0 ? row.median : 0,
    buckets: edges.map((from, i) => ({ from, to: edges[i + 1] ?? null, players: counts.get(i) ?? 0 })),
  };
}
