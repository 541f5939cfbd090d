// The driver's side of the wire: the controls sampled once a tick (20 a second, on the browser's own
// clock), each tick run at once by the prediction and sent as a numbered INPUT (wire.ts) with the
// newest snapshot held (ack) and the tick the others were drawn at (view, for lag compensation).
// Keys, mouse and the phone's twin sticks all end up as one Controls. No lingui or DOM here.
import { encodeInput } from "../../../api/game/sim/wire.ts";
import { wrapAngle } from "../../../api/game/sim/rules.ts";
import type { Input } from "../../../api/game/sim/types.ts";
import { aimOf, TICK_MS } from "./predict.ts";
import type { BattleView } from "./engine.ts";

/** A stick's deflection: -1..1 each way (screen axes: x right, y down). */
export interface Stick {
  x: number;
  y: number;
}

export interface Controls {
  up: boolean;
  down: boolean;
  left: boolean;
  right: boolean;
  fire: boolean;
  /** The world point the mouse aims at (null: none yet). */
  aimAt: { x: number; y: number } | null;
  /** The phone's sticks: left drives toward where it points, right aims (and fires pushed to the rim). */
  move: Stick | null;
  look: Stick | null;
}

export const newControls = (): Controls => ({
  up: false,
  down: false,
  left: false,
  right: false,
  fire: false,
  aimAt: null,
  move: null,
  look: null,
});

/** A stick moved less than this is at rest. */
const DEAD = 0.25;
/** The right stick pushed this far fires. */
export const FIRE_AT = 0.8;

/**
 * The input the controls ask of a tank at (x, y) heading `hull` with its turret at `turret`. The left
 * stick points where to go: the hull turns that way and drives once it roughly faces it (or backs up
 * toward a point behind it); keys ask throttle and turn directly.
 */
export function inputFrom(
  c: Controls,
  me: { x: number; y: number; hull: number; turret: number },
): Input & { mrad: number } {
  let throttle: -1 | 0 | 1 = c.up === c.down ? 0 : c.up ? 1 : -1;
  let turn: -1 | 0 | 1 = c.left === c.right ? 0 : c.right ? 1 : -1;
  if (c.move && Math.hypot(c.move.x, c.move.y) > DEAD) {
    const want = Math.atan2(c.move.y, c.move.x);
    let diff = wrapAngle(want - me.hull);
    const back = Math.abs(diff) > 2.5;
    if (back) diff = wrapAngle(want + Math.PI - me.hull);
    turn = diff > 0.08 ? 1 : diff < -0.08 ? -1 : 0;
    throttle = back ? -1 : Math.abs(diff) < 1.2 ? 1 : 0;
  }
  let angle = me.turret;
  let fire = c.fire;
  if (c.look && Math.hypot(c.look.x, c.look.y) > DEAD) {
    angle = Math.atan2(c.look.y, c.look.x);
    fire = fire || Math.hypot(c.look.x, c.look.y) >= FIRE_AT;
  } else if (c.aimAt) angle = Math.atan2(c.aimAt.y - me.y, c.aimAt.x - me.x);
  const mrad = Math.max(-3142, Math.min(3142, Math.round(wrapAngle(angle) * 1000)));
  return { throttle, turn, aim: aimOf(mrad), fire, mrad };
}

/** Runs the driver's ticks: call `frame` every animation frame. */
export class Driver {
  private nextAt = 0;
  /** Inputs sent (for the figures). */
  sent = 0;

  constructor(private readonly send: (bytes: Uint8Array<ArrayBuffer>) => void) {}

  frame(view: BattleView, c: Controls, now: number) {
    const p = view.predictor;
    if (!p) {
      view.live = null;
      this.nextAt = 0;
      return;
    }
    const input = inputFrom(c, p.state);
    if (!this.nextAt) this.nextAt = now;
    // Every tick due by now (after a stall the held input fills the gap, as the server guessed it);
    // only the last few are sent.
    let due = Math.floor((now - this.nextAt) / TICK_MS) + 1;
    if (due > 0) {
      if (due > 200) {
        p.seq += due - 200;
        due = 200;
      }
      for (let k = 0; k < due; k++) {
        const seq = p.tick(input);
        if (due - k <= 3) {
          this.send(
            encodeInput({
              seq,
              throttle: input.throttle,
              turn: input.turn,
              aim: input.mrad,
              fire: input.fire,
              ack: view.decoder.newest,
              view: Math.round(view.drawnTick * 100),
            }),
          );
          this.sent++;
        }
      }
      this.nextAt += due * TICK_MS;
    }
    view.live = { input, f: Math.max(0, Math.min(1, 1 - (this.nextAt - now) / TICK_MS)) };
  }
}
