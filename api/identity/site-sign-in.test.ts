// The game client's sign-in link lands on any page of the player site, the hangar included
// (issue 27: `next: /ru/play/` was refused with a 400 and the hangar never spent a token).
import { test, expect, beforeAll, afterAll } from "bun:test";
import { makeWorld, type TestWorld } from "../test/fixture.ts";
import { gameApi } from "../test/sign-in.ts";

let w: TestWorld;
beforeAll(async () => {
  w = await makeWorld();
});
afterAll(() => w.close());

async function newPlayer(nickname: string) {
  const res = await gameApi(w, "/game/api/players/register", { network: "vk", uid: `uid-${nickname}`, nickname });
  return ((await res.json()) as { playerId: number }).playerId;
}

for (const next of ["/ru/play/", "/en/play/", "/public/profile/shop", "/en/public/information/guide/"]) {
  test(`a sign-in link to ${next} signs the player in there`, async () => {
    const playerId = await newPlayer(`Linker${next.replace(/\W/g, "").slice(0, 12)}`);
    const issued = await gameApi(w, "/game/api/players/site-token", { playerId, next });
    expect(issued.status).toBe(201);
    const { url } = (await issued.json()) as { url: string };
    expect(url).toStartWith(`${w.deps.settings.publicUrl}${next}?token=tks_`);
    const page = await w.app.request(url.slice(w.deps.settings.publicUrl.length), { headers: { accept: "text/html" } });
    expect(page.status).toBe(200);
    // The page is answered as the player (its CSRF token in the shell) and the browser keeps a session.
    expect(await page.text()).toMatch(/<meta name="tk-csrf" content="[^"]+">/);
    const cookie = /tk_player=[^;]+/.exec(page.headers.get("set-cookie") ?? "")?.[0];
    expect(cookie).toBeDefined();
    const me = await w.app.request("/public/profile/", { headers: { cookie: cookie!, accept: "application/json" } });
    expect(((await me.json()) as { player: { id: number } }).player.id).toBe(playerId);
  });
}

test("a link elsewhere is refused: another host, the back office", async () => {
  const playerId = await newPlayer("LinkerBad");
  for (const next of ["//evil.example/", "/admin/", "https://evil.example/ru/play/", "/ru/play/../admin"]) {
    const res = await gameApi(w, "/game/api/players/site-token", { playerId, next });
    expect({ next, status: res.status }).toEqual({ next, status: 400 });
  }
});

test("a signed-in player's saved language wins over the browser's on pages without a locale in the path", async () => {
  const playerId = await newPlayer("RuPlayer");
  const issued = (await (await gameApi(w, "/game/api/players/site-token", { playerId })).json()) as { url: string };
  const landing = await w.app.request(issued.url.slice(w.deps.settings.publicUrl.length), {
    headers: { accept: "text/html", "accept-language": "en-US,en;q=0.9" },
  });
  const cookie = /tk_player=[^;]+/.exec(landing.headers.get("set-cookie") ?? "")![0];
  // Saved ru (the game registered the player so); the browser says en, and so does a stale lang cookie.
  const html = (path: string, extra: Record<string, string> = {}) =>
    w.app.request(path, {
      headers: { cookie: `${cookie}; lang=en`, accept: "text/html", "accept-language": "en-US,en;q=0.9", ...extra },
    });
  expect(await (await html("/public/profile/shop")).text()).toContain('<html lang="ru">');
  // A path with a locale keeps it.
  expect(await (await html("/en/public")).text()).toContain('<html lang="en">');
  // The server's messages follow too.
  const refused = await w.app.request("/public/profile/gift", {
    method: "POST",
    headers: { cookie, accept: "application/json", "accept-language": "en", "content-type": "application/json" },
    body: "{}",
  });
  expect(((await refused.json()) as { error: { message: string } }).error.message).toBe(
    "Форма устарела. Обновите страницу и попробуйте снова.",
  );
  // Changing it on the site saves it: then en wins, whatever the browser says.
  const csrf = /<meta name="tk-csrf" content="([^"]+)">/.exec(await (await html("/public/profile/")).text())![1];
  const saved = await w.app.request("/public/profile/", {
    method: "POST",
    headers: { cookie, "x-csrf-token": csrf, accept: "application/json", "content-type": "application/json" },
    body: JSON.stringify({ locale: "en" }),
  });
  expect(saved.status).toBe(200);
  expect(await (await html("/public/profile/shop", { "accept-language": "ru" })).text()).toContain('<html lang="en">');
  // Signed out, the browser's language is back.
  expect(
    await (await w.app.request("/public/login", { headers: { accept: "text/html", "accept-language": "ru" } })).text(),
  ).toContain('<html lang="ru">');
});
