import { describe, test, expect, beforeAll, afterAll } from "bun:test";
import { makeWorld, type TestWorld } from "../../test/fixture.ts";
import { signInAdmin, type Actor } from "../../test/sign-in.ts";
import { registerPlayer } from "../../domain/players.ts";
import { contentStep } from "../../domain/content.ts";
import { rng } from "../../db/seed/world.ts";
import { startBattle, endBattle } from "../../domain/battles.ts";
import { contentTanks } from "../../db/schema/index.ts";

describe("Admin: a player's battles", () => {
  let w: TestWorld;
  let support: Actor;
  let a: number;
  let b: number;
  let first: number;

  beforeAll(async () => {
    w = await makeWorld();
    await contentStep({ db: w.deps.db, r: rng(1), playerIds: [], opts: { players: 0, days: 1, now: w.clock.now() } });
    const reg = (nickname: string) =>
      registerPlayer(w.deps.db, {
        nickname,
        country: "RU",
        platform: "web",
        source: "organic",
        locale: "en",
        at: w.clock.now(),
      }).then((r) => r.playerId);
    a = await reg("Gunner");
    b = await reg("Target");
    const [tank] = await w.deps.db.select().from(contentTanks).limit(1);
    const play = async (resultA: "win" | "loss") => {
      const { battleId } = await startBattle(w.deps.db, {
        mode: "random",
        map: "steppe",
        players: [
          { playerId: a, tankId: tank.id },
          { playerId: b, tankId: tank.id },
        ],
        at: w.clock.now(),
      });
      w.clock.advance(60_000);
      const other = resultA === "win" ? "loss" : "win";
      await endBattle(w.deps.db, {
        battleId,
        at: w.clock.now(),
        results: [
          { playerId: a, result: resultA, experience: 100, silver: 1000, kills: 2, damage: 500, durationS: 60 },
          { playerId: b, result: other, experience: 50, silver: 500, kills: 0, damage: 100, durationS: 60 },
        ],
      });
      w.clock.advance(60_000);
      return battleId;
    };
    first = await play("win");
    await play("loss");
    await play("win");
    support = await signInAdmin(w, "support");
  }, 60_000);
  afterAll(() => w.close());

  const get = async (path: string) => {
    const r = await w.app.request(path, { headers: support.headers({ "accept-language": "en" }) });
    return { status: r.status, body: (await r.json()) as unknown };
  };

  test("list (newest first, filters, paging), sums and one battle with its timeline", async () => {
    const all = await get(`/admin/player/${a}/battles/load`);
    const rows = (all.body as { rows: { battleId: number; result: string; startedAt: number }[]; total: number }).rows;
    expect(rows.map((r) => r.result)).toEqual(["win", "loss", "win"]);
    expect(rows[2].battleId).toBe(first);
    const wins = await get(`/admin/player/${a}/battles/load?result=win&size=1&page=2`);
    expect((wins.body as { total: number; rows: { battleId: number }[] }).total).toBe(2);
    expect((wins.body as { rows: { battleId: number }[] }).rows.map((r) => r.battleId)).toEqual([first]);
    expect((await get(`/admin/player/${a}/battles/load?result=won`)).status).toBe(400);
    const sum = (await get(`/admin/player/${a}/battles/getSum`)).body as Record<string, number>;
    expect(sum).toMatchObject({ battles: 3, wins: 2, losses: 1, draws: 0, experience: 300, kills: 6, damage: 1500 });
    const one = await get(`/admin/player/${a}/battles/${first}`);
    expect(one.status).toBe(200);
    expect((one.body as { events: { kind: string }[] }).events.map((e) => e.kind)).toContain("start");
    expect((one.body as { player: { result: string } }).player.result).toBe("win");
    expect((await get(`/admin/player/${a}/battles/999999`)).status).toBe(404);
    expect((await get(`/admin/player/999999/battles/load`)).status).toBe(404);
    const page = await get(`/admin/player/${a}/battles`);
    expect((page.body as { sum: { battles: number } }).sum.battles).toBe(3);
  });

  // Defect (issue 31): a player's battle opened in the browser as raw JSON. Its address is a page:
  // a browser gets the back office (which draws the battle page), a JSON reader the battle.
  test("a player's battle opens as a page in the browser", async () => {
    const html = await w.app.request(`/admin/player/${a}/battles/${first}`, {
      headers: { accept: "text/html", cookie: support.cookie },
    });
    expect(html.status).toBe(200);
    expect(html.headers.get("content-type")).toContain("text/html");
    const json = await get(`/admin/player/${a}/battles/${first}`);
    expect((json.body as { battle: { id: number } }).battle.id).toBe(first);
  });
});
