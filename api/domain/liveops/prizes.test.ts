// Boards and prize tables: by rank and by percentile, per tier and per league, ties, zero scores.
import { describe, expect, test } from "bun:test";
import { type BoardEntry, placeEntries, prizeFor, prizeTableSchema } from "./prizes.ts";

const entry = (playerId: number, score: number, more: Partial<BoardEntry> = {}): BoardEntry => ({
  playerId,
  tier: 1,
  bucket: 0,
  score,
  scoredAt: 1000,
  joinedAt: 1000,
  ...more,
});

describe("prize tables", () => {
  test("by rank: the first row holding the place; none: nothing", () => {
    const table = prizeTableSchema.parse({
      by: "rank",
      rows: [
        { from: 1, to: 1, gold: 100, silver: 0 },
        { from: 2, to: 5, gold: 10, silver: 500 },
      ],
    });
    expect(prizeFor(table, 1, 50)).toEqual({ gold: 100, silver: 0 });
    expect(prizeFor(table, 5, 50)).toEqual({ gold: 10, silver: 500 });
    expect(prizeFor(table, 6, 50)).toEqual({ gold: 0, silver: 0 });
  });

  test("by percentile: the top p % of the board are ranks 1..ceil(n·p/100)", () => {
    const table = prizeTableSchema.parse({
      by: "percentile",
      rows: [
        { topPercent: 1, gold: 100, silver: 0 },
        { topPercent: 10, gold: 20, silver: 0 },
        { topPercent: 50, gold: 0, silver: 100 },
      ],
    });
    // 250 entries: top 1 % = ranks 1–3, top 10 % = 4–25, top 50 % = 26–125.
    expect([1, 3, 4, 25, 26, 125, 126].map((r) => prizeFor(table, r, 250))).toEqual([
      { gold: 100, silver: 0 },
      { gold: 100, silver: 0 },
      { gold: 20, silver: 0 },
      { gold: 20, silver: 0 },
      { gold: 0, silver: 100 },
      { gold: 0, silver: 100 },
      { gold: 0, silver: 0 },
    ]);
    // A board of 3: the top 1 % is still its first place.
    expect(prizeFor(table, 1, 3)).toEqual({ gold: 100, silver: 0 });
    expect(prizeFor(table, 2, 3)).toEqual({ gold: 0, silver: 100 });
  });

  test("bad tables are refused", () => {
    expect(prizeTableSchema.safeParse({ by: "rank", rows: [{ from: 3, to: 2, gold: 1, silver: 0 }] }).success).toBe(
      false,
    );
    expect(prizeTableSchema.safeParse({ by: "rank", rows: [{ from: 1, to: 1, gold: -1, silver: 0 }] }).success).toBe(
      false,
    );
    expect(
      prizeTableSchema.safeParse({ by: "percentile", rows: [{ topPercent: 0, gold: 1, silver: 0 }] }).success,
    ).toBe(false);
  });
});

describe("boards", () => {
  const table = prizeTableSchema.parse({
    by: "rank",
    rows: [
      { from: 1, to: 1, gold: 30, silver: 0 },
      { from: 2, to: 2, gold: 20, silver: 0 },
      { from: 3, to: 3, gold: 10, silver: 0 },
    ],
  });
  const placed = (entries: BoardEntry[], perTier = false) =>
    placeEntries(entries, table, perTier)
      .map((p) => [p.playerId, p.rank, p.gold])
      .sort((a, b) => a[0] - b[0]);

  test("equal scores: who reached it first, then who joined first, then the lower id; no shared places", () => {
    expect(
      placed([
        entry(1, 5, { scoredAt: 2000 }),
        entry(2, 5, { scoredAt: 1500 }),
        entry(3, 5, { scoredAt: 1500, joinedAt: 900 }),
        entry(4, 7),
      ]),
    ).toEqual([
      [1, 4, 0],
      [2, 3, 10],
      [3, 2, 20],
      [4, 1, 30],
    ]);
  });

  test("an entry that scored nothing wins nothing, whatever its place", () => {
    expect(placed([entry(1, 3), entry(2, 0), entry(3, 0)])).toEqual([
      [1, 1, 30],
      [2, 2, 0],
      [3, 3, 0],
    ]);
  });

  test("each league and, when tiers rank apart, each tier is a board of its own", () => {
    const entries = [
      entry(1, 9, { bucket: 0 }),
      entry(2, 1, { bucket: 1 }),
      entry(3, 4, { bucket: 0, tier: 2 }),
      entry(4, 2, { bucket: 0, tier: 2 }),
    ];
    expect(placed(entries)).toEqual([
      [1, 1, 30],
      [2, 1, 30],
      [3, 2, 20],
      [4, 3, 10],
    ]);
    expect(placed(entries, true)).toEqual([
      [1, 1, 30],
      [2, 1, 30],
      [3, 1, 30],
      [4, 2, 20],
    ]);
  });
});
