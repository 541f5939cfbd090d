import { describe, test, expect, beforeAll, afterAll } from "bun:test";
import { makeWorld, type TestWorld } from "../test/fixture.ts";
import { cmsStep } from "../domain/cms.ts";
import { rng } from "../db/seed/world.ts";
import { registerPlayer } from "../domain/players.ts";

describe("Public information, terms and landing data", () => {
  let w: TestWorld;
  beforeAll(async () => {
    w = await makeWorld();
    await cmsStep({ db: w.deps.db, r: rng(1), playerIds: [], opts: { players: 0, days: 1, now: w.clock.now() } });
    for (const n of ["Alpha", "Bravo"])
      await registerPlayer(w.deps.db, {
        nickname: n,
        email: null,
        country: "RU",
        platform: "web",
        source: "organic",
        locale: "ru",
        identity: { network: "device", uid: n },
        at: w.clock.now(),
      } as Parameters<typeof registerPlayer>[1]);
  });
  afterAll(() => w.close());
  const get = (path: string) => w.app.request(path, { headers: { accept: "application/json" } });

  test("guides by default, in the page's locale, with category navigation", async () => {
    const ru = await (await get("/ru/public/information/")).json();
    expect(ru.type).toBe("guide");
    expect(ru.categories[0].title).toBe("Первые шаги");
    expect(ru.categories[0].contents.map((c: { title: string }) => c.title)).toEqual([
      "Ваш первый бой",
      "Золото и серебро",
    ]);
    const en = await (await get("/en/public/information/guide/content/3")).json();
    expect(en.content.title).toBe("Tank types");
    expect(en.category.title).toBe("Tanks and modules");
    expect((await (await get("/en/public/information/guide/category/3")).json()).content.title).toBe("Joining a clan");
    expect((await (await get("/en/public/information/news/")).json()).contents.length).toBe(3);
    expect((await get("/en/public/information/guide/content/6")).status).toBe(404);
    expect((await get("/en/public/information/nope/")).status).toBe(404);
    expect((await get("/en/public/information/guide/content/x")).status).toBe(404);
    const html = await w.app.request("/en/public/information/", { headers: { accept: "text/html" } });
    expect(html.headers.get("content-type")).toContain("text/html");
  });

  test("terms from the CMS; landing has news and top players", async () => {
    expect((await (await get("/en/public/terms")).json()).terms.title).toBe("Terms of Service");
    expect((await (await get("/ru/public/terms")).json()).terms.body).toContain("Пользовательское соглашение");
    const landing = await (await get("/en/public")).json();
    expect(landing.news[0].title).toBe("Double XP this weekend");
    // The news arrives rendered: the landing's script carries no markdown renderer.
    expect(landing.news[0].html).toContain("<strong>x2 experience</strong>");
    expect(landing.news[0].body).toBeUndefined();
    expect(landing.topPlayers.length).toBe(2);
    expect(landing.signedIn).toBe(false);
  });
});
