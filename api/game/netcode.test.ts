// The netcode through a room (api/game/arena/room.ts) without a server: numbered inputs taken one a
// tick, per-client views (no unseen enemy in them), forged inputs and over-cap rewinds changing
// nothing. The socket routes are covered in arena.test.ts.
import { describe, expect, test } from "bun:test";
import { Room, type RoomOwner, type Viewer } from "./arena/room.ts";
import { clientMessages, decodeClient } from "./arena/contract.ts";
import { botBattle } from "./sim/fixtures.ts";
import {
  decodePing,
  encodeInput,
  encodePing,
  OP,
  ViewDecoder,
  type InputMessage,
  type ViewSnapshot,
} from "./sim/wire.ts";
import { spottedBy } from "./sim/spotting.ts";
import { allowedLag, InputIntake } from "./sim/netlink.ts";
import { LAG_CAP } from "./sim/lagcomp.ts";
import { createBattle, digest, setInput, step } from "./sim/sim.ts";
import { replay } from "./sim/replay.ts";
import type { BattleSetup } from "./sim/types.ts";

const owner: RoomOwner = { finish: async () => null, stopped: async () => {} };

/** A battle whose slot 0 is a player (id 1), the rest bots. */
function roomWithPlayer(seed = 5, size = 3, map = "steppe") {
  const setup = botBattle(seed, size, map, 300);
  setup.seats[0] = { ...setup.seats[0], playerId: 1, name: "Player", bot: undefined };
  return new Room(1, setup, owner);
}

/** A viewer that decodes what it is sent (views) and keeps the texts. */
function client() {
  const views: ViewSnapshot[] = [];
  const texts: { type: string }[] = [];
  const dec = new ViewDecoder();
  const raw: Uint8Array[] = [];
  const viewer: Viewer = {
    send: (d) => {
      if (typeof d === "string") texts.push(JSON.parse(d));
      else if (d[0] === OP.VIEW) {
        raw.push(d);
        const v = dec.decode(d);
        if (v) views.push(v);
      } else raw.push(d);
    },
    close() {},
  };
  return { viewer, views, texts, dec, raw };
}

const input = (seq: number, over: Partial<InputMessage> = {}): Uint8Array =>
  encodeInput({ seq, throttle: 0, turn: 0, aim: 0, fire: false, ack: 0, view: 0, ...over });

describe("numbered inputs", () => {
  test("a binary input drives the player's tank; an input older than the last taken is dropped", () => {
    const room = roomWithPlayer();
    const seat = room.join(client().viewer, 1);
    room.message(seat, input(5, { throttle: 1 }));
    // The first input is taken a tick after it came (a tick of margin against jitter).
    room.tick();
    expect(room.state.tanks[0].input.throttle).toBe(0);
    room.tick();
    expect(room.state.tanks[0].input.throttle).toBe(1);
    // A stale one (seq 4, sent before 5) does not undo the newer input.
    room.message(seat, input(4, { throttle: -1 }));
    room.tick();
    expect(room.state.tanks[0].input.throttle).toBe(1);
    // A frame that is not an input (a truncated one) changes nothing.
    room.message(seat, input(6, { throttle: -1 }).subarray(0, 10));
    room.tick();
    expect(room.state.tanks[0].input.throttle).toBe(1);
  });

  test("inputs are taken one a tick in seq order, and each view acknowledges the last taken", () => {
    const room = roomWithPlayer();
    const c = client();
    const seat = room.join(c.viewer, 1);
    // Three ticks' inputs arrive at once (a burst): each tick takes one.
    room.message(seat, input(1, { throttle: 1 }));
    room.message(seat, input(2, { turn: 1 }));
    room.message(seat, input(3, { throttle: -1 }));
    const taken: number[][] = [];
    room.tick(); // the tick of margin
    for (let i = 0; i < 3; i++) {
      room.tick();
      const t = room.state.tanks[0].input;
      taken.push([t.throttle, t.turn]);
    }
    expect(taken).toEqual([
      [1, 0],
      [0, 1],
      [-1, 0],
    ]);
    expect(c.views.map((v) => v.ack).slice(-3)).toEqual([1, 2, 3]);
    // The own tank's speed and reload come with each view (prediction starts from them).
    expect(c.views[c.views.length - 1].own).toMatchObject({ reload: 0 });
  });

  test("the intake: a tick without its input repeats the last (a guess); a late one equal to the guess is dropped, a different one is taken late; a client far ahead is taken from there", () => {
    const q = new InputIntake();
    const m = (seq: number, throttle: -1 | 0 | 1 = 1) => ({
      seq,
      throttle,
      turn: 0 as const,
      aim: 0,
      fire: false,
      ack: 0,
      view: 0,
    });
    q.offer(m(10));
    expect(q.take(false)).toBeNull(); // the tick of margin: seq 9 never came, nothing to guess from
    expect(q.take(false)?.input.throttle).toBe(1);
    expect(q.take(false)?.input.throttle).toBe(1); // seq 11 guessed
    expect(q.guessed).toBe(1);
    expect(q.offer(m(11))).toBe(false); // came late, as guessed
    expect(q.offer(m(12, 0))).toBe(true);
    expect(q.take(false)?.input.throttle).toBe(0);
    expect(q.ack).toBe(12);
    q.take(false); // 13 guessed (0)
    expect(q.offer(m(13, -1))).toBe(true); // late and different: taken on the next tick
    expect(q.slid).toBe(1);
    expect(q.take(false)?.input.throttle).toBe(-1);
    expect(q.ack).toBe(13);
    // A jump far ahead (a client whose clock leapt): taken from there.
    expect(q.offer(m(500, 1))).toBe(true);
    expect(q.take(false)?.input.throttle).toBe(1);
    expect(q.ack).toBe(500);
  });
});

describe("forged inputs change nothing", () => {
  /** Plays `ticks` ticks feeding the player's inputs from `each`; answers the room. */
  function play(each: (seq: number) => Uint8Array | string, ticks = 120, seed = 9) {
    const room = roomWithPlayer(seed);
    const seat = room.join(client().viewer, 1);
    for (let i = 1; i <= ticks; i++) {
      room.message(seat, each(i));
      room.tick();
    }
    return room;
  }

  test("speed, fire rate, teleport, another's tank: no input asks more than throttle, turn, aim and trigger", () => {
    const honest = play((i) => input(i, { throttle: 1, fire: true }));
    // Throttle 5 (and turn 3) is not an input at all: the tank does not move.
    const fast = play((i) => {
      const b = input(i, { throttle: 1, fire: true });
      new DataView(b.buffer).setInt8(5, 5);
      return b;
    });
    expect(fast.state.tanks[0].x).toBe(roomWithPlayer(9).state.tanks[0].x);
    // Two or ten inputs a tick: still one tick's worth each tick, and the gun fires as its reload allows.
    const flood = roomWithPlayer(9);
    const seat = flood.join(client().viewer, 1);
    let seq = 0;
    for (let i = 1; i <= 120; i++) {
      for (let k = 0; k < 10; k++) flood.message(seat, input(++seq, { throttle: 1, fire: true }));
      flood.tick();
    }
    expect(flood.state.tanks[0].shots).toBeLessThanOrEqual(honest.state.tanks[0].shots);
    const dist = (r: Room) => Math.hypot(r.state.tanks[0].x - 30, r.state.tanks[0].y - 30);
    expect(Math.abs(dist(flood) - dist(honest))).toBeLessThan(
      honest.state.tanks[0].maxSpeed * 6 + 1, // at most the same top speed for as long
    );
    expect(flood.state.tanks[0].v).toBeLessThanOrEqual(flood.state.tanks[0].maxSpeed);
    // JSON with a position, hit points, a reload and another slot: only t/r/a/f are read, for the own tank.
    const forged = play(() =>
      JSON.stringify({ t: 1, f: true, x: 150, y: 70, hp: 99999, reload: 0, slot: 1, seq: undefined }),
    );
    expect(forged.state.tanks[0].hp).toBeLessThanOrEqual(forged.state.tanks[0].maxHp);
    expect(forged.inputs.every((r) => r[1] === 0)).toBe(true);
    expect(forged.state.tanks[0].shots).toBeLessThanOrEqual(honest.state.tanks[0].shots);
  });

  test("a rewind asked ahead of the present, beyond the measured round trip, or beyond the cap before a measure is ignored (the shot is judged now); beyond the cap within the round trip it is the cap", () => {
    // allowedLag: the view tick asked ×100 against the tick the shot is fired at.
    expect(allowedLag(100, 100 * 100 - 300, null)).toBe(300);
    expect(allowedLag(100, 100 * 100 - (LAG_CAP + 10), null)).toBe(0);
    expect(allowedLag(100, 100 * 100 + 50, null)).toBe(0);
    // 4 ticks (200 ms) back, with a measured round trip of 10 ms: more than the trip explains.
    expect(allowedLag(100, 100 * 100 - 400, 10)).toBe(0);
    expect(allowedLag(100, 100 * 100 - 400, 60)).toBe(400);
    // A long round trip explains an ask beyond the cap: judged at the cap (before a measure: at the present).
    expect(allowedLag(100, 100 * 100 - 600, 200)).toBe(LAG_CAP);
    expect(allowedLag(100, 100 * 100 - 2000, 200)).toBe(0);
    // Through a room: the recorded input carries no lag, and the battle is the one without the ask.
    const asked = (view: (tick: number) => number) => {
      const room = roomWithPlayer(21);
      const seat = room.join(client().viewer, 1);
      for (let i = 1; i <= 200; i++) {
        room.message(seat, input(i, { throttle: 1, fire: true, aim: 300, view: view(room.state.tick) }));
        room.tick();
      }
      return room;
    };
    const none = asked(() => 0);
    const overCap = asked((tick) => (tick < 30 ? 0 : (tick + 1) * 100 - 2000));
    const ahead = asked((tick) => (tick + 5) * 100);
    expect(overCap.inputs.every((r) => (r[7] ?? 0) === 0)).toBe(true);
    expect(overCap.state.tanks.map((t) => [t.x, t.y, t.hp])).toEqual(none.state.tanks.map((t) => [t.x, t.y, t.hp]));
    expect(ahead.state.tanks.map((t) => [t.x, t.y, t.hp])).toEqual(none.state.tanks.map((t) => [t.x, t.y, t.hp]));
    // Within the cap the lag is taken and recorded (the replay judges the shot alike).
    // (Taken a tick after it came: fired two ticks on.)
    const within = asked((tick) => (tick + 2) * 100 - 300);
    expect(within.inputs.some((r) => r[7] === 300)).toBe(true);
    // The record (lags included) replays to the very battle.
    const again = replay({ setup: within.setup, inputs: within.inputs }, { until: within.state.tick });
    expect(digest(again)).toBe(digest(within.state));
  });
});

describe("visibility", () => {
  test("an enemy its team does not spot is never in a player's views (state, shots or hits), nor are its shells far from the player", () => {
    const room = roomWithPlayer(31, 7, "ruinberg");
    const c = client();
    const seat = room.join(c.viewer, 1);
    const team = room.state.tanks[0].team;
    let hidden = 0;
    let shown = 0;
    let seq = 0;
    for (let i = 0; i < 1600 && !room.state.ended; i++) {
      room.message(seat, input(++seq, { throttle: i % 200 < 120 ? 1 : 0, turn: i % 90 < 20 ? 1 : 0, fire: true }));
      room.tick();
      const seen = spottedBy(room.state, team);
      const v = c.views[c.views.length - 1];
      expect(v.tick).toBe(room.state.tick);
      room.state.tanks.forEach((_, k) => {
        if (seen[k]) {
          expect(v.tanks[k]).not.toBeNull();
          shown++;
        } else {
          expect(v.tanks[k]).toBeNull();
          hidden++;
        }
      });
      for (const e of v.events) if (e.kind === "shot") expect(seen[e.slot]).toBe(1);
    }
    // Both happened: enemies hidden and enemies shown.
    expect(hidden).toBeGreaterThan(100);
    expect(shown).toBeGreaterThan(100);
  });

  test("a spectator (an operator) sees every tank", () => {
    const room = roomWithPlayer(31, 7, "ruinberg");
    const c = client();
    room.join(c.viewer, null);
    for (let i = 0; i < 40; i++) room.tick();
    expect(c.views[c.views.length - 1].tanks.every((t) => t !== null)).toBe(true);
  });
});

describe("round trip", () => {
  test("the room pings each connection once a second and measures the answer", () => {
    const room = roomWithPlayer();
    let now = 1000;
    room.now = () => now;
    const c = client();
    const seat = room.join(c.viewer, 1);
    for (let i = 0; i < 20; i++) room.tick();
    const ping = c.raw.find((d) => d[0] === OP.PING);
    expect(ping).toBeDefined();
    now += 80;
    room.message(seat, encodePing(OP.PONG, decodePing(ping as Uint8Array, OP.PING) ?? 0));
    expect(seat.link.rtt).toBe(80);
  });
});

describe("lag compensation", () => {
  /**
   * Slot 0 fires east along y = 70 from x = 40 at slot 1, which crosses north to south at x = 100.
   * The shooter sees the target `seen` hundredths of a tick late and fires when its view says the
   * shell will meet it; the server judges the shot `judged` hundredths of a tick in the past.
   */
  function crossing(seen: number, judged: number) {
    const setup: BattleSetup = botBattle(1, 1, "steppe", 300);
    setup.seats = setup.seats.map((s, i) => ({ ...s, playerId: 10 + i, bot: undefined }));
    const s = createBattle(setup);
    s.map = { ...s.map, obstacles: [] };
    Object.assign(s.tanks[0], { x: 40, y: 70, hull: 0, turret: 0 });
    // A fast target (25 m/s: 5 m in 200 ms, more than its radius), so being seen late matters.
    Object.assign(s.tanks[1], { x: 100, y: 20, hull: Math.PI / 2, turret: 0, maxSpeed: 25, v: 25 });
    setInput(s, 1, { throttle: 1, turn: 0, aim: 0, fire: false });
    const flight = (100 - 40 - 3.8) / 140;
    let fired = false;
    for (let i = 0; i < 120 && !s.ended; i++) {
      const y = s.tanks[1].y - (s.tanks[1].v * (seen / 100)) / 20;
      const fire: boolean = !fired && Math.abs(y + s.tanks[1].v * flight - 70) < 0.4;
      fired ||= fire;
      setInput(s, 0, { throttle: 0, turn: 0, aim: 0, fire, lag: judged });
      step(s);
    }
    expect(fired).toBe(true);
    return s.tanks[0].hits;
  }

  test("a shot aimed at where the shooter saw a crossing tank hits when judged with the shooter's lag", () => {
    // Seen 4 ticks (200 ms) late: judged then, it hits; judged at the present, it misses.
    expect(crossing(400, 400)).toBe(1);
    expect(crossing(400, 0)).toBe(0);
    // Seen at once and judged at once: a hit, as it always was.
    expect(crossing(0, 0)).toBe(1);
    // A lag beyond the cap is judged at the cap, not further (the simulation keeps the cap too).
    expect(crossing(LAG_CAP + 400, LAG_CAP + 400)).toBe(0);
  });
});

describe("binary client frames", () => {
  test("what a binary decoder answers always passes its kind's schema (the schema's parse is skipped for them)", () => {
    let seed = 12345;
    const rnd = () => (seed = (Math.imul(seed, 1103515245) + 12345) >>> 0) / 2 ** 32;
    let decoded = 0;
    for (let i = 0; i < 20000; i++) {
      const kind = (["input", "kit", "pong"] as const)[i % 3];
      const len = kind === "input" ? 18 : kind === "kit" ? 2 : 5;
      const b = new Uint8Array(len);
      for (let k = 1; k < len; k++) b[k] = rnd() < 0.5 ? Math.floor(rnd() * 3) : Math.floor(rnd() * 256);
      b[0] = clientMessages[kind].op;
      const m = decodeClient(b);
      if (!m) continue;
      decoded++;
      expect(clientMessages[m.kind].schema.safeParse(m.body).success).toBe(true);
    }
    expect(decoded).toBeGreaterThan(1000);
  });
});
