// Defect (issue 31): /admin/banLog/ (no player) was a 404, although operators need the ban log
// across players. It is a page now: every ban and unban of every player, newest first, paged,
// filtered by action and by a player's name or id, with who is banned now.
import { describe, test, expect, beforeAll, afterAll } from "bun:test";
import { makeWorld, type TestWorld } from "../../test/fixture.ts";
import { signInAdmin, type Actor } from "../../test/sign-in.ts";
import { registerPlayer } from "../../domain/players.ts";
import { banPlayer, unbanPlayers } from "../../domain/bans.ts";

const DAY = 86_400_000;

describe("the ban log across players", () => {
  let w: TestWorld;
  let support: Actor;
  const ids: number[] = [];
  beforeAll(async () => {
    w = await makeWorld();
    for (const nickname of ["Griefer", "Camper", "Innocent"])
      ids.push(
        (
          await registerPlayer(w.deps.db, {
            nickname,
            country: "RU",
            platform: "web",
            source: "organic",
            locale: "en",
            at: w.clock.now(),
          })
        ).playerId,
      );
    const by = { adminId: 1, adminUsername: "ops" };
    await w.deps.db.transaction(async (tx) => {
      await banPlayer(tx, {
        ...by,
        at: w.clock.now(),
        playerId: ids[0],
        reason: "cheating",
        until: w.clock.now() + 7 * DAY,
      });
      await banPlayer(tx, {
        ...by,
        at: w.clock.now() + 1,
        playerId: ids[1],
        reason: "abuse",
        until: w.clock.now() + DAY,
      });
    });
    w.clock.advance(60_000);
    await w.deps.db.transaction((tx) =>
      unbanPlayers(tx, { ...by, at: w.clock.now(), playerIds: [ids[1]], reason: "appeal accepted" }),
    );
    support = await signInAdmin(w, "support", "banlogall");
  });
  afterAll(() => w.close());

  const get = async (path: string) => {
    const r = await w.app.request(path, { headers: support.headers({ "accept-language": "en" }) });
    return { status: r.status, body: (await r.json()) as Record<string, any> };
  };

  test("every player's bans and unbans, newest first, with names and who is banned now", async () => {
    const all = await get("/admin/banLog/");
    expect(all.status).toBe(200);
    expect(all.body.total).toBe(3);
    expect(all.body.rows.map((r: { nickname: string; action: string }) => `${r.nickname} ${r.action}`)).toEqual([
      "Camper unban",
      "Camper ban",
      "Griefer ban",
    ]);
    expect(all.body.rows[2]).toMatchObject({ playerId: ids[0], reason: "cheating", bannedNow: true });
    expect(all.body.rows[0]).toMatchObject({ playerId: ids[1], bannedNow: false });
    expect(all.body.bannedNow).toBe(1);
    const bans = await get("/admin/banLog/?action=ban&size=1&page=2");
    expect(bans.body.total).toBe(2);
    expect(bans.body.rows.map((r: { nickname: string }) => r.nickname)).toEqual(["Griefer"]);
    const one = await get("/admin/banLog/?q=camp");
    expect(one.body.total).toBe(2);
    expect((await get(`/admin/banLog/?q=${ids[0]}`)).body.total).toBe(1);
    expect((await get("/admin/banLog/?action=mute")).status).toBe(400);
    const html = await w.app.request("/admin/banLog/", { headers: { accept: "text/html", cookie: support.cookie } });
    expect(html.headers.get("content-type")).toContain("text/html");
  });
});
