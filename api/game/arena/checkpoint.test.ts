// A checkpoint restores the battle exactly: restored at any tick and played on with the same
// inputs, it is the battle the uninterrupted replay is, to the last bit of its state.
import { test, expect } from "bun:test";
import { createBattle, digest, sanitizeInput, setInput, step } from "../sim/sim.ts";
import { applyRecorded, inputOf, recordOf, replay, type InputRecord } from "../sim/replay.ts";
import { botBattle } from "../sim/fixtures.ts";
import { nextRandom } from "../sim/rng.ts";
import type { BattleSetup, BattleState } from "../sim/types.ts";
import { loadCheckpoint, restoreBattle, saveCheckpoint } from "./checkpoint.ts";

/** Players in slots 0 and 1 (made-up driving, recorded as a room records it), bots in the rest. */
function played(seed: number, map: string) {
  const setup: BattleSetup = botBattle(seed, 4, map, 90);
  setup.seats[0] = { ...setup.seats[0], playerId: 11, name: "Alice", bot: undefined };
  setup.seats[1] = { ...setup.seats[1], playerId: 12, name: "Bob", bot: undefined };
  const state = createBattle(setup);
  const inputs: InputRecord[] = [];
  const chance = { rng: seed * 7 + 1 };
  while (!state.ended) {
    for (const slot of [0, 1]) {
      if (nextRandom(chance) < 0.2) {
        const raw = {
          t: Math.floor(nextRandom(chance) * 3) - 1,
          r: Math.floor(nextRandom(chance) * 3) - 1,
          a: nextRandom(chance) * 7 - 3.5,
          f: nextRandom(chance) < 0.5,
        };
        const rec = recordOf(state.tick, slot, sanitizeInput(raw, state.tanks[slot].input)!);
        if (setInput(state, slot, inputOf(rec))) inputs.push(rec);
      }
    }
    step(state);
  }
  return { setup, inputs, end: state };
}

/** Plays `state` on to its end with the record's inputs from its tick. */
function playOn(state: BattleState, inputs: InputRecord[]) {
  let next = inputs.findIndex((r) => r[0] >= state.tick);
  if (next < 0) next = inputs.length;
  while (!state.ended) {
    next = applyRecorded(state, inputs, next);
    if (state.ended) break;
    step(state);
  }
  return state;
}

for (const [seed, map] of [
  [3, "steppe"],
  [8, "ruinberg"],
] as const)
  test(`a battle restored from a checkpoint at any tick plays on bit for bit (${map})`, () => {
    const { setup, inputs, end } = played(seed, map);
    expect(end.tick).toBeGreaterThan(300);
    const whole = replay({ setup, inputs });
    expect(digest(whole)).toBe(digest(end));
    for (const at of [0, 1, 41, 250, Math.floor(end.tick / 2), end.tick - 3]) {
      const before = replay({ setup, inputs }, { until: at });
      const text = saveCheckpoint(before);
      const restored = loadCheckpoint(setup, text);
      // The same state, stored again, is the same text: nothing was lost or added on the way.
      expect(saveCheckpoint(restored)).toBe(text);
      const after = playOn(restored, inputs);
      expect(after.ended).toEqual(end.ended);
      expect(digest(after)).toBe(digest(end));
      expect(saveCheckpoint(after)).toBe(saveCheckpoint(whole));
    }
  });

test("numbers JSON would lose and typed arrays come back as they were", () => {
  const state = createBattle(botBattle(1, 2));
  for (let i = 0; i < 30; i++) step(state);
  const bot = state.tanks[0].bot!;
  state.tanks[1].v = -0;
  state.capture[0] = Number.POSITIVE_INFINITY;
  bot.noticed[1] = -1;
  const back = loadCheckpoint(state.setup, saveCheckpoint(state));
  expect(Object.is(back.tanks[1].v, -0)).toBe(true);
  expect(back.capture[0]).toBe(Number.POSITIVE_INFINITY);
  expect(back.tanks[0].bot!.noticed).toBeInstanceOf(Int32Array);
  expect(Array.from(back.tanks[0].bot!.noticed)).toEqual(Array.from(bot.noticed));
  expect(back.tanks[0].spec).toBe(state.setup.seats[0].tank);
  expect(() => loadCheckpoint(state.setup, JSON.stringify({ v: 999, state: {} }))).toThrow(/version/);
});

test("a battle restored from its log (checkpoint + inputs after it, cut at any tick) plays on to the same end", () => {
  const { setup, inputs, end } = played(5, "steppe");
  for (const cut of [0, 3, 199, 200, 201, 777, end.tick - 1]) {
    for (const cpAt of [null, 0, 150, 200].filter((c) => c === null || c <= cut)) {
      const checkpoint =
        cpAt === null ? null : { tick: cpAt, text: saveCheckpoint(replay({ setup, inputs }, { until: cpAt })) };
      // The log as an owner flushed it at tick `cut`: every input recorded up to that tick.
      const logged = inputs.filter((r) => r[0] <= cut);
      const state = restoreBattle(setup, { tick: cut, checkpoint, inputs: logged });
      expect(state.tick).toBe(cut);
      expect(digest(playOn(state, inputs))).toBe(digest(end));
    }
  }
});
