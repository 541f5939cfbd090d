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
  /** Shot dispersion, radians either way, fully aimed. */
  dispersion: 0.02,
  /** Not aimed at all, the dispersion is (1 + this) times wider; moving or turning the hull sets it, the turret's turn adds its share, standing still it falls by `bloomKeep` a tick (half in ~0.6 s). */
  bloom: 4,
  bloomKeep: 0.945,
  /** Hit points in battle = the catalogue's × this (the pacing of a battle of minutes, docs/decisions/battle-rules.md). */
  hpScale: 2.6,
  /** Capture points a tank adds per second standing alone on the base (100 wins). */
  capturePerTankSecond: 1,
  maxCapturers: 3,
  /** Capture points a penetrating hit on a capturer takes away. */
  captureLossOnHit: 25,
  /** A penetrating hit's chance to set the tank on fire, break its tracks, injure its crew, by the side struck. */
  fireChance: { front: 0.02, side: 0.04, rear: 0.15 },
  tracksChance: { front: 0.06, side: 0.14, rear: 0.05 },
  crewChance: 0.08,
  /** A fire burns this long, taking this share of the tank's hit points a second. */
  fireTicks: 8 * 20,
  fireShare: 0.02,
  /** Broken tracks hold the tank this long. */
  tracksTicks: 8 * 20,
  /** An injured crew loads this much slower and turns the turret this much slower, until the end or a first-aid kit. */
  crewReload: 1.4,
  crewTurret: 0.75,
  /** A repair kit of effect 100 restores this share of the hit points (and mends the tracks). */
  repairShare: 0.12,
  /** An idle tank (AFK): drove less than this many metres and fired no shot. */
  idleMetres: 25,
} as const;

const TAU = Math.PI * 2;
export const wrapAngle = (a: number) => {
  a = a % TAU;
  if (a > Math.PI) a -= TAU;
  else if (a <= -Math.PI) a += TAU;
  return a;
};

/** An idle tank (AFK): it drove less than SIM.idleMetres and never fired. It earns nothing and counts for no task. */
export function isIdle(t: Tank): boolean {
  return t.driven < SIM.idleMetres && t.shots === 0;
}

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
