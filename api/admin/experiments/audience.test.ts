// Issue 32: an experiment targets a saved audience (docs/decisions/audiences.md, "Used by"). Only
// the audience's members now may be enrolled: the participant list (what the control page counts
// before starting and the scorecard reads) and what the game reads (readOption) agree with a
// recomputation from the membership rows; a player who leaves the audience reads "default"
// again, one who enters is enrolled by the bucket rule; an operator's override (also what an
// audience's "put into a variant" action writes) wins over the audience, as over every condition.
import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { eq } from "drizzle-orm";
import type { TestWorld } from "../../test/fixture.ts";
import { audienceWorld, type AudienceWorld } from "../../test/audience-world.ts";
import type { Actor } from "../../test/sign-in.ts";
import { players } from "../../db/schema/index.ts";
import { bucketOf, readOption } from "../../domain/options.ts";
import { systemCtx } from "../../domain/context.ts";
import { sweepAudience } from "../../domain/audiences/membership.ts";
import { playerExperiments, setOverride } from "../../domain/player-experiments.ts";

describe("Experiments for a saved audience: enrolment, the game's reading and the counts follow its membership", () => {
  let w: TestWorld;
  let admin: Actor;
  let send: AudienceWorld["send"];
  let membersOf: AudienceWorld["members"];
  let experimentId = 0;
  let audienceId = 0;
  beforeAll(async () => {
    ({
      w,
      admin,
      send,
      members: membersOf,
    } = await audienceWorld({ count: 240, level: (i) => 1 + (i % 12), country: (i) => (i % 3 === 0 ? "KZ" : "RU") }));
  }, 60_000);
  afterAll(() => w.close());
  /** The recomputation: members now, from the rows, and the bucket rule within the percentage. */
  const members = () => membersOf(audienceId);
  const users = async () =>
    (await send("/admin/experiments/users", { id: experimentId, size: 200 })).body as {
      total: number;
      rows: { playerId: number; variant: string; optionVariant: string }[];
    };
  const read = async (playerId: number) => (await readOption(w.deps.db, "client", "battle.hud", { playerId }))!.variant;

  test("the conditions name an existing saved audience; an unknown one is refused in the request's language", async () => {
    const saved = await send("/admin/audiences/save", {
      name: "Kazakhstan level 6+",
      definition: {
        conditions: [
          { kind: "country", in: ["KZ"] },
          { kind: "level", min: 6 },
        ],
      },
    });
    expect(saved.status).toBe(200);
    audienceId = saved.body.audience.id;
    expect(saved.body.audience.size).toBe((await members()).size);
    expect((await members()).size).toBe(
      (await w.deps.db.select().from(players)).filter((p) => p.country === "KZ" && p.level >= 6).length,
    );
    const created = await send("/admin/experiments/save/general/settings", {
      name: "Minimap for veterans",
      optionScope: "client",
      optionKey: "battle.hud",
    });
    experimentId = created.body.experiment.id;
    for (const [lang, text] of [
      ["en", "Choose an existing saved audience."],
      ["ru", "Выберите существующую сохранённую аудиторию."],
    ] as const) {
      const bad = await send("/admin/experiments/save/conditions", { id: experimentId, audienceId: 9999 }, lang);
      expect(bad.status).toBe(400);
      expect(bad.body.error.fields.audienceId).toBe(text);
    }
    const ok = await send("/admin/experiments/save/conditions", { id: experimentId, audienceId, percent: 80 });
    expect(ok.status).toBe(200);
    expect(ok.body.experiment.conditions.audienceId).toBe(audienceId);
    expect(
      (
        await send("/admin/experiments/save/variants", {
          id: experimentId,
          variants: [
            { name: "control", weight: 1, optionVariant: "default" },
            { name: "big", weight: 1, optionVariant: "bigMinimap" },
          ],
        })
      ).status,
    ).toBe(200);
  });

  test("before starting, the players it would enrol are the members in its buckets; the game reads them after the start", async () => {
    const inside = [...(await members())].filter((id) => bucketOf("battle.hud", id) < 80).sort((a, b) => a - b);
    expect(inside.length).toBeGreaterThan(10);
    const draft = await users();
    expect(draft.total).toBe(inside.length);
    expect(draft.rows.map((r) => r.playerId)).toEqual(inside);
    // The control page's counts (what it shows before starting) add up to the same players.
    const page = await w.app.request(`/admin/experiments/control/${experimentId}`, {
      headers: { ...admin.headers(), accept: "application/json" },
    });
    const counts = (await page.json()).counts as Record<string, number>;
    expect(counts.control + counts.big).toBe(inside.length);

    expect((await send("/admin/experiments/save/status", { id: experimentId, status: "running" })).status).toBe(200);
    const running = await users();
    expect(running.rows.map((r) => r.playerId)).toEqual(inside);
    for (const r of running.rows) expect(await read(r.playerId)).toBe(r.optionVariant);
    // Non-members in the variant's buckets keep default (bigMinimap takes buckets 0–39).
    const m = await members();
    const outside = (await w.deps.db.select().from(players)).filter(
      (p) => !m.has(p.id) && bucketOf("battle.hud", p.id) < 40,
    );
    expect(outside.length).toBeGreaterThan(30);
    for (const p of outside) expect(await read(p.id)).toBe("default");
    const [someone] = outside;
    expect((await playerExperiments(w.deps.db, someone.id)).find((e) => e.id === experimentId)?.meetsConditions).toBe(
      false,
    );
  });

  test("leaving the audience takes a player out, entering it brings one in; an override wins over the audience", async () => {
    const all = await w.deps.db.select().from(players);
    const leaver = all.find((p) => p.country === "KZ" && p.level >= 6 && bucketOf("battle.hud", p.id) < 40)!;
    const joiner = all.find((p) => p.country === "KZ" && p.level < 6 && bucketOf("battle.hud", p.id) < 40)!;
    expect(await read(leaver.id)).toBe("bigMinimap");
    expect(await read(joiner.id)).toBe("default");
    await w.deps.db.update(players).set({ level: 2 }).where(eq(players.id, leaver.id));
    await w.deps.db.update(players).set({ level: 9 }).where(eq(players.id, joiner.id));
    await sweepAudience(systemCtx(w.deps.db, w.clock), w.deps.warehouse, audienceId);
    expect(await read(leaver.id)).toBe("default");
    expect(await read(joiner.id)).toBe("bigMinimap");
    const now = await users();
    expect(now.rows.map((r) => r.playerId)).toEqual(
      [...(await members())].filter((id) => bucketOf("battle.hud", id) < 80).sort((a, b) => a - b),
    );
    expect(now.rows.some((r) => r.playerId === leaver.id)).toBe(false);
    expect(now.rows.some((r) => r.playerId === joiner.id)).toBe(true);
    // An override (an operator's, or an audience's "put into a variant" action) wins over the audience.
    await setOverride(w.deps.db, {
      experimentId,
      playerId: leaver.id,
      variant: "big",
      admin: "test",
      at: w.clock.now(),
    });
    expect(await read(leaver.id)).toBe("bigMinimap");
  });
});
