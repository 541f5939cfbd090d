// Tournaments, geo, experiments per player, analysis and the support tools through the routes.
import { describe, test, expect, beforeAll, afterAll } from "bun:test";
import { makeWorld, type TestWorld } from "../../test/fixture.ts";
import { signInAdmin, signInPlayer, gameApi, type Actor } from "../../test/sign-in.ts";
import { registerPlayer } from "../../domain/players.ts";
import { contentStep } from "../../domain/content.ts";
import { rng } from "../../db/seed/world.ts";
import { startBattle, endBattle } from "../../domain/battles.ts";
import { contentTanks, players } from "../../db/schema/index.ts";
import { systemStep } from "../../db/seed/system.ts";
import { packagedGeoSource, setGeoSource } from "../../domain/geo.ts";
import { readOption } from "../../domain/options.ts";
import { eq } from "drizzle-orm";

/** A small GeoNames extract: two regions of Russia (one with two cities) and one of Kazakhstan. */
const GEO = {
  cities: [
    { name: "Kazan", country: "RU", admin1: "73" },
    { name: "Yelabuga", country: "RU", admin1: "73" },
    { name: "Moscow", country: "RU", admin1: "48" },
    { name: "Almaty", country: "KZ", admin1: "02" },
  ],
  admin1: [
    { code: "RU.73", name: "Tatarstan" },
    { code: "RU.48", name: "Moscow" },
    { code: "KZ.02", name: "Almaty" },
  ],
};

describe("Players admin: tournaments, geo, experiments, analysis, tools", () => {
  let w: TestWorld;
  let admin: Actor;
  let operator: Actor;
  let support: Actor;
  let a: number;
  let b: number;
  beforeAll(async () => {
    w = await makeWorld();
    const now = w.clock.now();
    await contentStep({ db: w.deps.db, r: rng(1), playerIds: [], opts: { players: 0, days: 1, now } });
    await systemStep({ db: w.deps.db, r: rng(1), playerIds: [], opts: { players: 0, days: 1, now } });
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
    for (const resultA of ["win", "win", "loss"] as const) {
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
      await endBattle(w.deps.db, {
        battleId,
        at: w.clock.now(),
        results: [
          { playerId: a, result: resultA, experience: 100, silver: 1000, kills: 2, damage: 500, durationS: 60 },
          {
            playerId: b,
            result: resultA === "win" ? "loss" : "win",
            experience: 50,
            silver: 500,
            kills: 0,
            damage: 100,
            durationS: 60,
          },
        ],
      });
      w.clock.advance(60_000);
    }
    admin = await signInAdmin(w, "admin");
    operator = await signInAdmin(w, "operator");
    support = await signInAdmin(w, "support");
  }, 60_000);
  afterAll(() => (setGeoSource(packagedGeoSource), w.close()));
  const send = (who: Actor, path: string, body: unknown = {}) =>
    w.app.request(path, { method: "POST", headers: who.headers(), body: JSON.stringify(body) });
  const json = async <T>(r: Response | Promise<Response>) => (await (await r).json()) as T;

  test("players' tournaments: the week's top and a player's place per week", async () => {
    const top = await json<{ rows: { playerId: number; place: number; wins: number }[] }>(
      send(support, "/admin/playersTournaments/loadTop", { by: "wins" }),
    );
    expect(top.rows.map((r) => [r.place, r.playerId, r.wins])).toEqual([
      [1, a, 2],
      [2, b, 1],
    ]);
    const mine = await json<{ weeks: { place: number | null; participants: number; battles: number }[] }>(
      send(support, `/admin/player/${b}/tournaments/loadData`, { weeks: 2, by: "wins" }),
    );
    expect(mine.weeks[0]).toMatchObject({ place: 2, participants: 2, battles: 3 });
    expect(mine.weeks[1]).toMatchObject({ place: null, battles: 0 });
    expect(
      (await send(support, "/admin/playersTournaments/loadTop", { from: "02.01.2026", to: "01.01.2026" })).status,
    ).toBe(400);
    // The screen reads it by GET: its moment, a number, travels as the query's digits.
    const since = Date.UTC(2026, 0, 5);
    const byGet = await w.app.request(`/admin/playersTournaments/loadTop?from=${since}&by=wins`, {
      headers: support.headers(),
    });
    expect(byGet.status, await byGet.clone().text()).toBe(200);
    expect((await byGet.json()).from).toBe(since);
  });

  test("geo: regions and cities of a country, one or several", async () => {
    setGeoSource(async () => GEO);
    const r = await json<{ regions: { code: string; name: string }[] }>(
      send(support, "/admin/commonGeoip/getRegions", { country: "ru" }),
    );
    expect(r.regions).toEqual([
      { code: "48", name: "Moscow" },
      { code: "73", name: "Tatarstan" },
    ]);
    const c = await json<{ cities: string[] }>(
      send(support, "/admin/commonGeoip/getCities", { country: "RU", region: "73" }),
    );
    expect(c.cities).toEqual(["Kazan", "Yelabuga"]);
    const m = await json<{ regions: Record<string, unknown[]> }>(
      send(support, "/admin/commonGeoip/getRegionsMulti", { countries: "RU,KZ" }),
    );
    expect(Object.keys(m.regions).sort()).toEqual(["KZ", "RU"]);
    const cm = await json<{ cities: Record<string, string[]> }>(
      send(support, "/admin/commonGeoip/getCitiesMulti", { regions: ["RU.48", "KZ.02"] }),
    );
    expect(cm.cities).toEqual({ "RU.48": ["Moscow"], "KZ.02": ["Almaty"] });
    expect((await send(support, "/admin/commonGeoip/getRegions", { country: "Russia" })).status).toBe(400);
  });

  test("experiments: an operator forces a player into a variant and out; the options rule follows", async () => {
    const created = (
      await json<{ experiment: { id: number } }>(
        send(operator, "/admin/experiments/save/general/settings", {
          name: "HUD",
          optionScope: "client",
          optionKey: "battle.hud",
        }),
      )
    ).experiment;
    expect(
      (
        await send(operator, "/admin/experiments/save/variants", {
          id: created.id,
          variants: [
            { name: "control", weight: 1, optionVariant: "default" },
            { name: "big", weight: 1, optionVariant: "bigMinimap" },
          ],
        })
      ).status,
    ).toBe(200);
    expect(
      (await send(operator, `/admin/player/${a}/experiments/add`, { experimentId: created.id, variant: "big" })).status,
    ).toBe(409);
    expect((await send(operator, "/admin/experiments/save/status", { id: created.id, status: "running" })).status).toBe(
      200,
    );
    expect(
      (await send(support, `/admin/player/${a}/experiments/add`, { experimentId: created.id, variant: "big" })).status,
    ).toBe(403);
    expect(
      (await send(operator, `/admin/player/${a}/experiments/add`, { experimentId: created.id, variant: "nope" }))
        .status,
    ).toBe(400);
    const forced = await json<{ rows: { id: number; variant: string | null }[] }>(
      send(operator, `/admin/player/${a}/experiments/add`, { experimentId: created.id, variant: "big" }),
    );
    expect(forced.rows.find((r) => r.id === created.id)!.variant).toBe("big");
    expect((await readOption(w.deps.db, "client", "battle.hud", { playerId: a }, w.clock.now()))?.variant).toBe(
      "bigMinimap",
    );
    await send(operator, `/admin/player/${a}/experiments/remove`, { experimentId: created.id });
    expect(
      (await readOption(w.deps.db, "client", "battle.hud", { playerId: a }, w.clock.now() + 120_000))?.variant,
    ).toBe("default");
    const list = await json<{ rows: { id: number; override: { variant: string | null } | null }[] }>(
      send(support, `/admin/player/${a}/experiments/list`),
    );
    expect(list.rows.find((r) => r.id === created.id)!.override).toMatchObject({ variant: null });
    const analyzed = await json<{ rows: { id: number; figures: { battles: number } }[] }>(
      send(support, `/admin/player/${a}/experiments/analyze`),
    );
    expect(analyzed.rows.find((r) => r.id === created.id)).toBeDefined();
  });

  test("analysis: the player's history streams from the warehouse, series first, then events", async () => {
    await w.ship();
    const res = await send(support, `/admin/player/${a}/analysis/loadStreamed`, { days: 30 });
    expect(res.headers.get("content-type")).toContain("ndjson");
    const lines = (await res.text())
      .trim()
      .split("\n")
      .map((l) => JSON.parse(l) as { part: string; rows?: { battles?: number; wins?: number }[] });
    expect(lines[0].part).toBe("period");
    const battles = lines.find((l) => l.part === "battles")!;
    expect(battles.rows!.reduce((s, r) => s + Number(r.battles), 0)).toBe(3);
    expect(lines.filter((l) => l.part === "event").length).toBeGreaterThanOrEqual(3);
    expect(lines.at(-1)!.part).toBe("done");
  });

  test("tools: load, swap and swap back, transfer, social update, import all-or-nothing; never an identity on two accounts", async () => {
    const p1 = await signInPlayer(w, { network: "vk", uid: "111" });
    const p2 = await signInPlayer(w, { network: "ok", uid: "222" });
    const doc = await json<{
      format: string;
      player: { id: number; nickname: string };
      identities: { network: string; uid: string }[];
    }>(w.app.request(`/admin/tools/load/player/${p1.playerId}`, { headers: operator.headers() }));
    expect(doc.identities).toMatchObject([{ network: "vk", uid: "111" }]);
    expect(
      (await send(operator, "/admin/tools/swap/players", { playerA: p1.playerId, playerB: p2.playerId })).status,
    ).toBe(403);
    expect(
      (await send(admin, "/admin/tools/swap/players", { playerA: p1.playerId, playerB: p2.playerId })).status,
    ).toBe(200);
    const ids = async (id: number) =>
      (
        await w.deps.client.execute({
          sql: "select network || ':' || uid as k from player_identities where player_id = ? order by k",
          args: [id],
        })
      ).rows.map((r) => r.k);
    expect(await ids(p1.playerId)).toEqual(["ok:222"]);
    expect(await ids(p2.playerId)).toEqual(["vk:111"]);
    await send(admin, "/admin/tools/swap/players", { playerA: p1.playerId, playerB: p2.playerId });
    expect(await ids(p1.playerId)).toEqual(["vk:111"]);
    // Transfer: p2 has an ok identity already, so vk moves; ok onto p1 when p1 has none.
    expect(
      (
        await send(admin, "/admin/tools/transfer/socialNetworks", {
          fromPlayerId: p1.playerId,
          toPlayerId: p2.playerId,
          network: "ok",
        })
      ).status,
    ).toBe(409);
    expect(
      (
        await send(admin, "/admin/tools/transfer/socialNetworks", {
          fromPlayerId: p1.playerId,
          toPlayerId: p2.playerId,
          network: "vk",
        })
      ).status,
    ).toBe(200);
    expect(await ids(p2.playerId)).toEqual(["ok:222", "vk:111"]);
    expect(
      (
        await send(admin, "/admin/tools/transfer/socialNetworks", {
          fromPlayerId: p2.playerId,
          toPlayerId: p1.playerId,
          network: "vk",
        })
      ).status,
    ).toBe(200);
    // Import refuses a document whose identity is on an account, and a broken one; changes nothing.
    const before = (await w.deps.client.execute("select count(*) as n from players")).rows[0].n;
    expect(
      (
        await send(admin, "/admin/tools/importPlayer", {
          document: { ...doc, player: { ...doc.player, nickname: "Imported1" } },
        })
      ).status,
    ).toBe(409);
    expect((await send(admin, "/admin/tools/importPlayer", { document: { format: "other" } })).status).toBe(400);
    expect((await w.deps.client.execute("select count(*) as n from players")).rows[0].n).toBe(before);
    const fresh = {
      ...doc,
      player: { ...doc.player, nickname: "Imported1", email: null, gold: 70 },
      identities: [{ network: "google", uid: "g-9" }],
    };
    const imp = await send(admin, "/admin/tools/importPlayer", { document: JSON.stringify(fresh) });
    expect(imp.status).toBe(201);
    const { playerId } = (await imp.json()) as { playerId: number };
    const [row] = await w.deps.db.select().from(players).where(eq(players.id, playerId));
    expect(row).toMatchObject({ nickname: "Imported1", gold: 70 });
    // Social update from the profile data the game sent.
    await gameApi(w, "/game/api/players/register", {
      network: "vk",
      uid: "111",
      profileName: "Real Name",
      profilePhoto: "https://cdn.example/p.jpg",
    });
    const up = await json<{ nickname: string; avatarUrl: string }>(
      send(operator, `/admin/tools/socialUpdate/${p1.playerId}`),
    );
    expect(up).toMatchObject({ nickname: "Real Name", avatarUrl: "https://cdn.example/p.jpg" });
    expect((await send(operator, `/admin/tools/socialUpdate/${p1.playerId}`)).status).toBe(409);
    const log = await w.deps.client.execute("select action from admin_log where action like 'tools.%' order by id");
    expect(log.rows.map((r) => r.action)).toEqual([
      "tools.swap",
      "tools.swap",
      "tools.transfer",
      "tools.transfer",
      "tools.import",
      "tools.socialUpdate",
    ]);
    // goToMailProfile: VK's profile address; an unknown uid is a 404.
    const go = await w.app.request("/admin/player/goToMailProfile/111", {
      headers: support.headers(),
      redirect: "manual",
    });
    expect(go.status).toBe(302);
    expect(go.headers.get("location")).toBe("https://vk.com/id111");
    expect((await w.app.request("/admin/player/goToMailProfile/nobody", { headers: support.headers() })).status).toBe(
      404,
    );
  });
});

describe("Players admin: where a player is (country, region, city)", () => {
  let w: TestWorld;
  let operator: Actor;
  let id: number;
  beforeAll(async () => {
    w = await makeWorld();
    setGeoSource(async () => GEO);
    id = (
      await registerPlayer(w.deps.db, {
        nickname: "Placed",
        country: "RU",
        platform: "web",
        source: "organic",
        locale: "en",
        at: w.clock.now(),
      })
    ).playerId;
    operator = await signInAdmin(w, "operator");
  });
  afterAll(() => (setGeoSource(packagedGeoSource), w.close()));
  const send = (path: string, body: unknown) =>
    w.app.request(path, { method: "POST", headers: operator.headers(), body: JSON.stringify(body) });

  test("region and city are checked against the country; a new country clears them; search filters by them", async () => {
    expect((await send("/admin/player/setProfile", { playerId: id, region: "02" })).status).toBe(400);
    expect((await send("/admin/player/setProfile", { playerId: id, region: "73", city: "Moscow" })).status).toBe(400);
    expect((await send("/admin/player/setProfile", { playerId: id, region: "73", city: "Kazan" })).status).toBe(200);
    const found = (await (
      await send("/admin/player/getProfiles", { country: "RU", region: "73", city: "Kazan" })
    ).json()) as { rows: { id: number }[] };
    expect(found.rows.map((r) => r.id)).toEqual([id]);
    expect(
      ((await (await send("/admin/player/getProfiles", { region: "48" })).json()) as { rows: unknown[] }).rows,
    ).toEqual([]);
    const moved = (await (await send("/admin/player/setProfile", { playerId: id, country: "KZ" })).json()) as {
      player: { region: string | null; city: string | null };
    };
    expect(moved.player).toMatchObject({ region: null, city: null });
    const log = await w.deps.client.execute(
      "select summary from admin_log where action = 'player.setProfile' order by id",
    );
    expect(String(log.rows[0].summary)).toContain("Kazan");
  });
});
