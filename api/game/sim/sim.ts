// The battle simulation: a pure function of the setup, the seed and the inputs, stepped at
// TICK_HZ. No I/O, no clock, no Math.random: the same setup and the same inputs at the same
// ticks give the same battle, which is how a recorded battle is replayed (replay.ts).
import { mapByName, segmentHitsBox } from "./maps.ts";
import { sin, cos, atan2 } from "./trig.ts";
import { nextRandom, nextSpread } from "./rng.ts";
import { botInput, botKit, newMind } from "./bots.ts";
import { SIM, wrapAngle, onBase, baseField, isIdle } from "./rules.ts";
import { boundedCrew } from "./crew.ts";
import { SIGHT, baseConcealment, look } from "./sight.ts";
import { remember, whereWas, LAG_CAP } from "./lagcomp.ts";
import { driveTank, pushOut } from "./motion.ts";

// The rules' figures and the base's geometry live in rules.ts, which bots.ts reads too (no cycle).
export { SIM, wrapAngle, onBase, baseField, isIdle };
import {
  DT,
  TICK_HZ,
  type BattleSetup,
  type BattleState,
  type EndReason,
  type Input,
  type KitItem,
  type KitKind,
  type ModuleBonus,
  type Shell,
  type Tank,
  KIT_KINDS,
} from "./types.ts";

export const IDLE: Input = { throttle: 0, turn: 0, aim: 0, fire: false };

function hullRateOf(type: string) {
  return ({ light: 2.2, medium: 1.7, heavy: 1.25, td: 1.4, spg: 1.3 } as Record<string, number>)[type] ?? 1.6;
}

/** A seat's consumables as the battle keeps them: known kinds only, bounded charges, cooldown and effect. */
function kitOf(items: KitItem[] | undefined): Tank["kit"] {
  return KIT_KINDS.flatMap((kind) => {
    const k = items?.find((i) => i.kind === kind);
    const charges = k ? Math.max(0, Math.min(5, Math.floor(k.charges))) : 0;
    if (!k || !charges) return [];
    return [
      {
        kind,
        charges,
        cooldownTicks: Math.max(0, Math.min(600, Math.round(k.cooldown))) * TICK_HZ,
        effect: Math.max(0, Math.min(300, Math.round(k.effect))),
        readyAt: 0,
        used: 0,
      },
    ];
  });
}

/** A module bonus as it came from a stored setup: whole percents in 0..100, anything else nothing. */
function boundedModules(m: Partial<ModuleBonus> | undefined): ModuleBonus {
  const b = (v: unknown) => (typeof v === "number" && Number.isInteger(v) ? Math.max(0, Math.min(100, v)) : 0);
  return {
    damage: b(m?.damage),
    penetration: b(m?.penetration),
    armor: b(m?.armor),
    speed: b(m?.speed),
    rateOfFire: b(m?.rateOfFire),
    hp: b(m?.hp),
    viewRange: b(m?.viewRange),
  };
}

/**
 * A tank's figures in battle from its seat: the catalogue's, raised by its modules' percents, then
 * its crew's; hit points scaled by SIM.hpScale. Exported so the hangar shows the same figures.
 */
export function tankFigures(seat: {
  tank: BattleSetup["seats"][number]["tank"];
  crew?: BattleSetup["seats"][number]["crew"];
  modules?: Partial<ModuleBonus>;
  camouflage?: number;
}) {
  const s = seat.tank;
  const crew = boundedCrew(seat.crew);
  const mod = boundedModules(seat.modules);
  const pct = (v: number, p: number) => v * (1 + p / 100);
  const faster = 1 + crew.mobility / 100;
  const rate = pct(Math.max(1, s.rateOfFire), mod.rateOfFire);
  const hp = Math.round(pct(s.hp, mod.hp) * SIM.hpScale);
  return {
    hp,
    damage: Math.round(pct(s.damage, mod.damage)),
    penetration: Math.round(pct(s.penetration, mod.penetration)),
    armor: Math.round(pct(s.armor, mod.armor)),
    reloadTicks: Math.max(4, Math.round(((TICK_HZ * 600) / rate) * (1 - crew.reload / 100))),
    maxSpeed: pct(s.speed, mod.speed) * SIM.speedScale * faster,
    hullRate: hullRateOf(s.type) * (1 + mod.speed / 200) * faster,
    turretRate: SIM.turretRate * (1 + crew.aim / 100),
    dispersion: SIM.dispersion * (1 - crew.aim / 100),
    sight: SIGHT.viewRange * (1 + mod.viewRange / 100) * (1 + crew.view / 100),
    concealment: baseConcealment(s.type, seat.camouflage ?? 0),
  };
}

/** The map a setup is played on: the definition it carries (an operator's map), else the built-in map of its name. */
export const mapOf = (setup: BattleSetup) => setup.mapDef ?? mapByName(setup.map);

export function createBattle(setup: BattleSetup): BattleState {
  const map = mapOf(setup);
  const counts = [0, 0];
  const state: BattleState = {
    setup,
    map,
    tick: 0,
    rng: setup.seed | 0,
    tanks: [],
    shells: [],
    nextShell: 1,
    capture: [0, 0],
    events: [],
    ended: null,
    baseField: null,
    seenAt: new Int32Array(setup.seats.length * 2).fill(-1),
  };
  setup.seats.forEach((seat, slot) => {
    const spots = map.spawns[seat.team];
    const spot = spots[counts[seat.team]++ % spots.length];
    const hull = seat.team === 0 ? 0 : Math.PI;
    const f = tankFigures(seat);
    const tank: Tank = {
      slot,
      team: seat.team,
      playerId: seat.playerId,
      name: seat.name,
      spec: seat.tank,
      x: spot.x,
      y: spot.y,
      hull,
      turret: hull,
      v: 0,
      hp: f.hp,
      maxHp: f.hp,
      gunDamage: f.damage,
      gunPenetration: f.penetration,
      armour: f.armor,
      reload: 0,
      reloadTicks: f.reloadTicks,
      maxSpeed: f.maxSpeed,
      hullRate: f.hullRate,
      turretRate: f.turretRate,
      dispersion: f.dispersion,
      bloom: 0,
      sight: f.sight,
      concealment: f.concealment,
      firedAt: -10_000,
      alive: true,
      input: { ...IDLE, aim: hull },
      kills: 0,
      damage: 0,
      shots: 0,
      hits: 0,
      bot: null,
      burning: 0,
      burnBy: slot,
      tracks: 0,
      crewHurt: 0,
      kit: kitOf(seat.kit),
      driven: 0,
      aliveTicks: 0,
      allyHits: 0,
    };
    state.tanks.push(tank);
  });
  for (const t of state.tanks) {
    const seat = setup.seats[t.slot];
    if (seat.bot) t.bot = newMind(state, t, seat.bot);
  }
  return state;
}

/**
 * A late player takes the bot's seat of `slot` (the setup's `late`): their tank, crew, modules and
 * consumables from the bot's place, heading and turret, with the share of hit points the bot had.
 * Recorded in the log (replay.ts takeRecord) so a replay and a takeover hand over at the same tick.
 */
export function takeOver(state: BattleState, slot: number): boolean {
  const t = state.tanks[slot];
  const late = state.setup.seats[slot]?.late;
  if (!t || !late || !t.bot || !t.alive || state.ended) return false;
  const f = tankFigures(late);
  const share = t.hp / t.maxHp;
  Object.assign(t, {
    playerId: late.playerId,
    name: late.name,
    spec: late.tank,
    bot: null,
    maxHp: f.hp,
    hp: Math.max(1, Math.round(f.hp * share)),
    gunDamage: f.damage,
    gunPenetration: f.penetration,
    armour: f.armor,
    reloadTicks: f.reloadTicks,
    maxSpeed: f.maxSpeed,
    hullRate: f.hullRate,
    turretRate: f.turretRate,
    dispersion: f.dispersion,
    sight: f.sight,
    concealment: f.concealment,
    kit: kitOf(late.kit),
    input: { ...IDLE, aim: t.turret },
  });
  return true;
}

/**
 * A consumable used by a tank's driver: a repair kit mends the tracks and restores hit points, a
 * first-aid kit heals the crew, an extinguisher puts the fire out. One charge per use, none while
 * it cools down, and none spent when there is nothing for it to do. Answers whether it was used.
 */
export function applyKit(state: BattleState, slot: number, kind: KitKind): boolean {
  const t = state.tanks[slot];
  if (!t?.alive || state.ended) return false;
  const k = t.kit.find((i) => i.kind === kind);
  if (!k || k.charges <= 0 || state.tick < k.readyAt) return false;
  if (kind === "repair") {
    if (t.tracks === 0 && t.hp >= t.maxHp) return false;
    t.tracks = 0;
    t.hp = Math.min(t.maxHp, t.hp + Math.round(t.maxHp * SIM.repairShare * (k.effect / 100)));
  } else if (kind === "medkit") {
    if (t.crewHurt === 0) return false;
    t.crewHurt = 0;
  } else {
    if (t.burning === 0) return false;
    t.burning = 0;
  }
  k.charges--;
  k.used++;
  k.readyAt = state.tick + k.cooldownTicks;
  state.events.push({ kind: "use", slot, item: kind });
  return true;
}

/**
 * A driver's input as it came over the wire, reduced to what a driver may ask: anything else in it
 * (a position, a tank, hit points) is dropped; throttle and turn become -1, 0 or 1; a bad angle keeps
 * the last one. Null when there is nothing usable.
 */
export function sanitizeInput(raw: unknown, last: Input): Input | null {
  if (!raw || typeof raw !== "object") return null;
  const r = raw as Record<string, unknown>;
  const step = (v: unknown, was: -1 | 0 | 1): -1 | 0 | 1 =>
    typeof v === "number" && Number.isFinite(v) ? (Math.sign(v) as -1 | 0 | 1) : was;
  // Angles are kept to a milliradian so a recorded input replays as it was applied.
  const aim =
    typeof r.a === "number" && Number.isFinite(r.a) && Math.abs(r.a) < 100
      ? Math.round(wrapAngle(r.a) * 1000) / 1000
      : last.aim;
  return {
    throttle: step(r.t, last.throttle),
    turn: step(r.r, last.turn),
    aim,
    fire: typeof r.f === "boolean" ? r.f : r.f === 1 ? true : r.f === 0 ? false : last.fire,
  };
}

/** Sets what a tank's driver asks from the next tick on. Ignored for a bot, a dead tank or an ended battle. */
export function setInput(state: BattleState, slot: number, input: Input): boolean {
  const t = state.tanks[slot];
  if (!t?.alive || t.bot || state.ended) return false;
  t.input = input;
  return true;
}

/** Ends the battle from outside (an operator's stop): nobody wins. */
export function stopBattle(state: BattleState) {
  if (!state.ended) state.ended = { winner: -1, reason: "stopped", tick: state.tick };
}

/** One tick: bots decide, tanks turn and move and collide, guns fire, shells fly and hit, the base is counted. */
export function step(state: BattleState): void {
  state.events.length = 0;
  if (state.ended) return;
  state.tick++;
  const tanks = state.tanks;
  if (state.tick % SIGHT.every === 1) look(state);
  for (const t of tanks) {
    if (!t.alive || !t.bot) continue;
    const kit = botKit(state, t, t.bot);
    if (kit) applyKit(state, t.slot, kit);
    t.input = botInput(state, t, t.bot);
  }
  for (const t of tanks) if (t.alive) drive(state, t);
  separate(state);
  remember(state);
  for (const t of tanks) if (t.alive) fire(state, t);
  flyShells(state);
  for (const t of tanks) if (t.alive) suffer(state, t);
  countCapture(state);
  judge(state);
}

/** What lasts: a fire burns, broken tracks mend, an injured crew stays so; an idle tank is counted. */
function suffer(state: BattleState, t: Tank) {
  t.aliveTicks++;
  if (t.tracks > 0) t.tracks--;
  if (t.burning > 0) {
    t.burning--;
    if (state.tick % TICK_HZ === 0) {
      const dealt = Math.min(t.hp, Math.max(1, Math.round(t.maxHp * SIM.fireShare)));
      t.hp -= dealt;
      if (t.burnBy !== t.slot) state.tanks[t.burnBy].damage += dealt;
      if (t.hp <= 0) destroy(state, t, t.burnBy);
    }
  }
}

function destroy(state: BattleState, t: Tank, by: number) {
  t.alive = false;
  t.v = 0;
  t.burning = 0;
  t.input = { ...IDLE, aim: t.turret };
  if (by !== t.slot) state.tanks[by].kills++;
  state.events.push({ kind: "kill", shooter: by, target: t.slot });
}

function drive(state: BattleState, t: Tank) {
  driveTank(state.map, t, t.input);
}

/** Tanks do not overlap: each touching pair is pushed apart equally (by slot order, so replays agree). */
function separate(state: BattleState) {
  const tanks = state.tanks;
  const min = SIM.tankRadius * 2;
  for (let i = 0; i < tanks.length; i++) {
    const a = tanks[i];
    if (!a.alive) continue;
    for (let j = i + 1; j < tanks.length; j++) {
      const b = tanks[j];
      if (!b.alive) continue;
      const dx = b.x - a.x,
        dy = b.y - a.y;
      const d2 = dx * dx + dy * dy;
      if (d2 >= min * min) continue;
      const d = Math.sqrt(d2) || 1e-6;
      const push = (min - d) / 2;
      const ux = d2 > 0 ? dx / d : 1,
        uy = d2 > 0 ? dy / d : 0;
      a.x -= ux * push;
      a.y -= uy * push;
      b.x += ux * push;
      b.y += uy * push;
      pushOut(state.map, a);
      pushOut(state.map, b);
    }
  }
}

function fire(state: BattleState, t: Tank) {
  if (!t.input.fire || t.reload > 0) return;
  const a = t.turret + nextSpread(state) * t.dispersion * (1 + SIM.bloom * t.bloom);
  const mx = t.x + cos(a) * (SIM.tankRadius + 1.2);
  const my = t.y + sin(a) * (SIM.tankRadius + 1.2);
  const shell: Shell = {
    id: state.nextShell++,
    owner: t.slot,
    team: t.team,
    x: mx,
    y: my,
    vx: cos(a) * SIM.shellSpeed,
    vy: sin(a) * SIM.shellSpeed,
    ttl: SIM.shellTicks,
    damage: t.gunDamage,
    penetration: t.gunPenetration,
    lag: Math.max(0, Math.min(LAG_CAP, t.input.lag ?? 0)),
  };
  // A muzzle inside a wall: the shell bursts there.
  for (const b of state.map.obstacles) {
    if (segmentHitsBox(t.x, t.y, mx, my, b) >= 0) {
      shell.ttl = 0;
      break;
    }
  }
  state.shells.push(shell);
  t.reload = t.crewHurt > 0 ? Math.round(t.reloadTicks * SIM.crewReload) : t.reloadTicks;
  t.firedAt = state.tick;
  t.shots++;
  state.events.push({ kind: "shot", slot: t.slot, x: mx, y: my, a });
}

const rewound = { x: 0, y: 0 };
const hitAt = { x: 0, y: 0 };

function flyShells(state: BattleState) {
  const r = SIM.tankRadius;
  let keep = 0;
  for (const s of state.shells) {
    if (s.ttl <= 0) {
      state.events.push({ kind: "blast", x: s.x, y: s.y });
      continue;
    }
    const x1 = s.x + s.vx * DT,
      y1 = s.y + s.vy * DT;
    let best = 1.01;
    let hitTank: Tank | null = null;
    for (const b of state.map.obstacles) {
      const f = segmentHitsBox(s.x, s.y, x1, y1, b);
      if (f >= 0 && f < best) best = f;
    }
    const dx = x1 - s.x,
      dy = y1 - s.y;
    const len2 = dx * dx + dy * dy;
    for (const t of state.tanks) {
      if (!t.alive || t.slot === s.owner) continue;
      // Where the tank was on the shooter's screen (lagcomp.ts; the present without a lag).
      const at = s.lag > 0 ? whereWas(state, t, s.lag, rewound) : t;
      // Where the segment comes nearest the tank's centre, then back to the circle's edge.
      const fx = s.x - at.x,
        fy = s.y - at.y;
      const b2 = fx * dx + fy * dy;
      const c = fx * fx + fy * fy - r * r;
      const disc = b2 * b2 - len2 * c;
      if (disc < 0) continue;
      const f = c <= 0 ? 0 : (-b2 - Math.sqrt(disc)) / len2;
      if (f >= 0 && f <= 1 && f < best) {
        best = f;
        hitTank = t;
        hitAt.x = at.x;
        hitAt.y = at.y;
      }
    }
    const out = x1 < 0 || y1 < 0 || x1 > state.map.width || y1 > state.map.height;
    if (best <= 1) {
      const hx = s.x + dx * best,
        hy = s.y + dy * best;
      if (hitTank) strike(state, s, hitTank, hx, hy, hitAt.x, hitAt.y);
      else state.events.push({ kind: "blast", x: hx, y: hy });
      continue;
    }
    if (out) continue;
    s.x = x1;
    s.y = y1;
    s.ttl--;
    state.shells[keep++] = s;
  }
  state.shells.length = keep;
}

/**
 * A shell meets a tank (whose centre was at cx, cy where it was met): the side it strikes sets the
 * armour; penetration and damage vary by chance.
 */
function strike(state: BattleState, s: Shell, t: Tank, hx: number, hy: number, cx: number, cy: number) {
  const shooter = state.tanks[s.owner];
  if (t.team === s.team) {
    shooter.allyHits++;
    state.events.push({ kind: "bounce", shooter: s.owner, target: t.slot, x: hx, y: hy });
    return;
  }
  const from = Math.abs(wrapAngle(atan2(hy - cy, hx - cx) - t.hull));
  const side = from < Math.PI / 4 ? "front" : from > (3 * Math.PI) / 4 ? "rear" : "side";
  const armour = t.armour * SIM.armourBySide[side];
  const pen = s.penetration * (1 + nextSpread(state) * SIM.penSpread);
  if (pen < armour) {
    state.events.push({ kind: "bounce", shooter: s.owner, target: t.slot, x: hx, y: hy });
    return;
  }
  const dealt = Math.min(t.hp, Math.max(1, Math.round(s.damage * (1 + nextSpread(state) * SIM.damageSpread))));
  t.hp -= dealt;
  shooter.damage += dealt;
  shooter.hits++;
  state.events.push({ kind: "hit", shooter: s.owner, target: t.slot, damage: dealt, x: hx, y: hy });
  if (onBase(state, t)) state.capture[t.team] = Math.max(0, state.capture[t.team] - SIM.captureLossOnHit);
  if (t.hp <= 0) return destroy(state, t, s.owner);
  // What a penetration may break: drawn in this order every time, so a replay draws alike.
  const fireRoll = nextRandom(state),
    tracksRoll = nextRandom(state),
    crewRoll = nextRandom(state);
  if (t.burning === 0 && fireRoll < SIM.fireChance[side]) {
    t.burning = SIM.fireTicks;
    t.burnBy = s.owner;
    state.events.push({ kind: "fire", target: t.slot });
  }
  if (tracksRoll < SIM.tracksChance[side]) {
    t.tracks = SIM.tracksTicks;
    state.events.push({ kind: "tracks", target: t.slot });
  }
  if (t.crewHurt === 0 && crewRoll < SIM.crewChance) {
    t.crewHurt = 1;
    state.events.push({ kind: "crew", target: t.slot });
  }
}

/** A team standing alone on the base gains points; a contested base holds; a team that left it loses them. */
function countCapture(state: BattleState) {
  const on = [0, 0];
  for (const t of state.tanks) if (t.alive && onBase(state, t)) on[t.team]++;
  const per = SIM.capturePerTankSecond * DT;
  for (const team of [0, 1] as const) {
    const other = 1 - team;
    if (on[team] > 0 && on[other] === 0)
      state.capture[team] = Math.min(100, state.capture[team] + per * Math.min(SIM.maxCapturers, on[team]));
    else if (on[team] === 0) state.capture[team] = Math.max(0, state.capture[team] - per * 2);
  }
}

function judge(state: BattleState) {
  const alive = [0, 0];
  for (const t of state.tanks) if (t.alive) alive[t.team]++;
  const end = (winner: 0 | 1 | -1, reason: EndReason) => (state.ended = { winner, reason, tick: state.tick });
  if (alive[0] === 0 || alive[1] === 0) return end(alive[0] > 0 ? 0 : alive[1] > 0 ? 1 : -1, "destroyed");
  if (state.capture[0] >= 100 || state.capture[1] >= 100)
    return end(state.capture[0] >= 100 && state.capture[1] >= 100 ? -1 : state.capture[0] >= 100 ? 0 : 1, "captured");
  if (state.tick >= state.setup.roundSeconds * TICK_HZ) return end(-1, "time");
}

/** A stable digest of everything that decides the battle from here on: replays compare it. */
export function digest(state: BattleState): string {
  let h = 0x811c9dc5;
  const mix = (n: number) => {
    const s = n.toString();
    for (let i = 0; i < s.length; i++) h = Math.imul(h ^ s.charCodeAt(i), 0x01000193) >>> 0;
  };
  mix(state.tick);
  mix(state.rng);
  for (const t of state.tanks)
    [t.x, t.y, t.hull, t.turret, t.v, t.hp, t.reload, t.kills, t.damage, t.burning, t.tracks, t.crewHurt].forEach(mix);
  for (const s of state.shells) [s.id, s.x, s.y, s.ttl].forEach(mix);
  mix(state.capture[0]);
  mix(state.capture[1]);
  return h.toString(16);
}

export { nextRandom };
