// A small seeded generator (mulberry32): the simulation's only source of chance, kept in the
// battle state so a replay from the same seed and inputs draws the same numbers.
export function nextRandom(state: { rng: number }): number {
  let t = (state.rng = (state.rng + 0x6d2b79f5) | 0);
  t = Math.imul(t ^ (t >>> 15), t | 1);
  t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
  return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
}

/** A number in [-1, 1] leaning to 0 (the sum of two uniforms): aim error, damage spread. */
export function nextSpread(state: { rng: number }): number {
  return nextRandom(state) + nextRandom(state) - 1;
}
