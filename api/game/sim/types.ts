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
  /** The catalogue's nation (how the tank is painted and marked); none in old setups. */
  nation?: string;
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

/** What a battle carries into it besides the tank: a consumable's kind, charges and figures (from /admin/consumable/). */
export type KitKind = "repair" | "medkit" | "extinguisher";
export const KIT_KINDS: KitKind[] = ["repair", "medkit", "extinguisher"];

export interface KitItem {
  kind: KitKind;
  /** The player's consumable it comes from (/admin/consumable/), so the charges used are taken from their stock. */
  itemId?: number;
  /** Uses in this battle. */
  charges: number;
  /** Seconds between two uses. */
  cooldown: number;
  /** Strength in percent (a repair kit's 100 restores the rule's share of hit points, 200 twice that). */
  effect: number;
}

/** Whole-percent bonuses on the tank's figures from its mounted modules (api/domain/modules.ts). */
export interface ModuleBonus {
  damage: number;
  penetration: number;
  armor: number;
  speed: number;
  rateOfFire: number;
  hp: number;
  viewRange: number;
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
  /** The modules' bonuses (none: the catalogue's figures). */
  modules?: Partial<ModuleBonus>;
  /** The camouflage's concealment, percent (none: 0). */
  camouflage?: number;
  /** The consumables taken into battle. */
  kit?: KitItem[];
  /**
   * A player who joined late and takes this bot's seat (matchmaking writes it into the setup): the
   * handover happens at the tick the room's log records it (takeOver in sim.ts), from the bot's place.
   */
  late?: LateSeat;
}

/** What a late player brings to a bot's seat. */
export interface LateSeat {
  playerId: number;
  name: string;
  tank: TankSpec;
  crew?: CrewBonus;
  modules?: Partial<ModuleBonus>;
  camouflage?: number;
  kit?: KitItem[];
}

/** The rules' version a setup was formed under (docs/decisions/battle-rules.md); none = 1. */
export const RULES_VERSION = 2;

export interface BattleSetup {
  seed: number;
  map: string;
  /** The map as it was when the battle was formed (an operator's map from the battle options); none: the built-in map of that name. */
  mapDef?: MapDef;
  rules?: number;
  roundSeconds: number;
  seats: Seat[];
}

/** What a driver may ask for: throttle and hull turn in -1..1 steps, the turret's world angle, the trigger. */
export interface Input {
  throttle: -1 | 0 | 1;
  turn: -1 | 0 | 1;
  aim: number;
  fire: boolean;
  /** How far behind the present the driver saw the others, hundredths of a tick (lagcomp.ts); 0 when absent. */
  lag?: number;
}

export type BotRole = "scout" | "flank" | "push" | "snipe";

export interface BotMind {
  profile: BotProfile;
  role: BotRole;
  /** -1 north, 0 middle, 1 south: the way the bot takes toward the enemy. */
  lane: -1 | 0 | 1;
  /** Ticks before the bot acts on what it sees (its reaction time). */
  reactTicks: number;
  /** Its share of lead error (0 perfect … 1 a whole lead off). */
  leadError: number;
  leadFactor: number;
  /** Reached its lane's staging point. */
  staged: boolean;
  target: number;
  noticed: Int32Array;
  visible: Uint8Array;
  aimOffset: number;
  goalCell: number;
  field: Uint16Array | null;
  plannedAt: number;
  /** The open cells of its lane: where it gathers first, then where it pushes on to. */
  stageCell: number;
  advanceCell: number;
  /** The last tick an enemy was in its team's sight (a quiet front makes it push on). */
  lastContact: number;
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
  /** The gun's damage and penetration and the hull's armour in battle: the catalogue's (spec) with the modules'. */
  gunDamage: number;
  gunPenetration: number;
  armour: number;
  /** Ticks until the gun is loaded. */
  reload: number;
  reloadTicks: number;
  maxSpeed: number;
  hullRate: number;
  turretRate: number;
  /** Shot dispersion, radians either way, when fully aimed. */
  dispersion: number;
  /** 0 aimed … 1 not at all: moving and turning widen the aim, standing still narrows it (SIM.bloom). */
  bloom: number;
  /** How far it sees, metres (sight.ts). */
  sight: number;
  /** 0..1: how hard it is to see (class, camouflage); sight.ts adds bushes, moving and firing. */
  concealment: number;
  /** The tick it last fired (firing gives a tank away). */
  firedAt: number;
  alive: boolean;
  /** Ticks left burning, with tracks broken, with an injured crew (0: none). */
  burning: number;
  /** Who set it burning (the kill is theirs). */
  burnBy: number;
  tracks: number;
  crewHurt: number;
  kit: { kind: KitKind; charges: number; cooldownTicks: number; effect: number; readyAt: number; used: number }[];
  /** Metres driven and ticks alive: an idle tank (AFK) earns nothing (rules.ts isIdle). */
  driven: number;
  aliveTicks: number;
  /** Shells of its that struck an ally. */
  allyHits: number;
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
  /** The shooter's lag (lagcomp.ts): the shell meets tanks where they were this long ago. */
  lag: number;
}

export type GameEvent =
  | { kind: "shot"; slot: number; x: number; y: number; a: number }
  | { kind: "hit"; shooter: number; target: number; damage: number; x: number; y: number }
  | { kind: "bounce"; shooter: number; target: number; x: number; y: number }
  | { kind: "blast"; x: number; y: number }
  | { kind: "kill"; shooter: number; target: number }
  | { kind: "fire"; target: number }
  | { kind: "tracks"; target: number }
  | { kind: "crew"; target: number }
  | { kind: "use"; slot: number; item: KitKind };

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
  /** The last tick each tank was seen by each team (index team × tanks + slot; -1 never): sight.ts. */
  seenAt: Int32Array;
  /** The tanks' positions of the last ticks, for lag compensation (lagcomp.ts); made on the first step. */
  past?: Float64Array;
}
