// The demo world's contract, below the seed and the areas: what a step gets (the database, the
// seeded PRNG, the registered players, the world's options) and the PRNG. Each area writes its
// step against this; api/db/seed/steps.ts (the seed, above the areas) lists the steps in order.
import type { Db } from "./index.ts";

export interface WorldOptions {
  players: number;
  days: number;
  /** The world ends now and starts `days` before. */
  now: number;
  seed?: number;
  onProgress?: (done: number, total: number) => void;
}

/** Small, fast, seedable PRNG (mulberry32). */
export function rng(seed: number) {
  let a = seed >>> 0;
  const next = () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
  return {
    next,
    int: (min: number, max: number) => min + Math.floor(next() * (max - min + 1)),
    pick: <T>(items: readonly T[]) => items[Math.floor(next() * items.length)],
    weighted: <T>(items: readonly (readonly [T, number])[]) => {
      const total = items.reduce((s, [, w]) => s + w, 0);
      let r = next() * total;
      for (const [v, w] of items) if ((r -= w) < 0) return v;
      return items[items.length - 1][0];
    },
  };
}

export type WorldStep = (ctx: {
  db: Db;
  r: ReturnType<typeof rng>;
  playerIds: number[];
  opts: WorldOptions;
  /** Each registered player's sign-ins (epoch ms, in time order): what a player does happens after one of them. */
  logins?: ReadonlyMap<number, readonly number[]>;
}) => Promise<void>;
export type Rng = ReturnType<typeof rng>;
