// The battle's rules that the simulation and its bots both read: the figures, angles, the base.
import { navGrid, cellOf, distanceField } from "./maps.ts";
import type { BattleState, Tank } from "./types.ts";

/** The rules' figures, in one place (docs/decisions/battles.md). */
export const SIM = {
  tankRadius: 2.6,
  shellSpeed: 140,
  shellTicks: 28,
  /** Reverse goes at this share of the top speed. */
  reverseShare: 0.55,
  /** Catalogue km/h × this = metres per second in the arena (the arena is a small world). */
  speedScale: 0.2,
  turretRate: 1.9,
  /** Armour seen by a shell, by the side it strikes. */
  armourBySide: { front: 1, side: 0.7, rear: 0.5 },
  /** ± share of penetration and damage by chance. */
  penSpread: 0.2,
  damageSpread: 0.2,
  /** Shot dispersion, radians either way. */
  dispersion: 0.012,
  /** How far a bot sees, metres (line of sight permitting). */
  sight: 110,
  /** Capture points a tank adds per second standing alone on the base (100 wins). */
  capturePerTankSecond: 2.5,
  maxCapturers: 3,
  /** Capture points a penetrating hit on a capturer takes away. */
  captureLossOnHit: 20,
} as const;

const TAU = Math.PI * 2;
export const wrapAngle = (a: number) => {
  a = a % TAU;
  if (a > Math.PI) a -= TAU;
  else if (a <= -Math.PI) a += TAU;
  return a;
};

export function onBase(state: BattleState, t: Tank) {
  const b = state.map.base;
  const dx = t.x - b.x,
    dy = t.y - b.y;
  return dx * dx + dy * dy <= b.r * b.r;
}

/** The base's distance field, shared by every bot of the battle. */
export function baseField(state: BattleState): Uint16Array {
  if (!state.baseField) {
    const g = navGrid(state.map, SIM.tankRadius);
    state.baseField = distanceField(g, cellOf(g, state.map.base.x, state.map.base.y));
  }
  return state.baseField;
}
