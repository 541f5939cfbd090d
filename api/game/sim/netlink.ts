// One connection's netcode on the server (the room keeps one per seat): the driver's inputs taken one
// a tick in seq order (so the client's prediction, which ran the same inputs, agrees), the round trip
// measured with PING, the lag a shot may be judged at, and the view coded for that client alone.
// Pure: the room gives it the time (for the round trip) and the battle.
import { LAG_CAP } from "./lagcomp.ts";
import { SIGHT } from "./sight.ts";
import { sanitizeInput } from "./sim.ts";
import { TICK_HZ, type BattleState, type GameEvent, type Input, type Shell } from "./types.ts";
import { ViewCoder, type Frame, type InputMessage } from "./wire.ts";

const TICK_MS = 1000 / TICK_HZ;
/** Inputs further ahead of the tick than this are a client whose clock jumped: it is taken from there. */
const MAX_AHEAD = 10;
/** A late input that changes what was guessed is taken late (the mapping slides) up to this many ticks. */
const MAX_SLIDE = 4;
/** Ticks over which the waiting inputs are watched before one surplus tick is dropped. */
const SURPLUS_WINDOW = 40;
/** What a client's view of the others may lag behind its round trip (interpolation, the tick it waits). */
export const VIEW_ALLOWANCE_MS = 180;

interface Taken {
  seq: number;
  input: Input;
}

/**
 * A driver's inputs, one a tick. The first input sets which tick takes which seq; a tick whose input
 * has not come repeats the last one (a guess: right while the driver holds the keys); a late input
 * that differs from the guess is taken on the next tick instead (the client's view slides one tick,
 * its prediction is corrected a little); when inputs wait longer than needed for a while and the tank
 * stands still, one waiting tick is dropped. `ack` is the seq the last tick took.
 */
export class InputIntake {
  private waiting = new Map<number, InputMessage>();
  private taken: Taken[] = [];
  /** The seq the next tick takes (once an input came). */
  next = 0;
  private started = false;
  ack = 0;
  last: Input | null = null;
  lastView = 0;
  /** Counters: ticks guessed, late inputs taken late, surplus ticks dropped. */
  guessed = 0;
  slid = 0;
  dropped = 0;
  private fewest = Infinity;
  private watched = 0;

  /** An input came. False when it was dropped (stale, equal to what was guessed, or too far away). */
  offer(m: InputMessage): boolean {
    // The first input is taken a tick after it came: a tick of margin against the network's jitter.
    if (!this.started) {
      this.started = true;
      this.next = m.seq - 1;
    }
    if (m.seq >= this.next + MAX_AHEAD) {
      this.waiting.clear();
      this.next = m.seq;
    }
    if (m.seq >= this.next) {
      if (this.waiting.has(m.seq)) return false;
      this.waiting.set(m.seq, m);
      return true;
    }
    // Late: its tick has gone by with a guess.
    const was = this.taken.find((t) => t.seq === m.seq);
    if (!was || this.next - m.seq > MAX_SLIDE) return false;
    const same =
      was.input.throttle === m.throttle &&
      was.input.turn === m.turn &&
      Math.round(was.input.aim * 1000) === Math.round(wrapMrad(m.aim)) &&
      was.input.fire === m.fire;
    if (same) return false;
    // Take it (and what follows it) from the next tick on.
    this.slid++;
    this.next = m.seq;
    this.waiting.set(m.seq, m);
    return true;
  }

  /** The input the coming tick applies (null before any came). `still`: the tank stands idle (a surplus tick may go). */
  take(still: boolean): { input: Input; view: number } | null {
    if (!this.started) return null;
    if (this.waiting.size < this.fewest) this.fewest = this.waiting.size;
    if (++this.watched >= SURPLUS_WINDOW) {
      if (this.fewest >= 2 && still && this.waiting.has(this.next)) {
        this.waiting.delete(this.next);
        this.next++;
        this.dropped++;
      }
      this.fewest = Infinity;
      this.watched = 0;
    }
    const seq = this.next++;
    let m = this.waiting.get(seq) ?? null;
    // Before the first input's tick there is nothing to guess from: the tank keeps what it had.
    if (!m && !this.last) return null;
    if (m) this.waiting.delete(seq);
    else {
      this.guessed++;
      m = this.last
        ? {
            seq,
            throttle: this.last.throttle,
            turn: this.last.turn,
            aim: Math.round(this.last.aim * 1000),
            fire: this.last.fire,
            ack: 0,
            view: this.lastView,
          }
        : null;
    }
    this.ack = seq;
    if (m) {
      const input =
        sanitizeInput({ t: m.throttle, r: m.turn, a: m.aim / 1000, f: m.fire }, this.last ?? IDLE_INPUT) ?? IDLE_INPUT;
      this.last = input;
      this.lastView = m.view;
      this.taken.push({ seq, input });
      if (this.taken.length > MAX_SLIDE + 2) this.taken.shift();
      return { input, view: m.view };
    }
    return null;
  }
}

const IDLE_INPUT: Input = { throttle: 0, turn: 0, aim: 0, fire: false };
const wrapMrad = (a: number) => {
  const r = sanitizeInput({ a: a / 1000 }, IDLE_INPUT);
  return r ? r.aim * 1000 : a;
};

/**
 * How far behind the present a shot taken at `tick` may be judged (hundredths of a tick): the client's
 * view tick asked, if it is not ahead of the tick and the measured round trip explains it (with the
 * interpolation allowance), at most LAG_CAP. An honest ask beyond the cap comes from a long round
 * trip (at 200 ms a view is ~300 ms old): it is judged at the cap, so the shooter leads by what is
 * over it rather than losing the rewind altogether (a 200 ms player hit 4 % of crossing shots when
 * such asks were judged at the present). Before the round trip is measured only asks within the cap
 * count; an ask the round trip does not explain is forged and judged at the present (0).
 */
export function allowedLag(tick: number, view: number, rttMs: number | null): number {
  if (view <= 0) return 0;
  let lag = tick * 100 - view;
  if (lag < 0) return 0;
  if (rttMs === null ? lag > LAG_CAP : (lag / 100) * TICK_MS > rttMs + VIEW_ALLOWANCE_MS) return 0;
  lag = Math.min(lag, LAG_CAP);
  return Math.round(lag / 10) * 10;
}

/** What a connection's tank sees beyond the spotted tanks: shells near it (tracers of unseen guns too). */
export const SHELL_VIEW = SIGHT.viewRange;

/** The events a connection may hear of: none that tells where an unseen enemy is. */
export function eventsFor(
  events: readonly GameEvent[],
  seen: Uint8Array | null,
  team: 0 | 1 | null,
  state: BattleState,
) {
  if (seen === null) return events;
  return events.filter((e) => {
    switch (e.kind) {
      case "shot":
        return seen[e.slot] === 1;
      case "hit":
      case "bounce":
        // Where an unseen tank was struck is told to its shooter's team only.
        return seen[e.target] === 1 || state.tanks[e.shooter]?.team === team;
      case "fire":
      case "tracks":
      case "crew":
        return seen[e.target] === 1;
      case "use":
        return seen[e.slot] === 1;
      default:
        return true;
    }
  });
}

/** The shells a connection sees: its team's and seen guns', and any within SHELL_VIEW of its own tank. */
export function shellsFor(
  shells: readonly Shell[],
  seen: Uint8Array | null,
  team: 0 | 1 | null,
  at: { x: number; y: number } | null,
) {
  if (seen === null) return shells;
  const r2 = SHELL_VIEW * SHELL_VIEW;
  return shells.filter(
    (s) =>
      s.team === team ||
      seen[s.owner] === 1 ||
      (at !== null && (s.x - at.x) * (s.x - at.x) + (s.y - at.y) * (s.y - at.y) <= r2),
  );
}

/** A connection's netcode: its inputs, its round trip, its coder. */
export class NetLink {
  readonly intake = new InputIntake();
  readonly coder = new ViewCoder();
  /** Round trip in ms (a smoothed mean of the PINGs answered), null before the first. */
  rtt: number | null = null;
  private pingId = 0;
  private pingAt = 0;

  /** A PING to send now (its id), or null while one is out (unanswered for less than 5 s). */
  ping(now: number): number | null {
    if (this.pingId && now - this.pingAt < 5000) return null;
    this.pingId = (this.pingId % 0xfffffff0) + 1;
    this.pingAt = now;
    return this.pingId;
  }

  pong(id: number, now: number) {
    if (id !== this.pingId || !this.pingAt) return;
    const rtt = Math.max(0, now - this.pingAt);
    this.rtt = this.rtt === null ? rtt : this.rtt * 0.7 + rtt * 0.3;
    this.pingId = 0;
    this.pingAt = 0;
  }

  /** The view of one tick for this connection. */
  view(frame: Frame, seen: Uint8Array | null, state: BattleState, slot: number | null, events: readonly GameEvent[]) {
    const me = slot === null ? null : state.tanks[slot];
    return this.coder.encode(frame, seen, {
      ack: this.intake.ack,
      own: me ? { slot: me.slot, v: me.v, reload: me.reload, tracks: me.tracks, crewHurt: me.crewHurt } : null,
      shells: shellsFor(state.shells, seen, me ? me.team : null, me),
      events: eventsFor(events, seen, me ? me.team : null, state),
    });
  }
}
