import { describe, test, expect, beforeAll, afterAll } from "bun:test";
import { eq } from "drizzle-orm";
import type { TestWorld } from "../../test/fixture.ts";
import { signInAdmin, type Actor } from "../../test/sign-in.ts";
import { adminLog } from "../../db/schema/index.ts";
import { systemWorld, type SystemWorld } from "../../test/system-world.ts";
import { languages, clientVersions, socialNetworks } from "../../db/schema/system.ts";

describe("Versions, applications, social networks, languages as resources", () => {
  let w: TestWorld;
  let admin: Actor;
  let send: SystemWorld["send"];
  beforeAll(async () => void ({ w, admin, send } = await systemWorld("admin")), 60_000);
  afterAll(() => w.close());
  const logs = () => w.deps.db.select().from(adminLog);

  test("the page answers its description and the list (no list action in the spec); paging, search, filters", async () => {
    const d = await (await w.app.request("/admin/version/?size=2&sort=platform", { headers: admin.headers() })).json();
    expect(d.actions).toEqual({ list: "/admin/version/", set: "/admin/version/save", remove: "/admin/version/remove" });
    expect(d.total).toBe(4);
    expect(d.rows.map((r: { platform: string }) => r.platform)).toEqual(["android", "ios"]);
    const l = await (await w.app.request("/admin/language/", { headers: admin.headers() })).json();
    expect(l.actions.add).toBe("/admin/language/add");
    expect(l.actions.set).toBeUndefined();
    expect(l.form.properties.enabled.default).toBe(true); // a default behind a preprocess reaches the form
    expect(l.rows.map((r: { code: string }) => r.code)).toEqual(["ru", "en", "kk"]);
    const s = await (await w.app.request("/admin/socialNetwork/?q=Одноклассники", { headers: admin.headers() })).json();
    expect(s.rows.map((r: { key: string }) => r.key)).toEqual(["ok"]);
    const a = await (await w.app.request("/admin/application/?store=rustore", { headers: admin.headers() })).json();
    expect(a.total).toBe(1);
    expect((await w.app.request("/admin/version/?sort=secret", { headers: admin.headers() })).status).toBe(400);
    expect((await w.app.request("/admin/socialNetwork/list", { headers: admin.headers() })).status).toBe(404);
  });

  test("versions: save validates (pattern, min above latest, one row per platform), creates without id, audits; remove", async () => {
    const before = (await logs()).length;
    const bad = await send("/admin/version/save", { platform: "psp", minSupported: "one", latest: "1.2" });
    expect(bad.status).toBe(400);
    expect(Object.keys((await bad.json()).error.fields).sort()).toEqual(["minSupported", "platform"]);
    const above = await send(
      "/admin/version/save",
      { platform: "macos", minSupported: "1.20", latest: "1.19.2" },
      "ru",
    );
    expect((await above.json()).error.fields.minSupported).toBe(
      "Минимальная поддерживаемая версия не может быть выше последней.",
    );
    const dup = await send("/admin/version/save", { platform: "web", minSupported: "1.0", latest: "1.1" });
    expect((await dup.json()).error.fields.platform).toBe("Please make sure the value is unique.");
    expect((await logs()).length).toBe(before);
    const created = await (
      await send("/admin/version/save", {
        platform: "macos",
        minSupported: "1.18",
        latest: "1.19.2",
        forceUpdate: "on",
      })
    ).json();
    expect(created.created).toBe(true);
    const [row] = await w.deps.db.select().from(clientVersions).where(eq(clientVersions.platform, "macos"));
    expect(row).toMatchObject({ id: created.item.id, forceUpdate: true });
    expect((await send("/admin/version/save", { ...created.item, forceUpdate: false })).status).toBe(200);
    expect((await logs()).at(-1)!.summary).toBe("forceUpdate true → false");
    expect((await send("/admin/version/remove", { id: row.id })).status).toBe(200);
    expect((await send("/admin/version/remove", { id: row.id })).status).toBe(404);
    expect((await logs()).length).toBe(before + 3);
  });

  test("applications and social networks: URL and key rules, unique key; roles", async () => {
    const bad = await send("/admin/application/save", {
      platform: "ios",
      store: "app_store",
      appId: "has space",
      url: "javascript:alert(1)",
    });
    expect(Object.keys((await bad.json()).error.fields).sort()).toEqual(["appId", "url"]);
    expect(
      (
        await send("/admin/application/save", {
          platform: "macos",
          store: "app_store",
          appId: "6443217782",
          url: "https://apps.apple.com/app/id6443217782",
        })
      ).status,
    ).toBe(200);
    const twice = await send("/admin/application/save", {
      platform: "ios",
      store: "app_store",
      appId: "6443217782",
      url: "https://apps.apple.com/app/id6443217782",
    });
    expect(twice.status).toBe(400);
    expect((await twice.json()).error.fields.appId).toBe("Please make sure the value is unique.");
    const dup = await send("/admin/socialNetwork/save", { key: "vk", name: "VK again" });
    expect(dup.status).toBe(400);
    expect((await send("/admin/socialNetwork/save", { key: "Bad Key", name: "x" })).status).toBe(400);
    const [fb] = await w.deps.db.select().from(socialNetworks).where(eq(socialNetworks.key, "facebook"));
    expect(
      (
        await send("/admin/socialNetwork/save", {
          id: fb.id,
          key: "facebook",
          name: "Facebook",
          enabled: true,
          appId: fb.appId,
          sortOrder: fb.sortOrder,
        })
      ).status,
    ).toBe(200);
    expect((await logs()).at(-1)!.summary).toBe("enabled false → true");
    const operator = await signInAdmin(w, "operator");
    expect((await send("/admin/socialNetwork/remove", { id: fb.id }, "en", operator.headers())).status).toBe(403);
  });

  test("languages: add refuses a taken code; the default cannot be removed or disabled; a new default takes over; the last enabled stays", async () => {
    const lang = (code: string) =>
      w.deps.db
        .select()
        .from(languages)
        .where(eq(languages.code, code))
        .then((r) => r[0]);
    const ru = await lang("ru");
    const refuse = await send("/admin/language/remove", { id: ru.id }, "ru");
    expect(refuse.status).toBe(409);
    expect((await refuse.json()).error.message).toContain("по умолчанию");
    expect((await send("/admin/language/update", { ...ru, enabled: false })).status).toBe(409);
    expect((await send("/admin/language/add", { code: "en", name: "English 2" })).status).toBe(400);
    expect((await send("/admin/language/add", { id: ru.id, code: "de", name: "Deutsch" })).status).toBe(400);
    expect((await send("/admin/language/update", { id: 9999, code: "de", name: "Deutsch" })).status).toBe(404);
    const added = await (await send("/admin/language/add", { code: "uk", name: "Українська", enabled: true })).json();
    expect(added.created).toBe(true);
    const uk = await lang("uk");
    expect((await send("/admin/language/update", { ...uk, isDefault: true })).status).toBe(200);
    expect((await lang("ru")).isDefault).toBe(false);
    expect((await w.deps.db.select().from(languages).where(eq(languages.isDefault, true))).map((l) => l.code)).toEqual([
      "uk",
    ]);
    expect((await send("/admin/language/remove", { id: ru.id })).status).toBe(200);
    const en = await lang("en");
    expect((await send("/admin/language/remove", { id: en.id })).status).toBe(200);
    // Only uk (default) is left enabled; kk is disabled. Removing kk is fine, disabling uk is not.
    expect((await send("/admin/language/update", { ...(await lang("uk")), isDefault: false })).status).toBe(409);
    expect((await send("/admin/language/remove", { id: (await lang("kk")).id })).status).toBe(200);
    expect((await w.deps.db.select().from(languages)).map((l) => l.code)).toEqual(["uk"]);
  });
});
