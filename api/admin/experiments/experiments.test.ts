import { describe, test, expect, beforeAll, afterAll } from "bun:test";
import { eq } from "drizzle-orm";
import { makeWorld, type TestWorld } from "../../test/fixture.ts";
import { signInAdmin, type Actor } from "../../test/sign-in.ts";
import { adminLog, players } from "../../db/schema/index.ts";
import { experiments } from "../../db/schema/experiments.ts";
import { options } from "../../db/schema/system.ts";
import { systemStep } from "../../db/seed/system.ts";
import { experimentsStep } from "../../db/seed/experiments.ts";
import { rng } from "../../db/seed/world.ts";
import { bucketOf, readOption } from "../../domain/options.ts";

const PLATFORMS = ["web", "android", "ios"];

describe("Experiments: general settings, conditions, variants, status, users; assignment agrees with the options rule", () => {
  let w: TestWorld;
  let admin: Actor;
  let id = 0;
  beforeAll(async () => {
    w = await makeWorld();
    const now = w.clock.now();
    await systemStep({ db: w.deps.db, r: rng(1), playerIds: [], opts: { players: 0, days: 1, now } });
    await w.deps.db.insert(players).values(
      Array.from({ length: 300 }, (_, i) => ({
        nickname: `p${i}`,
        level: 1 + (i % 20),
        platform: PLATFORMS[i % 3],
        country: i % 4 === 0 ? "KZ" : "RU",
        createdAt: now - i * 3_600_000,
      })),
    );
    admin = await signInAdmin(w, "operator");
  }, 60_000);
  afterAll(() => w.close());
  const send = (path: string, body?: unknown, lang = "en") =>
    w.app.request(path, {
      method: "POST",
      headers: { ...admin.headers(), "accept-language": lang },
      body: JSON.stringify(body ?? {}),
    });
  const logs = () => w.deps.db.select().from(adminLog);
  const row = async () => (await w.deps.db.select().from(experiments).where(eq(experiments.id, id)))[0];

  test("general settings: creates a draft on an existing option key, refuses an unknown key; audited", async () => {
    const bad = await send("/admin/experiments/save/general/settings", {
      name: "Minimap",
      optionScope: "client",
      optionKey: "no.such.key",
    });
    expect(bad.status).toBe(400);
    expect((await bad.json()).error.fields.optionKey).toBe(
      'There is no option "no.such.key" with a "default" variant in this scope.',
    );
    const ru = await send(
      "/admin/experiments/save/general/settings",
      { name: "", optionScope: "client", optionKey: "battle.hud" },
      "ru",
    );
    expect(ru.status).toBe(400);
    expect(await w.deps.db.select().from(experiments)).toHaveLength(0);
    const ok = await (
      await send("/admin/experiments/save/general/settings", {
        name: "Minimap",
        description: "bigger minimap",
        optionScope: "client",
        optionKey: "battle.hud",
      })
    ).json();
    id = ok.experiment.id;
    expect(ok.experiment.status).toBe("draft");
    expect(ok.experiment.conditions.percent).toBe(100);
    const log = (await logs()).at(-1)!;
    expect(log.action).toBe("/admin/experiments/save/general/settings");
    expect(log.targetId).toBe(String(id));
  });

  test("conditions: level range and country codes checked; saved and audited", async () => {
    const before = (await logs()).length;
    const inverted = await send("/admin/experiments/save/conditions", { id, levelMin: 10, levelMax: 5 });
    expect((await inverted.json()).error.fields.levelMax).toBe("The minimum level cannot be above the maximum.");
    expect((await send("/admin/experiments/save/conditions", { id, countries: ["russia"] })).status).toBe(400);
    expect((await send("/admin/experiments/save/conditions", { id, platforms: ["playstation"] })).status).toBe(400);
    expect((await send("/admin/experiments/save/conditions", { id: 9999, percent: 10 })).status).toBe(404);
    expect((await logs()).length).toBe(before);
    const ok = await send("/admin/experiments/save/conditions", {
      id,
      levelMin: 3,
      levelMax: 18,
      platforms: ["web", "android"],
      countries: ["ru"],
      percent: 60,
    });
    expect(ok.status).toBe(200);
    expect(JSON.parse((await row()).conditions)).toEqual({
      levelMin: 3,
      levelMax: 18,
      platforms: ["web", "android"],
      countries: ["RU"],
      percent: 60,
    });
    expect((await logs()).at(-1)!.summary).toContain("percent 100 → 60");
  });

  test("variants: weights must sum to > 0, option variants must exist and differ; nothing saved on refusal", async () => {
    const zero = await send("/admin/experiments/save/variants", {
      id,
      variants: [
        { name: "a", weight: 0, optionVariant: "default" },
        { name: "b", weight: 0, optionVariant: "bigMinimap" },
      ],
    });
    expect(zero.status).toBe(400);
    expect((await zero.json()).error.fields.variants).toBe("The variants' weights must add up to more than 0.");
    const zeroRu = await send(
      "/admin/experiments/save/variants",
      { id, variants: [{ name: "a", weight: 0, optionVariant: "default" }] },
      "ru",
    );
    expect((await zeroRu.json()).error.fields.variants).toBe("Сумма весов вариантов должна быть больше 0.");
    const unknown = await send("/admin/experiments/save/variants", {
      id,
      variants: [{ name: "a", weight: 1, optionVariant: "huge" }],
    });
    expect((await unknown.json()).error.fields["variants.0.optionVariant"]).toBe(
      'The option key has no variant "huge".',
    );
    const same = await send("/admin/experiments/save/variants", {
      id,
      variants: [
        { name: "a", weight: 1, optionVariant: "default" },
        { name: "b", weight: 1, optionVariant: "default" },
      ],
    });
    expect(same.status).toBe(400);
    expect(
      (
        await send("/admin/experiments/save/variants", {
          id,
          variants: [{ name: "a", weight: -1, optionVariant: "default" }],
        })
      ).status,
    ).toBe(400);
    expect((await send("/admin/experiments/save/variants", { id, variants: "x" })).status).toBe(400);
    expect((await row()).variants).toBe("[]");
  });

  test("status: a draft without variants cannot start; transitions outside the table are refused", async () => {
    const early = await send("/admin/experiments/save/status", { id, status: "running" });
    expect(early.status).toBe(409);
    expect((await early.json()).error.message).toBe("Save the experiment's variants before starting it.");
    const jump = await send("/admin/experiments/save/status", { id, status: "stopped" });
    expect(jump.status).toBe(409);
    expect((await jump.json()).error.message).toBe('An experiment cannot go from "draft" to "stopped".');
    expect((await send("/admin/experiments/save/status", { id, status: "paused" })).status).toBe(400);
    expect((await row()).status).toBe("draft");
  });

  test("start: option shares follow the weights; users = players meeting the conditions, each with the variant readOption gives them", async () => {
    const variants = [
      { name: "control", weight: 1, optionVariant: "default" },
      { name: "big", weight: 2, optionVariant: "bigMinimap" },
    ];
    expect((await send("/admin/experiments/save/variants", { id, variants })).status).toBe(200);
    const started = await send("/admin/experiments/save/status", { id, status: "running" });
    expect(started.status).toBe(200);
    const share = (await w.deps.db.select().from(options).where(eq(options.variant, "bigMinimap")))[0].share;
    expect(share).toBe(40); // 60% × 2/3
    expect((await logs()).at(-1)!.summary).toBe(
      'status draft → running; client option battle.hud shares {"bigMinimap":40}',
    );

    const users = await (await send("/admin/experiments/users", { id, size: 200 })).json();
    const all = await w.deps.db.select().from(players);
    const expected = all.filter(
      (p) =>
        p.level >= 3 &&
        p.level <= 18 &&
        ["web", "android"].includes(p.platform) &&
        p.country === "RU" &&
        bucketOf("battle.hud", p.id) < 60,
    );
    expect(users.total).toBe(expected.length);
    expect(users.rows.map((r: { playerId: number }) => r.playerId)).toEqual(expected.map((p) => p.id).slice(0, 200));
    for (const r of users.rows as { playerId: number; variant: string; optionVariant: string }[]) {
      const got = await readOption(w.deps.db, "client", "battle.hud", { playerId: r.playerId });
      expect(got!.variant).toBe(r.optionVariant);
      expect(r.variant).toBe(r.optionVariant === "default" ? "control" : "big");
    }
    expect(new Set(users.rows.map((r: { variant: string }) => r.variant))).toEqual(new Set(["control", "big"]));
    // Players outside the conditions keep default, though their bucket is one of the variant's
    // (bigMinimap takes buckets 0–39): the game and the participant list agree on them too.
    const inside = new Set(expected.map((p) => p.id));
    const outsideInBuckets = all.filter((p) => !inside.has(p.id) && bucketOf("battle.hud", p.id) < 40);
    expect(outsideInBuckets.length).toBeGreaterThan(50);
    for (const p of outsideInBuckets)
      expect((await readOption(w.deps.db, "client", "battle.hud", { playerId: p.id }))!.variant).toBe("default");
    expect((await readOption(w.deps.db, "client", "battle.hud", { playerId: 999_999 }))!.variant).toBe("default");
    // Deterministic: the same answer again, and a variant filter gives that variant's share of it.
    expect(await (await send("/admin/experiments/users", { id, size: 200 })).json()).toEqual(users);
    const big = await (await send("/admin/experiments/users", { id, size: 5, page: 1, variant: "big" })).json();
    expect(big.rows.length).toBe(5);
    expect(big.total).toBe(users.rows.filter((r: { variant: string }) => r.variant === "big").length);
  });

  test("running: variants and the option key cannot change; a second experiment cannot run on the same key", async () => {
    const edit = await send("/admin/experiments/save/variants", {
      id,
      variants: [{ name: "control", weight: 1, optionVariant: "default" }],
    });
    expect(edit.status).toBe(409);
    expect((await edit.json()).error.message).toBe(
      "A running experiment's variants and option key cannot be edited; stop it first.",
    );
    expect(
      (
        await send("/admin/experiments/save/general/settings", {
          id,
          name: "Minimap",
          optionScope: "client",
          optionKey: "shop.banner",
        })
      ).status,
    ).toBe(409);
    const renamed = await send("/admin/experiments/save/general/settings", {
      id,
      name: "Minimap v2",
      optionScope: "client",
      optionKey: "battle.hud",
    });
    expect(renamed.status).toBe(200);
    const other = (
      await (
        await send("/admin/experiments/save/general/settings", {
          name: "Rival",
          optionScope: "client",
          optionKey: "battle.hud",
        })
      ).json()
    ).experiment.id;
    await send("/admin/experiments/save/variants", {
      id: other,
      variants: [{ name: "x", weight: 1, optionVariant: "bigMinimap" }],
    });
    const rival = await send("/admin/experiments/save/status", { id: other, status: "running" });
    expect(rival.status).toBe(409);
    expect((await rival.json()).error.message).toBe(`Experiment #${id} is already running on this option key.`);
  });

  test("stop: everyone is back on default; a stopped experiment may go back to draft; list pages and filters", async () => {
    expect((await send("/admin/experiments/save/status", { id, status: "stopped" })).status).toBe(200);
    expect((await w.deps.db.select().from(options).where(eq(options.variant, "bigMinimap")))[0].share).toBe(0);
    const some = (await w.deps.db.select().from(players).limit(20)).map((p) => p.id);
    for (const pid of some)
      expect((await readOption(w.deps.db, "client", "battle.hud", { playerId: pid }))!.variant).toBe("default");
    expect((await send("/admin/experiments/save/status", { id, status: "draft" })).status).toBe(200);
    const list = await (await send("/admin/experiments/list", { status: "draft", sort: "id", dir: "desc" })).json();
    expect(list.rows.map((r: { id: number }) => r.id)).toContain(id);
    expect((await send("/admin/experiments/list", { sort: "nope" })).status).toBe(400);
    const control = await (
      await w.app.request(`/admin/experiments/control/${id}`, { headers: admin.headers() })
    ).json();
    expect(control.experiment.name).toBe("Minimap v2");
    expect(control.transitions).toEqual(["running"]);
    expect((await w.app.request("/admin/experiments/control/9999", { headers: admin.headers() })).status).toBe(404);
  });

  test("support may not change experiments; the demo step seeds a running experiment that agrees with the options", async () => {
    const support = await signInAdmin(w, "support");
    expect(
      (
        await w.app.request("/admin/experiments/save/status", {
          method: "POST",
          headers: support.headers(),
          body: JSON.stringify({ id, status: "running" }),
        })
      ).status,
    ).toBe(403);
    await w.deps.db.delete(experiments);
    await experimentsStep({
      db: w.deps.db,
      r: rng(1),
      playerIds: [],
      opts: { players: 0, days: 1, now: w.clock.now() },
    });
    const [running] = await w.deps.db.select().from(experiments).where(eq(experiments.status, "running"));
    const users = await (await send("/admin/experiments/users", { id: running.id, size: 200 })).json();
    expect(users.total).toBeGreaterThan(0);
    for (const r of users.rows.slice(0, 30) as { playerId: number; optionVariant: string }[])
      expect(
        (await readOption(w.deps.db, "client", "battle.hud", { playerId: r.playerId }, w.clock.now() + 60_000))!
          .variant,
      ).toBe(r.optionVariant);
  });
});
