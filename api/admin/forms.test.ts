// The typed back-office forms draw their fields from the JSON Schema a page sends (ads settings,
// kits and the other whole-list collections, battle options, shaped option keys). The validator a
// screen rebuilds from it (z.fromJSONSchema) must take what the route takes and refuse, at the
// same field path, what the route refuses; a kit's page also lists what a kit may hold.
import { describe, test, expect, beforeAll, afterAll } from "bun:test";
import { z } from "zod";
import { makeWorld, type TestWorld } from "../test/fixture.ts";
import { signInAdmin, type Actor } from "../test/sign-in.ts";
import { rng } from "../db/seed/world.ts";
import { adsStep } from "../db/seed/ads.ts";
import { contentStep } from "../domain/content.ts";

describe("pages send the JSON Schema their typed form is drawn from", () => {
  let w: TestWorld;
  let admin: Actor;
  beforeAll(async () => {
    w = await makeWorld();
    const step = { db: w.deps.db, r: rng(1), playerIds: [], opts: { players: 0, days: 1, now: w.clock.now() } };
    await contentStep(step);
    await adsStep(step);
    admin = await signInAdmin(w, "operator");
  }, 60_000);
  afterAll(() => w.close());
  const get = async (path: string) => (await w.app.request(path, { headers: admin.headers() })).json();
  const post = (path: string, body: unknown) =>
    w.app.request(path, { method: "POST", headers: admin.headers(), body: JSON.stringify(body) });
  const paths = (r: { success: boolean; error?: z.ZodError }) =>
    r.success ? [] : r.error!.issues.map((i) => i.path.join("."));

  test("ads: the form's validator and the save route agree on good and bad settings", async () => {
    const page = await get("/admin/ads/");
    const form = z.fromJSONSchema(page.form);
    expect(Object.keys(page.form.properties)).toEqual(["networks", "caps", "rewarded"]);
    expect(form.safeParse(page.settings).success).toBe(true);
    const bad = { ...page.settings, caps: { ...page.settings.caps, perHour: 61 } };
    expect(paths(form.safeParse(bad))).toEqual(["caps.perHour"]);
    const refused = await post("/admin/ads/save", { settings: bad });
    expect(Object.keys((await refused.json()).error.fields)).toEqual(["settings.caps.perHour"]);
  });

  test("kits: the item's schema, the collection's fixed keys, and the catalogue a kit picks its items from", async () => {
    const page = await get("/admin/kits/");
    expect(page.form.properties.items.items.properties.kind.enum).toEqual([
      "tank",
      "consumable",
      "camouflage",
      "decal",
      "module",
    ]);
    expect(page.catalogue.tank).toContainEqual([5, "Т-34", "T-34"]);
    expect(page.catalogue.module.length).toBeGreaterThan(0);
    const item = z.fromJSONSchema(page.form);
    expect(item.safeParse(page.items[0]).success).toBe(true);
    const bad = { ...page.items[0], items: [{ kind: "tank", id: 5, count: 0 }] };
    expect(paths(item.safeParse(bad))).toEqual(["items.0.count"]);
    const refused = await post("/admin/kits/save", { items: [bad], preview: true });
    expect(Object.keys((await refused.json()).error.fields)).toEqual(["items.0.items.0.count"]);
    const consumables = await get("/admin/consumables/");
    expect(consumables.fixed).toEqual(["consumable"]);
    expect(consumables.catalogue).toBeUndefined();
  });

  test("battle options and shaped option keys: their shapes; a free-form key has none", async () => {
    const battle = await get("/admin/battleOptions/");
    expect(battle.form.properties.maps).toMatchObject({ type: "array", items: { type: "string" } });
    expect(
      (
        await post("/admin/clientOptions/save", {
          key: "battle.hud",
          value: { showDamageNumbers: true, minimapSize: "small", crosshair: "dot" },
        })
      ).status,
    ).toBe(200);
    expect((await post("/admin/clientOptions/save", { key: "lobby.motd", value: { text: "hi" } })).status).toBe(200);
    const hud = await get("/admin/clientOptions/editor/battle.hud/default");
    expect(hud.form.properties.minimapSize.enum).toEqual(["small", "medium", "large"]);
    expect((await get("/admin/clientOptions/editor/lobby.motd/default")).form).toBeNull();
    const list = await get("/admin/serverOptions/");
    expect(Object.keys(list.forms).sort()).toEqual(["guests", "matchmaking", "quests", "rewards.daily"]);
  });
});
