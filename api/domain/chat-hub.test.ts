// Two instances (two hubs over one store): a message and its hiding, written through one, reach a
// reader of the other within the poll interval; a reader resuming after an id misses nothing.
import { test, expect, afterAll } from "bun:test";
import { makeWorld } from "../test/fixture.ts";
import { registerPlayer } from "./players.ts";
import { ChatHub } from "./chat-hub.ts";
import { moderate, postMessage, type ChatEvent } from "./chat.ts";

const w = await makeWorld();
afterAll(() => w.close());

test("events cross instances; catch-up and live join without loss or repeats", async () => {
  const db = w.deps.db;
  const { playerId } = await registerPlayer(db, {
    nickname: "Talker",
    country: "RU",
    platform: "web",
    source: "organic",
    locale: "ru",
    at: w.clock.now(),
  });
  const writer = new ChatHub(db, 50);
  const reader = new ChatHub(db, 50);
  const seen: ChatEvent[] = [];
  const stop = await reader.subscribe(["global:ru"], undefined, (e) => seen.push(...e));
  const first = await postMessage(db, { playerId, room: "global:ru", body: "one", at: w.clock.now() });
  writer.poke();
  w.clock.advance(2000);
  await postMessage(db, { playerId, room: "global:en", body: "other room", at: w.clock.now() });
  await db.transaction((tx) => moderate(tx, { messageId: first.id, action: "hide", admin: "op", at: w.clock.now() }));
  const t0 = performance.now();
  while (seen.length < 2 && performance.now() - t0 < 2000) await Bun.sleep(10);
  expect(seen.map((e) => [e.kind, e.message.id])).toEqual([
    ["message", first.id],
    ["hidden", first.id],
  ]);
  expect(performance.now() - t0).toBeLessThan(1000);
  // A late reader resuming from before the first event gets both, once, then live ones.
  const late: ChatEvent[] = [];
  const stopLate = await reader.subscribe(["global:ru"], 0, (e) => late.push(...e));
  w.clock.advance(2000);
  const second = await postMessage(db, { playerId, room: "global:ru", body: "two", at: w.clock.now() });
  const t1 = performance.now();
  while (late.length < 3 && performance.now() - t1 < 2000) await Bun.sleep(10);
  expect(late.map((e) => [e.kind, e.message.id])).toEqual([
    ["message", first.id],
    ["hidden", first.id],
    ["message", second.id],
  ]);
  stop();
  stopLate();
});
