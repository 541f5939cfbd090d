// The battle as the browser draws it: the player's own tank predicted (predict.ts), the others from
// the view snapshots the server sends 20 a second, interpolated as little in the past as the network's
// jitter allows (NetClock, at most 120 ms), the effects their events start, and the drawing of the
// arena, tanks, shells, effects, the HUD and the minimap on one canvas. A tank the server does not
// send (an enemy nobody of the player's team spots) is not drawn.
// No lingui macros here (bun test imports it): the labels come in translated.
import { mapByName, type MapDef, type Box, type Bush } from "../../../api/game/sim/maps.ts";
import { ViewDecoder, type OwnFigures, type ShellView, type TankView } from "../../../api/game/sim/wire.ts";
import type { GameEvent, Input } from "../../../api/game/sim/types.ts";
import { NetClock, Predictor, TICK_MS } from "./predict.ts";

/** One view snapshot as the drawing keeps it: a tank not in view is null. */
export interface Snapshot {
  tick: number;
  capture: [number, number];
  tanks: (TankView | null)[];
  shells: ShellView[];
  events: GameEvent[];
}

export interface SeatInfo {
  slot: number;
  team: 0 | 1;
  name: string;
  bot: boolean;
  tank: { id: number; name: string; tier: number; type: string; nation?: string; hp: number; reloadTicks: number };
  sight?: number;
}

export interface Hello {
  type: "hello";
  battleId: number;
  you: number | null;
  map: string;
  /** The map as played (an operator's own map is not among the built-in ones). */
  mapDef?: MapDef;
  roundSeconds: number;
  tickHz: number;
  snapshotEvery: number;
  tick: number;
  seats: SeatInfo[];
  own?: OwnFigures | null;
}

export interface Labels {
  loaded: string;
  reloading: string;
  hp: string;
  capture: string;
  spectator: string;
  destroyed: string;
  killed: (shooter: string, target: string) => string;
}

interface Particle {
  kind: "flash" | "fire" | "smoke" | "spark" | "ring" | "text";
  x: number;
  y: number;
  vx: number;
  vy: number;
  born: number;
  life: number;
  size: number;
  color: string;
  text?: string;
}

export interface Feed {
  at: number;
  shooter: number;
  target: number;
}

const TAU = Math.PI * 2;
const lerp = (a: number, b: number, f: number) => a + (b - a) * f;
const lerpAngle = (a: number, b: number, f: number) => {
  let d = (b - a) % TAU;
  if (d > Math.PI) d -= TAU;
  if (d < -Math.PI) d += TAU;
  return a + d * f;
};

export const TEAM_COLOURS = { own: "#ffd24a", ally: "#58c45a", enemy: "#e0524a" };

/** A tank as drawn. */
export type DrawnTank = TankView;

/** Metres the camera shows around the player on the screen's short side when no enemy in view can see them. */
export const BASE_VIEW = 42;
/** Metres beyond the farthest enemy in view that can see the player. */
const VIEW_MARGIN = 8;

/** Metres a remote tank is carried on past the newest snapshot when the next is late (then it waits). */
const EXTRAPOLATE_TICKS = 3;

/** The client's copy of one battle: snapshots by arrival, the own tank's prediction, effects, the kill feed. */
export class BattleView {
  readonly map: MapDef;
  private snaps: { s: Snapshot; at: number }[] = [];
  readonly decoder = new ViewDecoder();
  readonly clock = new NetClock();
  predictor: Predictor | null = null;
  /** The input of the tick under way and how far through it we are (the screen sets them each frame). */
  live: { input: Input; f: number } | null = null;
  particles: Particle[] = [];
  feed: Feed[] = [];
  private consumed = 0;
  private ground: HTMLCanvasElement | null = null;
  private groundScale = 10;
  lastDamage = 0;
  /** ms the others were drawn behind the newest tick that could have come, per frame (for the figures). */
  readonly behind: number[] = [];
  /** The tick (fractional) the others were drawn at in the last frame: an input's `view`. */
  drawnTick = 0;

  constructor(readonly hello: Hello) {
    this.map = hello.mapDef ?? mapByName(hello.map);
  }

  get you() {
    return this.hello.you;
  }

  get delay() {
    return this.clock.delay;
  }

  /** Metres the camera shows around the player, on the screen's short side (it eases toward `want`). */
  private radius = BASE_VIEW;
  private radiusAt = 0;

  /**
   * The radius the view needs: BASE_VIEW, or more to take in every living enemy drawn that is within
   * its own sight of the player (plus a margin); eased, out quicker than in.
   */
  viewRadius(tanks: (DrawnTank | null)[], me: { x: number; y: number }, now = performance.now()): number {
    let want = BASE_VIEW;
    tanks.forEach((t, i) => {
      if (!t?.alive || i === this.you || this.colourOf(i) !== TEAM_COLOURS.enemy) return;
      const d = Math.hypot(t.x - me.x, t.y - me.y);
      const sight = this.hello.seats[i].sight ?? 0;
      if (d <= sight) want = Math.max(want, d + VIEW_MARGIN);
    });
    const dt = Math.min(500, Math.max(0, now - this.radiusAt));
    this.radiusAt = now;
    const k = 1 - Math.exp(-dt / (want > this.radius ? 250 : 1200));
    this.radius += (want - this.radius) * k;
    return this.radius;
  }

  /** The ally the camera follows once the player's own tank is destroyed (null: the own wreck). */
  follow: number | null = null;
  /** Consumables used, by slot and kind, as the snapshots' events tell (the HUD's charges left). */
  readonly uses = new Map<number, Record<string, number>>();

  push(bytes: ArrayBuffer | Uint8Array, now: number) {
    const v = this.decoder.decode(bytes);
    if (!v) return;
    const last = this.snaps[this.snaps.length - 1];
    if (last && v.tick <= last.s.tick) return;
    for (const e of v.events) {
      if (e.kind !== "use") continue;
      const mine = this.uses.get(e.slot) ?? {};
      mine[e.item] = (mine[e.item] ?? 0) + 1;
      this.uses.set(e.slot, mine);
    }
    this.clock.arrived(v.tick, now);
    this.snaps.push({ s: v, at: now });
    if (this.snaps.length > 60) this.snaps.splice(0, this.snaps.length - 60);
    const me = this.you === null ? null : v.tanks[this.you];
    if (v.own && me?.alive && this.hello.own) {
      if (!this.predictor) this.predictor = new Predictor(this.map, this.hello.own, v.own);
      this.predictor.reconcile(v.own, v.ack, now);
    } else if (me && !me.alive) this.predictor = null;
  }

  latest(): Snapshot | null {
    return this.snaps.length ? this.snaps[this.snaps.length - 1].s : null;
  }

  /** The interpolated state to draw, starting the effects of events the drawing has reached. */
  frame(now: number) {
    if (!this.snaps.length) return null;
    const newest = this.snaps[this.snaps.length - 1];
    const rt = Math.max(this.snaps[0].s.tick, this.clock.renderTick(now));
    this.drawnTick = rt;
    this.behind.push((newest.s.tick + (now - newest.at) / TICK_MS - rt) * TICK_MS);
    if (this.behind.length > 20000) this.behind.splice(0, 5000);
    let a = this.snaps[0];
    let b = this.snaps[0];
    for (let i = 0; i < this.snaps.length; i++) {
      if (this.snaps[i].s.tick <= rt) a = this.snaps[i];
      b = this.snaps[i];
      if (this.snaps[i].s.tick >= rt) break;
    }
    // Past the newest (the next is late, or lost): carry the others on a little, then wait.
    const beyond = rt > b.s.tick ? Math.min(EXTRAPOLATE_TICKS, rt - b.s.tick) : 0;
    const before = beyond > 0 ? this.snaps[this.snaps.length - 2] : null;
    const span = b.s.tick - a.s.tick;
    const f = span > 0 ? Math.max(0, Math.min(1, (rt - a.s.tick) / span)) : 1;
    for (const snap of this.snaps) {
      if (snap.s.tick > this.consumed && snap.s.tick <= rt + 0.001) {
        this.consumed = snap.s.tick;
        for (const e of snap.s.events) this.effect(e, now, snap.s);
      }
    }
    const tanks = b.s.tanks.map((tb, i): DrawnTank | null => {
      if (!tb) return null;
      const ta = a.s.tanks[i] ?? tb;
      const tp = beyond > 0 && before ? before.s.tanks[i] : null;
      if (before && tp && tb.alive) {
        const k = beyond / Math.max(1, b.s.tick - before.s.tick);
        return { ...tb, x: tb.x + (tb.x - tp.x) * k, y: tb.y + (tb.y - tp.y) * k };
      }
      return {
        ...tb,
        x: lerp(ta.x, tb.x, f),
        y: lerp(ta.y, tb.y, f),
        hull: lerpAngle(ta.hull, tb.hull, f),
        turret: lerpAngle(ta.turret, tb.turret, f),
        loaded: tb.loaded,
        hp: f < 0.5 ? ta.hp : tb.hp,
        alive: f < 0.5 ? ta.alive : tb.alive,
      };
    });
    // The own tank: where the prediction has it, with the newest health and reload the server told.
    const you = this.you;
    const mine = you === null ? null : newest.s.tanks[you];
    if (you !== null && mine) {
      const p =
        this.predictor && mine.alive && this.live ? this.predictor.pose(this.live.input, this.live.f, now) : null;
      tanks[you] = p ? { ...mine, ...p } : mine;
    }
    const shellsA = new Map(a.s.shells.map((s) => [s.id, s]));
    const shells = b.s.shells.map((sb) => {
      const sa = shellsA.get(sb.id);
      return sa ? { ...sb, x: lerp(sa.x, sb.x, f), y: lerp(sa.y, sb.y, f) } : sb;
    });
    return { tick: lerp(a.s.tick, b.s.tick, f), capture: newest.s.capture, tanks, shells };
  }

  /** Shots the own tank fired (drawn). */
  ownShots = 0;
  /** The phone's sticks are on screen (the HUD moves to the top corners). */
  sticks = false;
  /** Where sounds are heard from (the own tank as drawn), and what plays them (sound.ts). */
  listener: { x: number; y: number } | null = null;
  onSound: ((kind: "shot" | "hit" | "ricochet" | "explosion", dx: number, dy: number) => void) | null = null;

  private effect(e: GameEvent, now: number, s: Snapshot) {
    const P = (p: Omit<Particle, "born">) => this.particles.push({ ...p, born: now });
    if (e.kind === "shot" && e.slot === this.you) this.ownShots++;
    if (this.onSound && this.listener) {
      const at =
        e.kind === "kill" ? s.tanks[e.target] : "x" in e && typeof e.x === "number" ? { x: e.x, y: e.y } : null;
      const kind =
        e.kind === "shot"
          ? "shot"
          : e.kind === "hit"
            ? "hit"
            : e.kind === "bounce"
              ? "ricochet"
              : e.kind === "kill"
                ? "explosion"
                : null;
      if (kind && at) this.onSound(kind, at.x - this.listener.x, at.y - this.listener.y);
    }
    const rnd = (k: number) => (Math.random() - 0.5) * k;
    switch (e.kind) {
      case "shot":
        P({ kind: "flash", x: e.x, y: e.y, vx: 0, vy: 0, life: 120, size: 2.2, color: "#fff3b0" });
        for (let i = 0; i < 3; i++)
          P({
            kind: "smoke",
            x: e.x,
            y: e.y,
            vx: Math.cos(e.a) * 2 + rnd(2),
            vy: Math.sin(e.a) * 2 + rnd(2),
            life: 700,
            size: 1.2,
            color: "rgba(200,200,190,",
          });
        break;
      case "hit":
        P({ kind: "ring", x: e.x, y: e.y, vx: 0, vy: 0, life: 380, size: 4.5, color: "#ffb347" });
        P({ kind: "fire", x: e.x, y: e.y, vx: 0, vy: 0, life: 260, size: 2.6, color: "#ff7b2e" });
        for (let i = 0; i < 8; i++)
          P({ kind: "spark", x: e.x, y: e.y, vx: rnd(30), vy: rnd(30), life: 300, size: 0.35, color: "#ffd27a" });
        P({
          kind: "text",
          x: e.x,
          y: e.y - 2,
          vx: 0,
          vy: -4,
          life: 900,
          size: 1,
          color: e.target === this.you ? "#ff6b5e" : "#ffe08a",
          text: `-${e.damage}`,
        });
        if (e.target === this.you) this.lastDamage = now;
        break;
      case "bounce":
        for (let i = 0; i < 6; i++)
          P({ kind: "spark", x: e.x, y: e.y, vx: rnd(24), vy: rnd(24), life: 220, size: 0.3, color: "#e8f4ff" });
        break;
      case "blast":
        P({ kind: "ring", x: e.x, y: e.y, vx: 0, vy: 0, life: 300, size: 2.4, color: "#d8c08a" });
        for (let i = 0; i < 4; i++)
          P({
            kind: "smoke",
            x: e.x,
            y: e.y,
            vx: rnd(4),
            vy: rnd(4),
            life: 800,
            size: 1.1,
            color: "rgba(150,135,110,",
          });
        break;
      case "kill": {
        const t = s.tanks[e.target];
        if (t) {
          P({ kind: "ring", x: t.x, y: t.y, vx: 0, vy: 0, life: 600, size: 9, color: "#ff9a3c" });
          P({ kind: "fire", x: t.x, y: t.y, vx: 0, vy: 0, life: 500, size: 6, color: "#ff5a1f" });
          for (let i = 0; i < 16; i++)
            P({ kind: "spark", x: t.x, y: t.y, vx: rnd(40), vy: rnd(40), life: 500, size: 0.5, color: "#ffc46b" });
        }
        this.feed.push({ at: now, shooter: e.shooter, target: e.target });
        if (this.feed.length > 6) this.feed.shift();
        break;
      }
    }
  }

  colourOf(slot: number): string {
    if (slot === this.you) return TEAM_COLOURS.own;
    const mine = this.you === null ? 0 : this.hello.seats[this.you].team;
    return this.hello.seats[slot].team === mine ? TEAM_COLOURS.ally : TEAM_COLOURS.enemy;
  }

  /** The ground, obstacles and base drawn once at groundScale pixels a metre. */
  groundCanvas(): HTMLCanvasElement {
    if (this.ground) return this.ground;
    const k = this.groundScale;
    const c = document.createElement("canvas");
    c.width = this.map.width * k;
    c.height = this.map.height * k;
    const g = c.getContext("2d")!;
    g.scale(k, k);
    drawGround(g, this.map);
    this.ground = c;
    return c;
  }
}

/** A small repeatable random source for the ground's texture (the same map looks the same). */
function seeded(name: string) {
  let h = 2166136261;
  for (const ch of name) h = Math.imul(h ^ ch.charCodeAt(0), 16777619);
  return () => {
    h = Math.imul(h ^ (h >>> 15), 2246822507);
    h = Math.imul(h ^ (h >>> 13), 3266489909);
    return ((h ^= h >>> 16) >>> 0) / 4294967296;
  };
}

function drawGround(g: CanvasRenderingContext2D, m: MapDef) {
  const r = seeded(m.name);
  const base =
    m.name === "malinovka"
      ? "#55583f"
      : m.name === "himmelsdorf"
        ? "#4d5446"
        : m.name === "steppes"
          ? "#5b5741"
          : "#4b5a32";
  g.fillStyle = base;
  g.fillRect(0, 0, m.width, m.height);
  // Patches of lighter and darker ground, then grass tufts and pebbles.
  for (let i = 0; i < 140; i++) {
    g.fillStyle = r() < 0.5 ? "rgba(255,255,220,0.018)" : "rgba(0,0,0,0.03)";
    g.beginPath();
    g.ellipse(r() * m.width, r() * m.height, 3 + r() * 12, 2 + r() * 8, r() * Math.PI, 0, TAU);
    g.fill();
  }
  for (let i = 0; i < 1600; i++) {
    g.fillStyle = r() < 0.6 ? "rgba(120,150,70,0.35)" : "rgba(40,40,30,0.3)";
    g.fillRect(r() * m.width, r() * m.height, 0.25 + r() * 0.3, 0.25 + r() * 0.3);
  }
  // Old track marks.
  g.strokeStyle = "rgba(30,25,15,0.16)";
  g.lineWidth = 0.5;
  for (let i = 0; i < 10; i++) {
    const y = r() * m.height;
    g.beginPath();
    g.moveTo(0, y);
    g.bezierCurveTo(
      m.width * 0.3,
      y + (r() - 0.5) * 60,
      m.width * 0.7,
      y + (r() - 0.5) * 60,
      m.width,
      y + (r() - 0.5) * 30,
    );
    g.stroke();
  }
  // The base: a ring of stones around a flag.
  const b = m.base;
  g.fillStyle = "rgba(255,210,74,0.08)";
  g.beginPath();
  g.arc(b.x, b.y, b.r, 0, TAU);
  g.fill();
  g.setLineDash([1.6, 1.2]);
  g.strokeStyle = "rgba(255,225,140,0.55)";
  g.lineWidth = 0.45;
  g.stroke();
  g.setLineDash([]);
  for (const box of m.obstacles) drawObstacle(g, box, r);
  for (const bush of m.bushes ?? []) drawBush(g, bush, r);
  // The flag.
  g.strokeStyle = "#2b2b2b";
  g.lineWidth = 0.35;
  g.beginPath();
  g.moveTo(b.x, b.y + 2);
  g.lineTo(b.x, b.y - 3.5);
  g.stroke();
  g.fillStyle = "#f0f0f0";
  g.beginPath();
  g.moveTo(b.x, b.y - 3.5);
  g.lineTo(b.x + 2.6, b.y - 2.7);
  g.lineTo(b.x, b.y - 1.9);
  g.fill();
  // The arena's edge.
  g.strokeStyle = "rgba(0,0,0,0.5)";
  g.lineWidth = 1;
  g.strokeRect(0.5, 0.5, m.width - 1, m.height - 1);
}

/** A bush: clumps of leaves that hide a tank but stop nothing (drawn over the ground, under the tanks). */
function drawBush(g: CanvasRenderingContext2D, b: Bush, r: () => number) {
  const n = Math.max(4, Math.round((b.w * b.h) / 10));
  for (let i = 0; i < n; i++) {
    const x = b.x + 0.8 + r() * (b.w - 1.6),
      y = b.y + 0.8 + r() * (b.h - 1.6),
      rad = 1 + r() * 1.3;
    g.fillStyle = i % 3 ? "rgba(74,110,48,0.85)" : "rgba(96,136,60,0.85)";
    g.beginPath();
    g.arc(x, y, rad, 0, TAU);
    g.fill();
  }
}

function drawObstacle(g: CanvasRenderingContext2D, b: Box, r: () => number) {
  // A shadow to the south-east, then the thing.
  g.fillStyle = "rgba(0,0,0,0.28)";
  if (b.kind === "trees") {
    for (let i = 0; i < Math.max(3, (b.w * b.h) / 14); i++) {
      const x = b.x + 1.2 + r() * (b.w - 2.4),
        y = b.y + 1.2 + r() * (b.h - 2.4),
        rad = 1.4 + r() * 1.4;
      g.fillStyle = "rgba(0,0,0,0.25)";
      g.beginPath();
      g.arc(x + 0.8, y + 0.9, rad, 0, TAU);
      g.fill();
      g.fillStyle = r() < 0.5 ? "#2f5a26" : "#36662b";
      g.beginPath();
      g.arc(x, y, rad, 0, TAU);
      g.fill();
      g.fillStyle = "rgba(150,200,100,0.22)";
      g.beginPath();
      g.arc(x - rad * 0.3, y - rad * 0.3, rad * 0.45, 0, TAU);
      g.fill();
    }
    return;
  }
  g.fillRect(b.x + 0.9, b.y + 0.9, b.w, b.h);
  if (b.kind === "house") {
    const horizontal = b.w >= b.h;
    g.fillStyle = "#8a4a32";
    g.fillRect(b.x, b.y, b.w, b.h);
    g.fillStyle = "#a65a3c";
    if (horizontal) g.fillRect(b.x, b.y, b.w, b.h / 2);
    else g.fillRect(b.x, b.y, b.w / 2, b.h);
    g.strokeStyle = "#5c2f20";
    g.lineWidth = 0.3;
    g.strokeRect(b.x, b.y, b.w, b.h);
    // The ridge, along the house.
    lineAcross(g, b, !horizontal, horizontal ? b.h / 2 : b.w / 2);
    // Roof tiles.
    g.strokeStyle = "rgba(60,25,15,0.35)";
    g.lineWidth = 0.12;
    for (let k = 1; k < (horizontal ? b.w : b.h); k += 1.1) lineAcross(g, b, horizontal, k);
    return;
  }
  if (b.kind === "wall") {
    g.fillStyle = "#9a9a92";
    g.fillRect(b.x, b.y, b.w, b.h);
    g.strokeStyle = "rgba(60,60,55,0.6)";
    g.lineWidth = 0.15;
    const long = b.w >= b.h;
    for (let k = 2; k < (long ? b.w : b.h); k += 2) lineAcross(g, b, long, k);
    g.strokeRect(b.x, b.y, b.w, b.h);
    return;
  }
  // Rock: a rounded boulder with a lit top-left.
  const rad = Math.min(b.w, b.h) * 0.35;
  g.fillStyle = "#6d6a63";
  roundRect(g, b.x, b.y, b.w, b.h, rad);
  g.fill();
  g.fillStyle = "rgba(255,255,255,0.12)";
  roundRect(g, b.x + 0.6, b.y + 0.6, b.w * 0.6, b.h * 0.5, rad * 0.7);
  g.fill();
  g.strokeStyle = "rgba(30,30,28,0.5)";
  g.lineWidth = 0.25;
  roundRect(g, b.x, b.y, b.w, b.h, rad);
  g.stroke();
}

/** A line through box `b`, `at` from its left edge (top to bottom) when `vertical`, else `at` from its top (left to right). */
function lineAcross(g: CanvasRenderingContext2D, b: Box, vertical: boolean, at: number) {
  g.beginPath();
  if (vertical) {
    g.moveTo(b.x + at, b.y);
    g.lineTo(b.x + at, b.y + b.h);
  } else {
    g.moveTo(b.x, b.y + at);
    g.lineTo(b.x + b.w, b.y + at);
  }
  g.stroke();
}

function roundRect(g: CanvasRenderingContext2D, x: number, y: number, w: number, h: number, r: number) {
  g.beginPath();
  g.moveTo(x + r, y);
  g.arcTo(x + w, y, x + w, y + h, r);
  g.arcTo(x + w, y + h, x, y + h, r);
  g.arcTo(x, y + h, x, y, r);
  g.arcTo(x, y, x + w, y, r);
  g.closePath();
}

export interface Camera {
  x: number;
  y: number;
  /** Pixels a metre (device pixels). */
  scale: number;
}

/** Where the camera looks: the player's tank, or the whole arena for a spectator. */
export function cameraFor(
  view: BattleView,
  frame: NonNullable<ReturnType<BattleView["frame"]>>,
  w: number,
  h: number,
): Camera {
  const m = view.map;
  // A destroyed player's camera follows the ally they chose (spectating), else their wreck.
  const own = view.you !== null ? frame.tanks[view.you] : null;
  const watched = own && !own.alive && view.follow !== null ? frame.tanks[view.follow] : null;
  const me = watched ?? own;
  if (!me) {
    const scale = Math.min(w / m.width, h / m.height) * 0.96;
    return { x: m.width / 2, y: m.height / 2, scale };
  }
  // At least as far around the tank as what can shoot it: the view widens to take in every enemy in
  // view that is within its own sight of the player (so one that can see, and shoot, is on screen).
  const scale = Math.min(w, h) / (2 * view.viewRadius(frame.tanks, me));
  // Keep the view inside the arena where it can.
  const halfW = w / scale / 2,
    halfH = h / scale / 2;
  const x = halfW * 2 >= m.width ? m.width / 2 : Math.max(halfW, Math.min(m.width - halfW, me.x));
  const y = halfH * 2 >= m.height ? m.height / 2 : Math.max(halfH, Math.min(m.height - halfH, me.y));
  return { x, y, scale };
}

export function toWorld(cam: Camera, w: number, h: number, px: number, py: number) {
  return { x: cam.x + (px - w / 2) / cam.scale, y: cam.y + (py - h / 2) / cam.scale };
}

/** Draws the whole scene and HUD. `dpr` scales the HUD's pixel sizes. */
export function draw(
  ctx: CanvasRenderingContext2D,
  view: BattleView,
  now: number,
  w: number,
  h: number,
  dpr: number,
  labels: Labels,
  aim: { x: number; y: number } | null,
) {
  const frame = view.frame(now);
  ctx.fillStyle = "#1b2116";
  ctx.fillRect(0, 0, w, h);
  if (!frame) return null;
  const cam = cameraFor(view, frame, w, h);
  ctx.save();
  ctx.translate(w / 2, h / 2);
  ctx.scale(cam.scale, cam.scale);
  ctx.translate(-cam.x, -cam.y);
  ctx.drawImage(view.groundCanvas(), 0, 0, view.map.width, view.map.height);
  // Capture ring progress on the base.
  const b = view.map.base;
  const myTeam = view.you === null ? 0 : view.hello.seats[view.you].team;
  for (const team of [0, 1] as const) {
    const p = frame.capture[team] / 100;
    if (p <= 0) continue;
    ctx.strokeStyle = team === myTeam ? TEAM_COLOURS.ally : TEAM_COLOURS.enemy;
    ctx.lineWidth = 0.9;
    ctx.beginPath();
    ctx.arc(b.x, b.y, b.r + (team === myTeam ? 0.9 : 1.9), -Math.PI / 2, -Math.PI / 2 + p * TAU);
    ctx.stroke();
  }
  // Wrecks under the living.
  frame.tanks.forEach((t, i) => {
    if (t && !t.alive) drawTank(ctx, view, t, i, now);
  });
  frame.tanks.forEach((t, i) => {
    if (t?.alive) drawTank(ctx, view, t, i, now);
  });
  // Shells: a bright head and a fading tracer.
  for (const s of frame.shells) {
    const tx = Math.cos(s.a),
      ty = Math.sin(s.a);
    const grad = ctx.createLinearGradient(s.x - tx * 6, s.y - ty * 6, s.x, s.y);
    grad.addColorStop(0, "rgba(255,220,120,0)");
    grad.addColorStop(1, "rgba(255,240,180,0.95)");
    ctx.strokeStyle = grad;
    ctx.lineWidth = 0.45;
    ctx.beginPath();
    ctx.moveTo(s.x - tx * 6, s.y - ty * 6);
    ctx.lineTo(s.x, s.y);
    ctx.stroke();
    ctx.fillStyle = "#fffbe8";
    ctx.beginPath();
    ctx.arc(s.x, s.y, 0.32, 0, TAU);
    ctx.fill();
  }
  drawParticles(ctx, view, now);
  // Labels above tanks: name and health.
  frame.tanks.forEach((t, i) => {
    if (!t?.alive) return;
    const seat = view.hello.seats[i];
    const share = Math.max(0, t.hp / seat.tank.hp);
    ctx.fillStyle = "rgba(0,0,0,0.55)";
    ctx.fillRect(t.x - 3, t.y - 5.4, 6, 0.7);
    ctx.fillStyle = view.colourOf(i);
    ctx.fillRect(t.x - 3, t.y - 5.4, 6 * share, 0.7);
    if (i !== view.you) {
      ctx.font = `600 ${1.35}px system-ui, sans-serif`;
      ctx.textAlign = "center";
      ctx.fillStyle = "rgba(0,0,0,0.6)";
      ctx.fillText(seat.name, t.x + 0.08, t.y - 6.0 + 0.08);
      ctx.fillStyle = "#f4f4ee";
      ctx.fillText(seat.name, t.x, t.y - 6.0);
    }
  });
  // The aim point.
  if (aim && view.you !== null && frame.tanks[view.you]?.alive) {
    ctx.strokeStyle = "rgba(255,255,255,0.85)";
    ctx.lineWidth = 0.18;
    ctx.beginPath();
    ctx.arc(aim.x, aim.y, 1.1, 0, TAU);
    ctx.moveTo(aim.x - 1.8, aim.y);
    ctx.lineTo(aim.x - 0.6, aim.y);
    ctx.moveTo(aim.x + 0.6, aim.y);
    ctx.lineTo(aim.x + 1.8, aim.y);
    ctx.moveTo(aim.x, aim.y - 1.8);
    ctx.lineTo(aim.x, aim.y - 0.6);
    ctx.moveTo(aim.x, aim.y + 0.6);
    ctx.lineTo(aim.x, aim.y + 1.8);
    ctx.stroke();
  }
  ctx.restore();
  drawHud(ctx, view, frame, now, w, h, dpr, labels);
  return { frame, cam };
}

function drawTank(
  ctx: CanvasRenderingContext2D,
  view: BattleView,
  t: { x: number; y: number; hull: number; turret: number; alive: boolean },
  slot: number,
  now: number,
) {
  const colour = t.alive ? view.colourOf(slot) : "#3a3a36";
  const type = view.hello.seats[slot].tank.type;
  const nation = view.hello.seats[slot].tank.nation;
  // The class sets the hull (long heavies, small lights, low tank destroyers with a fixed gun, open
  // artillery) and the nation its marking on the rear deck, as TankArt draws them in the hangar.
  const len = type === "heavy" ? 6.2 : type === "light" ? 4.6 : type === "td" ? 5.8 : 5.4;
  const wid = type === "heavy" ? 3.5 : type === "light" ? 2.7 : type === "td" ? 3.2 : 3.1;
  ctx.save();
  ctx.translate(t.x, t.y);
  // Shadow.
  ctx.fillStyle = "rgba(0,0,0,0.3)";
  ctx.save();
  ctx.translate(0.5, 0.6);
  ctx.rotate(t.hull);
  ctx.fillRect(-len / 2, -wid / 2, len, wid);
  ctx.restore();
  ctx.rotate(t.hull);
  // Tracks with their treads.
  ctx.fillStyle = "#23241f";
  ctx.fillRect(-len / 2, -wid / 2, len, 0.8);
  ctx.fillRect(-len / 2, wid / 2 - 0.8, len, 0.8);
  ctx.strokeStyle = "rgba(120,120,110,0.5)";
  ctx.lineWidth = 0.1;
  const phase = ((t.x + t.y) * 2) % 0.6;
  for (let k = -len / 2 + phase; k < len / 2; k += 0.6) {
    ctx.beginPath();
    ctx.moveTo(k, -wid / 2);
    ctx.lineTo(k, -wid / 2 + 0.8);
    ctx.moveTo(k, wid / 2 - 0.8);
    ctx.lineTo(k, wid / 2);
    ctx.stroke();
  }
  // Hull.
  ctx.fillStyle = shade(colour, -0.25);
  ctx.fillRect(-len / 2 + 0.2, -wid / 2 + 0.6, len - 0.4, wid - 1.2);
  ctx.fillStyle = colour;
  ctx.fillRect(-len / 2 + 0.5, -wid / 2 + 0.8, len - 1.0, wid - 1.6);
  // Front plate marker.
  ctx.fillStyle = shade(colour, 0.25);
  ctx.fillRect(len / 2 - 0.9, -wid / 2 + 0.8, 0.4, wid - 1.6);
  drawMark(ctx, nation, -len / 2 + 1.1, 0, Math.min(0.55, wid * 0.18));
  if (type === "td" || type === "spg") {
    // A casemate (or an open fighting compartment) over the front: the gun turns with the aim but sits low.
    ctx.fillStyle = shade(colour, type === "spg" ? -0.3 : -0.12);
    ctx.fillRect(-0.4, -wid * 0.36, len * 0.42, wid * 0.72);
  }
  // Turret and gun.
  ctx.rotate(t.turret - t.hull);
  const gun = type === "td" ? 4.6 : type === "heavy" ? 4.2 : type === "light" ? 3.3 : 3.9;
  const bore = type === "heavy" ? 0.32 : type === "light" ? 0.2 : 0.26;
  ctx.fillStyle = shade(colour, -0.35);
  ctx.fillRect(0.6, -bore, gun, bore * 2);
  ctx.fillStyle = "#1d1d1a";
  ctx.fillRect(gun + 0.3, -bore - 0.06, 0.5, bore * 2 + 0.12);
  ctx.fillStyle = shade(colour, -0.1);
  ctx.beginPath();
  ctx.arc(0, 0, wid * (type === "td" || type === "spg" ? 0.22 : type === "heavy" ? 0.4 : 0.34), 0, TAU);
  ctx.fill();
  ctx.strokeStyle = shade(colour, -0.45);
  ctx.lineWidth = 0.15;
  ctx.stroke();
  ctx.fillStyle = shade(colour, 0.2);
  ctx.beginPath();
  ctx.arc(-0.25, -0.25, wid * 0.13, 0, TAU);
  ctx.fill();
  ctx.restore();
  if (!t.alive && Math.random() < 0.15)
    view.particles.push({
      kind: "smoke",
      x: t.x + (Math.random() - 0.5),
      y: t.y + (Math.random() - 0.5),
      vx: 0.6,
      vy: -1.2,
      born: now,
      life: 1800,
      size: 1.4,
      color: "rgba(40,40,40,",
    });
}

/** A nation's marking, small, on the rear deck (the hangar's TankArt paints the same ones). */
function drawMark(ctx: CanvasRenderingContext2D, nation: string | undefined, x: number, y: number, r: number) {
  ctx.save();
  ctx.translate(x, y);
  switch (nation) {
    case "ussr":
    case "china":
    case "usa": {
      ctx.fillStyle = nation === "usa" ? "#f2f2ea" : nation === "china" ? "#f2c230" : "#c0392b";
      ctx.beginPath();
      for (let i = 0; i < 10; i++) {
        const a = -Math.PI / 2 + (i * Math.PI) / 5;
        const rr = i % 2 ? r * 0.45 : r;
        ctx.lineTo(Math.cos(a) * rr, Math.sin(a) * rr);
      }
      ctx.fill();
      break;
    }
    case "germany":
      ctx.fillStyle = "#f2f2ea";
      ctx.fillRect(-r, -r * 0.32, r * 2, r * 0.64);
      ctx.fillRect(-r * 0.32, -r, r * 0.64, r * 2);
      ctx.fillStyle = "#161616";
      ctx.fillRect(-r * 0.8, -r * 0.16, r * 1.6, r * 0.32);
      ctx.fillRect(-r * 0.16, -r * 0.8, r * 0.32, r * 1.6);
      break;
    case "uk":
    case "france":
    case "japan":
      ctx.fillStyle = nation === "japan" ? "#f2f2ea" : "#2b4ea0";
      ctx.beginPath();
      ctx.arc(0, 0, r, 0, TAU);
      ctx.fill();
      ctx.fillStyle = nation === "japan" ? "#c0392b" : nation === "uk" ? "#f2f2ea" : "#f2f2ea";
      ctx.beginPath();
      ctx.arc(0, 0, r * 0.6, 0, TAU);
      ctx.fill();
      ctx.fillStyle = "#c0392b";
      ctx.beginPath();
      ctx.arc(0, 0, r * 0.3, 0, TAU);
      ctx.fill();
      break;
  }
  ctx.restore();
}

function shade(hex: string, k: number) {
  const n = parseInt(hex.slice(1), 16);
  const f = (c: number) => Math.max(0, Math.min(255, Math.round(k > 0 ? c + (255 - c) * k : c * (1 + k))));
  return `rgb(${f(n >> 16)},${f((n >> 8) & 255)},${f(n & 255)})`;
}

function drawParticles(ctx: CanvasRenderingContext2D, view: BattleView, now: number) {
  let keep = 0;
  for (const p of view.particles) {
    const age = (now - p.born) / p.life;
    if (age >= 1) continue;
    view.particles[keep++] = p;
    const x = p.x + (p.vx * (now - p.born)) / 1000,
      y = p.y + (p.vy * (now - p.born)) / 1000;
    switch (p.kind) {
      case "flash":
        ctx.fillStyle = `rgba(255,245,190,${1 - age})`;
        ctx.beginPath();
        ctx.arc(x, y, p.size * (1 - age * 0.5), 0, TAU);
        ctx.fill();
        break;
      case "fire":
        ctx.fillStyle = `rgba(255,${Math.round(150 - age * 100)},40,${0.9 * (1 - age)})`;
        ctx.beginPath();
        ctx.arc(x, y, p.size * (0.6 + age), 0, TAU);
        ctx.fill();
        break;
      case "ring":
        ctx.strokeStyle = p.color;
        ctx.globalAlpha = 1 - age;
        ctx.lineWidth = 0.5 * (1 - age) + 0.1;
        ctx.beginPath();
        ctx.arc(x, y, p.size * age, 0, TAU);
        ctx.stroke();
        ctx.globalAlpha = 1;
        break;
      case "smoke":
        ctx.fillStyle = `${p.color}${0.35 * (1 - age)})`;
        ctx.beginPath();
        ctx.arc(x, y, p.size * (1 + age * 2), 0, TAU);
        ctx.fill();
        break;
      case "spark":
        ctx.fillStyle = p.color;
        ctx.globalAlpha = 1 - age;
        ctx.fillRect(x, y, p.size, p.size);
        ctx.globalAlpha = 1;
        break;
      case "text":
        ctx.font = `800 1.9px system-ui, sans-serif`;
        ctx.textAlign = "center";
        ctx.globalAlpha = 1 - age * age;
        ctx.fillStyle = "rgba(0,0,0,0.7)";
        ctx.fillText(p.text!, x + 0.1, y + 0.1);
        ctx.fillStyle = p.color;
        ctx.fillText(p.text!, x, y);
        ctx.globalAlpha = 1;
        break;
    }
  }
  view.particles.length = keep;
}

function drawHud(
  ctx: CanvasRenderingContext2D,
  view: BattleView,
  frame: NonNullable<ReturnType<BattleView["frame"]>>,
  now: number,
  w: number,
  h: number,
  dpr: number,
  L: Labels,
) {
  const u = dpr;
  const pad = 12 * u;
  const myTeam = view.you === null ? 0 : view.hello.seats[view.you].team;
  // Tanks alive by team: every seat less the wrecks (wrecks are always in view, an unseen enemy is not).
  const alive = [0, 0];
  view.hello.seats.forEach((s, i) => {
    if (frame.tanks[i]?.alive !== false) alive[s.team]++;
  });
  // Top centre: the clock, the score of tanks alive, the capture bars.
  const left = Math.max(0, view.hello.roundSeconds - frame.tick / view.hello.tickHz);
  const mm = Math.floor(left / 60),
    ss = Math.floor(left % 60);
  const cx = w / 2;
  panel(ctx, cx - 110 * u, pad, 220 * u, 58 * u, u);
  ctx.textAlign = "center";
  ctx.fillStyle = left < 30 ? "#ff8a7a" : "#f4f4ee";
  ctx.font = `700 ${22 * u}px system-ui, sans-serif`;
  ctx.fillText(`${mm}:${String(ss).padStart(2, "0")}`, cx, pad + 24 * u);
  ctx.font = `700 ${16 * u}px system-ui, sans-serif`;
  ctx.fillStyle = TEAM_COLOURS.ally;
  ctx.textAlign = "right";
  ctx.fillText(String(alive[myTeam]), cx - 62 * u, pad + 23 * u);
  ctx.fillStyle = TEAM_COLOURS.enemy;
  ctx.textAlign = "left";
  ctx.fillText(String(alive[1 - myTeam]), cx + 62 * u, pad + 23 * u);
  for (const [i, team] of [myTeam, 1 - myTeam].entries()) {
    const y = pad + (36 + i * 9) * u;
    ctx.fillStyle = "rgba(255,255,255,0.12)";
    ctx.fillRect(cx - 96 * u, y, 192 * u, 5 * u);
    ctx.fillStyle = i === 0 ? TEAM_COLOURS.ally : TEAM_COLOURS.enemy;
    ctx.fillRect(cx - 96 * u, y, (192 * u * frame.capture[team]) / 100, 5 * u);
  }
  const m = view.map;
  // With the phone's sticks in the bottom corners, the panel and the minimap go to the top corners.
  const top = view.sticks;
  const side = (w - 220 * u) / 2 - 2 * pad;
  const mw = top ? Math.min(150 * u, side) : Math.min(190 * u, w * 0.34);
  const mh = (mw * m.height) / m.width;
  // Bottom left: health and reload of the player's tank (beside the minimap on a narrow screen).
  const me = view.you === null ? null : frame.tanks[view.you];
  if (view.you !== null && me) {
    const seat = view.hello.seats[view.you];
    const bw = top ? Math.min(220 * u, side) : Math.min(280 * u, w - mw - 4 * pad);
    const by = top ? pad : h - pad - 62 * u;
    panel(ctx, pad, by, bw, 62 * u, u);
    ctx.textAlign = "left";
    ctx.font = `600 ${13 * u}px system-ui, sans-serif`;
    ctx.fillStyle = "#f4f4ee";
    ctx.fillText(
      `${seat.tank.name} · ${["", "I", "II", "III", "IV", "V", "VI", "VII", "VIII", "IX", "X"][seat.tank.tier] ?? seat.tank.tier}`,
      pad + 10 * u,
      by + 18 * u,
    );
    const hurt = now - view.lastDamage < 300;
    ctx.fillStyle = "rgba(255,255,255,0.12)";
    ctx.fillRect(pad + 10 * u, by + 26 * u, bw - 20 * u, 12 * u);
    ctx.fillStyle = hurt ? "#ff6b5e" : me.alive ? "#58c45a" : "#555";
    ctx.fillRect(pad + 10 * u, by + 26 * u, ((bw - 20 * u) * Math.max(0, me.hp)) / seat.tank.hp, 12 * u);
    ctx.fillStyle = "#fff";
    ctx.font = `700 ${10 * u}px system-ui, sans-serif`;
    ctx.fillText(me.alive ? `${L.hp} ${me.hp} / ${seat.tank.hp}` : L.destroyed, pad + 14 * u, by + 35.5 * u);
    ctx.fillStyle = "rgba(255,255,255,0.12)";
    ctx.fillRect(pad + 10 * u, by + 44 * u, bw - 20 * u, 8 * u);
    ctx.fillStyle = me.loaded >= 1 ? "#ffd24a" : "#8aa0b4";
    ctx.fillRect(pad + 10 * u, by + 44 * u, (bw - 20 * u) * me.loaded, 8 * u);
    ctx.fillStyle = "#111";
    ctx.font = `700 ${8 * u}px system-ui, sans-serif`;
    ctx.fillText(me.loaded >= 1 ? L.loaded : L.reloading, pad + 14 * u, by + 50.5 * u);
  } else {
    panel(ctx, pad, h - pad - 30 * u, 150 * u, 30 * u, u);
    ctx.fillStyle = "#f4f4ee";
    ctx.textAlign = "left";
    ctx.font = `600 ${13 * u}px system-ui, sans-serif`;
    ctx.fillText(L.spectator, pad + 10 * u, h - pad - 10 * u);
  }
  // Bottom right: the minimap.
  const mx = w - pad - mw,
    my = top ? pad + 4 * u : h - pad - mh;
  panel(ctx, mx - 4 * u, my - 4 * u, mw + 8 * u, mh + 8 * u, u);
  ctx.save();
  ctx.translate(mx, my);
  ctx.scale(mw / m.width, mh / m.height);
  ctx.fillStyle = "#3e4a2c";
  ctx.fillRect(0, 0, m.width, m.height);
  ctx.fillStyle = "#8d8a80";
  for (const o of m.obstacles) ctx.fillRect(o.x, o.y, o.w, o.h);
  ctx.strokeStyle = "rgba(255,225,140,0.8)";
  ctx.lineWidth = 1.5;
  ctx.beginPath();
  ctx.arc(m.base.x, m.base.y, m.base.r, 0, TAU);
  ctx.stroke();
  frame.tanks.forEach((t, i) => {
    if (!t?.alive) return;
    ctx.fillStyle = view.colourOf(i);
    ctx.beginPath();
    ctx.arc(t.x, t.y, i === view.you ? 4 : 3, 0, TAU);
    ctx.fill();
  });
  ctx.restore();
  // Top right: the kill feed.
  ctx.textAlign = "right";
  ctx.font = `600 ${12 * u}px system-ui, sans-serif`;
  // On a narrow screen the feed goes under the clock.
  const feedTop = top ? pad + mh + 28 * u : w < 560 * u ? pad + 78 * u : pad + 16 * u;
  view.feed
    .filter((f) => now - f.at < 8000)
    .forEach((f, i) => {
      const y = feedTop + i * 20 * u;
      const text = L.killed(view.hello.seats[f.shooter].name, view.hello.seats[f.target].name);
      const tw = ctx.measureText(text).width;
      ctx.fillStyle = "rgba(10,14,18,0.6)";
      ctx.fillRect(w - pad - tw - 12 * u, y - 13 * u, tw + 12 * u, 18 * u);
      ctx.fillStyle = view.colourOf(f.shooter) === TEAM_COLOURS.enemy ? "#ffb0a8" : "#c9f0c0";
      ctx.fillText(text, w - pad - 6 * u, y);
    });
}

function panel(ctx: CanvasRenderingContext2D, x: number, y: number, w: number, h: number, u: number) {
  ctx.fillStyle = "rgba(10,14,18,0.62)";
  roundRect(ctx, x, y, w, h, 6 * u);
  ctx.fill();
  ctx.strokeStyle = "rgba(255,255,255,0.08)";
  ctx.lineWidth = u;
  ctx.stroke();
}
