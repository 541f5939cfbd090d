// Who sees whom: the spotting rule bots play by (and, until the netcode's per-client views adopt
// one rule for both, the only one). A tank sees an enemy within its view range shortened by the
// enemy's concealment — its class and camouflage, more in or behind a bush, less while it moves,
// almost none for a few seconds after it fired — with no obstacle between them; close by
// (PROXIMITY metres) everything is seen. A team sees what any of its living tanks sees, and keeps
// seeing it for a moment after (SIGHT.keepTicks). Pure: no I/O, no clock.
import { bushBetween, inBush, lineOfSight } from "./maps.ts";
import type { BattleState, Tank } from "./types.ts";

export const SIGHT = {
  /** Metres a tank sees with the catalogue's figures (the radio and the commander add to it). */
  viewRange: 120,
  /** Within this distance an enemy is seen whatever hides it. */
  proximity: 22,
  /** Concealment by class (0..1 of the view range taken away). */
  byClass: { light: 0.32, medium: 0.22, heavy: 0.12, td: 0.34, spg: 0.3 } as Record<string, number>,
  /** A bush the enemy is in or behind hides it this much more. */
  bush: 0.35,
  /** Moving keeps this share of the concealment (lights keep all of it). */
  moving: 0.6,
  /** For this many ticks after a shot a tank keeps this share of its concealment. */
  firedTicks: 60,
  fired: 0.25,
  /** A team keeps seeing what it saw this many ticks ago. */
  keepTicks: 20,
  /** How often the teams look (ticks). */
  every: 4,
} as const;

/** A tank's own concealment: its class's, plus its camouflage's percent. */
export function baseConcealment(type: string, camouflagePercent = 0): number {
  return Math.min(0.8, (SIGHT.byClass[type] ?? 0.2) + Math.max(0, Math.min(30, camouflagePercent)) / 100);
}

/** The spotting rule: does `from` see `to` now? */
export type SpottingRule = (state: BattleState, from: Tank, to: Tank) => boolean;

export const spots: SpottingRule = (state, from, to) => {
  const dx = to.x - from.x,
    dy = to.y - from.y;
  const d2 = dx * dx + dy * dy;
  if (d2 > from.sight * from.sight) return false;
  if (!lineOfSight(state.map, from.x, from.y, to.x, to.y)) return false;
  if (d2 <= SIGHT.proximity * SIGHT.proximity) return true;
  let c = to.concealment;
  if (Math.abs(to.v) > 0.5 && to.spec.type !== "light") c *= SIGHT.moving;
  if (state.map.bushes.length && (inBush(state.map, to.x, to.y) || bushBetween(state.map, from.x, from.y, to.x, to.y)))
    c += SIGHT.bush;
  if (state.tick - to.firedAt < SIGHT.firedTicks) c *= SIGHT.fired;
  const range = from.sight * (1 - Math.min(0.9, c));
  return d2 <= range * range;
};

/** Every few ticks each team looks with every living tank: seenAt[team·n + slot] = the tick it was last seen. */
export function look(state: BattleState, rule: SpottingRule = spots) {
  const n = state.tanks.length;
  for (const to of state.tanks) {
    if (!to.alive) continue;
    for (const from of state.tanks) {
      if (!from.alive || from.team === to.team) continue;
      const at = from.team * n + to.slot;
      if (state.seenAt[at] === state.tick) continue;
      if (rule(state, from, to)) state.seenAt[at] = state.tick;
    }
  }
}

/** Does a team see this tank (now, or a moment ago)? Its own tanks it always sees. */
export function teamSees(state: BattleState, team: 0 | 1, t: Tank): boolean {
  if (t.team === team) return true;
  const at = state.seenAt[team * state.tanks.length + t.slot];
  return at >= 0 && state.tick - at <= SIGHT.keepTicks;
}
