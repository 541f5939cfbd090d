// The room contract's messages: one decode for every client message, by opcode and schema.
import { test, expect } from "bun:test";
import { clientMessages, decodeClient, decodeServer, dispatchClient, encodeClient } from "./contract.ts";
import { OP, encodeInput, encodePing } from "../sim/wire.ts";

test("each client message has its own opcode", () => {
  const ops = Object.values(clientMessages).map((m) => m.op);
  expect(new Set(ops).size).toBe(ops.length);
});

test("an input decodes with its opcode, and without one (the first clients' form); unknown fields are dropped", () => {
  expect(decodeClient(encodeClient("input", { t: 1, r: -1, a: 0.5, f: true, seq: 7 }))).toEqual({
    kind: "input",
    body: { t: 1, r: -1, a: 0.5, f: true, seq: 7 },
  });
  expect(
    decodeClient(encodeInput({ seq: 9, throttle: -1, turn: 1, aim: 1500, fire: false, ack: 40, view: 3900 })),
  ).toEqual({ kind: "input", body: { t: -1, r: 1, a: 1.5, f: false, seq: 9, ack: 40, view: 3900 } });
  expect(decodeClient(JSON.stringify({ t: 1, r: 0, a: 0, f: false, slot: 3, hp: 9999 }))).toEqual({
    kind: "input",
    body: { t: 1, r: 0, a: 0, f: false },
  });
});

test("what no schema accepts reaches no handler", () => {
  const called: string[] = [];
  const handlers = {
    input: () => void called.push("input"),
    pong: () => void called.push("pong"),
    kit: () => void called.push("kit"),
  };
  for (const bad of [
    "not json",
    "[1,2]",
    "null",
    JSON.stringify({ op: 99 }),
    JSON.stringify({ op: "input", t: 1 }),
    JSON.stringify({ op: 1, a: 1e9 }),
    JSON.stringify({ op: 1, f: "yes" }),
    JSON.stringify({ op: OP.PONG }),
    JSON.stringify({ op: OP.PONG, id: -1 }),
    JSON.stringify({ op: OP.KIT, kind: "nitro" }),
    `{"op":1,"t":1,"pad":"${"x".repeat(600)}"}`,
  ])
    expect(dispatchClient(bad, handlers)).toBe(false);
  expect(dispatchClient(new Uint8Array([OP.INPUT, 2, 3]), handlers)).toBe(false);
  expect(dispatchClient(encodePing(OP.PING, 5), handlers)).toBe(false);
  expect(dispatchClient(new Uint8Array(0), handlers)).toBe(false);
  expect(called).toEqual([]);
  expect(dispatchClient(encodePing(OP.PONG, 5), handlers)).toBe(true);
  expect(dispatchClient(encodeClient("pong", { id: 6 }), handlers)).toBe(true);
  expect(called).toEqual(["pong", "pong"]);
  expect(dispatchClient(new Uint8Array([OP.KIT, 9]), handlers)).toBe(false);
  expect(dispatchClient(new Uint8Array([OP.KIT, 1]), handlers)).toBe(true);
  expect(dispatchClient(encodeClient("kit", { kind: "extinguisher" }), handlers)).toBe(true);
  expect(called).toEqual(["pong", "pong", "kit", "kit"]);
});

test("server text frames decode by their type; anything else is null", () => {
  expect(decodeServer(JSON.stringify({ type: "moving", retryMs: 300 }))).toEqual({ type: "moving", retryMs: 300 });
  expect(decodeServer(JSON.stringify({ type: "moving", retryMs: "x" }))).toBeNull();
  expect(decodeServer(JSON.stringify({ type: "nope" }))).toBeNull();
  expect(decodeServer("{")).toBeNull();
});
