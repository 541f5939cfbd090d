import { expect, test } from "bun:test";
import { spottedBy } from "./spotting.ts";
import { createBattle, step } from "./sim.ts";
import { botBattle } from "./fixtures.ts";
import { teamSees } from "./sight.ts";

test("what a team is sent: its own tanks and wrecks always, an enemy only while the spotting rule has the team see it", () => {
  const s = createBattle(botBattle(4, 5, "steppes", 300));
  let hidden = 0;
  for (let i = 0; i < 1200 && !s.ended; i++) {
    step(s);
    for (const team of [0, 1] as const) {
      const seen = spottedBy(s, team);
      for (const t of s.tanks) {
        const want = t.team === team || !t.alive || teamSees(s, team, t);
        expect(seen[t.slot]).toBe(want ? 1 : 0);
        if (!want) hidden++;
      }
    }
  }
  expect(hidden).toBeGreaterThan(100);
});
