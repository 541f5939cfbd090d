import { describe, test, expect, beforeAll, afterAll } from "bun:test";
import type { TestWorld } from "../../test/fixture.ts";
import type { Actor } from "../../test/sign-in.ts";
import { adminLog } from "../../db/schema/index.ts";
import { systemWorld, type SystemWorld } from "../../test/system-world.ts";
import { serverTexts } from "../../db/schema/system.ts";
import { parseCsv, toCsv } from "../../domain/csv.ts";

describe("Server localization: keys with a text per language, search, missing flags, export and import", () => {
  let w: TestWorld;
  let admin: Actor;
  let send: SystemWorld["send"];
  beforeAll(async () => void ({ w, admin, send } = await systemWorld()), 60_000);
  afterAll(() => w.close());
  const upload = (file: string, apply: boolean, name = "texts.csv") => {
    const form = new FormData();
    form.append("file", new File([file], name));
    return w.app.request(`/admin/serverLocalization/import${apply ? "?apply=1" : ""}`, {
      method: "POST",
      headers: {
        cookie: admin.cookie,
        "x-csrf-token": admin.csrf,
        accept: "application/json",
        "accept-language": "en",
      },
      body: form,
    });
  };
  const snapshot = () => w.deps.db.select().from(serverTexts);
  const logs = () => w.deps.db.select().from(adminLog);

  test("list: search by key or text, missing enabled translations flagged, languages in the page data", async () => {
    const page = await (
      await w.app.request("/admin/serverLocalization/?q=push.&size=50", { headers: admin.headers() })
    ).json();
    expect(page.rows.map((r: { key: string }) => r.key).sort()).toEqual([
      "push.battle.ready",
      "push.clan.request",
      "push.daily.reward",
    ]);
    expect(page.languages.map((l: { code: string }) => l.code)).toEqual(["ru", "en", "kk"]);
    expect(page.actions).toEqual({
      list: "/admin/serverLocalization/",
      add: "/admin/serverLocalization/add",
      update: "/admin/serverLocalization/update",
    });
    const byText = await (
      await w.app.request(`/admin/serverLocalization/?q=${encodeURIComponent("Ничья")}`, { headers: admin.headers() })
    ).json();
    expect(byText.rows.map((r: { key: string }) => r.key)).toEqual(["battle.result.draw"]);
    const gold = await (
      await w.app.request("/admin/serverLocalization/?q=low_gold", { headers: admin.headers() })
    ).json();
    expect(gold.rows[0].missing).toEqual(["en"]); // kk is disabled, so not flagged
    expect(
      (
        await w.app.request("/admin/serverLocalization/remove", {
          method: "POST",
          headers: admin.headers(),
          body: "{}",
        })
      ).status,
    ).toBe(404);
  });

  test("add and update: key pattern, unique key, known languages only; audited", async () => {
    expect((await send("/admin/serverLocalization/add", { key: "bad key!", texts: { ru: "x" } })).status).toBe(400);
    const dup = await send("/admin/serverLocalization/add", { key: "battle.result.draw", texts: { ru: "x" } });
    expect((await dup.json()).error.fields.key).toBe("Please make sure the value is unique.");
    const de = await send(
      "/admin/serverLocalization/add",
      { key: "new.key", texts: { ru: "Привет", de: "Hallo" } },
      "ru",
    );
    expect(de.status).toBe(400);
    expect((await de.json()).error.fields["texts.de"]).toContain('"de"');
    const added = await (
      await send("/admin/serverLocalization/add", { key: "new.key", texts: { ru: "Привет", en: "" } })
    ).json();
    expect(added.created).toBe(true);
    const upd = await send("/admin/serverLocalization/update", {
      id: added.item.id,
      key: "new.key",
      texts: { ru: "Привет", en: "Hello" },
    });
    expect(upd.status).toBe(200);
    expect((await logs()).at(-1)!.summary).toBe('texts {"ru":"Привет"} → {"ru":"Привет","en":"Hello"}');
    expect((await send("/admin/serverLocalization/update", { id: 99999, key: "x.y", texts: {} })).status).toBe(404);
  });

  test("export as JSON and CSV; a re-import of the export changes nothing", async () => {
    const json = await w.app.request("/admin/serverLocalization/export?format=json", { headers: admin.headers() });
    expect(json.headers.get("content-disposition")).toContain("serverLocalization-");
    const doc = await json.json();
    expect(doc.format).toBe("tankodrome.serverLocalization");
    expect(doc.items.find((i: { key: string }) => i.key === "battle.result.victory").texts).toEqual({
      ru: "Победа!",
      en: "Victory!",
      kk: "Жеңіс!",
    });
    const csv = await (
      await w.app.request("/admin/serverLocalization/export?format=csv", { headers: admin.headers() })
    ).text();
    const rows = parseCsv(csv)!;
    expect(rows[0]).toEqual(["key", "ru", "en", "kk"]);
    expect(rows.length - 1).toBe(doc.items.length);
    const before = await snapshot();
    const logCount = (await logs()).length;
    const again = await (await upload(csv, true)).json();
    expect(again).toMatchObject({ applied: true, added: [], changed: [], unchanged: doc.items.length });
    const againJson = await (await upload(JSON.stringify(doc), false, "texts.json")).json();
    expect(againJson).toMatchObject({ applied: false, unchanged: doc.items.length });
    expect(await snapshot()).toEqual(before);
    expect((await logs()).length).toBe(logCount + 1);
    expect(
      (await w.app.request("/admin/serverLocalization/export?format=xml", { headers: admin.headers() })).status,
    ).toBe(400);
  });

  test("import: preview changes nothing; applied all-or-nothing; one bad row refuses the file", async () => {
    const file = toCsv([
      ["key", "ru", "en"],
      ["battle.result.draw", "Ничья", "A draw"],
      ["fresh.key", 'Новый, "с кавычками"\nи строкой', "New"],
    ]);
    const before = await snapshot();
    const logCount = (await logs()).length;
    const preview = await (await upload(file, false)).json();
    expect(preview).toEqual({
      applied: false,
      added: ["fresh.key"],
      changed: [
        { key: "battle.result.draw", summary: 'texts {"ru":"Ничья","en":"Draw"} → {"ru":"Ничья","en":"A draw"}' },
      ],
      unchanged: 0,
    });
    expect(await snapshot()).toEqual(before);
    expect((await logs()).length).toBe(logCount);
    const bad = toCsv([
      ["key", "ru", "en"],
      ["battle.result.draw", "Ничья", "A draw"],
      ["bad key", "x", "y"],
    ]);
    const refused = await upload(bad, true);
    expect(refused.status).toBe(400);
    expect((await refused.json()).error.message).toContain("row 2");
    const badLang = toCsv([
      ["key", "ru", "de"],
      ["battle.result.draw", "Ничья", "Unentschieden"],
    ]);
    expect((await upload(badLang, true)).status).toBe(400);
    expect((await upload("{not json", true, "x.json")).status).toBe(400);
    expect((await upload("", true)).status).toBe(400);
    expect(await snapshot()).toEqual(before);
    expect((await logs()).length).toBe(logCount);
    const applied = await (await upload(file, true)).json();
    expect(applied.applied).toBe(true);
    const all = await snapshot();
    expect(JSON.parse(all.find((r) => r.key === "fresh.key")!.texts)).toEqual({
      ru: 'Новый, "с кавычками"\nи строкой',
      en: "New",
    });
    expect(JSON.parse(all.find((r) => r.key === "battle.result.draw")!.texts)).toEqual({ ru: "Ничья", en: "A draw" });
    expect(all.length).toBe(before.length + 1);
    expect((await logs()).at(-1)!.summary).toStartWith("import: +1 ~1 =0");
  });
});
