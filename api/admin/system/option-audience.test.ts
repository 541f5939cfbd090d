// Issue 32: an option variant targets a saved audience (docs/decisions/audiences.md, "Used by").
// The game's reading (readOption, and the option API's get) gives a member of the audience that
// variant, everyone else what they had (default or their bucket's share), and follows membership
// as it changes; while an experiment runs on the key, the experiment decides (its own conditions
// may name an audience); an unknown audience is refused, a change is audited.
import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { and, eq } from "drizzle-orm";
import type { TestWorld } from "../../test/fixture.ts";
import { audienceWorld, type AudienceWorld } from "../../test/audience-world.ts";
import { adminLog, options, players } from "../../db/schema/index.ts";
import { bucketOf, readOption } from "../../domain/options.ts";
import { systemCtx } from "../../domain/context.ts";
import { sweepAudience } from "../../domain/audiences/membership.ts";

describe("Option variants for a saved audience: what the game reads follows its membership", () => {
  let w: TestWorld;
  let send: AudienceWorld["send"];
  let membersOf: AudienceWorld["members"];
  let audienceId = 0;
  beforeAll(async () => {
    ({
      w,
      send,
      members: membersOf,
    } = await audienceWorld({ count: 150, level: (i) => 1 + (i % 10), country: (i) => (i % 2 === 0 ? "BR" : "RU") }));
  }, 60_000);
  afterAll(() => w.close());
  const read = async (playerId: number) => (await readOption(w.deps.db, "client", "battle.hud", { playerId }))!.variant;
  const members = () => membersOf(audienceId);

  test("a variant names an existing saved audience; an unknown one is refused; the change is audited", async () => {
    const saved = await send("/admin/audiences/save", {
      name: "Brazil 5+",
      definition: {
        conditions: [
          { kind: "country", in: ["BR"] },
          { kind: "level", min: 5 },
        ],
      },
    });
    audienceId = saved.body.audience.id;
    const hud = (await send("/admin/clientOptions/editor/battle.hud/bigMinimap")).body;
    for (const [lang, text] of [
      ["en", "Choose an existing saved audience."],
      ["ru", "Выберите существующую сохранённую аудиторию."],
    ] as const) {
      const bad = await send(
        "/admin/clientOptions/save",
        { key: "battle.hud", variant: "bigMinimap", value: hud.value, share: 0, audienceId: 9999 },
        lang,
      );
      expect(bad.status).toBe(400);
      expect(bad.body.error.fields.audienceId).toBe(text);
    }
    const ok = await send("/admin/clientOptions/save", {
      key: "battle.hud",
      variant: "bigMinimap",
      value: hud.value,
      share: 0,
      audienceId,
    });
    expect(ok.status).toBe(200);
    expect(ok.body.option.audienceId).toBe(audienceId);
    expect((await send("/admin/clientOptions/editor/battle.hud/bigMinimap")).body.audienceId).toBe(audienceId);
    const [row] = await w.deps.db
      .select()
      .from(options)
      .where(and(eq(options.key, "battle.hud"), eq(options.variant, "bigMinimap")));
    expect(row.audienceId).toBe(audienceId);
    const log = (await w.deps.db.select().from(adminLog)).at(-1)!;
    expect(log.summary).toContain(`audience: none → ${audienceId}`);
    // The default variant is everyone's: it takes no audience.
    const def = await send("/admin/clientOptions/save", {
      key: "battle.hud",
      variant: "default",
      value: (await send("/admin/clientOptions/editor/battle.hud/default")).body.value,
      audienceId,
    });
    expect(def.status).toBe(400);
    expect(def.body.error.fields.audienceId).toBeDefined();
  });

  test("members read the variant, the others default; the option API's get agrees; membership changes are followed", async () => {
    const m = await members();
    expect(m.size).toBeGreaterThan(20);
    const all = await w.deps.db.select().from(players);
    for (const p of all) expect(await read(p.id)).toBe(m.has(p.id) ? "bigMinimap" : "default");
    const someone = all.find((p) => m.has(p.id))!;
    const got = await send("/admin/api/option/client/get", { key: "battle.hud", playerId: someone.id });
    expect(got.body.variant).toBe("bigMinimap");

    // One leaves (level 2), one enters (level 8): the reading follows the membership at once.
    const leaver = someone;
    const joiner = all.find((p) => p.country === "BR" && p.level < 5)!;
    await w.deps.db.update(players).set({ level: 2 }).where(eq(players.id, leaver.id));
    await w.deps.db.update(players).set({ level: 8 }).where(eq(players.id, joiner.id));
    await sweepAudience(systemCtx(w.deps.db, w.clock), w.deps.warehouse, audienceId);
    expect(await read(leaver.id)).toBe("default");
    expect(await read(joiner.id)).toBe("bigMinimap");

    // A share besides the audience: non-members in its buckets get it too (the old rule), members still do.
    const hud = (await send("/admin/clientOptions/editor/battle.hud/bigMinimap")).body;
    await send("/admin/clientOptions/save", {
      ...hud,
      key: "battle.hud",
      variant: "bigMinimap",
      share: 30,
      audienceId,
    });
    const now = await members();
    for (const p of all)
      expect(await read(p.id)).toBe(now.has(p.id) || bucketOf("battle.hud", p.id) < 30 ? "bigMinimap" : "default");
    // Cleared (null): back to the share alone.
    await send("/admin/clientOptions/save", {
      ...hud,
      key: "battle.hud",
      variant: "bigMinimap",
      share: 0,
      audienceId: null,
    });
    for (const p of all.slice(0, 40)) expect(await read(p.id)).toBe("default");
  });

  test("while an experiment runs on the key, the experiment decides, not the variant's audience", async () => {
    const hud = (await send("/admin/clientOptions/editor/battle.hud/bigMinimap")).body;
    await send("/admin/clientOptions/save", { ...hud, key: "battle.hud", variant: "bigMinimap", share: 0, audienceId });
    const created = await send("/admin/experiments/save/general/settings", {
      name: "Minimap",
      optionScope: "client",
      optionKey: "battle.hud",
    });
    const id = created.body.experiment.id;
    await send("/admin/experiments/save/conditions", { id, countries: ["RU"] });
    await send("/admin/experiments/save/variants", {
      id,
      variants: [
        { name: "control", weight: 1, optionVariant: "default" },
        { name: "big", weight: 1, optionVariant: "bigMinimap" },
      ],
    });
    expect((await send("/admin/experiments/save/status", { id, status: "running" })).status).toBe(200);
    const m = await members();
    const users = (await send("/admin/experiments/users", { id, size: 200 })).body.rows as {
      playerId: number;
      optionVariant: string;
    }[];
    const inExperiment = new Map(users.map((u) => [u.playerId, u.optionVariant]));
    for (const p of await w.deps.db.select().from(players))
      expect(await read(p.id)).toBe(inExperiment.get(p.id) ?? "default");
    // Brazil's members are outside the experiment's conditions (Russia only): default while it runs.
    expect([...m].some((p) => inExperiment.has(p))).toBe(false);
    for (const p of m) expect(await read(p)).toBe("default");
    // Stopped: the audience is back.
    expect((await send("/admin/experiments/save/status", { id, status: "stopped" })).status).toBe(200);
    for (const p of m) expect(await read(p)).toBe("bigMinimap");
  });
});
