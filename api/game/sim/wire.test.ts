import { describe, expect, test } from "bun:test";
import { decodeInput, decodePing, encodeInput, encodePing, INPUT_BYTES, OP, type InputMessage } from "./wire.ts";

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
