// A battle's state as text, and back, exactly: what a room stores now and then (a checkpoint) so an
// owner that takes the battle over replays only the inputs after it. Exactly means every number as
// it was (-0, NaN and the infinities too, which JSON would lose) and every typed array; what the
// simulation derives from the rest is not stored but derived again: the map (by its name), the
// base's distance field (built again when first asked for) and a bot's field toward its goal
// (a pure function of the goal cell; planTo in bots.ts sets both together). checkpoint.test.ts
// proves it: a battle restored at any tick plays on to the very battle the uninterrupted one is.
import { navGrid, distanceField } from "../sim/maps.ts";
import { SIM } from "../sim/rules.ts";
import type { BattleSetup, BattleState, Tank } from "../sim/types.ts";
import { createBattle, mapOf, step } from "../sim/sim.ts";
import { applyRecorded, type InputRecord } from "../sim/replay.ts";

/** The checkpoint format; a stored one of another version is not used (the log is replayed from the start). */
export const CHECKPOINT_VERSION = 1;

const TYPED = { Int32Array, Uint8Array, Uint16Array, Float64Array, Int16Array, Uint32Array, Float32Array } as const;
type TypedName = keyof typeof TYPED;

function replacer(this: unknown, _key: string, value: unknown): unknown {
  if (typeof value === "number") {
    if (Object.is(value, -0)) return { $n: "-0" };
    if (!Number.isFinite(value)) return { $n: String(value) };
    return value;
  }
  if (ArrayBuffer.isView(value) && !(value instanceof DataView)) {
    const name = value.constructor.name as TypedName;
    if (!(name in TYPED)) throw new Error(`checkpoint: cannot store a ${name}`);
    return { $ta: name, v: Array.from(value as unknown as ArrayLike<number>, (n) => (Object.is(n, -0) ? "-0" : n)) };
  }
  return value;
}

function reviver(_key: string, value: unknown): unknown {
  if (value && typeof value === "object" && !Array.isArray(value)) {
    const o = value as Record<string, unknown>;
    if (typeof o.$n === "string" && Object.keys(o).length === 1) return Number(o.$n);
    if (typeof o.$ta === "string" && Array.isArray(o.v) && Object.keys(o).length === 2) {
      const Ctor = TYPED[o.$ta as TypedName];
      if (!Ctor) throw new Error(`checkpoint: unknown array ${o.$ta}`);
      return Ctor.from((o.v as (number | string)[]).map(Number));
    }
  }
  return value;
}

/** The state at its tick, as text (the setup is stored once beside it, not in every checkpoint). */
export function saveCheckpoint(state: BattleState): string {
  const { setup: _setup, map: _map, baseField: _baseField, events: _events, tanks, ...rest } = state;
  const stored = tanks.map(({ spec: _spec, bot, ...t }) => ({
    ...t,
    bot: bot ? { ...bot, field: bot.field ? 1 : 0 } : null,
  }));
  return JSON.stringify({ v: CHECKPOINT_VERSION, state: { ...rest, tanks: stored } }, replacer);
}

/** A checkpoint back into a running state of the battle of `setup`; throws on a foreign or broken one. */
export function loadCheckpoint(setup: BattleSetup, text: string): BattleState {
  const parsed = JSON.parse(text, reviver) as { v: number; state: Record<string, unknown> & { tanks: StoredTank[] } };
  if (parsed.v !== CHECKPOINT_VERSION) throw new Error(`checkpoint: version ${parsed.v}, not ${CHECKPOINT_VERSION}`);
  const map = mapOf(setup);
  const grid = navGrid(map, SIM.tankRadius);
  const tanks: Tank[] = parsed.state.tanks.map((t, slot) => ({
    ...t,
    // A late comer's seat (sim.ts takeOver) drives their tank once it was handed over.
    spec: (t.playerId !== null && setup.seats[slot].late?.tank) || setup.seats[slot].tank,
    bot: t.bot ? { ...t.bot, field: t.bot.field ? distanceField(grid, t.bot.goalCell) : null } : null,
  }));
  return { ...(parsed.state as unknown as BattleState), setup, map, baseField: null, events: [], tanks };
}

type StoredTank = Omit<Tank, "spec" | "bot"> & {
  bot: (Omit<NonNullable<Tank["bot"]>, "field"> & { field: number }) | null;
};

/**
 * A battle rebuilt from what its log holds: the checkpoint (when there is one of this version, not
 * past the log) or the start, then the logged inputs replayed up to the log's tick, and the inputs
 * logged at that tick taken (as the live room had taken them before its next step).
 */
export function restoreBattle(
  setup: BattleSetup,
  log: { tick: number; checkpoint: { tick: number; text: string } | null; inputs: InputRecord[] },
): BattleState {
  let state: BattleState | null = null;
  if (log.checkpoint && log.checkpoint.tick <= log.tick) {
    try {
      state = loadCheckpoint(setup, log.checkpoint.text);
    } catch {
      state = null;
    }
  }
  state ??= createBattle(setup);
  let next = log.inputs.findIndex((r) => r[0] >= (state as BattleState).tick);
  if (next < 0) next = log.inputs.length;
  while (!state.ended && state.tick < log.tick) {
    next = applyRecorded(state, log.inputs, next);
    if (state.ended) break;
    step(state);
  }
  applyRecorded(state, log.inputs, next);
  return state;
}
