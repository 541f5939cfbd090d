// The shapes of a battle: what it starts from (the setup), what a tank is told each tick (an
// input), and what it is while running (the state). The state is plain data plus a few typed
// arrays the bots plan with; the simulation (sim.ts) is the only code that changes it.
import type { MapDef } from "./maps.ts";
import type { CrewBonus } from "./crew.ts";

export const TICK_HZ = 20;
export const DT = 1 / TICK_HZ;

/** A tank's catalogue figures, as operators edit them in /admin/tank/. */
export interface TankSpec {
  tankId: number;
  name: string;
  tier: number;
  type: string;
  hp: number;
  damage: number;
  penetration: number;
  armor: number;
  /** km/h */
  speed: number;
  /** Shots per minute × 10. */
  rateOfFire: number;
}

/** How a bot plays: degrees of aim error, milliseconds before it reacts to a new enemy, 0..1 aggression. */
export interface BotProfile {
  name: string;
  aimError: number;
  reactionMs: number;
  aggression: number;
}

export interface Seat {
  team: 0 | 1;
  /** The player driving it; null for a bot. */
  playerId: number | null;
  name: string;
  tank: TankSpec;
  bot?: BotProfile;
  /** The crew's bonuses, worked out when the battle was formed (crew.ts); none when absent. */
  crew?: CrewBonus;
}

export interface BattleSetup {
  seed: number;
  map: string;
  roundSeconds: number;
  seats: Seat[];
}

/** What a driver may ask for: throttle and hull turn in -1..1 steps, the turret's world angle, the trigger. */
export interface Input {
  throttle: -1 | 0 | 1;
  turn: -1 | 0 | 1;
  aim: number;
  fire: boolean;
}

export interface BotMind {
  profile: BotProfile;
  role: "capture" | "hunt";
  target: number;
  noticed: Int32Array;
  visible: Uint8Array;
  aimOffset: number;
  goalCell: number;
  field: Uint16Array | null;
  plannedAt: number;
  /** The last cover found, from whom, when. */
  cover: number;
  coverFor: number;
  coverAt: number;
  stuck: number;
  reverseUntil: number;
  lastX: number;
  lastY: number;
}

export interface Tank {
  slot: number;
  team: 0 | 1;
  playerId: number | null;
  name: string;
  spec: TankSpec;
  x: number;
  y: number;
  hull: number;
  turret: number;
  /** Metres per second along the hull, signed. */
  v: number;
  hp: number;
  maxHp: number;
  /** Ticks until the gun is loaded. */
  reload: number;
  reloadTicks: number;
  maxSpeed: number;
  hullRate: number;
  turretRate: number;
  /** Shot dispersion, radians either way. */
  dispersion: number;
  /** How far a bot driving it sees, metres. */
  sight: number;
  alive: boolean;
  input: Input;
  kills: number;
  damage: number;
  shots: number;
  hits: number;
  bot: BotMind | null;
}

export interface Shell {
  id: number;
  owner: number;
  team: 0 | 1;
  x: number;
  y: number;
  vx: number;
  vy: number;
  ttl: number;
  damage: number;
  penetration: number;
}

export type GameEvent =
  | { kind: "shot"; slot: number; x: number; y: number; a: number }
  | { kind: "hit"; shooter: number; target: number; damage: number; x: number; y: number }
  | { kind: "bounce"; shooter: number; target: number; x: number; y: number }
  | { kind: "blast"; x: number; y: number }
  | { kind: "kill"; shooter: number; target: number };

export type EndReason = "destroyed" | "captured" | "time" | "stopped";

export interface BattleEnd {
  /** The winning team, or -1 for a draw. */
  winner: 0 | 1 | -1;
  reason: EndReason;
  tick: number;
}

export interface BattleState {
  setup: BattleSetup;
  map: MapDef;
  tick: number;
  rng: number;
  tanks: Tank[];
  shells: Shell[];
  nextShell: number;
  /** Capture points per team, 0..100. */
  capture: [number, number];
  /** What happened during the last step (drawn as effects, fed to the kill feed). */
  events: GameEvent[];
  ended: BattleEnd | null;
  baseField: Uint16Array | null;
}
