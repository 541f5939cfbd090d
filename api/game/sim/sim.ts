// The battle simulation: a pure function of the setup, the seed and the inputs, stepped at
// TICK_HZ. No I/O, no clock, no Math.random: the same setup and the same inputs at the same
// ticks give the same battle, which is how a recorded battle is replayed (replay.ts).
import { mapByName, segmentHitsBox } from "./maps.ts";
import { sin, cos, atan2 } from "./trig.ts";
import { nextRandom, nextSpread } from "./rng.ts";
import { botInput, newMind } from "./bots.ts";
import { SIM, wrapAngle, onBase, baseField } from "./rules.ts";
import { boundedCrew } from "./crew.ts";

// The rules' figures and the base's geometry live in rules.ts, which bots.ts reads too (no cycle).
export { SIM, wrapAngle, onBase, baseField };
import {
  DT,
  TICK_HZ,
  type BattleSetup,
  type BattleState,
  type EndReason,
  type Input,
  type Shell,
  type Tank,
} from "./types.ts";

export const IDLE: Input = { throttle: 0, turn: 0, aim: 0, fire: false };

function hullRateOf(type: string) {
  return ({ light: 2.2, medium: 1.7, heavy: 1.25, td: 1.4, spg: 1.3 } as Record<string, number>)[type] ?? 1.6;
}

export function createBattle(setup: BattleSetup): BattleState {
  const map = mapByName(setup.map);
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
  };
  setup.seats.forEach((seat, slot) => {
    const spot = map.spawns[seat.team][counts[seat.team]++ % map.spawns[seat.team].length];
    const hull = seat.team === 0 ? 0 : Math.PI;
    const s = seat.tank;
    // The crew's percentages (none: every factor is exactly 1, so a setup without a crew plays as before).
    const crew = boundedCrew(seat.crew);
    const faster = 1 + crew.mobility / 100;
    const tank: Tank = {
      slot,
      team: seat.team,
      playerId: seat.playerId,
      name: seat.name,
      spec: s,
      x: spot.x,
      y: spot.y,
      hull,
      turret: hull,
      v: 0,
      hp: s.hp,
      maxHp: s.hp,
      reload: 0,
      reloadTicks: Math.max(4, Math.round(((TICK_HZ * 600) / Math.max(1, s.rateOfFire)) * (1 - crew.reload / 100))),
      maxSpeed: s.speed * SIM.speedScale * faster,
      hullRate: hullRateOf(s.type) * faster,
      turretRate: SIM.turretRate * (1 + crew.aim / 100),
      dispersion: SIM.dispersion * (1 - crew.aim / 100),
      sight: SIM.sight * (1 + crew.view / 100),
      alive: true,
      input: { ...IDLE, aim: hull },
      kills: 0,
      damage: 0,
      shots: 0,
      hits: 0,
      bot: null,
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
  for (const t of tanks) if (t.alive && t.bot) t.input = botInput(state, t);
  for (const t of tanks) if (t.alive) drive(state, t);
  separate(state);
  for (const t of tanks) if (t.alive) fire(state, t);
  flyShells(state);
  countCapture(state);
  judge(state);
}

function drive(state: BattleState, t: Tank) {
  const inp = t.input;
  t.hull = wrapAngle(t.hull + inp.turn * t.hullRate * DT);
  const want = inp.throttle > 0 ? t.maxSpeed : inp.throttle < 0 ? -t.maxSpeed * SIM.reverseShare : 0;
  const accel = t.maxSpeed * 2.5 * DT;
  t.v = t.v < want ? Math.min(want, t.v + accel) : Math.max(want, t.v - accel * 1.6);
  t.x += cos(t.hull) * t.v * DT;
  t.y += sin(t.hull) * t.v * DT;
  const d = wrapAngle(inp.aim - t.turret);
  const most = t.turretRate * DT;
  t.turret = wrapAngle(t.turret + Math.max(-most, Math.min(most, d)));
  if (t.reload > 0) t.reload--;
  pushOut(state, t);
}

/** Keeps a tank inside the arena and out of every obstacle (circle against box). */
function pushOut(state: BattleState, t: Tank) {
  const r = SIM.tankRadius;
  const m = state.map;
  for (const b of m.obstacles) {
    const cx = Math.max(b.x, Math.min(t.x, b.x + b.w));
    const cy = Math.max(b.y, Math.min(t.y, b.y + b.h));
    const dx = t.x - cx,
      dy = t.y - cy;
    const d2 = dx * dx + dy * dy;
    if (d2 >= r * r) continue;
    if (d2 > 1e-9) {
      const d = Math.sqrt(d2);
      t.x = cx + (dx / d) * r;
      t.y = cy + (dy / d) * r;
    } else {
      // The centre is inside the box: out through the nearest side.
      const left = t.x - b.x,
        right = b.x + b.w - t.x,
        top = t.y - b.y,
        bottom = b.y + b.h - t.y;
      const least = Math.min(left, right, top, bottom);
      if (least === left) t.x = b.x - r;
      else if (least === right) t.x = b.x + b.w + r;
      else if (least === top) t.y = b.y - r;
      else t.y = b.y + b.h + r;
    }
    t.v *= 0.5;
  }
  t.x = Math.max(r, Math.min(m.width - r, t.x));
  t.y = Math.max(r, Math.min(m.height - r, t.y));
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
      pushOut(state, a);
      pushOut(state, b);
    }
  }
}

function fire(state: BattleState, t: Tank) {
  if (!t.input.fire || t.reload > 0) return;
  const a = t.turret + nextSpread(state) * t.dispersion;
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
    damage: t.spec.damage,
    penetration: t.spec.penetration,
  };
  // A muzzle inside a wall: the shell bursts there.
  for (const b of state.map.obstacles) {
    if (segmentHitsBox(t.x, t.y, mx, my, b) >= 0) {
      shell.ttl = 0;
      break;
    }
  }
  state.shells.push(shell);
  t.reload = t.reloadTicks;
  t.shots++;
  state.events.push({ kind: "shot", slot: t.slot, x: mx, y: my, a });
}

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
      // Where the segment comes nearest the tank's centre, then back to the circle's edge.
      const fx = s.x - t.x,
        fy = s.y - t.y;
      const b2 = fx * dx + fy * dy;
      const c = fx * fx + fy * fy - r * r;
      const disc = b2 * b2 - len2 * c;
      if (disc < 0) continue;
      const f = c <= 0 ? 0 : (-b2 - Math.sqrt(disc)) / len2;
      if (f >= 0 && f <= 1 && f < best) {
        best = f;
        hitTank = t;
      }
    }
    const out = x1 < 0 || y1 < 0 || x1 > state.map.width || y1 > state.map.height;
    if (best <= 1) {
      const hx = s.x + dx * best,
        hy = s.y + dy * best;
      if (hitTank) strike(state, s, hitTank, hx, hy);
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

/** A shell meets a tank: the side it strikes sets the armour; penetration and damage vary by chance. */
function strike(state: BattleState, s: Shell, t: Tank, hx: number, hy: number) {
  const shooter = state.tanks[s.owner];
  if (t.team === s.team) {
    state.events.push({ kind: "bounce", shooter: s.owner, target: t.slot, x: hx, y: hy });
    return;
  }
  const from = Math.abs(wrapAngle(atan2(hy - t.y, hx - t.x) - t.hull));
  const side = from < Math.PI / 4 ? "front" : from > (3 * Math.PI) / 4 ? "rear" : "side";
  const armour = t.spec.armor * SIM.armourBySide[side];
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
  if (t.hp <= 0) {
    t.alive = false;
    t.v = 0;
    t.input = { ...IDLE, aim: t.turret };
    shooter.kills++;
    state.events.push({ kind: "kill", shooter: s.owner, target: t.slot });
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
  for (const t of state.tanks) [t.x, t.y, t.hull, t.turret, t.v, t.hp, t.reload, t.kills, t.damage].forEach(mix);
  for (const s of state.shells) [s.id, s.x, s.y, s.ttl].forEach(mix);
  mix(state.capture[0]);
  mix(state.capture[1]);
  return h.toString(16);
}

export { nextRandom };
