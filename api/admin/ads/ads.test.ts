import { describe, test, expect, beforeAll, afterAll } from "bun:test";
import { makeWorld, type TestWorld } from "../../test/fixture.ts";
import { signInAdmin, type Actor } from "../../test/sign-in.ts";
import { adminLog } from "../../db/schema/index.ts";
import { adPlacements, adSettings } from "../../db/schema/ads.ts";
import { adsStep } from "../../db/seed/ads.ts";
import { rng } from "../../db/seed/world.ts";

describe("Ads: the global settings document and per-placement settings", () => {
  let w: TestWorld;
  let admin: Actor;
  beforeAll(async () => {
    w = await makeWorld();
    await adsStep({ db: w.deps.db, r: rng(1), playerIds: [], opts: { players: 0, days: 1, now: w.clock.now() } });
    admin = await signInAdmin(w, "operator");
  }, 60_000);
  afterAll(() => w.close());
  const send = (path: string, body?: unknown, lang = "en", method = "POST") =>
    w.app.request(path, {
      method,
      headers: { ...admin.headers(), "accept-language": lang },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
  const logs = () => w.deps.db.select().from(adminLog);

  test("global settings: the page answers the seeded document; save validates it whole and audits a diff", async () => {
    const page = await (await w.app.request("/admin/ads/", { headers: admin.headers() })).json();
    expect(page.settings.rewarded.silver).toBe(2500);
    const next = {
      ...page.settings,
      caps: { ...page.settings.caps, perDay: 25 },
      networks: { ...page.settings.networks, admob: true },
    };
    const bad = await send("/admin/ads/save", { settings: { ...next, caps: { ...next.caps, perDay: -1 } } });
    expect(bad.status).toBe(400);
    expect(Object.keys((await bad.json()).error.fields)).toEqual(["settings.caps.perDay"]);
    expect((await send("/admin/ads/save", { settings: { ...next, extra: 1 } })).status).toBe(400);
    expect((await send("/admin/ads/save", { settings: "{not json" }, "ru")).status).toBe(400);
    expect((await send("/admin/ads/save", {})).status).toBe(400);
    expect(JSON.parse((await w.deps.db.select().from(adSettings))[0].value).caps.perDay).toBe(20);
    expect((await send("/admin/ads/save", { settings: next })).status).toBe(200);
    const log = (await logs()).at(-1)!;
    expect(log.action).toBe("/admin/ads/save");
    expect(log.summary).toBe("networks.admob: false → true; caps.perDay: 20 → 25");
  });

  test("placements: load pages and filters (POST only); save adds and updates, refuses duplicates and bad fields; audited", async () => {
    const list = await (await send("/admin/ads/settings/load", { network: "yandex", sort: "placement" })).json();
    expect(list.rows.map((r: { placement: string }) => r.placement)).toEqual(["battle.after", "garage.rewarded"]);
    expect((await w.app.request("/admin/ads/settings/load", { headers: admin.headers() })).status).toBe(405);
    const page = await (
      await w.app.request("/admin/ads/settings/?network=vk&sort=placement", { headers: admin.headers() })
    ).json();
    expect(page.rows.map((r: { placement: string }) => r.placement)).toEqual(["battle.after", "shop.bonus"]);
    expect((await w.app.request("/admin/ads/settings/?sort=bogus", { headers: admin.headers() })).status).toBe(400);
    const dup = await send("/admin/ads/settings/save", { placement: "battle.after", network: "vk", capPerDay: 3 });
    expect((await dup.json()).error.fields.network).toBe("Please make sure the value is unique.");
    expect((await send("/admin/ads/settings/save", { placement: "x y", network: "vk", capPerDay: 3 })).status).toBe(
      400,
    );
    expect(
      (await send("/admin/ads/settings/save", { placement: "menu", network: "tiktok", capPerDay: 3 })).status,
    ).toBe(400);
    expect((await send("/admin/ads/settings/save", { placement: "menu", network: "vk", capPerDay: 9999 })).status).toBe(
      400,
    );
    expect(
      (await send("/admin/ads/settings/save", { id: 9999, placement: "menu", network: "vk", capPerDay: 1 })).status,
    ).toBe(404);
    const added = await (
      await send("/admin/ads/settings/save", { placement: "menu.banner", network: "vk", capPerDay: 6 })
    ).json();
    expect(added.created).toBe(true);
    const upd = await send("/admin/ads/settings/save", {
      id: added.item.id,
      placement: "menu.banner",
      network: "vk",
      capPerDay: 4,
      enabled: false,
      reward: 100,
    });
    expect(upd.status).toBe(200);
    expect((await logs()).at(-1)!.summary).toBe("enabled true → false; capPerDay 6 → 4; reward 0 → 100");
  });

  test("remove: DELETE only (405 otherwise), 404 for a missing id, audited", async () => {
    const [row] = await w.deps.db.select().from(adPlacements).limit(1);
    const before = (await w.deps.db.select().from(adPlacements)).length;
    expect((await send(`/admin/ads/settings/remove/${row.id}`, {})).status).toBe(405);
    expect((await w.app.request(`/admin/ads/settings/remove/${row.id}`, { headers: admin.headers() })).status).toBe(
      405,
    );
    expect((await send("/admin/ads/settings/remove/abc", undefined, "en", "DELETE")).status).toBe(404);
    expect((await send("/admin/ads/settings/remove/99999", undefined, "en", "DELETE")).status).toBe(404);
    expect((await w.deps.db.select().from(adPlacements)).length).toBe(before);
    expect((await send(`/admin/ads/settings/remove/${row.id}`, undefined, "en", "DELETE")).status).toBe(200);
    expect((await w.deps.db.select().from(adPlacements)).length).toBe(before - 1);
    const log = (await logs()).at(-1)!;
    expect(log.action).toBe("/admin/ads/settings/remove");
    expect(log.targetId).toBe(String(row.id));
    const support = await signInAdmin(w, "support");
    expect(
      (
        await w.app.request("/admin/ads/settings/save", {
          method: "POST",
          headers: support.headers(),
          body: JSON.stringify({ placement: "a", network: "vk", capPerDay: 1 }),
        })
      ).status,
    ).toBe(403);
  });
});
