// The crew in battle: a trained crew's tank loads, drives and turns faster in the simulation than
// an untrained one's, within the rules' bounds, and a battle with crews replays to the same end.
import { describe, expect, test } from "bun:test";
import { createBattle, digest, setInput, step, IDLE, sanitizeInput } from "./sim.ts";
import { replay, recordOf, inputOf, type InputRecord } from "./replay.ts";
import { botBattle, specFor } from "./fixtures.ts";
import { nextRandom } from "./rng.ts";
import { crewBonus, botCrewBonus, memberPercent, boundedCrew, CREW_RULES, type CrewBonus } from "./crew.ts";
import type { BattleSetup } from "./types.ts";

const ROLES = ["commander", "gunner", "driver", "loader", "radio"];
const untrained = crewBonus(ROLES.map((role) => ({ role, level: 1, skillLevel: 0 })));
const trained = crewBonus(ROLES.map((role) => ({ role, level: 8, skillLevel: 2 })));

/** One tank alone on the steppe (the other far off, idle), with the given crew. */
function alone(crew: CrewBonus | undefined): BattleSetup {
  return {
    seed: 3,
    map: "prokhorovka",
    roundSeconds: 300,
    seats: [
      { team: 0, playerId: 1, name: "A", tank: specFor(1, 5), crew },
      { team: 1, playerId: 2, name: "B", tank: specFor(2, 5) },
    ],
  };
}

describe("the crew's bonuses", () => {
  test("levels above the first and trained skill levels add a percent each, up to the cap; the radio operator changes nothing here", () => {
    expect(memberPercent(1, 0)).toBe(0);
    expect(memberPercent(4, 2)).toBe(5);
    expect(memberPercent(10, 7)).toBe(CREW_RULES.maxPercent);
    expect(untrained).toEqual({ reload: 0, mobility: 0, aim: 0, view: 0 });
    expect(trained).toEqual({ reload: 9, mobility: 9, aim: 9, view: 9 });
    expect(crewBonus([{ role: "radio", level: 10, skillLevel: 5 }])).toEqual({
      reload: 0,
      mobility: 0,
      aim: 0,
      view: 0,
    });
    expect(crewBonus([{ role: "loader", level: 3, skillLevel: 0 }])).toEqual({
      reload: 2,
      mobility: 0,
      aim: 0,
      view: 0,
    });
    expect(botCrewBonus(6)).toEqual({ reload: 5, mobility: 5, aim: 5, view: 5 });
    // A stored setup's crew is bounded again when a battle is built from it.
    expect(boundedCrew({ reload: 90, mobility: -4, aim: 2.5, view: 3 })).toEqual({
      reload: CREW_RULES.maxPercent,
      mobility: 0,
      aim: 0,
      view: 3,
    });
  });
});

describe("a trained crew in the simulation", () => {
  test("reloads faster: more shots in the same time than an untrained crew", () => {
    const shots = (crew: CrewBonus) => {
      const s = createBattle(alone(crew));
      setInput(s, 0, { ...IDLE, aim: Math.PI / 2, fire: true });
      for (let i = 0; i < 20 * 60; i++) step(s);
      return { shots: s.tanks[0].shots, reloadTicks: s.tanks[0].reloadTicks };
    };
    const slow = shots(untrained),
      fast = shots(trained);
    expect(fast.reloadTicks).toBeLessThan(slow.reloadTicks);
    expect(fast.reloadTicks).toBe(Math.round(slow.reloadTicks * 0.91));
    expect(fast.shots).toBeGreaterThan(slow.shots);
  });

  test("moves and turns faster: further in the same seconds at full throttle, more hull turned", () => {
    const drive = (crew: CrewBonus, input: { throttle: -1 | 0 | 1; turn: -1 | 0 | 1 }) => {
      const s = createBattle(alone(crew));
      const t = s.tanks[0];
      const x0 = t.x,
        y0 = t.y,
        h0 = t.hull;
      setInput(s, 0, { ...IDLE, aim: t.hull, ...input });
      for (let i = 0; i < 20; i++) step(s);
      return { moved: Math.hypot(t.x - x0, t.y - y0), turned: Math.abs(t.hull - h0), top: t.maxSpeed };
    };
    const slow = drive(untrained, { throttle: 1, turn: 0 }),
      fast = drive(trained, { throttle: 1, turn: 0 });
    expect(fast.top).toBeCloseTo(slow.top * 1.09, 9);
    expect(fast.moved).toBeGreaterThan(slow.moved * 1.05);
    expect(drive(trained, { throttle: 0, turn: 1 }).turned).toBeGreaterThan(
      drive(untrained, { throttle: 0, turn: 1 }).turned * 1.05,
    );
  });

  test("a setup without a crew plays exactly as one with an untrained crew", () => {
    const a = createBattle(botBattle(21, 3));
    const plain = botBattle(21, 3);
    const b = createBattle({ ...plain, seats: plain.seats.map((s) => ({ ...s, crew: untrained })) });
    for (let i = 0; i < 1200; i++) {
      step(a);
      step(b);
    }
    expect(digest(b)).toBe(digest(a));
  });

  test("a battle with crews replays to the same state, and its crews make it another battle than without", () => {
    const base = botBattle(5, 4, "himmelsdorf", 120);
    base.seats[0] = { ...base.seats[0], playerId: 11, name: "Alice", bot: undefined };
    const setup: BattleSetup = {
      ...base,
      seats: base.seats.map((s, i) => ({ ...s, crew: i % 2 ? trained : botCrewBonus(1 + (i % 7)) })),
    };
    // Recorded as the room does it (the setup goes through JSON in battle_rooms).
    const stored = JSON.parse(JSON.stringify(setup)) as BattleSetup;
    const state = createBattle(setup);
    const inputs: InputRecord[] = [];
    const chance = { rng: 42 };
    while (!state.ended && state.tick < 2400) {
      if (nextRandom(chance) < 0.2) {
        const raw = {
          t: Math.floor(nextRandom(chance) * 3) - 1,
          r: Math.floor(nextRandom(chance) * 3) - 1,
          a: nextRandom(chance) * 7 - 3.5,
          f: nextRandom(chance) < 0.5,
          crew: { reload: 10 },
        };
        const rec = recordOf(state.tick, 0, sanitizeInput(raw, state.tanks[0].input)!);
        if (setInput(state, 0, inputOf(rec))) inputs.push(rec);
      }
      step(state);
    }
    const again = replay({ setup: stored, inputs });
    expect(again.tick).toBe(state.tick);
    expect(digest(again)).toBe(digest(state));
    expect(again.ended).toEqual(state.ended);
    const without = replay(
      { setup: { ...stored, seats: stored.seats.map(({ crew: _c, ...s }) => s) }, inputs },
      { until: state.tick },
    );
    expect(digest(without)).not.toBe(digest(state));
  });
});
