// A small season of the simulation bench (bench/bot-battles.ts plays 100+): bot battles of
// balanced teams on the demo rotation, with the figures checked loosely on a few.
import { expect, test } from "bun:test";
import { playBenchBattle, summarise } from "./battle-bench.ts";

test("a few bench battles: minutes long, balanced tiers, almost no friendly fire, a recruit hits less than an ace", () => {
  const s = summarise(Array.from({ length: 8 }, (_, i) => playBenchBattle(500 + i)));
  expect(s.medianSeconds).toBeGreaterThan(150);
  expect(s.medianSeconds).toBeLessThanOrEqual(420);
  expect(s.maxTierSumDiff).toBeLessThanOrEqual(1);
  expect(s.friendlyFireShare).toBeLessThan(0.03);
  expect(s.byProfile.Recruit.rate).toBeLessThan(s.byProfile.Ace.rate - 0.1);
}, 60_000);

test("a bench battle is the same battle every time (its seed decides it)", () => {
  expect(playBenchBattle(42)).toEqual(playBenchBattle(42));
}, 60_000);
