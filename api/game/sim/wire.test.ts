import { describe, expect, test } from "bun:test";
import {
  decodeInput,
  decodePing,
  encodeInput,
  encodePing,
  frameOf,
  INPUT_BYTES,
  OP,
  ViewCoder,
  ViewDecoder,
  type InputMessage,
} from "./wire.ts";
import { createBattle, step } from "./sim.ts";
import { botBattle } from "./fixtures.ts";

describe("input frames", () => {
  const m: InputMessage = { seq: 123456, throttle: 1, turn: -1, aim: -3141, fire: true, ack: 777, view: 77_650 };

  test("an input goes over as 18 bytes and comes back as it was", () => {
    const bytes = encodeInput(m);
    expect(bytes.byteLength).toBe(INPUT_BYTES);
    expect(bytes[0]).toBe(OP.INPUT);
    expect(decodeInput(bytes)).toEqual(m);
    // From an ArrayBuffer too, and from a view into a bigger buffer.
    expect(decodeInput(bytes.buffer)).toEqual(m);
    const bigger = new Uint8Array(40);
    bigger.set(bytes, 7);
    expect(decodeInput(bigger.subarray(7, 7 + INPUT_BYTES))).toEqual(m);
  });

  test("what a driver may not ask is not decoded: throttle or turn beyond one step, an angle off the circle, other flags, other lengths", () => {
    const bad = (at: number, value: number, signed = true) => {
      const b = encodeInput(m);
      const v = new DataView(b.buffer);
      if (signed) v.setInt8(at, value);
      else v.setUint8(at, value);
      return decodeInput(b);
    };
    expect(bad(5, 5)).toBeNull();
    expect(bad(6, -2)).toBeNull();
    expect(bad(9, 3, false)).toBeNull();
    const b = encodeInput(m);
    new DataView(b.buffer).setInt16(7, 9000, true);
    expect(decodeInput(b)).toBeNull();
    expect(decodeInput(encodeInput(m).subarray(0, 17))).toBeNull();
    expect(decodeInput(new Uint8Array(19))).toBeNull();
    const other = encodeInput(m);
    other[0] = OP.PONG;
    expect(decodeInput(other)).toBeNull();
    // The encoder keeps what it sends within the rules.
    expect(decodeInput(encodeInput({ ...m, throttle: 7 as 1, aim: 99999 }))).toMatchObject({ throttle: 1, aim: 3142 });
  });

  test("ping and pong carry their id", () => {
    expect(decodePing(encodePing(OP.PING, 42), OP.PING)).toBe(42);
    expect(decodePing(encodePing(OP.PONG, 4_000_000_000), OP.PONG)).toBe(4_000_000_000);
    expect(decodePing(encodePing(OP.PING, 1), OP.PONG)).toBeNull();
  });
});

describe("view snapshots", () => {
  const battle = () => {
    const s = createBattle(botBattle(3, 7, "steppe", 120));
    for (let i = 0; i < 200; i++) step(s);
    return s;
  };
  const extras = (s: ReturnType<typeof battle>, events = s.events) => ({
    ack: 9,
    own: { slot: 2, v: s.tanks[2].v, reload: s.tanks[2].reload, tracks: 3, crewHurt: 1 },
    shells: s.shells,
    events,
  });

  test("coded against the acknowledged one, a view decodes to what the whole one says, and is smaller", () => {
    const s = battle();
    const coder = new ViewCoder();
    const whole = new ViewCoder();
    const dec = new ViewDecoder();
    const wholeDec = new ViewDecoder();
    let deltaBytes = 0,
      wholeBytes = 0;
    for (let i = 0; i < 60; i++) {
      step(s);
      const f = frameOf(s);
      const a = coder.encode(f, null, extras(s));
      const b = whole.encode(f, null, extras(s));
      deltaBytes += a.byteLength;
      wholeBytes += b.byteLength;
      const va = dec.decode(a)!;
      const vb = wholeDec.decode(b)!;
      expect(va).toEqual({ ...vb, base: va.base });
      expect(vb.base).toBe(0);
      // Every tank to a centimetre and 1/65536 of a turn.
      va.tanks.forEach((t, k) => {
        expect(Math.abs(t!.x - s.tanks[k].x)).toBeLessThanOrEqual(0.005 + 1e-9);
        expect(t!.alive).toBe(s.tanks[k].alive);
      });
      expect(va.own).toMatchObject({ reload: s.tanks[2].reload, tracks: 3, crewHurt: 1 });
      expect(Math.abs(va.own!.v - s.tanks[2].v)).toBeLessThanOrEqual(0.005 + 1e-9);
      expect(va.ack).toBe(9);
      // The client acknowledges what it decoded (every other tick here: an older base works as well).
      if (i % 2 === 0) coder.ack(dec.newest);
      if (i > 0) expect(va.base).toBeGreaterThan(0);
    }
    expect(deltaBytes).toBeLessThan(wholeBytes * 0.7);
  });

  test("a tank not in view is not in the bytes; a view whose base the client lacks is not decoded (it acks the last good one)", () => {
    const s = battle();
    const coder = new ViewCoder();
    const dec = new ViewDecoder();
    const seen = new Uint8Array(s.tanks.length).fill(1);
    seen[5] = 0;
    step(s);
    const first = dec.decode(coder.encode(frameOf(s), seen, extras(s, [])))!;
    expect(first.tanks[5]).toBeNull();
    expect(first.tanks[4]).not.toBeNull();
    coder.ack(first.tick);
    step(s);
    const lost = coder.encode(frameOf(s), seen, extras(s, []));
    step(s);
    const next = coder.encode(frameOf(s), seen, extras(s, []));
    // Decoded by a client that never had the base: refused, not guessed.
    expect(new ViewDecoder().decode(next)).toBeNull();
    expect(dec.decode(next)).not.toBeNull();
    expect(dec.decode(lost)).not.toBeNull();
    // An ack of a tick never sent is not believed.
    coder.ack(s.tick + 50);
    expect(coder.acked).toBe(first.tick);
  });
});
