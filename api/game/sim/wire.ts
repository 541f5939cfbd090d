// The battle's wire format, both ways, as bytes (the same code encodes and decodes on the server and
// in the browser). Byte 0 of every binary frame is its opcode; text frames are JSON with a "type"
// (hello, end). Docs: docs/decisions/netcode.md.
//
// Server → client
//   SNAPSHOT (1)   the whole battle as it stands (replays and the operator's live view; see below).
//   VIEW (2)       one client's view of a tick (ViewSnapshot): only the tanks that client may see
//                  (spotting.ts), each coded against the last snapshot the client acknowledged,
//                  the ack of the client's own inputs (seq) and its own tank's state for prediction.
//   PING (3)       [u32 id]: answer with PONG at once; the server measures the round trip with it.
// Client → server
//   INPUT (16)     one a tick while driving (InputMessage): seq, what the driver asks, the newest
//                  snapshot tick received (ack) and the tick the client's view of others was drawn
//                  at (lag compensation).
//   PONG (17)      [u32 id]: the ping's answer.
//
// The old SNAPSHOT: positions to a centimetre, angles to 1/65536 of a turn, reload as a share of
// 255, the shells in flight and what happened since the last one; a 7 v 7 battle is ~250 bytes.
import { atan2 } from "./trig.ts";
import type { BattleState, GameEvent } from "./types.ts";

export const SNAPSHOT = 1;
export const OP = { SNAPSHOT: 1, VIEW: 2, PING: 3, INPUT: 16, PONG: 17, KIT: 18 } as const;
const TAU = Math.PI * 2;
const EVENT_KINDS = ["shot", "hit", "bounce", "blast", "kill", "fire", "tracks", "crew", "use"] as const;
const KIT_CODES = ["repair", "medkit", "extinguisher"] as const;

const qa = (a: number) => Math.round(((((a % TAU) + TAU) % TAU) / TAU) * 65535) & 0xffff;
const ua = (q: number) => {
  const a = (q / 65535) * TAU;
  return a > Math.PI ? a - TAU : a;
};
const qp = (v: number) => Math.max(0, Math.min(65535, Math.round(v * 100)));

export interface TankView {
  x: number;
  y: number;
  hull: number;
  turret: number;
  hp: number;
  /** 0 = just fired, 1 = loaded. */
  loaded: number;
  alive: boolean;
}

export interface ShellView {
  id: number;
  x: number;
  y: number;
  a: number;
}

export interface Snapshot {
  tick: number;
  capture: [number, number];
  tanks: TankView[];
  shells: ShellView[];
  events: GameEvent[];
}

/** Encodes the battle as it stands, with the events gathered since the last snapshot. */
export function encodeSnapshot(state: BattleState, events: GameEvent[]): Uint8Array<ArrayBuffer> {
  const n = state.tanks.length;
  const shells = state.shells.length > 255 ? state.shells.slice(0, 255) : state.shells;
  const evs = events.length > 255 ? events.slice(events.length - 255) : events;
  const buf = new ArrayBuffer(9 + n * 12 + 1 + shells.length * 8 + 1 + evs.length * 10);
  const v = new DataView(buf);
  let o = 0;
  v.setUint8(o++, SNAPSHOT);
  v.setUint32(o, state.tick, true);
  o += 4;
  v.setUint8(o++, Math.round(state.capture[0] * 2));
  v.setUint8(o++, Math.round(state.capture[1] * 2));
  v.setUint8(o++, n);
  for (const t of state.tanks) {
    v.setUint16(o, qp(t.x), true);
    v.setUint16(o + 2, qp(t.y), true);
    v.setUint16(o + 4, qa(t.hull), true);
    v.setUint16(o + 6, qa(t.turret), true);
    v.setUint16(o + 8, Math.max(0, Math.min(65535, t.hp)), true);
    v.setUint8(o + 10, t.reload <= 0 ? 255 : Math.round((1 - t.reload / t.reloadTicks) * 254));
    v.setUint8(o + 11, t.alive ? 1 : 0);
    o += 12;
  }
  v.setUint8(o++, shells.length);
  for (const s of shells) {
    v.setUint16(o, s.id & 0xffff, true);
    v.setUint16(o + 2, qp(s.x), true);
    v.setUint16(o + 4, qp(s.y), true);
    v.setUint16(o + 6, qa(atan2(s.vy, s.vx)), true);
    o += 8;
  }
  v.setUint8(o++, evs.length);
  for (const e of evs) {
    v.setUint8(o++, EVENT_KINDS.indexOf(e.kind));
    switch (e.kind) {
      case "shot":
        v.setUint8(o++, e.slot);
        v.setUint16(o, qp(e.x), true);
        v.setUint16(o + 2, qp(e.y), true);
        v.setUint16(o + 4, qa(e.a), true);
        o += 6;
        break;
      case "hit":
        v.setUint8(o++, e.shooter);
        v.setUint8(o++, e.target);
        v.setUint16(o, Math.min(65535, e.damage), true);
        v.setUint16(o + 2, qp(e.x), true);
        v.setUint16(o + 4, qp(e.y), true);
        o += 6;
        break;
      case "bounce":
        v.setUint8(o++, e.shooter);
        v.setUint8(o++, e.target);
        v.setUint16(o, qp(e.x), true);
        v.setUint16(o + 2, qp(e.y), true);
        o += 4;
        break;
      case "blast":
        v.setUint16(o, qp(e.x), true);
        v.setUint16(o + 2, qp(e.y), true);
        o += 4;
        break;
      case "kill":
        v.setUint8(o++, e.shooter);
        v.setUint8(o++, e.target);
        break;
      case "fire":
      case "tracks":
      case "crew":
        v.setUint8(o++, e.target);
        break;
      case "use":
        v.setUint8(o++, e.slot);
        v.setUint8(o++, KIT_CODES.indexOf(e.item));
        break;
    }
  }
  return new Uint8Array(buf, 0, o);
}

export function decodeSnapshot(bytes: ArrayBuffer | Uint8Array): Snapshot | null {
  const u8 = bytes instanceof Uint8Array ? bytes : new Uint8Array(bytes);
  const v = new DataView(u8.buffer, u8.byteOffset, u8.byteLength);
  if (u8.byteLength < 9 || v.getUint8(0) !== SNAPSHOT) return null;
  let o = 1;
  const tick = v.getUint32(o, true);
  o += 4;
  const capture: [number, number] = [v.getUint8(o++) / 2, v.getUint8(o++) / 2];
  const n = v.getUint8(o++);
  const tanks: TankView[] = [];
  for (let i = 0; i < n; i++) {
    const r = v.getUint8(o + 10);
    tanks.push({
      x: v.getUint16(o, true) / 100,
      y: v.getUint16(o + 2, true) / 100,
      hull: ua(v.getUint16(o + 4, true)),
      turret: ua(v.getUint16(o + 6, true)),
      hp: v.getUint16(o + 8, true),
      loaded: r === 255 ? 1 : r / 254,
      alive: v.getUint8(o + 11) === 1,
    });
    o += 12;
  }
  const ns = v.getUint8(o++);
  const shells: ShellView[] = [];
  for (let i = 0; i < ns; i++) {
    shells.push({
      id: v.getUint16(o, true),
      x: v.getUint16(o + 2, true) / 100,
      y: v.getUint16(o + 4, true) / 100,
      a: ua(v.getUint16(o + 6, true)),
    });
    o += 8;
  }
  const ne = v.getUint8(o++);
  const events: GameEvent[] = [];
  for (let i = 0; i < ne; i++) {
    const kind = EVENT_KINDS[v.getUint8(o++)];
    switch (kind) {
      case "shot":
        events.push({
          kind,
          slot: v.getUint8(o),
          x: v.getUint16(o + 1, true) / 100,
          y: v.getUint16(o + 3, true) / 100,
          a: ua(v.getUint16(o + 5, true)),
        });
        o += 7;
        break;
      case "hit":
        events.push({
          kind,
          shooter: v.getUint8(o),
          target: v.getUint8(o + 1),
          damage: v.getUint16(o + 2, true),
          x: v.getUint16(o + 4, true) / 100,
          y: v.getUint16(o + 6, true) / 100,
        });
        o += 8;
        break;
      case "bounce":
        events.push({
          kind,
          shooter: v.getUint8(o),
          target: v.getUint8(o + 1),
          x: v.getUint16(o + 2, true) / 100,
          y: v.getUint16(o + 4, true) / 100,
        });
        o += 6;
        break;
      case "blast":
        events.push({ kind, x: v.getUint16(o, true) / 100, y: v.getUint16(o + 2, true) / 100 });
        o += 4;
        break;
      case "kill":
        events.push({ kind, shooter: v.getUint8(o), target: v.getUint8(o + 1) });
        o += 2;
        break;
      case "fire":
      case "tracks":
      case "crew":
        events.push({ kind, target: v.getUint8(o) });
        o += 1;
        break;
      case "use":
        events.push({ kind, slot: v.getUint8(o), item: KIT_CODES[v.getUint8(o + 1)] ?? "repair" });
        o += 2;
        break;
      default:
        return null;
    }
  }
  return { tick, capture, tanks, shells, events };
}

// ——— client → server ———

/**
 * What a driver sends once a tick (20 a second). `seq` numbers the driver's ticks: the server applies
 * one input per tick in seq order and acknowledges the last one applied in every view snapshot, so
 * the client replays only the inputs after it (prediction). Throttle and turn are -1, 0 or 1; `aim` is
 * the turret's world angle in milliradians (the precision the simulation keeps); `ack` is the newest
 * snapshot tick the client has (the server codes the next snapshots against it); `view` is the battle
 * tick, in hundredths, at which the client drew the other tanks when it sampled this input (the server
 * judges this input's shot against where its targets were then, within a cap).
 */
export interface InputMessage {
  seq: number;
  throttle: -1 | 0 | 1;
  turn: -1 | 0 | 1;
  /** Milliradians, -3142..3142. */
  aim: number;
  fire: boolean;
  ack: number;
  view: number;
}

export const INPUT_BYTES = 18;

const step3 = (v: number): -1 | 0 | 1 => (v > 0 ? 1 : v < 0 ? -1 : 0);

export function encodeInput(m: InputMessage): Uint8Array<ArrayBuffer> {
  const out = new Uint8Array(INPUT_BYTES);
  const v = new DataView(out.buffer);
  v.setUint8(0, OP.INPUT);
  v.setUint32(1, m.seq >>> 0, true);
  v.setInt8(5, step3(m.throttle));
  v.setInt8(6, step3(m.turn));
  v.setInt16(7, Math.max(-3142, Math.min(3142, Math.round(m.aim))), true);
  v.setUint8(9, m.fire ? 1 : 0);
  v.setUint32(10, m.ack >>> 0, true);
  v.setUint32(14, Math.max(0, Math.round(m.view)) >>> 0, true);
  return out;
}

/** An input frame as it came: null unless it is exactly an INPUT of sane values (anything else is dropped). */
export function decodeInput(bytes: ArrayBuffer | Uint8Array): InputMessage | null {
  const u8 = bytes instanceof Uint8Array ? bytes : new Uint8Array(bytes);
  if (u8.byteLength !== INPUT_BYTES || u8[0] !== OP.INPUT) return null;
  const v = new DataView(u8.buffer, u8.byteOffset, u8.byteLength);
  const throttle = v.getInt8(5),
    turn = v.getInt8(6),
    aim = v.getInt16(7, true),
    flags = v.getUint8(9);
  if (throttle < -1 || throttle > 1 || turn < -1 || turn > 1 || aim < -3142 || aim > 3142 || flags > 1) return null;
  return {
    seq: v.getUint32(1, true),
    throttle: throttle as -1 | 0 | 1,
    turn: turn as -1 | 0 | 1,
    aim,
    fire: flags === 1,
    ack: v.getUint32(10, true),
    view: v.getUint32(14, true),
  };
}

/** A PING (server → client) or a PONG (the answer): an opcode and an id. */
export function encodePing(op: typeof OP.PING | typeof OP.PONG, id: number): Uint8Array<ArrayBuffer> {
  const out = new Uint8Array(5);
  out[0] = op;
  new DataView(out.buffer).setUint32(1, id >>> 0, true);
  return out;
}

export function decodePing(bytes: ArrayBuffer | Uint8Array, op: typeof OP.PING | typeof OP.PONG): number | null {
  const u8 = bytes instanceof Uint8Array ? bytes : new Uint8Array(bytes);
  if (u8.byteLength !== 5 || u8[0] !== op) return null;
  return new DataView(u8.buffer, u8.byteOffset, 5).getUint32(1, true);
}

// ——— server → client: one client's view (VIEW) ———

/** The driver's own tank as the server has it after applying input `ack`: what prediction starts from. */
export interface OwnState {
  x: number;
  y: number;
  hull: number;
  turret: number;
  /** Metres a second along the hull, to a centimetre. */
  v: number;
  /** Ticks until loaded. */
  reload: number;
}

/**
 * One client's view of one tick. `tanks[slot]` is null for a tank this client may not see (an enemy
 * nobody of its team spots): neither its state nor its shots are in the snapshot. `base` is the tick it
 * was coded against (0: coded whole). `ack` is the last input seq of the client's own tank applied.
 */
export interface ViewSnapshot {
  tick: number;
  base: number;
  ack: number;
  capture: [number, number];
  own: OwnState | null;
  tanks: (TankView | null)[];
  shells: ShellView[];
  events: GameEvent[];
}

/** What the hello (text) tells a driver about its own tank, for prediction: the figures sim.ts moves it by. */
export interface OwnFigures {
  maxSpeed: number;
  hullRate: number;
  turretRate: number;
  reloadTicks: number;
}
