// A battle's record: the setup plus every input as it was applied, by tick. Playing the record
// through the simulation gives the same battle, tick for tick (the simulation is deterministic).
import { applyKit, createBattle, setInput, step, stopBattle, takeOver } from "./sim.ts";
import { KIT_KINDS, type BattleSetup, type BattleState, type Input, type KitKind } from "./types.ts";

/**
 * [tick, slot, throttle, turn, aim in milliradians, fire 0/1]; slot -1 = an operator's stop. A
 * consumable used has a seventh number, its kind (1 + its index in KIT_KINDS), and is no input. An
 * input fired with a lag (hundredths of a tick, lagcomp.ts) has it eighth, after a 0 in the seventh;
 * records made before lags have none (0).
 */
export type InputRecord =
  | [number, number, number, number, number, number]
  | [number, number, number, number, number, number, number]
  | [number, number, number, number, number, number, number, number];

export interface BattleRecord {
  setup: BattleSetup;
  inputs: InputRecord[];
}

export const recordOf = (tick: number, slot: number, i: Input): InputRecord => {
  const lag = i.fire && i.lag ? Math.round(i.lag) : 0;
  const r: [number, number, number, number, number, number] = [
    tick,
    slot,
    i.throttle,
    i.turn,
    Math.round(i.aim * 1000),
    i.fire ? 1 : 0,
  ];
  return lag > 0 ? [...r, 0, lag] : r;
};
export const stopRecord = (tick: number): InputRecord => [tick, -1, 0, 0, 0, 0];
/** A late player takes the bot's seat of `slot` now (sim.ts takeOver): the seventh number is TAKE_OVER. */
export const TAKE_OVER = 100;
export const takeRecord = (tick: number, slot: number): InputRecord => [tick, slot, 0, 0, 0, 0, TAKE_OVER];
export const kitRecord = (tick: number, slot: number, kind: KitKind): InputRecord => [
  tick,
  slot,
  0,
  0,
  0,
  0,
  1 + KIT_KINDS.indexOf(kind),
];

export const inputOf = (r: InputRecord): Input => ({
  throttle: r[2] as -1 | 0 | 1,
  turn: r[3] as -1 | 0 | 1,
  aim: r[4] / 1000,
  fire: r[5] === 1,
  lag: r[7] ?? 0,
});

/** Applies the record's inputs for the state's current tick (the ones the live battle applied before stepping it). */
export function applyRecorded(state: BattleState, inputs: InputRecord[], from: number): number {
  let i = from;
  while (i < inputs.length && inputs[i][0] === state.tick) {
    const r = inputs[i++];
    if (r[1] < 0) stopBattle(state);
    else if (r[6] === TAKE_OVER) takeOver(state, r[1]);
    else if ((r[6] ?? 0) > 0) applyKit(state, r[1], KIT_KINDS[(r[6] ?? 1) - 1] ?? "repair");
    else setInput(state, r[1], inputOf(r));
  }
  return i;
}

/** Replays a record to its end (or to `until` ticks), calling `each` after every step (a viewer draws it). */
export function replay(
  record: BattleRecord,
  opts: { until?: number; each?: (s: BattleState) => void } = {},
): BattleState {
  const state = createBattle(record.setup);
  let next = 0;
  const until = opts.until ?? Infinity;
  while (!state.ended && state.tick < until) {
    next = applyRecorded(state, record.inputs, next);
    if (state.ended) break;
    step(state);
    opts.each?.(state);
  }
  return state;
}
