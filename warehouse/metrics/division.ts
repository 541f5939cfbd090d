// Division of players by experience, gold and silver. Definition: a player's gold (silver) is
// the balance_after of their latest currency movement in that currency (latest by timestamp;
// two movements in the same millisecond resolve to the higher balance); a player's experience
// is the sum of the experience of all their battles. Only players with at least one such event
// are counted. Buckets are fixed half-open ranges [from, to) below, the last one open-ended.
// Read from the rollups balances_latest and player_experience (one row per player).
import type { Warehouse } from "../port.ts";

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

/** One row per player: their current value of the type. */
export const divisionValuesSql = (type: DivisionType) =>
  type === "experience"
    ? "SELECT sum(experience) AS v FROM player_experience GROUP BY player_id"
    : "SELECT argMaxMerge(latest) AS v FROM balances_latest WHERE currency = {currency:String} GROUP BY player_id";

export function divisionSql(type: DivisionType): string {
  const values = divisionValuesSql(type);
  // The bucket index: how many edges are ≤ v (values below the first edge fall in bucket 0).
  return `SELECT greatest(arrayCount(e -> e <= v, {edges:Array(Int64)}), 1) - 1 AS bucket, count() AS players, sum(v) AS total
    FROM (${values}) GROUP BY bucket ORDER BY bucket`;
}

export async function division(wh: Warehouse, type: DivisionType): Promise<DivisionData> {
  const edges = DIVISION_EDGES[type];
  const params = { edges, currency: type };
  const valuesSql = divisionValuesSql(type);
  const [rows, [{ median } = { median: 0 }]] = await Promise.all([
    wh.query<{ bucket: number; players: number; total: number }>(divisionSql(type), params),
    wh.query<{ median: number }>(`SELECT toInt64(quantileExactLow(0.5)(v)) AS median FROM (${valuesSql})`, params),
  ]);
  const by = new Map(rows.map((r) => [r.bucket, r]));
  return {
    type,
    players: rows.reduce((s, r) => s + r.players, 0),
    total: rows.reduce((s, r) => s + r.total, 0),
    median,
    buckets: edges.map((from, i) => ({ from, to: edges[i + 1] ?? null, players: by.get(i)?.players ?? 0 })),
  };
}
