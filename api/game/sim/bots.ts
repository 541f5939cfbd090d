// Bots: server-side drivers inside the simulation (so a replay replays them too). Each plays by its
// profile: aim error (degrees), reaction time (an enemy must be in sight this long before it is
// engaged) and aggression (how close it fights, whether it pushes or falls back to cover while
// reloading). They plan on the map's 4 m grid: a distance field toward a goal (the base, an enemy,
// a cover cell), followed downhill with a few cells of look-ahead; a bot that stops moving backs off.
import { navGrid, cellOf, distanceField, lineOfSight, segmentHitsBox, type NavGrid } from "./maps.ts";
import { sin, cos, atan2, hypot } from "./trig.ts";
import { nextRandom, nextSpread } from "./rng.ts";
import { baseField, onBase, wrapAngle, SIM } from "./rules.ts";
import { TICK_HZ, type BattleState, type BotMind, type BotProfile, type Input, type Tank } from "./types.ts";

const SEE_EVERY = 4;
const REPLAN_EVERY = 15;

export function newMind(state: BattleState, t: Tank, profile: BotProfile): BotMind {
  const n = state.tanks.length;
  return {
    profile,
    role: nextRandom(state) < 0.35 + profile.aggression * 0.2 ? "capture" : "hunt",
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

function look(state: BattleState, t: Tank, m: BotMind) {
  for (const e of state.tanks) {
    if (e.team === t.team) continue;
    const dx = e.x - t.x,
      dy = e.y - t.y;
    const sees = e.alive && dx * dx + dy * dy < t.sight * t.sight && lineOfSight(state.map, t.x, t.y, e.x, e.y);
    m.visible[e.slot] = sees ? 1 : 0;
    if (!sees) m.noticed[e.slot] = -1;
    else if (m.noticed[e.slot] < 0) m.noticed[e.slot] = state.tick;
  }
}

function chooseTarget(state: BattleState, t: Tank, m: BotMind): Tank | null {
  const react = Math.round((m.profile.reactionMs / 1000) * TICK_HZ);
  let best: Tank | null = null;
  let bestScore = Infinity;
  for (const e of state.tanks) {
    if (
      !e.alive ||
      e.team === t.team ||
      !m.visible[e.slot] ||
      m.noticed[e.slot] < 0 ||
      state.tick - m.noticed[e.slot] < react
    )
      continue;
    const d = hypot(e.x - t.x, e.y - t.y);
    // Near and hurt enemies first; the one already aimed at keeps a bonus so the turret does not flicker.
    const score = d * (0.5 + e.hp / e.maxHp) * (e.slot === m.target ? 0.7 : 1);
    if (score < bestScore) {
      bestScore = score;
      best = e;
    }
  }
  return best;
}

function nearestEnemy(state: BattleState, t: Tank): Tank | null {
  let best: Tank | null = null;
  let bd = Infinity;
  for (const e of state.tanks) {
    if (!e.alive || e.team === t.team) continue;
    const d = (e.x - t.x) ** 2 + (e.y - t.y) ** 2;
    if (d < bd) {
      bd = d;
      best = e;
    }
  }
  return best;
}

/** The nearest open cell (within ~28 m) an enemy at (ex, ey) cannot see. */
function coverCell(state: BattleState, g: NavGrid, t: Tank, ex: number, ey: number): number {
  const c0 = cellOf(g, t.x, t.y);
  const col = c0 % g.cols,
    row = (c0 - col) / g.cols;
  let best = -1;
  let bd = Infinity;
  for (let dr = -7; dr <= 7; dr++) {
    for (let dc = -7; dc <= 7; dc++) {
      const r = row + dr,
        c = col + dc;
      if (r < 0 || c < 0 || r >= g.rows || c >= g.cols) continue;
      const i = r * g.cols + c;
      if (g.blocked[i]) continue;
      const d = dr * dr + dc * dc;
      if (d >= bd) continue;
      const x = (c + 0.5) * g.cell,
        y = (r + 0.5) * g.cell;
      if (!lineOfSight(state.map, ex, ey, x, y)) {
        bd = d;
        best = i;
      }
    }
  }
  return best;
}

function planTo(state: BattleState, g: NavGrid, m: BotMind, goal: number) {
  if (goal === m.goalCell && m.field) return;
  if (m.field && state.tick - m.plannedAt < REPLAN_EVERY) return;
  m.goalCell = goal;
  m.plannedAt = state.tick;
  m.field = distanceField(g, goal, m.field && m.field !== state.baseField ? m.field : undefined);
}

/** The point to steer at: the farthest of a few cells down the field that the hull can reach in a straight line, or null at the goal. */
function waypoint(state: BattleState, g: NavGrid, field: Uint16Array, t: Tank): { x: number; y: number } | null {
  let i = cellOf(g, t.x, t.y);
  if (field[i] === 0) return null;
  if (field[i] === 65535) {
    // Pushed onto a blocked cell: step to the best open neighbour.
    i = bestNeighbour(g, field, i);
    if (i < 0) return null;
  }
  const centre = (j: number) => {
    const c = j % g.cols;
    return { x: (c + 0.5) * g.cell, y: ((j - c) / g.cols + 0.5) * g.cell };
  };
  let best = bestNeighbour(g, field, i);
  if (best < 0 || field[best] >= field[i]) return centre(i);
  let j = best;
  for (let k = 0; k < 3; k++) {
    const n = bestNeighbour(g, field, j);
    if (n < 0 || field[n] >= field[j]) break;
    j = n;
    const p = centre(j);
    if (clear(state, t.x, t.y, p.x, p.y)) best = j;
    if (field[j] === 0) break;
  }
  return centre(best);
}

function clear(state: BattleState, x0: number, y0: number, x1: number, y1: number) {
  for (const b of state.map.obstacles) if (segmentHitsBox(x0, y0, x1, y1, b, SIM.tankRadius * 0.9) >= 0) return false;
  return true;
}

function bestNeighbour(g: NavGrid, field: Uint16Array, i: number): number {
  const c = i % g.cols,
    r = (i - c) / g.cols;
  let best = -1;
  let bv = 65535;
  for (let dr = -1; dr <= 1; dr++) {
    for (let dc = -1; dc <= 1; dc++) {
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

export function botInput(state: BattleState, t: Tank): Input {
  const m = t.bot!;
  const g = navGrid(state.map, SIM.tankRadius);
  if ((state.tick + t.slot) % SEE_EVERY === 0) look(state, t, m);
  const target = chooseTarget(state, t, m);
  if (target && target.slot !== m.target) m.aimOffset = nextSpread(state) * ((m.profile.aimError * Math.PI) / 180);
  m.target = target ? target.slot : -1;

  // The turret: at the target, leading it by its speed over the shell's flight, off by the bot's error.
  let aim = t.turret;
  let fire = false;
  if (target) {
    const d = hypot(target.x - t.x, target.y - t.y);
    const lead = d / SIM.shellSpeed;
    const px = target.x + cos(target.hull) * target.v * lead;
    const py = target.y + sin(target.hull) * target.v * lead;
    aim = wrapAngle(atan2(py - t.y, px - t.x) + m.aimOffset);
    if (t.reload === 0 && Math.abs(wrapAngle(aim - t.turret)) < 0.035) {
      fire = true;
      m.aimOffset = nextSpread(state) * ((m.profile.aimError * Math.PI) / 180);
    }
  }

  // Where to go: cover while reloading or hurt (the less aggressive, the sooner), an enemy's range, or the base.
  const hurt = t.hp / t.maxHp;
  const aggression = m.profile.aggression;
  const enemyCapturing = state.capture[1 - t.team] > 0;
  let goal = -1;
  let stopNear = false;
  if (target && (hurt < 0.25 + (1 - aggression) * 0.25 || (t.reload > t.reloadTicks * 0.4 && aggression < 0.55))) {
    // The search for cover is the bot's dearest thought: it is kept for half a second.
    if (m.coverFor !== target.slot || state.tick - m.coverAt >= 10) {
      m.cover = coverCell(state, g, t, target.x, target.y);
      m.coverFor = target.slot;
      m.coverAt = state.tick;
    }
    goal = m.cover;
  }
  if (goal < 0 && target) {
    const d = hypot(target.x - t.x, target.y - t.y);
    const keep = 25 + (1 - aggression) * 45;
    if (d > keep) goal = cellOf(g, target.x, target.y);
    else stopNear = true;
  }
  let field: Uint16Array | null = null;
  if (!stopNear) {
    if (goal < 0 && (m.role === "capture" || enemyCapturing || onBase(state, t))) field = baseField(state);
    else {
      if (goal < 0) {
        const e = nearestEnemy(state, t);
        goal = e ? cellOf(g, e.x, e.y) : cellOf(g, state.map.base.x, state.map.base.y);
      }
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
    if (throttle !== 0 && moved < (t.maxSpeed * 0.05) / TICK_HZ) {
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
