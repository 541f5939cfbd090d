// The player site's screen addresses: a browser's GET of a profile screen that is also a data
// route gets the app shell (signed out: the landing page), while the data still answers JSON;
// the landing data carries the top clans.
import { describe, test, expect, beforeAll, afterAll } from "bun:test";
import { makeWorld, type TestWorld } from "../test/fixture.ts";
import { signInPlayer, type Actor } from "../test/sign-in.ts";
import { applyLedger } from "../domain/ledger.ts";

const SCREENS = [
  "rating",
  "myClan",
  "shop",
  "offers",
  "gift",
  "paymentMethods",
  "searchClans",
  "searchClans/Steel",
  "createClan",
];

describe("player screens", () => {
  let w: TestWorld;
  let me: Actor & { playerId: number };
  beforeAll(async () => {
    w = await makeWorld();
    me = await signInPlayer(w, { locale: "en" });
  });
  afterAll(() => w.close());

  test("a browser's GET of each screen gets the shell; a signed-out one goes to the landing page", async () => {
    for (const path of SCREENS) {
      const html = await w.app.request(`/public/profile/${path}`, {
        headers: { cookie: me.cookie, accept: "text/html" },
      });
      expect(html.status, path).toBe(200);
      expect(html.headers.get("content-type"), path).toContain("text/html");
      expect(await html.text(), path).toContain(`<meta name="tk-csrf" content="${me.csrf}">`);
      const out = await w.app.request(`/public/profile/${path}`, { headers: { accept: "text/html" } });
      expect(out.status, path).toBe(302);
      expect(out.headers.get("location"), path).toBe(
        `/ru/public?next=${encodeURIComponent(`/public/profile/${path}`)}`,
      );
    }
  });

  test("the data stays JSON: GET for reads, the CSRF-checked lists by POST", async () => {
    const rating = await w.app.request("/public/profile/rating", { headers: me.headers() });
    expect((await rating.json()).own.place).toBeGreaterThan(0);
    const shopByGet = await w.app.request("/public/profile/shop", {
      headers: { cookie: me.cookie, accept: "application/json" },
    });
    expect(shopByGet.status).toBe(403);
    const shop = await w.app.request("/public/profile/shop", { method: "POST", headers: me.headers(), body: "{}" });
    expect(Array.isArray((await shop.json()).items)).toBe(true);
  });

  test("the landing data lists the top clans by rating with their member counts", async () => {
    const empty = await (await w.app.request("/en/public", { headers: { accept: "application/json" } })).json();
    expect(empty.topClans).toEqual([]);
    // A fresh player has 50 gold; a clan costs 100.
    await w.deps.db.transaction((tx) =>
      applyLedger(tx, {
        playerId: me.playerId,
        currency: "gold",
        delta: 100,
        reason: "test.grant",
        ref: "test",
        at: w.clock.now(),
      }),
    );
    const created = await w.app.request("/public/profile/createClan", {
      method: "POST",
      headers: me.headers(),
      body: JSON.stringify({ name: "Steel Wolves", tag: "STW" }),
    });
    expect(created.status, await created.clone().text()).toBe(200);
    const landing = await (await w.app.request("/en/public", { headers: { accept: "application/json" } })).json();
    expect(landing.topClans).toEqual([expect.objectContaining({ name: "Steel Wolves", tag: "STW", members: 1 })]);
  });
});
