// The battles played in the browser, through the app: joining, matchmaking with bots, the room's
// inputs (only for one's own tank), the end paid once through endBattle, an operator's stop, a
// silent battle closed by stopTheStuck, the replay of a recorded battle.
import { describe, test, expect, beforeAll, afterAll } from "bun:test";
import { eq } from "drizzle-orm";
import { makeWorld, type TestWorld } from "../../test/fixture.ts";
import { signInPlayer, signInAdmin, TEST_GAME_API_KEY, type Actor } from "../../test/sign-in.ts";
import { putContent, DEMO_TANKS } from "../../domain/content.ts";
import { saveBattleOptions } from "../../domain/options.ts";
import { battles, battlePlayers, battleEvents } from "../../db/schema/battles.ts";
import { battleRooms, battleQueue } from "../../db/schema/arena.ts";
import { ledgerEntries } from "../../db/schema/ledger.ts";
import { contentBots, contentCrews, contentDailyTasks, playerCrewMembers } from "../../db/schema/progression.ts";
import { dropContentCache } from "../../domain/content-cache.ts";
import { players } from "../../db/schema/players.ts";
import { arenaOf } from "./arena.ts";
import { formBattles, finishArenaBattle, garageOf } from "../../domain/arena.ts";
import { ViewDecoder } from "../sim/wire.ts";
import { replay } from "../sim/replay.ts";
import { digest, createBattle } from "../sim/sim.ts";
import { botCrewBonus } from "../sim/crew.ts";
import type { Viewer } from "./room.ts";

let w: TestWorld;
let operator: Actor;
const FREE_TANK = (DEMO_TANKS as { id: number; tier: number; priceSilver?: number; priceGold?: number }[]).find(
  (t) => t.tier === 1 && !t.priceSilver && !t.priceGold,
)!.id;

beforeAll(async () => {
  w = await makeWorld();
  w.deps.settings.secrets.GAME_API_KEY = TEST_GAME_API_KEY;
  await putContent(w.deps.db, "tank", DEMO_TANKS, w.clock.now());
  await saveBattleOptions(
    w.deps.db,
    { roundSeconds: 60, respawn: false, maps: ["prokhorovka"], teamSize: 3, maxWaitSeconds: 5, tierSpread: 1 },
    "test",
    w.clock.now(),
  );
  arenaOf(w.deps).manual = true;
  operator = await signInAdmin(w, "operator");
});
afterAll(() => w.close());

const post = (who: Actor, path: string, body: unknown = {}) =>
  w.app.request(path, {
    method: "POST",
    headers: {
      cookie: who.cookie,
      "x-csrf-token": who.csrf,
      "content-type": "application/json",
      "accept-language": "en",
    },
    body: JSON.stringify(body),
  });
const get = (who: Actor, path: string) =>
  w.app.request(path, { headers: { cookie: who.cookie, accept: "application/json" } });

/** A viewer that keeps what it was sent. */
function collector() {
  const got: (string | Uint8Array)[] = [];
  const viewer: Viewer = { send: (d) => void got.push(d), close() {} };
  return { got, viewer, texts: () => got.filter((g): g is string => typeof g === "string").map((s) => JSON.parse(s)) };
}

describe("the hangar and the queue", () => {
  test("a signed-out visitor gets no hangar data; a player sees their garage with the free tanks", async () => {
    const visitor = await w.app.request("/en/play/", { headers: { accept: "application/json" } });
    expect(await visitor.json()).toEqual({ signedIn: false });
    const p = await signInPlayer(w);
    const res = await get(p, "/en/play/");
    expect(res.status).toBe(200);
    const d = (await res.json()) as {
      garage: { id: number; tier: number }[];
      rules: { teamSize: number; roundSeconds: number };
      battle: unknown;
      queue: unknown;
    };
    expect(d.garage.map((t) => t.id)).toContain(FREE_TANK);
    expect(d.garage.every((t) => t.tier === 1)).toBe(true);
    expect(d.rules).toMatchObject({ teamSize: 3, roundSeconds: 60 });
    expect(d.battle).toBeNull();
  });

  test("a tank not in the garage is refused with the field's message; nothing is queued", async () => {
    const p = await signInPlayer(w);
    const res = await post(p, "/game/play/join", { tankId: 9 });
    expect(res.status).toBe(400);
    expect(((await res.json()) as { error: { fields: Record<string, string> } }).error.fields.tankId).toBe(
      "This tank is not in your garage.",
    );
    expect((await post(p, "/game/play/join", { tankId: "x" })).status).toBe(400);
    expect(await w.deps.db.select().from(battleQueue).where(eq(battleQueue.playerId, p.playerId))).toEqual([]);
  });

  test("a lone player waits until the longest wait, then gets a battle filled with bots", async () => {
    const p = await signInPlayer(w);
    const joined = (await (await post(p, "/game/play/join", { tankId: FREE_TANK })).json()) as {
      queue: unknown;
      battle: unknown;
    };
    expect(joined.queue).not.toBeNull();
    expect(joined.battle).toBeNull();
    w.clock.advance(6_000);
    const st = (await (await get(p, "/game/play/status")).json()) as {
      queue: unknown;
      battle: { battleId: number; host: string };
    };
    expect(st.queue).toBeNull();
    expect(st.battle.battleId).toBeGreaterThan(0);
    const room = arenaOf(w.deps).get(st.battle.battleId)!;
    expect(room.setup.seats.length).toBe(6);
    expect(room.setup.seats.filter((s) => s.playerId === p.playerId).length).toBe(1);
    expect(room.setup.seats.filter((s) => s.bot).length).toBe(5);
    // The store knows where it lives; a reload finds it again.
    const [r] = await w.deps.db.select().from(battleRooms).where(eq(battleRooms.battleId, st.battle.battleId));
    expect(r.host).toBe("");
    const again = (await (await get(p, "/en/play/")).json()) as { battle: { battleId: number } };
    expect(again.battle.battleId).toBe(st.battle.battleId);
    room.stop();
  });

  test("enough players of close tiers form a full battle at once, two teams, no bots", async () => {
    const ps = await Promise.all([1, 2, 3, 4, 5, 6].map(() => signInPlayer(w)));
    for (const p of ps) await post(p, "/game/play/join", { tankId: FREE_TANK });
    const st = (await (await get(ps[0], "/game/play/status")).json()) as { battle: { battleId: number } };
    const room = arenaOf(w.deps).get(st.battle.battleId)!;
    expect(room.setup.seats.filter((s) => s.bot).length).toBe(0);
    expect(room.setup.seats.filter((s) => s.team === 0).length).toBe(3);
    room.stop();
  });
});

describe("a battle", () => {
  async function battleFor(p: { playerId: number } & Actor) {
    await post(p, "/game/play/join", { tankId: FREE_TANK });
    w.clock.advance(6_000);
    const st = (await (await get(p, "/game/play/status")).json()) as { battle: { battleId: number } };
    return arenaOf(w.deps).get(st.battle.battleId)!;
  }

  test("a player's inputs drive only their own tank; a spectator's drive nothing; forged fields are ignored", async () => {
    const p = await signInPlayer(w);
    const room = await battleFor(p);
    const mine = room.slotOf(p.playerId)!;
    const c = collector();
    const seat = room.join(c.viewer, p.playerId);
    const hello = c.texts()[0];
    expect(hello).toMatchObject({ type: "hello", you: mine, map: "prokhorovka" });
    expect(new ViewDecoder().decode(c.got[1] as Uint8Array)!.tanks.length).toBe(6);
    const spectator = room.join(collector().viewer, null);
    const before = room.state.tanks.map((t) => [t.x, t.y]);
    room.message(seat, JSON.stringify({ t: 1, r: 0, a: 0, f: false, slot: (mine + 1) % 6, x: 1, y: 1, hp: 9999 }));
    room.message(spectator, JSON.stringify({ t: 1, r: 1, a: 1, f: true }));
    room.message(seat, "not json");
    for (let i = 0; i < 20; i++) room.tick();
    const t = room.state.tanks[mine];
    expect(t.input.throttle).toBe(1);
    expect(t.hp).toBe(t.maxHp);
    expect(Math.hypot(t.x - before[mine][0], t.y - before[mine][1])).toBeGreaterThan(1);
    expect(room.inputs.every((r) => r[1] === mine)).toBe(true);
    // Views went out every tick (20 a second).
    expect(c.got.filter((g) => g instanceof Uint8Array && g[0] === 2).length).toBeGreaterThanOrEqual(21);
    room.stop();
  });

  test("the end pays through endBattle once, records the inputs, and replays to the same result", async () => {
    const p = await signInPlayer(w);
    const room = await battleFor(p);
    const c = collector();
    const seat = room.join(c.viewer, p.playerId);
    room.message(seat, JSON.stringify({ t: 1, r: 1, a: 0.5, f: true }));
    while (room.tick());
    // Settling is asynchronous: wait for the end message.
    for (let i = 0; i < 100 && !c.texts().some((m) => m.type === "end"); i++) await Bun.sleep(10);
    const end = c.texts().find((m) => m.type === "end");
    expect(end.outcome.playerId).toBe(p.playerId);
    expect(["win", "loss", "draw"]).toContain(end.outcome.result);
    const [b] = await w.deps.db.select().from(battles).where(eq(battles.id, room.battleId));
    expect(b.status).toBe("finished");
    const [bp] = await w.deps.db.select().from(battlePlayers).where(eq(battlePlayers.battleId, room.battleId));
    expect(bp.experience).toBe(end.outcome.experience);
    const rewards = async () =>
      (await w.deps.db.select().from(ledgerEntries).where(eq(ledgerEntries.playerId, p.playerId))).filter(
        (l) => l.reason === "battle.reward",
      );
    expect((await rewards()).length).toBe(1);
    const [pl] = await w.deps.db.select().from(players).where(eq(players.id, p.playerId));
    expect(pl.battles).toBe(1);
    // The same end again (a retry, another instance): answered, not paid.
    const again = await finishArenaBattle(w.deps.db, {
      battleId: room.battleId,
      winner: 0,
      reason: "time",
      tick: 1,
      durationS: 1,
      stats: room.stats(),
      inputs: [],
      at: w.clock.now(),
    });
    expect(again.replayed).toBe(true);
    expect((await rewards()).length).toBe(1);
    // The record replays to the battle as it was.
    const [stored] = await w.deps.db.select().from(battleRooms).where(eq(battleRooms.battleId, room.battleId));
    const replayed = replay({ setup: JSON.parse(stored.setup), inputs: JSON.parse(stored.inputs!) });
    expect(digest(replayed)).toBe(digest(room.state));
    expect(replayed.ended).toEqual(JSON.parse(stored.outcome!));
    // The operator's replay streams it.
    const res = await get(operator, `/admin/battles/${room.battleId}/replay`);
    expect(res.status).toBe(200);
    const bytes = new Uint8Array(await res.arrayBuffer());
    expect(bytes.byteLength).toBeGreaterThan(1000);
    // The result screen's read.
    const mine = (await (await get(p, `/game/play/result/${room.battleId}`)).json()) as {
      result: string;
      silver: number;
    };
    expect(mine.result).toBe(end.outcome.result);
  });

  test("an operator's stop ends the running battle for its players at once, with no rewards", async () => {
    const p = await signInPlayer(w);
    const room = await battleFor(p);
    const c = collector();
    room.join(c.viewer, p.playerId);
    for (let i = 0; i < 10; i++) room.tick();
    const res = await post(operator, `/admin/battles/${room.battleId}/stop`);
    expect(res.status).toBe(200);
    expect(room.state.ended).toMatchObject({ reason: "stopped", winner: -1 });
    for (let i = 0; i < 100 && !c.texts().some((m) => m.type === "end"); i++) await Bun.sleep(10);
    expect(c.texts().find((m) => m.type === "end")).toMatchObject({ reason: "stopped", outcome: null });
    expect(room.tick()).toBe(false);
    const battleMoney = (
      await w.deps.db.select().from(ledgerEntries).where(eq(ledgerEntries.playerId, p.playerId))
    ).filter((l) => l.reason.startsWith("battle."));
    expect(battleMoney).toEqual([]);
    const [stored] = await w.deps.db.select().from(battleRooms).where(eq(battleRooms.battleId, room.battleId));
    expect(JSON.parse(stored.outcome!)).toMatchObject({ reason: "stopped" });
  });

  test("a battle whose owner stopped ticking is closed by stopTheStuck, with the reason in its timeline", async () => {
    const p = await signInPlayer(w);
    const room = await battleFor(p);
    // Its process "dies": the room is gone and nothing ticks it any more.
    arenaOf(w.deps).rooms.delete(room.battleId);
    expect((await (await post(operator, "/admin/battles/stopTheStuck")).json()).battleIds).not.toContain(room.battleId);
    w.clock.advance(31_000);
    const res = await post(operator, "/admin/battles/stopTheStuck");
    expect(((await res.json()) as { battleIds: number[] }).battleIds).toContain(room.battleId);
    const [b] = await w.deps.db.select().from(battles).where(eq(battles.id, room.battleId));
    expect(b.status).toBe("stopped");
    const stop = (await w.deps.db.select().from(battleEvents).where(eq(battleEvents.battleId, room.battleId))).find(
      (e) => e.kind === "stop",
    )!;
    expect(JSON.parse(stop.details).reason).toBe("its server stopped ticking it");
    // The player is free to queue again.
    const st = (await (await get(p, "/game/play/status")).json()) as { battle: unknown };
    expect(st.battle).toBeNull();
  });

  test("the spectator socket and the replay are for operators only", async () => {
    const p = await signInPlayer(w);
    expect((await get(p, "/admin/battles/1/replay")).status).toBe(401);
    expect((await w.app.request("/admin/battles/1/watch")).status).toBe(401);
    expect((await get(operator, "/admin/battles/999999/replay")).status).toBe(404);
  });
});

test("bots play by the operators' profiles of /admin/bots/ that fit the battle's tier", async () => {
  await w.deps.db.insert(contentBots).values([
    {
      id: 901,
      name: "Sniper",
      minTier: 1,
      maxTier: 3,
      aimError: 5,
      reactionMs: 120,
      aggression: 90,
      weight: 10,
      active: true,
      crewLevel: 7,
      updatedAt: w.clock.now(),
    },
    {
      id: 902,
      name: "Tier nine",
      minTier: 9,
      maxTier: 10,
      aimError: 50,
      reactionMs: 900,
      aggression: 10,
      weight: 1000,
      active: true,
      updatedAt: w.clock.now(),
    },
  ]);
  dropContentCache(w.deps.db, "bots");
  const p = await signInPlayer(w);
  await post(p, "/game/play/join", { tankId: FREE_TANK });
  w.clock.advance(6_000);
  const st = (await (await get(p, "/game/play/status")).json()) as { battle: { battleId: number } };
  const room = arenaOf(w.deps).get(st.battle.battleId)!;
  const bots = room.setup.seats.filter((s) => s.bot).map((s) => s.bot!);
  expect(bots.length).toBe(5);
  expect(
    bots.every((b) => b.name === "Sniper" && b.aimError === 0.5 && b.reactionMs === 120 && b.aggression === 0.9),
  ).toBe(true);
  // Their crew is the profile's crew level in every role.
  expect(room.setup.seats.filter((s) => s.bot).map((s) => s.crew)).toEqual(Array(5).fill(botCrewBonus(7)));
  expect(botCrewBonus(7).reload).toBe(6);
  room.stop();
  await w.deps.db.delete(contentBots);
  dropContentCache(w.deps.db, "bots");
});

test("the hangar shows the player's tasks of the day, in the page's language", async () => {
  await w.deps.db.insert(contentDailyTasks).values({
    id: 950,
    kind: "play_battles",
    nameRu: "Сыграть 3 боя",
    nameEn: "Play 3 battles",
    target: 3,
    minLevel: 1,
    maxLevel: 30,
    weight: 10,
    rewardCurrency: "silver",
    rewardAmount: 500,
    active: true,
    updatedAt: w.clock.now(),
  });
  const p = await signInPlayer(w);
  const d = (await (await get(p, "/en/play/")).json()) as {
    crew: unknown[];
    tasks: { name: string; target: number; progress: number; done: boolean }[];
  };
  expect(d.crew).toEqual([]);
  expect(d.tasks).toEqual([expect.objectContaining({ name: "Play 3 battles", target: 3, progress: 0, done: false })]);
});

test("two instances forming at once never seat a player twice", async () => {
  const ps = await Promise.all([1, 2, 3].map(() => signInPlayer(w)));
  for (const p of ps) await post(p, "/game/play/join", { tankId: FREE_TANK });
  w.clock.advance(6_000);
  const results = await Promise.allSettled([
    formBattles(w.deps.db, { now: w.clock.now(), host: "a" }),
    formBattles(w.deps.db, { now: w.clock.now(), host: "b" }),
  ]);
  const seated = results.flatMap((r) =>
    r.status === "fulfilled"
      ? r.value.flatMap((f) => f.setup.seats.filter((s) => s.playerId !== null).map((s) => s.playerId))
      : [],
  );
  expect(new Set(seated).size).toBe(seated.length);
  expect(seated.sort()).toEqual(ps.map((p) => p.playerId).sort());
  expect((await garageOf(w.deps.db, ps[0].playerId)).length).toBeGreaterThan(0);
});

test("a player's crew goes into the battle's setup when it is formed: a trained loader loads the gun faster", async () => {
  const at = w.clock.now();
  await w.deps.db.insert(contentCrews).values([
    { id: 961, role: "loader", nameRu: "Заряжающий", nameEn: "Loader", updatedAt: at },
    { id: 962, role: "driver", nameRu: "Механик-водитель", nameEn: "Driver", updatedAt: at },
  ]);
  const trained = await signInPlayer(w);
  const untrained = await signInPlayer(w);
  await w.deps.db.insert(playerCrewMembers).values([
    { playerId: trained.playerId, crewId: 961, level: 6, skillLevel: 2, hiredAt: at, updatedAt: at },
    { playerId: trained.playerId, crewId: 962, level: 3, skillLevel: 0, hiredAt: at, updatedAt: at },
    { playerId: untrained.playerId, crewId: 961, level: 1, skillLevel: 0, hiredAt: at, updatedAt: at },
  ]);
  // The hangar shows what the crew gives.
  const hangar = (await (await get(trained, "/en/play/")).json()) as { crewBonus: unknown };
  expect(hangar.crewBonus).toEqual({ reload: 7, mobility: 2, aim: 0, view: 0 });
  await post(trained, "/game/play/join", { tankId: FREE_TANK });
  await post(untrained, "/game/play/join", { tankId: FREE_TANK });
  w.clock.advance(6_000);
  const st = (await (await get(trained, "/game/play/status")).json()) as { battle: { battleId: number } };
  const room = arenaOf(w.deps).get(st.battle.battleId)!;
  const seatOf = (id: number) => room.setup.seats.findIndex((s) => s.playerId === id);
  expect(room.setup.seats[seatOf(trained.playerId)].crew).toEqual({ reload: 7, mobility: 2, aim: 0, view: 0 });
  expect(room.setup.seats[seatOf(untrained.playerId)].crew).toEqual({ reload: 0, mobility: 0, aim: 0, view: 0 });
  // The stored setup builds the same tanks (a replay starts from it).
  const [r] = await w.deps.db.select().from(battleRooms).where(eq(battleRooms.battleId, st.battle.battleId));
  const tanks = createBattle(JSON.parse(r.setup)).tanks;
  const a = tanks[seatOf(trained.playerId)],
    b = tanks[seatOf(untrained.playerId)];
  expect(a.spec.tankId).toBe(b.spec.tankId);
  expect(a.reloadTicks).toBeLessThan(b.reloadTicks);
  expect(a.maxSpeed).toBeGreaterThan(b.maxSpeed);
  room.stop();
  await w.deps.db.delete(playerCrewMembers);
  await w.deps.db.delete(contentCrews);
});

test("a player trains a crew member's skill from the hangar: paid once through the ledger, replays pay nothing, bad input is a 400 in the request's language", async () => {
  const at = w.clock.now();
  await w.deps.db.insert(contentCrews).values({
    id: 971,
    role: "loader",
    nameRu: "Заряжающий",
    nameEn: "Loader",
    updatedAt: at,
    upgrades: JSON.stringify([
      { level: 1, priceSilver: 1000 },
      { level: 2, priceSilver: 3000 },
    ]),
    speedups: JSON.stringify([
      { level: 1, priceGold: 10 },
      { level: 2, priceGold: 30 },
    ]),
  });
  const p = await signInPlayer(w);
  await w.deps.db.update(players).set({ silver: 3500, gold: 0 }).where(eq(players.id, p.playerId));
  await w.deps.db
    .insert(playerCrewMembers)
    .values({ playerId: p.playerId, crewId: 971, level: 4, skillLevel: 0, hiredAt: at, updatedAt: at });
  const silverOf = async () =>
    (await w.deps.db.select({ silver: players.silver }).from(players).where(eq(players.id, p.playerId)))[0].silver;
  const paid = async () =>
    (await w.deps.db.select().from(ledgerEntries).where(eq(ledgerEntries.playerId, p.playerId))).filter(
      (e) => e.reason === "crew.upgrade",
    );
  const ru = (body: unknown) =>
    w.app.request("/game/play/crew/train", {
      method: "POST",
      headers: {
        cookie: p.cookie,
        "x-csrf-token": p.csrf,
        "content-type": "application/json",
        "accept-language": "ru",
      },
      body: JSON.stringify(body),
    });

  // The hangar offers the next level and its prices.
  const before = (await (await get(p, "/en/play/")).json()) as {
    crew: { crewId: number; training: unknown }[];
    crewBonus: { reload: number };
  };
  expect(before.crew.find((m) => m.crewId === 971)!.training).toEqual({ level: 1, priceSilver: 1000, priceGold: 10 });
  expect(before.crewBonus.reload).toBe(3);

  const first = await post(p, "/game/play/crew/train", {
    crewId: 971,
    pay: "silver",
    level: 1,
    requestId: "train-one-1",
  });
  expect(first.status, await first.clone().text()).toBe(200);
  const body = (await first.json()) as {
    skillLevel: number;
    paid: number;
    replayed: boolean;
    silver: number;
    crewBonus: { reload: number };
    crew: { crewId: number; training: unknown }[];
  };
  expect(body).toMatchObject({ skillLevel: 1, paid: 1000, replayed: false, silver: 2500 });
  expect(body.crewBonus.reload).toBe(4);
  expect(body.crew.find((m) => m.crewId === 971)!.training).toEqual({ level: 2, priceSilver: 3000, priceGold: 30 });

  // The same request again, and the same level under another id: answered, nothing paid.
  for (const requestId of ["train-one-1", "train-one-2"]) {
    const again = (await (
      await post(p, "/game/play/crew/train", { crewId: 971, pay: "silver", level: 1, requestId })
    ).json()) as { skillLevel: number; replayed: boolean };
    expect(again).toMatchObject({ skillLevel: 1, replayed: true });
  }
  expect(await silverOf()).toBe(2500);
  expect((await paid()).map((e) => e.delta)).toEqual([-1000]);

  // Not enough silver for level 2: refused, nothing moved.
  const poor = await post(p, "/game/play/crew/train", {
    crewId: 971,
    pay: "silver",
    level: 2,
    requestId: "train-two-1",
  });
  expect(poor.status).toBe(409);
  expect(await silverOf()).toBe(2500);

  // Five requests at once for level 2 (each its own id) with the silver for it: one trains and pays.
  await w.deps.db.update(players).set({ silver: 10_000 }).where(eq(players.id, p.playerId));
  const burst = await Promise.all(
    [1, 2, 3, 4, 5].map((i) =>
      post(p, "/game/play/crew/train", { crewId: 971, pay: "silver", level: 2, requestId: `train-two-burst-${i}` }),
    ),
  );
  expect(burst.every((r) => r.status === 200 || r.status === 409)).toBe(true);
  expect(await silverOf()).toBe(7000);
  expect((await paid()).map((e) => e.delta)).toEqual([-1000, -3000]);
  const [m] = await w.deps.db.select().from(playerCrewMembers).where(eq(playerCrewMembers.playerId, p.playerId));
  expect(m.skillLevel).toBe(2);

  // Bad input, in the request's language: a member not hired, fully trained, a skipped level, a wrong currency, no request id.
  const field = async (r: Response) => {
    expect(r.status).toBe(400);
    return ((await r.json()) as { error: { fields: Record<string, string> } }).error.fields;
  };
  // The player speaks Russian now (a signed-in player's saved language is the answers' on /game/play/*).
  await w.deps.db.update(players).set({ locale: "ru" }).where(eq(players.id, p.playerId));
  expect(await field(await ru({ crewId: 999, pay: "silver", requestId: "train-bad-1" }))).toEqual({
    crewId: "У вас нет такого члена экипажа.",
  });
  expect(await field(await ru({ crewId: 971, pay: "silver", level: 3, requestId: "train-bad-2" }))).toEqual({
    crewId: "Навык этого члена экипажа полностью обучен.",
  });
  expect(Object.keys(await field(await ru({ crewId: 971, pay: "copper", requestId: "train-bad-3" })))).toEqual(["pay"]);
  expect(Object.keys(await field(await ru({ crewId: "x", pay: "silver" })))).toEqual(
    expect.arrayContaining(["crewId", "requestId"]),
  );
  await w.deps.db.update(playerCrewMembers).set({ skillLevel: 0 }).where(eq(playerCrewMembers.playerId, p.playerId));
  expect(await field(await ru({ crewId: 971, pay: "gold", level: 2, requestId: "train-bad-4" }))).toEqual({
    level: "Следующий уровень навыка для обучения — 1.",
  });
  expect(await silverOf()).toBe(7000);
  await w.deps.db.delete(playerCrewMembers);
  await w.deps.db.delete(contentCrews);
});
