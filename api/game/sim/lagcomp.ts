// Lag compensation: a shell is judged against where its targets were on the shooter's screen. Each
// tick the tanks' positions are kept for HISTORY ticks; a shot carries the shooter's lag (how far
// behind the present the shooter saw the others when it fired, in hundredths of a tick, at most
// LAG_CAP) and its shell meets each tank where that tank was that long ago. The room works the lag out
// from the input's view tick and the measured round trip and sends 0 for an ask beyond them; the cap
// is kept here too, so a record cannot ask for more. Pure and deterministic, so replays agree.
import type { BattleState, Tank } from "./types.ts";

/** The farthest a shot is judged in the past: 5 ticks (250 ms), in hundredths of a tick. */
export const LAG_CAP = 500;
/** Ticks of positions kept (more than the cap, so a lerp between two kept ticks is always there). */
export const HISTORY = 8;

const ensure = (state: BattleState) => {
  const n = state.tanks.length * 2;
  if (!state.past || state.past.length !== n * HISTORY) state.past = new Float64Array(n * HISTORY);
  return state.past;
};

/** Keeps the tanks' positions of the tick just stepped (and, once, the start's for the ticks before it). */
export function remember(state: BattleState) {
  const fresh = !state.past;
  const past = ensure(state);
  const n = state.tanks.length * 2;
  const write = (tick: number) => {
    const o = (tick % HISTORY) * n;
    for (const t of state.tanks) {
      past[o + t.slot * 2] = t.x;
      past[o + t.slot * 2 + 1] = t.y;
    }
  };
  if (fresh) for (let k = Math.max(0, state.tick - HISTORY + 1); k < state.tick; k++) write(k);
  write(state.tick);
}

/** Where tank `t` was `lag` hundredths of a tick before the present (the present without a history). */
export function whereWas(state: BattleState, t: Tank, lag: number, out: { x: number; y: number }) {
  const past = state.past;
  const l = Math.max(0, Math.min(LAG_CAP, lag)) / 100;
  if (!past || l === 0) {
    out.x = t.x;
    out.y = t.y;
    return out;
  }
  const n = state.tanks.length * 2;
  const at = Math.max(0, state.tick - l);
  const k0 = Math.floor(at);
  const f = at - k0;
  const a = (k0 % HISTORY) * n + t.slot * 2;
  const k1 = Math.min(state.tick, k0 + 1);
  const b = (k1 % HISTORY) * n + t.slot * 2;
  out.x = past[a] + (past[b] - past[a]) * f;
  out.y = past[a + 1] + (past[b + 1] - past[a + 1]) * f;
  return out;
}
