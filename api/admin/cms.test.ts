import { describe, test, expect, beforeAll, afterAll } from "bun:test";
import { makeWorld, type TestWorld } from "../test/fixture.ts";
import { signedInAdmin } from "../test/billing-world.ts";
import { adminLog } from "../db/schema/index.ts";
import { cmsContents } from "../db/schema/cms.ts";
import { cmsStep, information, latest } from "../domain/cms.ts";
import { rng } from "../db/seed/world.ts";

describe("Admin: CMS", () => {
  let w: TestWorld;
  let admin: Awaited<ReturnType<typeof signedInAdmin>>;
  beforeAll(async () => {
    w = await makeWorld();
    await cmsStep({ db: w.deps.db, r: rng(1), playerIds: [], opts: { players: 0, days: 1, now: w.clock.now() } });
    admin = await signedInAdmin(w.deps.db, w.clock.now(), "operator");
  });
  afterAll(() => w.close());
  const send = (method: string, path: string, body?: unknown, lang = "en") =>
    w.app.request(path, {
      method,
      headers: {
        ...admin.headers,
        "content-type": "application/json",
        accept: "application/json",
        "accept-language": lang,
      },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
  const logs = async () => (await w.deps.db.select().from(adminLog)).length;

  test("the public reading: guides by category in the page's locale, news newest first, terms", async () => {
    const ru = await information(w.deps.db, "ru", "guide", {});
    expect(ru!.categories.map((c) => c.title)).toEqual(["Первые шаги", "Танки и модули", "Кланы"]);
    const cat = await information(w.deps.db, "en", "guide", { categoryId: 2 });
    expect(cat!.category!.title).toBe("Tanks and modules");
    expect(cat!.content!.title).toBe("Tank types");
    const one = await information(w.deps.db, "ru", "guide", { contentId: 4 });
    expect(one!.content!.body).toContain("досылателя");
    expect(one!.category!.id).toBe(2);
    expect(await information(w.deps.db, "en", "news", { contentId: 4 })).toBeNull();
    expect(await information(w.deps.db, "en", "guide", { categoryId: 99 })).toBeNull();
    expect((await latest(w.deps.db, "en", "news", 2)).map((n) => n.title)).toEqual([
      "Double XP this weekend",
      "New premium tanks",
    ]);
    expect((await latest(w.deps.db, "ru", "terms", 1))[0].title).toBe("Пользовательское соглашение");
  });

  test("edit and remove contents and categories: validated, audited; a non-empty category stays", async () => {
    const before = await logs();
    const bad = await send("POST", "/admin/cms/edit/content", {
      type: "guide",
      titleRu: "",
      titleEn: "X",
      bodyRu: "a",
      bodyEn: "b",
      categoryId: 99,
    });
    expect(bad.status).toBe(400);
    const wrongCat = await send("POST", "/admin/cms/edit/content", {
      type: "news",
      titleRu: "Т",
      titleEn: "T",
      bodyRu: "a",
      bodyEn: "b",
      categoryId: 1,
    });
    expect(Object.keys((await wrongCat.json()).error.fields)).toEqual(["categoryId"]);
    const cat = await (
      await send("POST", "/admin/cms/edit/category", { type: "guide", titleRu: "Экономика", titleEn: "Economy" })
    ).json();
    const created = await (
      await send("POST", "/admin/cms/edit/content", {
        type: "guide",
        categoryId: cat.category.id,
        titleRu: "Бусты",
        titleEn: "Boosters",
        bodyRu: "Текст",
        bodyEn: "Text",
      })
    ).json();
    expect(created.content.id).toBeGreaterThan(9);
    const edited = await send("POST", "/admin/cms/edit/content", { ...created.content, titleEn: "Boosters!" });
    expect(edited.status).toBe(200);
    expect((await w.deps.db.select().from(adminLog)).at(-1)!.summary).toBe('titleEn "Boosters" → "Boosters!"');
    const notEmpty = await send("POST", "/admin/cms/remove/category", { id: cat.category.id }, "ru");
    expect(notEmpty.status).toBe(409);
    expect(JSON.stringify(await notEmpty.json())).toContain("В категории ещё есть материалы");
    expect((await send("POST", "/admin/cms/remove/content", { id: created.content.id })).status).toBe(200);
    expect((await send("POST", "/admin/cms/remove/category", { id: cat.category.id })).status).toBe(200);
    expect((await send("POST", "/admin/cms/remove/content", { id: created.content.id })).status).toBe(404);
    expect(await logs()).toBe(before + 5);
    const list = await (await send("GET", "/admin/cms/get?type=news")).json();
    expect(list.contents.length).toBe(3);
    expect(list.categories).toEqual([]);
  });

  test("export, then import previews and applies all-or-nothing", async () => {
    const exp = await send("GET", "/admin/cms/export");
    expect(exp.headers.get("content-disposition")).toContain("attachment");
    const data = await exp.json();
    expect((await send("POST", "/admin/cms/export")).status).toBe(405);
    data.contents = data.contents
      .filter((c: { id: number }) => c.id !== 8)
      .map((c: { id: number; titleEn: string }) => (c.id === 6 ? { ...c, titleEn: "Triple XP" } : c));
    data.contents.push({
      id: 50,
      type: "news",
      categoryId: null,
      titleRu: "Новое",
      titleEn: "New",
      bodyRu: "т",
      bodyEn: "t",
    });
    const before = await logs();
    const preview = await (await send("POST", "/admin/cms/import", { data, preview: true })).json();
    expect(preview.changes.contents).toEqual({ added: [50], changed: [6], removed: [8] });
    expect(await logs()).toBe(before);
    const broken = structuredClone(data);
    broken.contents.push({ ...broken.contents[0], id: 51, categoryId: 3, type: "news" });
    expect((await send("POST", "/admin/cms/import", { data: broken })).status).toBe(400);
    broken.contents.pop();
    broken.contents[0].bodyEn = "";
    expect((await send("POST", "/admin/cms/import", { data: broken })).status).toBe(400);
    expect((await w.deps.db.select().from(cmsContents)).length).toBe(9);
    expect((await send("POST", "/admin/cms/import", { data })).status).toBe(200);
    expect((await latest(w.deps.db, "en", "news", 5)).map((n) => n.title)).toEqual([
      "New",
      "Triple XP",
      "New premium tanks",
    ]);
    expect(await logs()).toBe(before + 1);
  });
});
