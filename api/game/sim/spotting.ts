// What a client is sent of the battle (the room's per-client views, netlink.ts): the tanks its team
// sees by the battle's one spotting rule (sight.ts: view range less concealment, bushes, line of
// sight, team-shared, a moment's memory; bots play by the same rule), its own team's tanks, and every
// wreck (a destroyed tank is no secret). Pure.
import { teamSees } from "./sight.ts";
import type { BattleState } from "./types.ts";

/** What `team` has in view, by slot (1 = in view). */
export function spottedBy(state: BattleState, team: 0 | 1, out?: Uint8Array): Uint8Array {
  const tanks = state.tanks;
  const seen = out && out.length === tanks.length ? out : new Uint8Array(tanks.length);
  for (const t of tanks) seen[t.slot] = t.team === team || !t.alive || teamSees(state, team, t) ? 1 : 0;
  return seen;
}
