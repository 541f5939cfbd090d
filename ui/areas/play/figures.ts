// The battle's own figures, kept by the page as it plays and readable as window.__tkNet (the latency
// harness, e2e/netcode.spec.ts, reads them; a player can too, from the console): for each key
// pressed while the own tank stood still (drawn alike for the last 3 frames), the ms from the key's
// event to the first frame whose own tank is drawn moved (≥ 1 cm or ≥ 0.3°); each
// reconciliation's error (metres); how far behind the others are drawn (ms), per frame.
import type { BattleView, DrawnTank } from "./engine.ts";

export interface NetFigures {
  /** ms from a key's press to the first frame the own tank is drawn moved (1000: it did not move within a second). */
  keyToMove: number[];
  /** The same in frames: 1 = the first frame drawn after the press. */
  keyToMoveFrames: number[];
  /** Metres between the prediction and the server's state, per acknowledged input. */
  corrections: number[];
  /** ms the others were drawn behind the newest tick that could have come, per frame. */
  behind: number[];
  /** Corrections beyond SNAP_METRES (snapped, not smoothed). */
  snaps: number;
  /** The interpolation delay now, ms. */
  delay: number;
  frames: number;
  /** ms between animation frames, and spent drawing each. */
  frameMs: number[];
  drawMs: number[];
  /** Battle views started on this page (a reconnection starts a new one). */
  views: number;
  /** The own tank as last drawn, and the shots it fired (shot events of its slot drawn). */
  own: { x: number; y: number; hull: number; turret: number } | null;
  shots: number;
}

const figures: NetFigures = {
  keyToMove: [],
  keyToMoveFrames: [],
  corrections: [],
  behind: [],
  snaps: 0,
  delay: 0,
  frames: 0,
  frameMs: [],
  drawMs: [],
  views: 0,
  own: null,
  shots: 0,
};
let lastFrame = 0;
let lastView: BattleView | null = null;
let press: { at: number; pose: { x: number; y: number; hull: number } | null; frames: number } | null = null;
let last: { x: number; y: number; hull: number } | null = null;
/** Frames the own tank has been drawn alike. */
let still = 0;

const moved = (a: { x: number; y: number; hull: number }, b: { x: number; y: number; hull: number }) =>
  Math.hypot(a.x - b.x, a.y - b.y) >= 0.01 || Math.abs(a.hull - b.hull) >= 0.005;

export function exposeFigures(view: () => BattleView | null) {
  if (typeof window !== "undefined") (window as unknown as { __tkNet: NetFigures }).__tkNet = figures;
  return {
    /** A driving key went down at `at` (the event's time). */
    pressed(at: number) {
      // Only a press from rest is timed (a tank still moving from the last one would count at once).
      press = still >= 3 ? { at, pose: last, frames: 0 } : null;
    },
    frame(now: number, frame: { tanks: (DrawnTank | null)[] }) {
      const v = view();
      figures.frames++;
      if (v && v !== lastView) {
        figures.views++;
        lastView = v;
      }
      if (lastFrame) figures.frameMs.push(now - lastFrame);
      figures.drawMs.push(performance.now() - now);
      if (figures.frameMs.length > 5000) figures.frameMs.splice(0, 1000);
      if (figures.drawMs.length > 5000) figures.drawMs.splice(0, 1000);
      lastFrame = now;
      const me = v && v.you !== null ? frame.tanks[v.you] : null;
      const pose = me?.alive ? { x: me.x, y: me.y, hull: me.hull } : null;
      if (press) {
        press.frames++;
        if (!press.pose) press.pose = pose;
        else if (pose && moved(pose, press.pose)) {
          figures.keyToMove.push(now - press.at);
          figures.keyToMoveFrames.push(press.frames);
          press = null;
        } else if (now - press.at > 1000) {
          figures.keyToMove.push(1000);
          press = null;
        }
      }
      still = pose && last && !moved(pose, last) ? still + 1 : 0;
      last = pose;
      figures.own = me?.alive ? { x: me.x, y: me.y, hull: me.hull, turret: me.turret } : null;
      if (v) figures.shots = v.ownShots;
      if (v) {
        figures.corrections = v.predictor?.errors ?? figures.corrections;
        figures.snaps = v.predictor?.snaps ?? figures.snaps;
        figures.behind = v.behind;
        figures.delay = v.delay;
      }
    },
    stop() {
      press = null;
    },
  };
}
