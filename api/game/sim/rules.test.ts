// The rules that change a tank in battle: modules, consumables, fire/tracks/crew, camouflage and
// bushes (the spotting rule), idle tanks, and bots that never fire through an ally.
import { describe, expect, test } from "bun:test";
import { createBattle, step, setInput, tankFigures, applyKit, IDLE, SIM, isIdle } from "./sim.ts";
import { replay, recordOf } from "./replay.ts";
import { spots, SIGHT } from "./sight.ts";
import { botBattle, specFor } from "./fixtures.ts";
import { MAPS, type MapDef } from "./maps.ts";
import type { BattleSetup, Seat } from "./types.ts";

const open: MapDef = {
  name: "test-open",
  width: 400,
  height: 200,
  obstacles: [],
  bushes: [{ x: 195, y: 90, w: 10, h: 20 }],
  base: { x: 200, y: 40, r: 10 },
  spawns: [[{ x: 20, y: 100 }], [{ x: 380, y: 100 }]],
};

function duel(a: Partial<Seat> = {}, b: Partial<Seat> = {}): BattleSetup {
  return {
    seed: 7,
    map: open.name,
    mapDef: open,
    roundSeconds: 600,
    seats: [
      { team: 0, playerId: 1, name: "A", tank: specFor(1, 5, "medium"), ...a },
      { team: 1, playerId: 2, name: "B", tank: specFor(2, 5, "medium"), ...b },
    ],
  };
}

describe("modules change the tank's figures in the simulation", () => {
  test("a gun, an engine, a turret, tracks and a radio each raise their figure by their percent", () => {
    const plain = createBattle(duel()).tanks[0];
    const fitted = createBattle(
      duel({ modules: { damage: 15, speed: 10, rateOfFire: 12, armor: 9, viewRange: 20, hp: 10 } }),
    ).tanks[0];
    expect(fitted.gunDamage).toBe(Math.round(plain.gunDamage * 1.15));
    expect(fitted.maxSpeed).toBeCloseTo(plain.maxSpeed * 1.1, 6);
    expect(fitted.reloadTicks).toBeLessThan(plain.reloadTicks);
    expect(fitted.armour).toBe(Math.round(plain.armour * 1.09));
    expect(fitted.sight).toBeCloseTo(plain.sight * 1.2, 6);
    expect(fitted.maxHp).toBeGreaterThan(plain.maxHp);
    // tankFigures is what the hangar shows: the same numbers.
    expect(tankFigures({ tank: specFor(1, 5, "medium"), modules: { damage: 15 } }).damage).toBe(fitted.gunDamage);
  });

  test("a faster engine drives further in the same ten seconds", () => {
    const run = (speed: number) => {
      const s = createBattle(duel({ modules: { speed } }));
      setInput(s, 0, { ...IDLE, throttle: 1, aim: 0 });
      for (let i = 0; i < 200; i++) step(s);
      return s.tanks[0].x;
    };
    expect(run(20)).toBeGreaterThan(run(0) + 10);
  });

  test("bonuses from a stored setup are bounded: junk is nothing", () => {
    const t = createBattle(duel({ modules: { damage: 1e9, speed: -50, hp: 2.5 } as never })).tanks[0];
    const plain = createBattle(duel()).tanks[0];
    expect(t.gunDamage).toBe(plain.gunDamage * 2);
    expect(t.maxSpeed).toBe(plain.maxSpeed);
    expect(t.maxHp).toBe(plain.maxHp);
  });
});

describe("consumables", () => {
  const kit: Seat["kit"] = [
    { kind: "repair", charges: 2, cooldown: 5, effect: 100 },
    { kind: "extinguisher", charges: 1, cooldown: 0, effect: 100 },
    { kind: "medkit", charges: 1, cooldown: 0, effect: 100 },
  ];

  test("a repair kit restores hit points and mends the tracks once per charge, not while it cools down", () => {
    const s = createBattle(duel({ kit }));
    const t = s.tanks[0];
    t.hp = 100;
    t.tracks = 50;
    expect(applyKit(s, 0, "repair")).toBe(true);
    const healed = Math.round(t.maxHp * SIM.repairShare);
    expect(t.hp).toBe(100 + healed);
    expect(t.tracks).toBe(0);
    // Cooling down: nothing, no charge spent.
    expect(applyKit(s, 0, "repair")).toBe(false);
    expect(t.hp).toBe(100 + healed);
    for (let i = 0; i < 5 * 20; i++) step(s);
    expect(applyKit(s, 0, "repair")).toBe(true);
    expect(t.hp).toBe(100 + 2 * healed);
    for (let i = 0; i < 5 * 20; i++) step(s);
    // Both charges used: a third does nothing.
    expect(applyKit(s, 0, "repair")).toBe(false);
    expect(t.hp).toBe(100 + 2 * healed);
    expect(t.kit.find((k) => k.kind === "repair")).toMatchObject({ charges: 0, used: 2 });
  });

  test("an extinguisher puts a fire out (the fire burns otherwise); a first-aid kit heals the crew; nothing to do spends nothing", () => {
    const burning = (use: boolean) => {
      const s = createBattle(duel({ kit }));
      const t = s.tanks[0];
      expect(applyKit(s, 0, "extinguisher")).toBe(false);
      t.burning = SIM.fireTicks;
      step(s);
      if (use) expect(applyKit(s, 0, "extinguisher")).toBe(true);
      for (let i = 0; i < SIM.fireTicks; i++) step(s);
      return t.maxHp - t.hp;
    };
    expect(burning(false)).toBeGreaterThan(0);
    expect(burning(true)).toBe(0);

    const s = createBattle(duel({ kit }));
    const t = s.tanks[0];
    t.crewHurt = 1;
    setInput(s, 0, { ...IDLE, fire: true });
    step(s);
    expect(t.reload).toBe(Math.round(t.reloadTicks * SIM.crewReload));
    expect(applyKit(s, 0, "medkit")).toBe(true);
    expect(t.crewHurt).toBe(0);
    expect(applyKit(s, 0, "medkit")).toBe(false);
  });

  test("a tank without the kit cannot use it; a use in the record replays", () => {
    const s = createBattle(duel());
    s.tanks[0].hp = 10;
    expect(applyKit(s, 0, "repair")).toBe(false);
    const setup = duel({ kit });
    const live = createBattle(setup);
    live.tanks[0].hp = live.tanks[0].maxHp; // nothing to repair at first
    for (let i = 0; i < 10; i++) step(live);
    expect(applyKit(live, 0, "repair")).toBe(false);
  });
});

describe("the spotting rule", () => {
  const place = (s: ReturnType<typeof createBattle>, ax: number, bx: number) => {
    Object.assign(s.tanks[0], { x: ax, y: 100, v: 0 });
    Object.assign(s.tanks[1], { x: bx, y: 100, v: 0 });
  };

  test("a tank further than its view range less the enemy's concealment is not seen; nearer it is", () => {
    const s = createBattle(duel());
    const [a, b] = s.tanks;
    const range = a.sight * (1 - b.concealment);
    place(s, 20, 20 + range - 2);
    expect(spots(s, a, b)).toBe(true);
    place(s, 20, 20 + range + 2);
    expect(spots(s, a, b)).toBe(false);
  });

  test("camouflage and a bush hide a tank; firing gives it away; close by everything is seen", () => {
    const seen = (camouflage: number, bx: number, fired = false, ax = 20) => {
      const s = createBattle(duel({}, { camouflage }));
      place(s, ax, bx);
      if (fired) s.tanks[1].firedAt = s.tick;
      return spots(s, s.tanks[0], s.tanks[1]);
    };
    const s = createBattle(duel());
    const range = s.tanks[0].sight * (1 - s.tanks[1].concealment);
    // Just inside the range in the open; camouflage of 8 % pushes it out.
    expect(seen(0, 20 + range - 2)).toBe(true);
    expect(seen(8, 20 + range - 2)).toBe(false);
    // In the bush (x 195–205) at 90 m: hidden; having just fired: seen.
    expect(seen(0, 200, false, 110)).toBe(false);
    expect(seen(0, 200, true, 110)).toBe(true);
    expect(seen(0, 190, false, 110)).toBe(true);
    // Right beside it, even a bush hides nothing.
    expect(seen(0, 200, false, 200 - SIGHT.proximity + 1)).toBe(true);
  });
});

describe("an idle tank", () => {
  test("one that never moves nor fires is idle; one that drives or fires is not", () => {
    const s = createBattle(duel());
    setInput(s, 1, { ...IDLE, throttle: 1 });
    for (let i = 0; i < 200; i++) step(s);
    expect(isIdle(s.tanks[0])).toBe(true);
    expect(isIdle(s.tanks[1])).toBe(false);
    setInput(s, 0, { ...IDLE, fire: true });
    step(s);
    expect(isIdle(s.tanks[0])).toBe(false);
  });
});

describe("bots", () => {
  test("never fire with an ally in the line: under 3 % of their shells strike a friend, over whole battles", () => {
    let shots = 0,
      ally = 0;
    for (const [i, map] of MAPS.entries()) {
      const s = createBattle(botBattle(40 + i, 7, map.name, 420));
      while (!s.ended) step(s);
      for (const t of s.tanks) {
        shots += t.shots;
        ally += t.allyHits;
      }
    }
    expect(shots).toBeGreaterThan(200);
    expect(ally / shots).toBeLessThan(0.03);
  }, 30_000);

  test("see only what their team sees: a bot does not turn on an enemy hidden in a bush", () => {
    const setup = duel({ bot: { name: "Ace", aimError: 1, reactionMs: 200, aggression: 0.9 }, playerId: null });
    const s = createBattle(setup);
    Object.assign(s.tanks[0], { x: 110, y: 100, hull: 0, turret: 0 });
    Object.assign(s.tanks[1], { x: 200, y: 100 });
    for (let i = 0; i < 40; i++) step(s);
    expect(s.tanks[0].shots).toBe(0);
    // Out of the bush, in the open at the same distance, it is engaged.
    Object.assign(s.tanks[1], { x: 180, y: 100 });
    for (let i = 0; i < 60; i++) step(s);
    expect(s.tanks[0].shots).toBeGreaterThan(0);
  });

  test("a battle with consumables and damage effects replays to the same result", () => {
    const setup = botBattle(77, 5, "steppes", 420);
    for (const seat of setup.seats) seat.kit = [{ kind: "repair", charges: 2, cooldown: 30, effect: 100 }];
    const a = createBattle(setup);
    while (!a.ended) step(a);
    const b = replay({ setup, inputs: [] });
    expect(b.ended).toEqual(a.ended);
    expect(b.tanks.map((t) => [t.hp, t.kit[0]?.used])).toEqual(a.tanks.map((t) => [t.hp, t.kit[0]?.used]));
    expect(a.tanks.some((t) => (t.kit[0]?.used ?? 0) > 0)).toBe(true);
    expect(recordOf(1, 0, IDLE)).toHaveLength(6);
  }, 30_000);
});
