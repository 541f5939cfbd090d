// The retention summary (D1/D7/D30) on a fixed clock counts only the cohorts whose day n has
// ended: a cohort whose day n is today is still filling and stays out of the numerator and the
// denominator. The triangle still shows today's cells (the screen marks them unfinished).
// Against a real chDB session, events written straight into the warehouse.
import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { makeWorld, type TestWorld } from "../../api/test/fixture.ts";
import { toCHDateTime } from "../events.ts";
import { retention } from "./retention.ts";
import { resolvePeriod } from "./period.ts";

const NOW = Date.UTC(2026, 10, 20, 12, 0, 0); // 2026-11-20 12:00 UTC: "today" is the 20th
const at = (day: string, hour = 10) => Date.parse(`${day}T${String(hour).padStart(2, "0")}:00:00Z`);

let w: TestWorld;
let seq = 0;
const uuid = () => `00000000-0000-4000-a000-${(++seq).toString(16).padStart(12, "0")}`;

/** Cohorts: per registration day, how many registered and who came back on which later days. */
const COHORTS: { day: string; size: number; back: Record<string, number> }[] = [
  // D1 ended yesterday (the 19th): 1 of 2 came back → counted.
  { day: "2026-11-18", size: 2, back: { "2026-11-19": 1 } },
  // D1 is today (the 20th), 3 of 4 already back: unfinished → not counted in D1.
  { day: "2026-11-19", size: 4, back: { "2026-11-20": 3 } },
  // D7 ended yesterday (the 19th): 2 of 5 → counted in D7.
  { day: "2026-11-12", size: 5, back: { "2026-11-13": 4, "2026-11-19": 2 } },
  // D7 is today: 1 of 1 → not counted in D7 (its D1 on the 14th, 0 of 1, is).
  { day: "2026-11-13", size: 1, back: { "2026-11-20": 1 } },
  // Registered today: no day of it has ended.
  { day: "2026-11-20", size: 3, back: {} },
];

beforeAll(async () => {
  w = await makeWorld({ now: NOW });
  const regs: string[] = [];
  const acts: string[] = [];
  let player = 5000;
  for (const c of COHORTS) {
    const ids = Array.from({ length: c.size }, () => ++player);
    for (const id of ids) {
      const reg = toCHDateTime(at(c.day, 9));
      regs.push(
        JSON.stringify({
          event_id: uuid(),
          ts: reg,
          player_id: id,
          country: "RU",
          platform: "web",
          source: "organic",
          locale: "ru",
        }),
      );
      acts.push(
        JSON.stringify({
          event_id: uuid(),
          ts: reg,
          player_id: id,
          kind: "registration",
          country: "RU",
          platform: "web",
          reg_ts: reg,
        }),
      );
    }
    for (const [day, n] of Object.entries(c.back)) {
      for (const id of ids.slice(0, n)) {
        acts.push(
          JSON.stringify({
            event_id: uuid(),
            ts: toCHDateTime(at(day, day === "2026-11-20" ? 11 : 10)),
            player_id: id,
            kind: "login",
            country: "RU",
            platform: "web",
            reg_ts: toCHDateTime(at(c.day, 9)),
          }),
        );
      }
    }
  }
  await w.deps.warehouse.insertLines("registrations", regs.join("\n"));
  await w.deps.warehouse.insertLines("activity", acts.join("\n"));
}, 60_000);
afterAll(() => w?.close());

describe("retention summary on a fixed clock", () => {
  test("Dn counts only the cohorts whose day n has ended (today's day n is left out of both sides)", async () => {
    const r = await retention(w.deps.warehouse, resolvePeriod({ year: 2026, month: 11 }, NOW), "day", NOW);
    const dn = Object.fromEntries(r.dn.map((d) => [d.day, d]));
    // D1: the 12th (4/5), the 13th (0/1, its day 1 the 14th), the 18th (1/2); not the 19th (its day 1 is today) nor the 20th.
    expect([dn[1].retained, dn[1].cohort]).toEqual([4 + 0 + 1, 5 + 1 + 2]);
    expect(dn[1].rate).toBe(Math.round((5 / 8) * 10_000) / 10_000);
    // D7: the 12th only (2/5); the 13th's day 7 is today.
    expect([dn[7].retained, dn[7].cohort, dn[7].rate]).toEqual([2, 5, 0.4]);
    // D30: no cohort of November has reached it: nothing counted, not a 0 % drop out of a size.
    expect([dn[30].retained, dn[30].cohort, dn[30].rate]).toEqual([0, 0, 0]);
  });

  test("the triangle still shows the cells that have begun (today's included), day 0 is 100 %", async () => {
    const r = await retention(w.deps.warehouse, resolvePeriod({ year: 2026, month: 11 }, NOW), "day", NOW);
    const byDay = Object.fromEntries(r.cohorts.map((c) => [c.cohort, c]));
    expect(byDay["2026-11-19"].retained).toEqual([4, 3]);
    expect(byDay["2026-11-20"].retained).toEqual([3]);
    expect(r.cohorts.every((c) => c.rates[0] === 1)).toBe(true);
    expect(r.today).toBe("2026-11-20");
  });

  test("a day later the same cohorts count: the 19th's day 1 and the 13th's day 7 have ended", async () => {
    const later = NOW + 86_400_000;
    const r = await retention(w.deps.warehouse, resolvePeriod({ year: 2026, month: 11 }, later), "day", later);
    const dn = Object.fromEntries(r.dn.map((d) => [d.day, d]));
    // D1 adds the 19th (3/4); the 20th's day 1 is now today, so it waits.
    expect([dn[1].retained, dn[1].cohort]).toEqual([5 + 3, 8 + 4]);
    expect([dn[7].retained, dn[7].cohort]).toEqual([2 + 1, 5 + 1]);
  });
});
