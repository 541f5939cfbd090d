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
import type { BattleState, GameEvent, Shell } from "./types.ts";

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
  /** Ticks the tracks stay broken (0: whole). */
  tracks: number;
  /** 1 while the crew is injured. */
  crewHurt: number;
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

// ——— the view coder ———
//
// VIEW layout: [op 2][u32 tick][u32 base][u32 ack][u8 flags: 1 = own block][u8 capture0 ×2][u8 capture1 ×2]
// [u8 n][visibility: ceil(n/8) bytes, bit set = the tank is in this view] then per tank in view a mask
// byte and its fields (FULL: every field whole; else only the fields changed since the base, positions
// and angles as zigzag varints of the difference) [own block: u8 slot, i16 v cm/s, u8 reload ticks, u8 tracks ticks, u8 crew hurt]
// [u8 shells: u16 id, u16 x, u16 y, u16 angle each][u8 events, as in SNAPSHOT].

/** A tank's fields as sent: x, y (cm), hull, turret (1/65536 turn), hp, loaded (0..255), alive (0/1). */
export const FIELDS = 7;
const F_POS = 1,
  F_HULL = 2,
  F_TURRET = 4,
  F_HP = 8,
  F_LOADED = 16,
  F_ALIVE = 32,
  F_FULL = 64;

/** The battle's tanks quantised once a tick, shared by every connection's coder. */
export interface Frame {
  tick: number;
  n: number;
  q: Int32Array;
  capture: [number, number];
}

export function frameOf(state: BattleState, into?: Frame): Frame {
  const n = state.tanks.length;
  const f =
    into && into.n === n ? into : { tick: 0, n, q: new Int32Array(n * FIELDS), capture: [0, 0] as [number, number] };
  f.tick = state.tick;
  f.capture[0] = Math.round(state.capture[0] * 2);
  f.capture[1] = Math.round(state.capture[1] * 2);
  const q = f.q;
  for (let i = 0; i < n; i++) {
    const t = state.tanks[i];
    const o = i * FIELDS;
    q[o] = qp(t.x);
    q[o + 1] = qp(t.y);
    q[o + 2] = qa(t.hull);
    q[o + 3] = qa(t.turret);
    q[o + 4] = Math.max(0, Math.min(65535, t.hp));
    q[o + 5] = t.reload <= 0 ? 255 : Math.round((1 - t.reload / t.reloadTicks) * 254);
    q[o + 6] = t.alive ? 1 : 0;
  }
  return f;
}

const RING = 32;

interface Sent {
  tick: number;
  vis: Uint8Array;
  q: Int32Array;
}

/** A growing byte writer over one scratch buffer (the coder copies the bytes out at the end). */
class Bytes {
  buf = new Uint8Array(4096);
  dv = new DataView(this.buf.buffer);
  o = 0;
  room(k: number) {
    if (this.o + k <= this.buf.byteLength) return;
    const next = new Uint8Array(Math.max(this.buf.byteLength * 2, this.o + k));
    next.set(this.buf);
    this.buf = next;
    this.dv = new DataView(next.buffer);
  }
  u8(v: number) {
    this.room(1);
    this.buf[this.o++] = v;
  }
  u16(v: number) {
    this.room(2);
    this.dv.setUint16(this.o, v, true);
    this.o += 2;
  }
  i16(v: number) {
    this.room(2);
    this.dv.setInt16(this.o, v, true);
    this.o += 2;
  }
  u32(v: number) {
    this.room(4);
    this.dv.setUint32(this.o, v >>> 0, true);
    this.o += 4;
  }
  /** A signed difference as a zigzag varint (7 bits a byte). */
  zz(v: number) {
    let u = v >= 0 ? v * 2 : -v * 2 - 1;
    this.room(5);
    while (u >= 0x80) {
      this.buf[this.o++] = (u & 0x7f) | 0x80;
      u = Math.floor(u / 128);
    }
    this.buf[this.o++] = u;
  }
}

const scratch = new Bytes();

/** The difference of two quantised angles the short way round, -32768..32767. */
const angleDiff = (a: number, b: number) => ((a - b + 32768 + 65536) % 65536) - 32768;

function writeEvents(w: Bytes, evs: readonly GameEvent[]) {
  const n = Math.min(255, evs.length);
  w.u8(n);
  for (let i = evs.length - n; i < evs.length; i++) {
    const e = evs[i];
    w.u8(EVENT_KINDS.indexOf(e.kind));
    switch (e.kind) {
      case "shot":
        w.u8(e.slot);
        w.u16(qp(e.x));
        w.u16(qp(e.y));
        w.u16(qa(e.a));
        break;
      case "hit":
        w.u8(e.shooter);
        w.u8(e.target);
        w.u16(Math.min(65535, e.damage));
        w.u16(qp(e.x));
        w.u16(qp(e.y));
        break;
      case "bounce":
        w.u8(e.shooter);
        w.u8(e.target);
        w.u16(qp(e.x));
        w.u16(qp(e.y));
        break;
      case "blast":
        w.u16(qp(e.x));
        w.u16(qp(e.y));
        break;
      case "kill":
        w.u8(e.shooter);
        w.u8(e.target);
        break;
      case "fire":
      case "tracks":
      case "crew":
        w.u8(e.target);
        break;
      case "use":
        w.u8(e.slot);
        w.u8(KIT_CODES.indexOf(e.item));
        break;
    }
  }
}

/** What one view snapshot carries besides the tanks: the client's own tank and ack, the shells and events it may see. */
export interface ViewExtras {
  /** The last input seq applied to the client's own tank (0: none). */
  ack: number;
  own: { slot: number; v: number; reload: number; tracks: number; crewHurt: number } | null;
  shells: readonly Shell[];
  events: readonly GameEvent[];
}

/**
 * One connection's coder on the server: codes each tick's view against the newest snapshot the
 * client acknowledged (if it is still remembered), and remembers what it sent.
 */
export class ViewCoder {
  private ring: (Sent | null)[] = new Array(RING).fill(null);
  /** The newest snapshot tick the client says it has. */
  acked = 0;

  /** The client's INPUT says it has snapshot `tick` (an ack beyond what was sent is not believed). */
  ack(tick: number) {
    if (tick > this.acked && this.sentAt(tick)) this.acked = tick;
  }

  private sentAt(tick: number): Sent | null {
    const s = this.ring[tick % RING];
    return s && s.tick === tick ? s : null;
  }

  /** `visible[slot]` = 1 for a tank this connection may see (null: every tank). */
  encode(frame: Frame, visible: Uint8Array | null, x: ViewExtras): Uint8Array<ArrayBuffer> {
    const { n, q, tick } = frame;
    // The base must not be the ring entry this tick overwrites (an ack exactly RING ticks old).
    const base = this.acked > 0 && this.acked < tick && tick - this.acked < RING ? this.sentAt(this.acked) : null;
    let slot = this.ring[tick % RING];
    if (!slot || slot.q.length !== q.length)
      slot = this.ring[tick % RING] = { tick, vis: new Uint8Array(n), q: new Int32Array(q.length) };
    slot.tick = tick;
    slot.q.set(q);
    const w = scratch;
    w.o = 0;
    w.u8(OP.VIEW);
    w.u32(tick);
    w.u32(base ? base.tick : 0);
    w.u32(x.ack);
    w.u8(x.own ? 1 : 0);
    w.u8(frame.capture[0]);
    w.u8(frame.capture[1]);
    w.u8(n);
    const visAt = w.o;
    const bytes = (n + 7) >> 3;
    w.room(bytes);
    w.buf.fill(0, visAt, visAt + bytes);
    w.o += bytes;
    for (let i = 0; i < n; i++) {
      const v = visible === null || visible[i] === 1 ? 1 : 0;
      slot.vis[i] = v;
      if (!v) continue;
      w.buf[visAt + (i >> 3)] |= 1 << (i & 7);
      const o = i * FIELDS;
      if (!base?.vis[i]) {
        w.u8(F_FULL | F_POS | F_HULL | F_TURRET | F_HP | F_LOADED | F_ALIVE);
        w.u16(q[o]);
        w.u16(q[o + 1]);
        w.u16(q[o + 2]);
        w.u16(q[o + 3]);
        w.u16(q[o + 4]);
        w.u8(q[o + 5]);
        w.u8(q[o + 6]);
        continue;
      }
      const b = base.q;
      const mask =
        (q[o] !== b[o] || q[o + 1] !== b[o + 1] ? F_POS : 0) |
        (q[o + 2] !== b[o + 2] ? F_HULL : 0) |
        (q[o + 3] !== b[o + 3] ? F_TURRET : 0) |
        (q[o + 4] !== b[o + 4] ? F_HP : 0) |
        (q[o + 5] !== b[o + 5] ? F_LOADED : 0) |
        (q[o + 6] !== b[o + 6] ? F_ALIVE : 0);
      w.u8(mask);
      if (mask & F_POS) {
        w.zz(q[o] - b[o]);
        w.zz(q[o + 1] - b[o + 1]);
      }
      if (mask & F_HULL) w.zz(angleDiff(q[o + 2], b[o + 2]));
      if (mask & F_TURRET) w.zz(angleDiff(q[o + 3], b[o + 3]));
      if (mask & F_HP) w.u16(q[o + 4]);
      if (mask & F_LOADED) w.u8(q[o + 5]);
      if (mask & F_ALIVE) w.u8(q[o + 6]);
    }
    if (x.own) {
      w.u8(x.own.slot);
      w.i16(Math.max(-32768, Math.min(32767, Math.round(x.own.v * 100))));
      w.u8(Math.max(0, Math.min(255, x.own.reload)));
      w.u8(Math.max(0, Math.min(255, x.own.tracks)));
      w.u8(x.own.crewHurt > 0 ? 1 : 0);
    }
    const ns = Math.min(255, x.shells.length);
    w.u8(ns);
    for (let i = 0; i < ns; i++) {
      const s = x.shells[i];
      w.u16(s.id & 0xffff);
      w.u16(qp(s.x));
      w.u16(qp(s.y));
      w.u16(qa(atan2(s.vy, s.vx)));
    }
    writeEvents(w, x.events);
    return w.buf.slice(0, w.o);
  }
}

/** Reads a varint/fixed field stream (the decoder's cursor). */
class Reader {
  o = 0;
  constructor(
    readonly u8: Uint8Array,
    readonly dv: DataView,
  ) {}
  get left() {
    return this.u8.byteLength - this.o;
  }
  need(k: number) {
    if (this.o + k > this.u8.byteLength) throw new RangeError("short");
  }
  b() {
    this.need(1);
    return this.u8[this.o++];
  }
  u16() {
    this.need(2);
    const v = this.dv.getUint16(this.o, true);
    this.o += 2;
    return v;
  }
  i16() {
    this.need(2);
    const v = this.dv.getInt16(this.o, true);
    this.o += 2;
    return v;
  }
  u32() {
    this.need(4);
    const v = this.dv.getUint32(this.o, true);
    this.o += 4;
    return v;
  }
  zz() {
    let u = 0,
      mul = 1;
    for (let k = 0; k < 5; k++) {
      const c = this.b();
      u += (c & 0x7f) * mul;
      if (c < 0x80) return u % 2 ? -(u + 1) / 2 : u / 2;
      mul *= 128;
    }
    throw new RangeError("varint");
  }
}

function readEvents(r: Reader): GameEvent[] {
  const ne = r.b();
  const events: GameEvent[] = [];
  for (let i = 0; i < ne; i++) {
    const kind = EVENT_KINDS[r.b()];
    switch (kind) {
      case "shot":
        events.push({ kind, slot: r.b(), x: r.u16() / 100, y: r.u16() / 100, a: ua(r.u16()) });
        break;
      case "hit":
        events.push({ kind, shooter: r.b(), target: r.b(), damage: r.u16(), x: r.u16() / 100, y: r.u16() / 100 });
        break;
      case "bounce":
        events.push({ kind, shooter: r.b(), target: r.b(), x: r.u16() / 100, y: r.u16() / 100 });
        break;
      case "blast":
        events.push({ kind, x: r.u16() / 100, y: r.u16() / 100 });
        break;
      case "kill":
        events.push({ kind, shooter: r.b(), target: r.b() });
        break;
      case "fire":
      case "tracks":
      case "crew":
        events.push({ kind, target: r.b() });
        break;
      case "use":
        events.push({ kind, slot: r.b(), item: KIT_CODES[r.b()] ?? "repair" });
        break;
      default:
        throw new RangeError("event");
    }
  }
  return events;
}

/**
 * The client's side: decodes VIEW snapshots against the ones it kept. Null for a frame it cannot
 * read (not a VIEW, cut short, or coded against a snapshot it does not have): the client then keeps
 * acknowledging its newest good one, and the server codes against that or whole.
 */
export class ViewDecoder {
  private ring: (Sent | null)[] = new Array(RING).fill(null);
  /** The newest tick decoded (what the client acknowledges). */
  newest = 0;

  decode(bytes: ArrayBuffer | Uint8Array): ViewSnapshot | null {
    const u8 = bytes instanceof Uint8Array ? bytes : new Uint8Array(bytes);
    if (u8.byteLength < 17 || u8[0] !== OP.VIEW) return null;
    const r = new Reader(u8, new DataView(u8.buffer, u8.byteOffset, u8.byteLength));
    r.o = 1;
    try {
      const tick = r.u32();
      const baseTick = r.u32();
      const ack = r.u32();
      const flags = r.b();
      const capture: [number, number] = [r.b() / 2, r.b() / 2];
      const n = r.b();
      let base: Sent | null = null;
      if (baseTick) {
        const s = this.ring[baseTick % RING];
        if (!s || s.tick !== baseTick || s.vis.length !== n) return null;
        base = s;
      }
      const visAt = r.o;
      r.need((n + 7) >> 3);
      r.o += (n + 7) >> 3;
      const vis = new Uint8Array(n);
      const q = new Int32Array(n * FIELDS);
      const tanks: (TankView | null)[] = [];
      for (let i = 0; i < n; i++) {
        if (!(u8[visAt + (i >> 3)] & (1 << (i & 7)))) {
          tanks.push(null);
          continue;
        }
        vis[i] = 1;
        const o = i * FIELDS;
        const mask = r.b();
        if (mask & F_FULL) {
          q[o] = r.u16();
          q[o + 1] = r.u16();
          q[o + 2] = r.u16();
          q[o + 3] = r.u16();
          q[o + 4] = r.u16();
          q[o + 5] = r.b();
          q[o + 6] = r.b();
        } else {
          if (!base?.vis[i]) return null;
          const b = base.q;
          for (let k = 0; k < FIELDS; k++) q[o + k] = b[o + k];
          if (mask & F_POS) {
            q[o] = b[o] + r.zz();
            q[o + 1] = b[o + 1] + r.zz();
          }
          if (mask & F_HULL) q[o + 2] = (b[o + 2] + r.zz() + 65536) % 65536;
          if (mask & F_TURRET) q[o + 3] = (b[o + 3] + r.zz() + 65536) % 65536;
          if (mask & F_HP) q[o + 4] = r.u16();
          if (mask & F_LOADED) q[o + 5] = r.b();
          if (mask & F_ALIVE) q[o + 6] = r.b();
        }
        tanks.push({
          x: q[o] / 100,
          y: q[o + 1] / 100,
          hull: ua(q[o + 2]),
          turret: ua(q[o + 3]),
          hp: q[o + 4],
          loaded: q[o + 5] === 255 ? 1 : q[o + 5] / 254,
          alive: q[o + 6] === 1,
        });
      }
      let own: OwnState | null = null;
      if (flags & 1) {
        const slot = r.b();
        const v = r.i16() / 100;
        const reload = r.b();
        const tracks = r.b();
        const crewHurt = r.b();
        // The own tank's position and angles are its tank's (always in view); the rest comes here.
        const me = tanks[slot];
        own = me ? { x: me.x, y: me.y, hull: me.hull, turret: me.turret, v, reload, tracks, crewHurt } : null;
      }
      const ns = r.b();
      const shells: ShellView[] = [];
      for (let i = 0; i < ns; i++) shells.push({ id: r.u16(), x: r.u16() / 100, y: r.u16() / 100, a: ua(r.u16()) });
      const events = readEvents(r);
      this.ring[tick % RING] = { tick, vis, q };
      if (tick > this.newest) this.newest = tick;
      return { tick, base: baseTick, ack, capture, own, tanks, shells, events };
    } catch {
      return null;
    }
  }
}
