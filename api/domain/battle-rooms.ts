// The battles this instance simulates: the arena of a Deps (api/game/arena/arena.ts) registers how
// to stop one of its rooms, so an operator's stop ends the battle for its players at once here; a
// battle simulated on another instance learns of the stop at its next heartbeat.
import type { Deps } from "../deps.ts";

const localStops = new WeakMap<Deps, (battleId: number) => void>();

/** The arena of `deps` stops its room of a battle with `stop` (a battle it does not run: nothing). */
export function onLocalStop(deps: Deps, stop: (battleId: number) => void): void {
  localStops.set(deps, stop);
}

/** Ends the battle's room if this instance runs it (the battle's row is already stopped). */
export function stopLocalRoom(deps: Deps, battleId: number): void {
  localStops.get(deps)?.(battleId);
}
