// How a tank moves in one tick: hull turn, speed toward what the throttle asks, the turret toward its
// aim, the reload counted down, then pushed out of obstacles and kept inside the arena. The server's
// simulation (sim.ts) and the browser's prediction of the player's own tank (ui/areas/play/predict.ts)
// both call this, so a prediction that ran the same inputs is where the server is.
import { sin, cos } from "./trig.ts";
import { SIM, wrapAngle } from "./rules.ts";
import type { MapDef } from "./maps.ts";
import { DT, type Input } from "./types.ts";

/** What motion reads and changes of a tank (a Tank is one; the prediction keeps its own). */
export interface Movable {
  x: number;
  y: number;
  hull: number;
  turret: number;
  v: number;
  reload: number;
  maxSpeed: number;
  hullRate: number;
  turretRate: number;
  /** Ticks the tracks stay broken (the hull neither turns nor moves). */
  tracks: number;
  /** 1 while the crew is injured (the turret turns slower). */
  crewHurt: number;
  /** Metres driven. */
  driven: number;
  /** How unsettled the aim is, 0..1. */
  bloom: number;
}

export function driveTank(map: MapDef, t: Movable, inp: Input) {
  // Broken tracks: the hull neither turns nor moves; the turret still does.
  const held = t.tracks > 0;
  if (!held) t.hull = wrapAngle(t.hull + inp.turn * t.hullRate * DT);
  const want = held ? 0 : inp.throttle > 0 ? t.maxSpeed : inp.throttle < 0 ? -t.maxSpeed * SIM.reverseShare : 0;
  const accel = t.maxSpeed * 2.5 * DT;
  t.v = t.v < want ? Math.min(want, t.v + accel) : Math.max(want, t.v - accel * 1.6);
  t.x += cos(t.hull) * t.v * DT;
  t.y += sin(t.hull) * t.v * DT;
  t.driven += Math.abs(t.v) * DT;
  const d = wrapAngle(inp.aim - t.turret);
  const most = t.turretRate * DT * (t.crewHurt > 0 ? SIM.crewTurret : 1);
  const turned = Math.max(-most, Math.min(most, d));
  t.turret = wrapAngle(t.turret + turned);
  // The aim: moving or turning the hull spoils it, the turret's turn by its share, stillness settles it.
  const spoiled = Math.abs(t.v) > 0.3 || (!held && inp.turn !== 0) ? 1 : Math.abs(turned) / most;
  t.bloom = Math.max(spoiled, t.bloom * SIM.bloomKeep);
  if (t.reload > 0) t.reload--;
  pushOut(map, t);
}

/** Keeps a tank inside the arena and out of every obstacle (circle against box). */
export function pushOut(m: MapDef, t: Movable) {
  const r = SIM.tankRadius;
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
