// A tournament period's boards and what each place pays (docs/decisions/liveops.md). Pure.
import { z } from "zod";

const amount = z.int().min(0).max(1_000_000);

/** By rank: rows of [from, to] places. By percentile: the top p % of a board (ranks 1..ceil(n·p/100)). */
export const prizeTableSchema = z.discriminatedUnion("by", [
  z.object({
    by: z.literal("rank"),
    rows: z
      .array(z.object({ from: z.int().min(1), to: z.int().min(1), gold: amount, silver: amount }))
      .max(100)
      .refine((rows) => rows.every((r) => r.from <= r.to), "from ≤ to"),
  }),
  z.object({
    by: z.literal("percentile"),
    rows: z.array(z.object({ topPercent: z.int().min(1).max(100), gold: amount, silver: amount })).max(100),
  }),
]);
export type PrizeTable = z.output<typeof prizeTableSchema>;

export interface Prize {
  gold: number;
  silver: number;
}

/** What place `rank` of a board of `size` entries pays: the first row that holds it (none: nothing). */
export function prizeFor(table: PrizeTable, rank: number, size: number): Prize {
  const row =
    table.by === "rank"
      ? table.rows.find((r) => r.from <= rank && rank <= r.to)
      : table.rows.find((r) => rank <= Math.ceil((size * r.topPercent) / 100));
  return row ? { gold: row.gold, silver: row.silver } : { gold: 0, silver: 0 };
}

export interface BoardEntry {
  playerId: number;
  tier: number;
  bucket: number;
  score: number;
  scoredAt: number;
  joinedAt: number;
}

export interface Placed extends BoardEntry, Prize {
  rank: number;
}

/**
 * Ranks a period's entries on their boards — one per bucket, and per tier when the event ranks
 * tiers apart — by score, then who reached it first, who joined first, the lower player id (no
 * shared places: a prize table pays each place once). An entry that scored nothing wins nothing.
 */
export function placeEntries(entries: BoardEntry[], table: PrizeTable, perTier: boolean): Placed[] {
  const boards = new Map<string, BoardEntry[]>();
  for (const e of entries) {
    const key = `${perTier ? e.tier : 0}:${e.bucket}`;
    const board = boards.get(key);
    if (board) board.push(e);
    else boards.set(key, [e]);
  }
  const out: Placed[] = [];
  for (const board of boards.values()) {
    board.sort(
      (a, b) => b.score - a.score || a.scoredAt - b.scoredAt || a.joinedAt - b.joinedAt || a.playerId - b.playerId,
    );
    board.forEach((e, i) => {
      const prize = e.score > 0 ? prizeFor(table, i + 1, board.length) : { gold: 0, silver: 0 };
      out.push({ ...e, rank: i + 1, ...prize });
    });
  }
  return out;
}

/**
 * A placed board (sorted by rank) as one entrant sees it: its place and what it would be paid now,
 * and the leader and the places within `around` of its own, named by `namesOf` (players' nicknames,
 * clans' "[TAG] name").
 */
export async function boardSeenBy(
  board: Placed[],
  me: Placed,
  around: number,
  namesOf: (ids: number[]) => Promise<Map<number, string>>,
) {
  const shown = board.filter((p) => Math.abs(p.rank - me.rank) <= around || p.rank === 1);
  const names = await namesOf(shown.map((p) => p.playerId));
  return {
    tier: me.tier,
    bucket: me.bucket,
    score: me.score,
    rank: me.rank,
    boardSize: board.length,
    gold: me.gold,
    silver: me.silver,
    around: shown.map((p) => ({
      rank: p.rank,
      nickname: names.get(p.playerId) ?? "",
      score: p.score,
      me: p.playerId === me.playerId,
    })),
  };
}
