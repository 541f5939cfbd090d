import { describe, expect, test } from "bun:test";
import { createBattle, digest, sanitizeInput, setInput, step, SIM, IDLE, onBase } from "./sim.ts";
import { replay, recordOf, inputOf, stopRecord, applyRecorded, type InputRecord } from "./replay.ts";
import { botBattle, specFor, DEFAULT_BOT_PROFILES } from "./fixtures.ts";
import { nextRandom } from "./rng.ts";
import { mapByName } from "./maps.ts";
import type { BattleSetup, BattleState } from "./types.ts";

/** Two players (slots 0 and 1) against each other with bots on both sides. */
function mixed(seed: number, roundSeconds = 120): BattleSetup {
  const setup = botBattle(seed, 4, "himmelsdorf", roundSeconds);
  setup.seats[0] = { ...setup.seats[0], playerId: 11, name: "Alice", bot: undefined };
  setup.seats[1] = { ...setup.seats[1], playerId: 12, name: "Bob", bot: undefined };
  return setup;
}

/** Plays a battle with made-up driving for the players, recording every input as the server does. */
function playRecorded(setup: BattleSetup, ticks: number) {
  const state = createBattle(setup);
  const inputs: InputRecord[] = [];
  const chance = { rng: 99 };
  while (!state.ended && state.tick < ticks) {
    for (const slot of [0, 1]) {
      if (nextRandom(chance) < 0.2) {
        const raw = {
          t: Math.floor(nextRandom(chance) * 3) - 1,
          r: Math.floor(nextRandom(chance) * 3) - 1,
          a: nextRandom(chance) * 7 - 3.5,
          f: nextRandom(chance) < 0.5,
        };
        const rec = recordOf(state.tick, slot, sanitizeInput(raw, state.tanks[slot].input)!);
        if (setInput(state, slot, inputOf(rec))) inputs.push(rec);
      }
    }
    step(state);
  }
  return { state, inputs };
}

describe("replay", () => {
  test("a recorded battle replays to the same state and the same result", () => {
    const setup = mixed(7);
    const live = playRecorded(setup, 2400);
    expect(live.inputs.length).toBeGreaterThan(50);
    const again = replay({ setup, inputs: live.inputs });
    expect(again.tick).toBe(live.state.tick);
    expect(digest(again)).toBe(digest(live.state));
    expect(again.ended).toEqual(live.state.ended);
    expect(again.tanks.map((t) => [t.kills, t.damage, t.hp])).toEqual(
      live.state.tanks.map((t) => [t.kills, t.damage, t.hp]),
    );
  });

  test("a replay with one input changed is a different battle (the digest can tell)", () => {
    const setup = mixed(8);
    const live = playRecorded(setup, 600);
    const changed = live.inputs.map((r, i) => (i === 3 ? ([r[0], r[1], 1, 1, r[4], r[5]] as InputRecord) : r));
    if (changed[3][2] === live.inputs[3][2] && changed[3][3] === live.inputs[3][3])
      changed[3] = [changed[3][0], changed[3][1], -1, -1, changed[3][4], changed[3][5]];
    expect(digest(replay({ setup, inputs: changed }, { until: 600 }))).not.toBe(
      digest(replay({ setup, inputs: live.inputs }, { until: 600 })),
    );
  });

  test("an operator's stop is recorded and replayed", () => {
    const setup = mixed(9);
    const state = createBattle(setup);
    for (let i = 0; i < 100; i++) step(state);
    const inputs = [stopRecord(state.tick)];
    applyRecorded(state, inputs, 0);
    expect(state.ended).toEqual({ winner: -1, reason: "stopped", tick: 100 });
    expect(replay({ setup, inputs }).ended).toEqual(state.ended);
  });
});

describe("forged input changes nothing", () => {
  const duel = (): BattleState => {
    const setup: BattleSetup = {
      seed: 1,
      map: "prokhorovka",
      roundSeconds: 300,
      seats: [
        { team: 0, playerId: 1, name: "A", tank: specFor(1, 5) },
        { team: 1, playerId: 2, name: "B", tank: specFor(2, 5) },
      ],
    };
    return createBattle(setup);
  };

  test("holding the trigger fires once per reload, never faster", () => {
    const s = duel();
    const t = s.tanks[0];
    setInput(s, 0, { ...IDLE, aim: Math.PI / 2, fire: true });
    // Shots at ticks 1, 1 + reload, 1 + 2·reload.
    for (let i = 0; i < 1 + t.reloadTicks * 2; i++) step(s);
    expect(t.shots).toBe(3);
    // Asking again every tick (with a forged reload) does not load the gun any sooner.
    for (let i = 0; i < t.reloadTicks - 1; i++) {
      setInput(s, 0, sanitizeInput({ f: true, reload: 0 }, t.input)!);
      step(s);
    }
    expect(t.shots).toBe(3);
    step(s);
    expect(t.shots).toBe(4);
  });

  test("a position, hit points or a tank in an input are dropped", () => {
    const a = duel(),
      b = duel();
    setInput(a, 0, sanitizeInput({ t: 1, r: 0, a: 0, f: false }, a.tanks[0].input)!);
    setInput(
      b,
      0,
      sanitizeInput({ t: 1, r: 0, a: 0, f: false, x: 150, y: 70, hp: 99999, slot: 1, tankId: 9 }, b.tanks[0].input)!,
    );
    for (let i = 0; i < 40; i++) {
      step(a);
      step(b);
    }
    expect(digest(b)).toBe(digest(a));
    expect(b.tanks[0].hp).toBe(b.tanks[0].maxHp);
    expect(b.tanks[0].x).toBeLessThan(60);
  });

  test("throttle and turn beyond one are one; a bad angle keeps the last; junk is nothing", () => {
    const last = { ...IDLE, aim: 1 };
    expect(sanitizeInput({ t: 50, r: -7, a: "north", f: "yes" }, last)).toEqual({
      throttle: 1,
      turn: -1,
      aim: 1,
      fire: false,
    });
    expect(sanitizeInput({ a: Number.NaN }, last)!.aim).toBe(1);
    expect(sanitizeInput({ a: 1e9 }, last)!.aim).toBe(1);
    expect(sanitizeInput("fire", last)).toBeNull();
    expect(sanitizeInput(null, last)).toBeNull();
  });

  test("a bot's tank, a dead tank and an ended battle take no input", () => {
    const s = createBattle(mixed(3));
    expect(setInput(s, 2, { ...IDLE, throttle: 1 })).toBe(false);
    expect(setInput(s, 99, { ...IDLE, throttle: 1 })).toBe(false);
    s.tanks[0].alive = false;
    expect(setInput(s, 0, { ...IDLE, throttle: 1 })).toBe(false);
    s.ended = { winner: -1, reason: "time", tick: 1 };
    expect(setInput(s, 1, { ...IDLE, throttle: 1 })).toBe(false);
  });
});

describe("the world", () => {
  test("tanks never leave the arena nor enter an obstacle", () => {
    const s = createBattle(botBattle(5, 7, "himmelsdorf", 120));
    const r = SIM.tankRadius;
    let worst = 0;
    while (!s.ended) {
      step(s);
      for (const t of s.tanks) {
        if (!t.alive) continue;
        expect(t.x).toBeGreaterThanOrEqual(r - 1e-9);
        expect(t.y).toBeLessThanOrEqual(s.map.height - r + 1e-9);
        for (const b of s.map.obstacles) {
          const cx = Math.max(b.x, Math.min(t.x, b.x + b.w)),
            cy = Math.max(b.y, Math.min(t.y, b.y + b.h));
          worst = Math.max(worst, r - Math.hypot(t.x - cx, t.y - cy));
        }
      }
    }
    // Two tanks pushed together against a wall may sink in by a few centimetres for a tick.
    expect(worst).toBeLessThan(0.3);
  });

  test("a shell that penetrates takes the catalogue's damage give or take a fifth; one that does not, nothing", () => {
    const shoot = (attacker: ReturnType<typeof specFor>, defender: ReturnType<typeof specFor>, hull: number) => {
      const s = createBattle({
        seed: 4,
        map: "prokhorovka",
        roundSeconds: 300,
        seats: [
          { team: 0, playerId: 1, name: "A", tank: attacker },
          { team: 1, playerId: 2, name: "B", tank: defender },
        ],
      });
      const [a, d] = s.tanks;
      a.x = 120;
      a.y = 60;
      d.x = 150;
      d.y = 60;
      d.hull = hull;
      a.turret = 0;
      setInput(s, 0, { ...IDLE, aim: 0, fire: true });
      for (let i = 0; i < 10; i++) step(s);
      return { dealt: d.maxHp - d.hp, hits: a.hits };
    };
    const heavy = specFor(2, 8, "heavy"),
      light = specFor(1, 2, "light");
    // A tier-8 gun into a tier-2 light tank's side.
    const big = shoot(heavy, light, Math.PI / 2);
    expect(big.hits).toBe(1);
    expect(big.dealt).toBeGreaterThanOrEqual(Math.min(light.hp, Math.round(heavy.damage * 0.8)));
    // A tier-2 gun against a tier-8 heavy's front: armour 274 against penetration 79.
    expect(shoot(light, heavy, Math.PI)).toEqual({ dealt: 0, hits: 0 });
  });

  test("rear armour is thinner than the front", () => {
    const attacker = specFor(1, 6, "medium"),
      target = specFor(2, 6, "heavy");
    const s = (hull: number, seed: number) => {
      const b = createBattle({
        seed,
        map: "prokhorovka",
        roundSeconds: 300,
        seats: [
          { team: 0, playerId: 1, name: "A", tank: attacker },
          { team: 1, playerId: 2, name: "B", tank: target },
        ],
      });
      b.tanks[0].x = 120;
      b.tanks[0].y = 60;
      b.tanks[1].x = 150;
      b.tanks[1].y = 60;
      b.tanks[1].hull = hull;
      b.tanks[0].turret = 0;
      setInput(b, 0, { ...IDLE, aim: 0, fire: true });
      for (let i = 0; i < 10; i++) step(b);
      return b.tanks[0].hits;
    };
    let front = 0,
      rear = 0;
    for (let seed = 1; seed <= 20; seed++) {
      front += s(Math.PI, seed);
      rear += s(0, seed);
    }
    expect(rear).toBe(20);
    expect(front).toBeLessThan(5);
  });
});

describe("the end", () => {
  const two = (roundSeconds = 300): BattleState =>
    createBattle({
      seed: 2,
      map: "prokhorovka",
      roundSeconds,
      seats: [
        { team: 0, playerId: 1, name: "A", tank: specFor(1, 5) },
        { team: 1, playerId: 2, name: "B", tank: specFor(2, 5) },
      ],
    });

  test("time out is a draw", () => {
    const s = two(60);
    while (!s.ended) step(s);
    expect(s.ended).toEqual({ winner: -1, reason: "time", tick: 1200 });
  });

  test("a tank alone on the base captures it for its team", () => {
    const s = two();
    s.tanks[1].x = mapByName("prokhorovka").base.x;
    s.tanks[1].y = mapByName("prokhorovka").base.y;
    expect(onBase(s, s.tanks[1])).toBe(true);
    while (!s.ended) step(s);
    expect(s.ended!.winner).toBe(1);
    expect(s.ended!.reason).toBe("captured");
    expect(s.ended!.tick).toBeGreaterThan(30 * 20);
  });

  test("the base held by both sides is not captured", () => {
    const s = two(90);
    const { x, y } = mapByName("prokhorovka").base;
    Object.assign(s.tanks[0], { x: x - 4, y });
    Object.assign(s.tanks[1], { x: x + 4, y });
    while (!s.ended) step(s);
    expect(s.ended!.reason).toBe("time");
  });

  test("the last tank of a team destroyed ends it", () => {
    const s = two();
    Object.assign(s.tanks[0], { x: 120, y: 60 });
    Object.assign(s.tanks[1], { x: 140, y: 60, hull: Math.PI / 2 });
    s.tanks[1].hp = 1;
    setInput(s, 0, { ...IDLE, aim: 0, fire: true });
    for (let i = 0; i < 10 && !s.ended; i++) step(s);
    expect(s.ended).toMatchObject({ winner: 0, reason: "destroyed" });
    expect(s.tanks[0].kills).toBe(1);
  });
});

describe("bots", () => {
  test("a battle of bots is fought out: they move, shoot, hit and finish it before the clock", () => {
    for (const map of ["prokhorovka", "himmelsdorf", "malinovka", "steppes"]) {
      const s = createBattle(botBattle(21, 7, map, 900));
      const start = s.tanks.map((t) => [t.x, t.y]);
      let hits = 0;
      while (!s.ended) {
        step(s);
        hits += s.events.filter((e) => e.kind === "hit").length;
        if (s.tick === 20 * 20) {
          // After 20 s every bot has left its spawn.
          s.tanks.forEach((t, i) => {
            expect(Math.hypot(t.x - start[i][0], t.y - start[i][1])).toBeGreaterThan(15);
          });
        }
      }
      expect(s.ended!.reason).not.toBe("time");
      expect(hits).toBeGreaterThan(20);
    }
  }, 30_000);

  test("bots do not drive into walls: a bot pressed against an obstacle without getting anywhere is rare", () => {
    for (const map of ["himmelsdorf", "malinovka"]) {
      const s = createBattle(botBattle(3, 7, map, 300));
      const was = s.tanks.map((t) => [t.x, t.y]);
      let pressed = 0,
        samples = 0;
      while (!s.ended) {
        step(s);
        if (s.tick % 20) continue;
        for (const t of s.tanks) {
          if (!t.alive) continue;
          samples++;
          const touching = s.map.obstacles.some(
            (b) =>
              Math.hypot(t.x - Math.max(b.x, Math.min(t.x, b.x + b.w)), t.y - Math.max(b.y, Math.min(t.y, b.y + b.h))) <
              SIM.tankRadius + 0.05,
          );
          const stalled = Math.hypot(t.x - was[t.slot][0], t.y - was[t.slot][1]) < 1;
          if (touching && stalled && t.input.throttle !== 0) pressed++;
          was[t.slot] = [t.x, t.y];
        }
      }
      expect(pressed / samples).toBeLessThan(0.03);
    }
  });

  test("a sharper profile wins more often than a clumsier one", () => {
    let sharp = 0;
    for (let seed = 1; seed <= 12; seed++) {
      const setup = botBattle(seed, 5, ["prokhorovka", "himmelsdorf", "malinovka", "steppes"][seed % 4], 420);
      for (const seat of setup.seats) seat.bot = seat.team === 0 ? DEFAULT_BOT_PROFILES[3] : DEFAULT_BOT_PROFILES[0];
      const s = createBattle(setup);
      while (!s.ended) step(s);
      if (s.ended!.winner === 0) sharp++;
    }
    expect(sharp).toBeGreaterThanOrEqual(8);
  }, 30_000);

  test("bots capture the base when nobody defends it", () => {
    const setup = botBattle(6, 3, "prokhorovka", 300);
    // The other side's drivers are players who never touch their controls, parked far from the base.
    setup.seats.forEach((seat) => {
      if (seat.team === 1) {
        seat.bot = undefined;
        seat.playerId = 1000;
      }
    });
    const s = createBattle(setup);
    s.tanks
      .filter((t) => t.team === 1)
      .forEach((t, i) => {
        Object.assign(t, { x: 314, y: 4 + i * 6, hull: 0 });
      });
    while (!s.ended) step(s);
    expect(s.ended!.winner).toBe(0);
  });
});

test("the simulation draws on no engine-dependent maths (Math.sin, cos, atan2, hypot, random), so it replays alike everywhere", async () => {
  const dir = new URL(".", import.meta.url).pathname;
  for (const file of ["sim.ts", "bots.ts", "maps.ts", "replay.ts", "rng.ts", "crew.ts"]) {
    const text = (await Bun.file(dir + file).text()).replace(/\/\*[\s\S]*?\*\//g, "").replace(/\/\/.*$/gm, "");
    expect(text.match(/Math\.(sin|cos|tan|atan2?|hypot|random|exp|log|pow)\b/g) ?? [], file).toEqual([]);
  }
});
