import { describe, test, expect, beforeAll, afterAll } from "bun:test";
import { and, eq } from "drizzle-orm";
import type { TestWorld } from "../../test/fixture.ts";
import type { Actor } from "../../test/sign-in.ts";
import { adminLog } from "../../db/schema/index.ts";
import { options, battleOptions } from "../../db/schema/system.ts";
import {
  assignVariant,
  bucketOf,
  createSecondReader,
  jsonDiff,
  readImmutable,
  type OptionVariant,
  systemWorld,
  type SystemWorld,
} from "../../test/system-world.ts";

describe("Options with variants, option API, battle options", () => {
  let w: TestWorld;
  let admin: Actor;
  let send: SystemWorld["send"];
  beforeAll(async () => void ({ w, admin, send } = await systemWorld()), 60_000);
  afterAll(() => w.close());
  const get = (path: string) => w.app.request(path, { headers: admin.headers() });
  const logs = () => w.deps.db.select().from(adminLog);

  test("the page lists keys with their variants; the editor answers one variant; HTML for a browser", async () => {
    const d = await (await get("/admin/clientOptions/")).json();
    const hud = d.keys.find((k: { key: string }) => k.key === "battle.hud");
    expect(hud.variants.map((v: { variant: string }) => v.variant)).toEqual(["bigMinimap", "default"]);
    expect(hud.shaped).toBe(true);
    const e = await (await get("/admin/serverOptions/editor/matchmaking/fastQueue")).json();
    expect(e.value).toEqual({ tierSpread: 2, maxWaitSeconds: 45, teamSize: 7 });
    expect(e.share).toBe(15);
    expect((await get("/admin/serverOptions/editor/matchmaking/nope")).status).toBe(404);
    expect((await get("/admin/clientOptions/editor/matchmaking/default")).status).toBe(404);
    expect((await get("/admin/clientOptions/editor/bad%20key/default")).status).toBe(400);
    const html = await w.app.request("/admin/clientOptions/editor/tutorial/default", {
      headers: { cookie: admin.cookie, accept: "text/html" },
    });
    expect(html.headers.get("content-type")).toContain("text/html");
  });

  test("save refuses a bad name, invalid JSON, a wrong shape, >100% shares, a variant without default; nothing changes", async () => {
    const before = (await logs()).length;
    const rows = await w.deps.db.select().from(options);
    const bad = await send("/admin/clientOptions/save", { key: "bad key", variant: "a/b", value: "{}" });
    expect(bad.status).toBe(400);
    expect((await bad.json()).error.fields).toEqual({
      key: "Please check this value.",
      variant: "Please check this value.",
    });
    const json = await send("/admin/clientOptions/save", { key: "tutorial", value: "{not json" }, "ru");
    expect(json.status).toBe(400);
    expect((await json.json()).error.fields.value).toBe("Проверьте это значение.");
    const shape = await send("/admin/clientOptions/save", {
      key: "battle.hud",
      value: { showDamageNumbers: "yes", minimapSize: "huge", crosshair: "dot" },
    });
    expect(shape.status).toBe(400);
    expect(Object.keys((await shape.json()).error.fields).sort()).toEqual([
      "value.minimapSize",
      "value.showDamageNumbers",
    ]);
    const shares = await send("/admin/clientOptions/save", {
      key: "battle.hud",
      variant: "huge",
      share: 81,
      value: { showDamageNumbers: true, minimapSize: "large", crosshair: "dot" },
    });
    expect(shares.status).toBe(400);
    expect((await shares.json()).error.fields.share).toContain("100%");
    const absent = await send("/admin/clientOptions/save", { key: "tutorial" });
    expect(absent.status).toBe(400);
    expect((await absent.json()).error.fields.value).toBe("This field is required.");
    expect((await send("/admin/api/option/client/set", { key: "tutorial" })).status).toBe(400);
    expect((await send("/admin/battleOptions/save", { baseVersion: 1 })).status).toBe(400);
    const orphan = await send("/admin/clientOptions/save", { key: "newKey", variant: "b", value: 1 });
    expect(orphan.status).toBe(400);
    expect(await w.deps.db.select().from(options)).toEqual(rows);
    expect((await logs()).length).toBe(before);
  });

  test("save creates or updates, audits a readable diff; the reader sees it at once; invalidateCache bumps the version", async () => {
    const r0 = await (await send("/admin/api/option/client/get", { key: "tutorial" })).json();
    expect(r0).toMatchObject({ variant: "default", value: { skippable: true } });
    const saved = await send("/admin/clientOptions/save", {
      key: "tutorial",
      variant: "default",
      value: JSON.stringify({ steps: ["move", "shoot"], skippable: false }),
    });
    expect(saved.status).toBe(200);
    const [row] = (await logs()).slice(-1);
    expect(row.action).toBe("/admin/clientOptions/save");
    expect(row.targetId).toBe("tutorial/default");
    expect(row.summary).toBe('steps: ["move","aim","shoot","capture"] → ["move","shoot"]; skippable: true → false');
    const r1 = await (await send("/admin/api/option/client/get", { key: "tutorial" })).json();
    expect(r1.value).toEqual({ steps: ["move", "shoot"], skippable: false });
    expect(r1.version).toBe(r0.version + 1);

    // Another instance (its own cache over the same file) keeps its copy until the version moves or CHECK_EVERY passes.
    const other = await createSecondReader(w);
    expect((await other.read("tutorial")).value).toEqual({ steps: ["move", "shoot"], skippable: false });
    await w.deps.db
      .update(options)
      .set({ value: '{"steps":[],"skippable":true}' })
      .where(and(eq(options.key, "tutorial"), eq(options.scope, "client")));
    expect((await other.read("tutorial")).value).toEqual({ steps: ["move", "shoot"], skippable: false });
    const inv = await send("/admin/clientOptions/invalidateCache/tutorial/default");
    expect(inv.status).toBe(200);
    expect((await inv.json()).otherInstancesWithinMs).toBe(2000);
    expect((await (await send("/admin/api/option/client/get", { key: "tutorial" })).json()).value).toEqual({
      steps: [],
      skippable: true,
    });
    w.clock.advance(2001);
    expect((await other.read("tutorial")).value).toEqual({ steps: [], skippable: true });
    expect((await logs()).at(-1)!.action).toBe("/admin/clientOptions/invalidateCache");
    expect((await send("/admin/clientOptions/invalidateCache/tutorial/nope")).status).toBe(404);
    expect((await send("/admin/serverOptions/invalidateCache/tutorial/default")).status).toBe(404);
  });

  test("variants: a player gets default unless their bucket falls in a variant's share; deterministic", async () => {
    const res = async (playerId: number) =>
      (await (await send("/admin/api/option/client/get", { key: "battle.hud", playerId })).json()).variant;
    const seen: Record<string, number> = {};
    for (let p = 1; p <= 150; p++) {
      const v = await res(p);
      seen[v] = (seen[v] ?? 0) + 1;
      expect(v).toBe(bucketOf("battle.hud", p) < 20 ? "bigMinimap" : "default");
    }
    expect(seen.bigMinimap).toBeGreaterThan(12);
    expect(seen.bigMinimap).toBeLessThan(50);
    expect(await res(7)).toBe(await res(7));
    const vs: OptionVariant[] = [
      { key: "k", variant: "default", value: 0, share: 0, audienceId: null, version: 1, updatedAt: 0 },
      { key: "k", variant: "c", value: 2, share: 25, audienceId: null, version: 1, updatedAt: 0 },
      { key: "k", variant: "b", value: 1, share: 10, audienceId: null, version: 1, updatedAt: 0 },
    ];
    for (let p = 1; p < 200; p++) {
      const b = bucketOf("k", p);
      expect(assignVariant(vs, "k", p)!.variant).toBe(b < 10 ? "b" : b < 35 ? "c" : "default");
    }
    expect(jsonDiff({ a: { b: 1 }, c: 2 }, { a: { b: 2 }, d: 3 })).toEqual([
      "a.b: 1 → 2",
      "c: removed (was 2)",
      "d: added 3",
    ]);
  });

  test("option API: set saves (audited), get by variant; unknown key 404; POST only; CSRF", async () => {
    const set = await send("/admin/api/option/client/set", {
      key: "shop.banner",
      variant: "noBanner",
      share: 30,
      value: { enabled: false, itemId: "gold_500" },
    });
    expect(set.status).toBe(200);
    expect((await logs()).at(-1)!.summary).toBe('itemId: "gold_1000" → "gold_500"; share: 10 → 30');
    expect(
      (await (await send("/admin/api/option/client/get", { key: "shop.banner", variant: "noBanner" })).json()).value,
    ).toEqual({ enabled: false, itemId: "gold_500" });
    expect((await send("/admin/api/option/client/get", { key: "nothing" })).status).toBe(404);
    expect((await w.app.request("/admin/api/option/client/get", { headers: admin.headers() })).status).toBe(405);
    expect(
      (
        await send("/admin/api/option/client/set", { key: "x", value: 1 }, "en", {
          ...admin.headers(),
          "x-csrf-token": "",
        })
      ).status,
    ).toBe(403);
  });

  test("battle options: versioned with history, stale editor 409, shape 400, audited", async () => {
    const d = await (await get("/admin/battleOptions/")).json();
    expect(d.current.version).toBe(1);
    const next = { ...d.current.value, roundSeconds: 600 };
    expect(
      (await send("/admin/battleOptions/save", { value: { ...next, roundSeconds: 5 }, baseVersion: 1 })).status,
    ).toBe(400);
    const ok = await send("/admin/battleOptions/save", { value: next, baseVersion: 1 });
    expect(await ok.json()).toEqual({ version: 2, summary: "roundSeconds: 420 → 600" });
    const stale = await send("/admin/battleOptions/save", { value: next, baseVersion: 1 }, "ru");
    expect(stale.status).toBe(409);
    expect((await stale.json()).error.message).toContain("(2)");
    expect((await w.deps.db.select().from(battleOptions)).length).toBe(2);
    const after = await (await get("/admin/battleOptions/")).json();
    expect(after.history.map((h: { version: number }) => h.version)).toEqual([2, 1]);
    // Each version's change as data against the one before (the screen names fields in words); the first is a creation.
    expect(after.history[0]).toMatchObject({
      created: false,
      changes: [{ field: "roundSeconds", before: 420, after: 600 }],
    });
    expect(after.history[1].created).toBe(true);
    expect(after.history[1].changes.find((c: { field: string }) => c.field === "roundSeconds")).toEqual({
      field: "roundSeconds",
      after: 420,
    });
    expect((await logs()).at(-1)!.targetType).toBe("battleOptions");
  });
});

describe("Immutable options: published once per key", () => {
  let w: TestWorld;
  let admin: Actor;
  let send: SystemWorld["send"];
  beforeAll(async () => void ({ w, admin, send } = await systemWorld()), 60_000);
  afterAll(() => w.close());

  test("save publishes a new key; a published key is refused (409) and unchanged; invalid JSON 400; invalidateCache audited", async () => {
    const list = await (await w.app.request("/admin/immutableOptions/", { headers: admin.headers() })).json();
    expect(list.options.map((o: { key: string }) => o.key)).toEqual(["maps.v6", "ranks.v2"]);
    expect((await send("/admin/immutableOptions/save", { key: "maps.v7", value: "{oops" })).status).toBe(400);
    expect((await send("/admin/immutableOptions/save", { key: "maps.v7" })).status).toBe(400);
    expect((await send("/admin/immutableOptions/save", { key: "maps.v7", value: { maps: ["steppes"] } })).status).toBe(
      200,
    );
    const again = await send("/admin/immutableOptions/save", { key: "maps.v7", value: { maps: [] } }, "ru");
    expect(again.status).toBe(409);
    expect((await again.json()).error.message).toContain("новым ключом");
    expect(await readImmutable(w.deps.db, "maps.v7", w.clock.now())).toEqual({ maps: ["steppes"] });
    const inv = await send("/admin/immutableOptions/invalidateCache");
    expect((await inv.json()).cacheVersion).toBeGreaterThan(1);
    const log = await w.deps.db.select().from(adminLog);
    expect(log.map((l) => l.action).slice(-2)).toEqual([
      "/admin/immutableOptions/save",
      "/admin/immutableOptions/invalidateCache",
    ]);
  });
});
