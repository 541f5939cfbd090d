// Bots: server-side drivers inside the simulation (so a replay replays them too), with a player's
// limits. A bot knows only what its team sees (sight.ts, the same spotting rule as everyone's),
// acts on a new enemy only after its profile's reaction time, aims with its profile's error and
// leads a moving target imperfectly (the sloppier the aim, the worse the lead), and never fires
// with an ally in the line or a wall in the way. It plays a role by its class — a light scouts a
// flank, a medium flanks, a heavy pushes the middle, a tank destroyer holds back and snipes — each
// on its lane (north, middle, south): first to the lane's staging point, then on toward the enemy
// once the front goes quiet. It falls back to cover while reloading or hurt (the less aggressive,
// the sooner), defends the base when the enemy takes it, and uses its consumables. It plans on the
// map's 4 m grid: a distance field toward a goal, followed downhill; a bot that stops moving backs off.
import { navGrid, cellOf, distanceField, lineOfSight, segmentHitsAny, type NavGrid } from "./maps.ts";
import { sin, cos, atan2, hypot } from "./trig.ts";
import { nextRandom, nextSpread } from "./rng.ts";
import { baseField, onBase, wrapAngle, SIM } from "./rules.ts";
import { teamSees } from "./sight.ts";
import {
  TICK_HZ,
  type BattleState,
  type BotMind,
  type BotProfile,
  type BotRole,
  type Input,
  type KitKind,
  type Tank,
} from "./types.ts";

const REPLAN_EVERY = 15;
const SEE_EVERY = 4;
/** Distance fields kept per battle, by goal cell (the lanes' cells and the places chased come back often). */
const KEPT_FIELDS = 48;
/** The farthest a bot fires at (the shell's flight, less a margin). */
const FIRE_RANGE = SIM.shellSpeed * (SIM.shellTicks / TICK_HZ) * 0.9;
/** With no enemy seen for this long, a bot leaves its staging point and pushes on. */
const QUIET_TICKS = 25 * TICK_HZ;

const ROLE_BY_CLASS: Record<string, BotRole> = {
  light: "scout",
  medium: "flank",
  heavy: "push",
  td: "snipe",
  spg: "snipe",
};

/** How far along its own half-to-the-enemy's a role gathers, and where it pushes on to (shares of the width). */
const STAGE: Record<BotRole, [number, number]> = {
  scout: [0.42, 0.7],
  flank: [0.36, 0.66],
  push: [0.4, 0.5],
  snipe: [0.24, 0.42],
};

/** The nearest open cell to a point (a lane's point may fall on a rock). */
function openCellNear(g: NavGrid, x: number, y: number, flip: boolean): number {
  const c0 = cellOf(g, x, y);
  if (!g.blocked[c0]) return c0;
  const col = c0 % g.cols,
    row = (c0 - col) / g.cols;
  const s = flip ? -1 : 1;
  for (let r = 1; r < 12; r++)
    for (let a = -r; a <= r; a++)
      for (let b = -r; b <= r; b++) {
        if (Math.abs(a) !== r && Math.abs(b) !== r) continue;
        const dr = a * s,
          dc = b * s;
        const rr = row + dr,
          cc = col + dc;
        if (rr < 0 || cc < 0 || rr >= g.rows || cc >= g.cols) continue;
        const i = rr * g.cols + cc;
        if (!g.blocked[i]) return i;
      }
  return c0;
}

/** A point on the team's side by shares of the map: team 0 starts west, team 1 (point-mirrored) east. */
function sidePoint(state: BattleState, team: 0 | 1, along: number, lane: number) {
  const m = state.map;
  const x = m.width * along,
    y = m.height * (0.5 + lane * 0.33);
  return team === 0 ? { x, y } : { x: m.width - x, y: m.height - y };
}

export function newMind(state: BattleState, t: Tank, profile: BotProfile): BotMind {
  const n = state.tanks.length;
  const role = ROLE_BY_CLASS[t.spec.type] ?? "flank";
  // Lanes spread a team's bots: heavies take the middle, the rest alternate north and south by slot.
  const draw = nextRandom(state);
  // Its place in its team (by slot), so both teams spread alike whatever the seats' order.
  let nth = 0;
  for (const o of state.tanks) if (o.team === t.team && o.slot < t.slot) nth++;
  const lane: -1 | 0 | 1 =
    role === "push" ? 0 : role === "snipe" ? (draw < 0.5 ? 0 : draw < 0.75 ? -1 : 1) : nth % 2 ? 1 : -1;
  const g = navGrid(state.map, SIM.tankRadius);
  const [stage, advance] = STAGE[role];
  const sp = sidePoint(state, t.team, stage, lane);
  const ap = sidePoint(state, t.team, advance, lane);
  const leadError = Math.min(0.8, Math.max(0, profile.aimError / 8));
  return {
    profile,
    role,
    lane,
    reactTicks: Math.max(1, Math.round((profile.reactionMs / 1000) * TICK_HZ)),
    leadError,
    leadFactor: 1,
    staged: false,
    stageCell: openCellNear(g, sp.x, sp.y, t.team === 1),
    advanceCell: openCellNear(g, ap.x, ap.y, t.team === 1),
    lastContact: 0,
    target: -1,
    noticed: new Int32Array(n).fill(-1),
    visible: new Uint8Array(n),
    aimOffset: 0,
    goalCell: -1,
    field: null,
    // Bots plan on different ticks, so no tick plans for all of them.
    plannedAt: -REPLAN_EVERY + (t.slot % REPLAN_EVERY),
    cover: -1,
    coverFor: -1,
    coverAt: -100,
    stuck: 0,
    reverseUntil: 0,
    lastX: t.x,
    lastY: t.y,
  };
}

/**
 * What the bot's team sees, and since when (its reaction counts from then), every few ticks:
 * visible 1 = seen, 2 = seen with a clear line from this tank within range.
 */
function perceive(state: BattleState, t: Tank, m: BotMind) {
  for (const e of state.tanks) {
    if (e.team === t.team) continue;
    const sees = e.alive && teamSees(state, t.team, e);
    const open =
      sees &&
      (e.x - t.x) ** 2 + (e.y - t.y) ** 2 < FIRE_RANGE * FIRE_RANGE &&
      lineOfSight(state.map, t.x, t.y, e.x, e.y);
    m.visible[e.slot] = sees ? (open ? 2 : 1) : 0;
    if (!sees) m.noticed[e.slot] = -1;
    else {
      if (m.noticed[e.slot] < 0) m.noticed[e.slot] = state.tick;
      m.lastContact = state.tick;
    }
  }
}

function chooseTarget(state: BattleState, t: Tank, m: BotMind): Tank | null {
  let best: Tank | null = null;
  let bestScore = Infinity;
  for (const e of state.tanks) {
    if (!e.alive || e.team === t.team || !m.visible[e.slot] || state.tick - m.noticed[e.slot] < m.reactTicks) continue;
    const d = hypot(e.x - t.x, e.y - t.y);
    // Near, hurt and shootable enemies first; the one aimed at keeps a bonus so the turret does not flicker.
    const open = m.visible[e.slot] === 2 ? 1 : 2.5;
    const score = d * open * (0.5 + e.hp / e.maxHp) * (e.slot === m.target ? 0.7 : 1);
    if (score < bestScore) {
      bestScore = score;
      best = e;
    }
  }
  return best;
}

/** True when an ally stands near the line from the tank along `a` for `dist` metres (a shell would stop in it). */
function allyInLine(state: BattleState, t: Tank, a: number, dist: number): boolean {
  const ux = cos(a),
    uy = sin(a);
  const clearance = SIM.tankRadius + 1.4;
  for (const o of state.tanks) {
    if (!o.alive || o.team !== t.team || o === t) continue;
    const rx = o.x - t.x,
      ry = o.y - t.y;
    const along = rx * ux + ry * uy;
    if (along < 0 || along > dist + SIM.tankRadius) continue;
    const across = rx * uy - ry * ux;
    if (across * across < clearance * clearance) return true;
  }
  return false;
}

/** The nearest open cell (within ~28 m) an enemy at (ex, ey) cannot see, preferring the side away from it. */
function coverCell(state: BattleState, g: NavGrid, t: Tank, ex: number, ey: number): number {
  const c0 = cellOf(g, t.x, t.y);
  const col = c0 % g.cols,
    row = (c0 - col) / g.cols;
  const s = t.team === 1 ? -1 : 1;
  let best = -1;
  let bd = Infinity;
  for (let a = -7; a <= 7; a++) {
    for (let b = -7; b <= 7; b++) {
      const dr = a * s,
        dc = b * s;
      const r = row + dr,
        c = col + dc;
      if (r < 0 || c < 0 || r >= g.rows || c >= g.cols) continue;
      const i = r * g.cols + c;
      if (g.blocked[i]) continue;
      const x = (c + 0.5) * g.cell,
        y = (r + 0.5) * g.cell;
      // Cells toward the enemy cost more than cells away from it.
      const toward = (x - t.x) * (ex - t.x) + (y - t.y) * (ey - t.y) > 0 ? 2 : 1;
      const d = (dr * dr + dc * dc) * toward;
      if (d >= bd) continue;
      if (!lineOfSight(state.map, ex, ey, x, y)) {
        bd = d;
        best = i;
      }
    }
  }
  return best;
}

const fieldsOf = new WeakMap<BattleState, Map<number, Uint16Array>>();

function planTo(state: BattleState, g: NavGrid, m: BotMind, goal: number) {
  if (goal === m.goalCell && m.field) return;
  if (m.field && state.tick - m.plannedAt < REPLAN_EVERY) return;
  m.goalCell = goal;
  m.plannedAt = state.tick;
  let kept = fieldsOf.get(state);
  if (!kept) {
    kept = new Map();
    fieldsOf.set(state, kept);
  }
  let field = kept.get(goal);
  if (!field) {
    if (kept.size >= KEPT_FIELDS) kept.clear();
    field = distanceField(g, goal);
    kept.set(goal, field);
  }
  m.field = field;
}

/** The point to steer at: the farthest of a few cells down the field that the hull can reach in a straight line, or null at the goal. */
function waypoint(state: BattleState, g: NavGrid, field: Uint16Array, t: Tank): { x: number; y: number } | null {
  const flip = t.team === 1;
  let i = cellOf(g, t.x, t.y);
  if (field[i] === 0) return null;
  if (field[i] === 65535) {
    // Pushed onto a blocked cell: step to the best open neighbour.
    i = bestNeighbour(g, field, i, flip);
    if (i < 0) return null;
  }
  const centre = (j: number) => {
    const c = j % g.cols;
    return { x: (c + 0.5) * g.cell, y: ((j - c) / g.cols + 0.5) * g.cell };
  };
  let best = bestNeighbour(g, field, i, flip);
  if (best < 0 || field[best] >= field[i]) return centre(i);
  let j = best;
  for (let k = 0; k < 3; k++) {
    const n = bestNeighbour(g, field, j, flip);
    if (n < 0 || field[n] >= field[j]) break;
    j = n;
    const p = centre(j);
    if (clear(state, t.x, t.y, p.x, p.y)) best = j;
    if (field[j] === 0) break;
  }
  return centre(best);
}

function clear(state: BattleState, x0: number, y0: number, x1: number, y1: number) {
  return !segmentHitsAny(state.map.obstacles, x0, y0, x1, y1, SIM.tankRadius * 0.9);
}

/** The lowest neighbour; ties go the same way for both teams as the map is mirrored (team 1 scans from the other corner). */
function bestNeighbour(g: NavGrid, field: Uint16Array, i: number, flip: boolean): number {
  const c = i % g.cols,
    r = (i - c) / g.cols;
  const s = flip ? -1 : 1;
  let best = -1;
  let bv = 65535;
  for (let a = -1; a <= 1; a++) {
    for (let b = -1; b <= 1; b++) {
      const dr = a * s,
        dc = b * s;
      const rr = r + dr,
        cc = c + dc;
      if ((!dr && !dc) || rr < 0 || cc < 0 || rr >= g.rows || cc >= g.cols) continue;
      const j = rr * g.cols + cc;
      if (field[j] < bv) {
        bv = field[j];
        best = j;
      }
    }
  }
  return best;
}

/** The consumable a bot uses now, if any: after its reaction time, for what is wrong with its tank. */
export function botKit(state: BattleState, t: Tank, m: BotMind): KitKind | null {
  if ((state.tick + t.slot) % m.reactTicks !== 0) return null;
  if (t.burning > 0 && t.burning < SIM.fireTicks - m.reactTicks) return "extinguisher";
  if (t.tracks > 0 && t.tracks < SIM.tracksTicks - m.reactTicks) return "repair";
  if (t.crewHurt > 0) return "medkit";
  if (t.hp < t.maxHp * 0.35) return "repair";
  return null;
}

export function botInput(state: BattleState, t: Tank, m: BotMind): Input {
  const g = navGrid(state.map, SIM.tankRadius);
  if ((state.tick + t.slot) % SEE_EVERY === 0) perceive(state, t, m);
  const target = chooseTarget(state, t, m);
  if (target && target.slot !== m.target) {
    m.aimOffset = nextSpread(state) * ((m.profile.aimError * Math.PI) / 180);
    m.leadFactor = 1 + nextSpread(state) * m.leadError;
  }
  m.target = target ? target.slot : -1;

  // The turret: at the target, leading it by its speed over the shell's flight (as well as the bot
  // judges it), off by the bot's error. The trigger only with the line clear of walls and allies.
  let aim = t.turret;
  let fire = false;
  const d = target ? hypot(target.x - t.x, target.y - t.y) : Infinity;
  if (target) {
    const lead = (d / SIM.shellSpeed) * m.leadFactor;
    const px = target.x + cos(target.hull) * target.v * lead;
    const py = target.y + sin(target.hull) * target.v * lead;
    aim = wrapAngle(atan2(py - t.y, px - t.x) + m.aimOffset);
    // A steadier hand waits for the aim to settle; a recruit fires through it.
    const patience = Math.min(0.95, 0.3 + m.profile.aimError / 10);
    if (
      t.reload === 0 &&
      d < FIRE_RANGE &&
      t.bloom <= patience &&
      Math.abs(wrapAngle(aim - t.turret)) < 0.03 &&
      lineOfSight(state.map, t.x, t.y, target.x, target.y) &&
      !allyInLine(state, t, t.turret, d)
    ) {
      fire = true;
      m.aimOffset = nextSpread(state) * ((m.profile.aimError * Math.PI) / 180);
      m.leadFactor = 1 + nextSpread(state) * m.leadError;
    }
  }

  // Where to go. Cover while reloading or hurt (the less aggressive, the sooner); in range, hold;
  // out of range, close in; with no enemy in sight: the lane, then onward, the base when it is taken.
  const hurt = t.hp / t.maxHp;
  const aggression = m.profile.aggression;
  const enemyCapturing = state.capture[1 - t.team] > 0;
  const late = state.tick > state.setup.roundSeconds * TICK_HZ * 0.6;
  let goal = -1;
  let stopNear = false;
  let toBase = false;
  if (
    target &&
    (hurt < 0.2 + (1 - aggression) * 0.25 || (t.reload > t.reloadTicks * 0.35 && aggression < 0.6 && d < 90))
  ) {
    // The search for cover is the bot's dearest thought: it is kept for half a second.
    if (m.coverFor !== target.slot || state.tick - m.coverAt >= 10) {
      m.cover = coverCell(state, g, t, target.x, target.y);
      m.coverFor = target.slot;
      m.coverAt = state.tick;
    }
    goal = m.cover;
  }
  if (goal < 0 && target) {
    const keep = m.role === "snipe" ? 95 : 45 + (1 - aggression) * 45;
    const canHit = m.visible[target.slot] === 2;
    // Loaded with a clear shot: stop and aim (and move on while it reloads).
    if (canHit && t.reload <= 3) stopNear = true;
    // Chasing aims at the target's 8 m square, so bots after one enemy share a plan.
    else if (d > keep || !canHit) goal = cellOf(g, Math.floor(target.x / 8) * 8 + 4, Math.floor(target.y / 8) * 8 + 4);
    else stopNear = true;
  }
  if (goal < 0 && !stopNear) {
    if (enemyCapturing || onBase(state, t) || late) toBase = true;
    else {
      const here = cellOf(g, t.x, t.y);
      if (!m.staged && (here === m.stageCell || hypot(t.x - cx(g, m.stageCell), t.y - cy(g, m.stageCell)) < 8))
        m.staged = true;
      const quiet = state.tick - m.lastContact > QUIET_TICKS;
      if (!m.staged) goal = m.stageCell;
      else if (quiet && m.role !== "push") goal = m.advanceCell;
      else if (quiet || m.role === "push") toBase = true;
      else stopNear = true;
    }
  }
  let field: Uint16Array | null = null;
  if (!stopNear) {
    if (toBase) field = baseField(state);
    else {
      planTo(state, g, m, goal);
      field = m.field;
    }
  }

  let throttle: -1 | 0 | 1 = 0;
  let turn: -1 | 0 | 1 = 0;
  const moved = hypot(t.x - m.lastX, t.y - m.lastY);
  m.lastX = t.x;
  m.lastY = t.y;
  if (state.tick < m.reverseUntil) {
    throttle = -1;
    turn = t.slot % 2 ? 1 : -1;
  } else if (field) {
    const wp = waypoint(state, g, field, t);
    if (wp) {
      const want = atan2(wp.y - t.y, wp.x - t.x);
      const diff = wrapAngle(want - t.hull);
      turn = diff > 0.06 ? 1 : diff < -0.06 ? -1 : 0;
      throttle = Math.abs(diff) < 1.1 ? 1 : 0;
    }
    if (throttle !== 0 && t.tracks === 0 && moved < (t.maxSpeed * 0.05) / TICK_HZ) {
      if (++m.stuck > 15) {
        m.stuck = 0;
        m.reverseUntil = state.tick + 12 + Math.floor(nextRandom(state) * 10);
      }
    } else m.stuck = 0;
  } else if (target) {
    // Holding range: show the enemy the front of the hull.
    const diff = wrapAngle(atan2(target.y - t.y, target.x - t.x) - t.hull);
    turn = diff > 0.15 ? 1 : diff < -0.15 ? -1 : 0;
  }
  if (!target) aim = field ? wrapAngle(t.hull) : t.turret;
  return { throttle, turn, aim, fire };
}

const cx = (g: NavGrid, i: number) => ((i % g.cols) + 0.5) * g.cell;
const cy = (g: NavGrid, i: number) => (Math.floor(i / g.cols) + 0.5) * g.cell;
