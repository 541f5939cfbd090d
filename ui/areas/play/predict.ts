// The player's own tank, predicted: the browser runs the server's own motion (api/game/sim/motion.ts)
// on each input the moment it is sampled, numbers the inputs (seq), and on each view snapshot starts
// again from the server's state after the last input it applied (ack) and replays the inputs after
// it. What the replay moves the tank by is a correction: drawn away smoothly (a large one is a snap).
// And the clock of the others: when snapshots come, how late and how unevenly, so they are drawn as
// little behind as keeps them smooth (NetClock). No lingui or DOM here (bun test imports it).
import { driveTank, type Movable } from "../../../api/game/sim/motion.ts";
import { wrapAngle } from "../../../api/game/sim/rules.ts";
import type { MapDef } from "../../../api/game/sim/maps.ts";
import type { Input } from "../../../api/game/sim/types.ts";
import type { OwnFigures, OwnState } from "../../../api/game/sim/wire.ts";

export const TICK_MS = 50;
/** A correction beyond this many metres is a snap; smaller ones are drawn away over SMOOTH_MS. */
export const SNAP_METRES = 4;
const SMOOTH_MS = 120;
/** Inputs kept unacknowledged at most (a server that stopped answering: the oldest go). */
const MAX_PENDING = 60;

/** The turret angle the server applies for an aim sent in milliradians (sim.ts sanitizeInput). */
export const aimOf = (mrad: number) => Math.round(wrapAngle(mrad / 1000) * 1000) / 1000;

type Pose = { x: number; y: number; hull: number; turret: number };

const copy = (m: Movable): Movable => ({ ...m });
const lerpAngle = (a: number, b: number, f: number) => a + wrapAngle(b - a) * f;

/** Percentiles of a list of figures (sorted copy). */
export function percentile(xs: readonly number[], p: number): number {
  if (!xs.length) return Number.NaN;
  const s = [...xs].sort((a, b) => a - b);
  return s[Math.min(s.length - 1, Math.floor((s.length - 1) * p))];
}

export class Predictor {
  private now: Movable;
  private pending: { seq: number; input: Input; after: Pose }[] = [];
  private offset = { x: 0, y: 0, hull: 0, turret: 0 };
  private offsetAt = 0;
  seq = 0;
  /** Each reconciliation's error: metres between where the prediction had the tank after input `ack` and where the server had it. */
  readonly errors: number[] = [];
  snaps = 0;

  constructor(
    private readonly map: MapDef,
    figures: OwnFigures,
    start: OwnState,
    firstSeq = 1,
  ) {
    this.now = { ...start, ...figures, driven: 0, bloom: 0 };
    this.seq = firstSeq - 1;
  }

  /** The predicted state after the last input. */
  get state(): Readonly<Movable> {
    return this.now;
  }

  /** One tick with `input`: the tank moves at once; the input's seq is answered (send it with that seq). */
  tick(input: Input): number {
    this.step(this.now, input);
    const seq = ++this.seq;
    const n = this.now;
    this.pending.push({ seq, input, after: { x: n.x, y: n.y, hull: n.hull, turret: n.turret } });
    if (this.pending.length > MAX_PENDING) this.pending.shift();
    return seq;
  }

  /** The server's state after input `ack`: start from it and replay the inputs after it. */
  reconcile(own: OwnState, ack: number, at: number) {
    const was = this.pending.find((p) => p.seq === ack);
    if (was) {
      const e = Math.hypot(was.after.x - own.x, was.after.y - own.y);
      this.errors.push(e);
      if (this.errors.length > 5000) this.errors.splice(0, 1000);
    }
    while (this.pending.length && this.pending[0].seq <= ack) this.pending.shift();
    const before = copy(this.now);
    const n = this.now;
    n.x = own.x;
    n.y = own.y;
    n.hull = own.hull;
    n.turret = own.turret;
    n.v = own.v;
    n.reload = own.reload;
    n.tracks = own.tracks;
    n.crewHurt = own.crewHurt;
    for (const p of this.pending) {
      this.step(n, p.input);
      p.after = { x: n.x, y: n.y, hull: n.hull, turret: n.turret };
    }
    const dx = before.x - n.x,
      dy = before.y - n.y;
    this.decay(at);
    if (Math.hypot(dx, dy) > SNAP_METRES) {
      this.offset = { x: 0, y: 0, hull: 0, turret: 0 };
      this.snaps++;
    } else {
      this.offset.x += dx;
      this.offset.y += dy;
      this.offset.hull += wrapAngle(before.hull - n.hull);
      this.offset.turret += wrapAngle(before.turret - n.turret);
    }
  }

  /** One tick as the server runs it for this tank: the drive, then broken tracks mend a tick (sim.ts suffer). */
  private step(m: Movable, input: Input) {
    driveTank(this.map, m, input);
    if (m.tracks > 0) m.tracks--;
  }

  private decay(at: number) {
    const k = Math.exp(-Math.max(0, at - this.offsetAt) / SMOOTH_MS);
    this.offsetAt = at;
    this.offset.x *= k;
    this.offset.y *= k;
    this.offset.hull *= k;
    this.offset.turret *= k;
  }

  /**
   * Where to draw the tank `f` (0..1) of the way through the current tick, whose input so far is
   * `live`: between the last predicted state and the next one with the input as it is now (so a key
   * pressed mid-tick shows in the next frame), plus what is left of the corrections.
   */
  pose(live: Input, f: number, at: number): Pose {
    this.decay(at);
    const next = copy(this.now);
    this.step(next, live);
    const a = this.now;
    return {
      x: a.x + (next.x - a.x) * f + this.offset.x,
      y: a.y + (next.y - a.y) * f + this.offset.y,
      hull: wrapAngle(lerpAngle(a.hull, next.hull, f) + this.offset.hull),
      turret: wrapAngle(lerpAngle(a.turret, next.turret, f) + this.offset.turret),
    };
  }
}

/**
 * The server's clock as the snapshots show it. Each snapshot's arrival less its tick's time is its
 * lateness; the least lateness of the last few seconds is the fastest way the network has, and the
 * spread above it the jitter. The others are drawn `delay` ms behind the newest tick expected now:
 * one snapshot interval plus the jitter (90th percentile) and a little, at most MAX_DELAY_MS.
 */
export class NetClock {
  static readonly MIN_DELAY_MS = 55;
  static readonly MAX_DELAY_MS = 120;
  private late: number[] = [];
  private floor = Number.POSITIVE_INFINITY;
  delay = 100;
  newestTick = 0;
  newestAt = 0;

  arrived(tick: number, at: number) {
    if (tick <= this.newestTick) return;
    this.newestTick = tick;
    this.newestAt = at;
    const late = at - tick * TICK_MS;
    this.late.push(late);
    if (this.late.length > 60) this.late.shift();
    let floor = Number.POSITIVE_INFINITY;
    for (const l of this.late) if (l < floor) floor = l;
    this.floor = floor;
    const spread = this.late.map((l) => l - floor);
    const jitter = percentile(spread, 0.9);
    this.delay = Math.max(NetClock.MIN_DELAY_MS, Math.min(NetClock.MAX_DELAY_MS, TICK_MS + jitter + 5));
  }

  /** The newest tick that could have come by `now` (fractional). */
  serverTick(now: number): number {
    return Number.isFinite(this.floor) ? (now - this.floor) / TICK_MS : this.newestTick;
  }

  /** The tick the others are drawn at `now`. */
  renderTick(now: number): number {
    return this.serverTick(now) - this.delay / TICK_MS;
  }
}
