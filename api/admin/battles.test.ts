// Battles end to end through the routes: the battle servers' API (start, end, replays, bad
// input) and the operators' screens (list, find, timeline, players, stop, stopTheStuck, roles).
import { z } from "zod";
import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { eq } from "drizzle-orm";
import { makeWorld, type TestWorld } from "../test/fixture.ts";
import { gameApi, signInAdmin, signInPlayer, type Actor } from "../test/sign-in.ts";
import { players } from "../db/schema/players.ts";
import { ledgerEntries } from "../db/schema/ledger.ts";
import { adminLog } from "../db/schema/access.ts";
import { putContent, DEMO_TANKS } from "../domain/content.ts";
import { BATTLE_RULES, battleCost, levelFor } from "../domain/battles.ts";
import { attentionCounters } from "./access/attention.ts";

const PlayerIdSilverSpentRow = z.object({ player_id: z.number(), silver_spent: z.number() });

let w: TestWorld;
let operator: Actor;
let support: Actor;
let a: number;
let b: number;
const tank = DEMO_TANKS[0] as { id: number; tier: number };

beforeAll(async () => {
  w = await makeWorld();
  await putContent(w.deps.db, "tank", DEMO_TANKS, w.clock.now());
  operator = await signInAdmin(w, "operator");
  support = await signInAdmin(w, "support");
  a = (await signInPlayer(w)).playerId;
  b = (await signInPlayer(w)).playerId;
}, 60_000);
afterAll(() => w.close());

const start = (body: unknown) => gameApi(w, "/game/api/battles/start", body);
const end = (body: unknown) => gameApi(w, "/game/api/battles/end", body);
const get = (who: Actor, url: string) => w.app.request(url, { headers: who.headers() });
const post = (who: Actor, url: string, body: unknown = {}) =>
  w.app.request(url, { method: "POST", headers: who.headers(), body: JSON.stringify(body) });
const playerRow = async (id: number) => (await w.deps.db.select().from(players).where(eq(players.id, id)))[0];
const results = (battleId: number) => ({
  battleId,
  results: [
    { playerId: a, result: "win", experience: 900, silver: 3000, kills: 3, damage: 2400, durationS: 410 },
    { playerId: b, result: "loss", experience: 300, silver: 800, kills: 0, damage: 350, durationS: 380 },
  ],
});

async function startBattle(ref?: string): Promise<number> {
  const res = await start({
    serverRef: ref,
    mode: "random",
    map: "prokhorovka",
    players: [
      { playerId: a, tankId: tank.id },
      { playerId: b, tankId: tank.id },
    ],
  });
  expect(res.status).toBe(201);
  return ((await res.json()) as { battleId: number }).battleId;
}

describe("game API", () => {
  test("needs the game key", async () => {
    const res = await gameApi(
      w,
      "/game/api/battles/start",
      { mode: "random", map: "x1", players: [{ playerId: a, tankId: tank.id }] },
      "wrong-key",
    );
    expect(res.status).toBe(401);
  });

  test("a battle's end pays, counts and emits once; a replay changes nothing", async () => {
    const before = [await playerRow(a), await playerRow(b)];
    const id = await startBattle("srv-1");
    // A repeated start with the server's id answers the same battle.
    const again = await start({
      serverRef: "srv-1",
      mode: "random",
      map: "prokhorovka",
      players: [{ playerId: a, tankId: tank.id }],
    });
    expect(again.status).toBe(200);
    expect(((await again.json()) as { battleId: number }).battleId).toBe(id);

    const first = await end(results(id));
    expect(first.status).toBe(200);
    const body = (await first.json()) as {
      replayed: boolean;
      players: { playerId: number; silverSpent: number; level: number }[];
    };
    expect(body.replayed).toBe(false);
    const costA = battleCost(tank.tier, "win");
    const costB = battleCost(tank.tier, "loss");
    const [pa, pb] = [await playerRow(a), await playerRow(b)];
    expect(pa.battles).toBe(before[0].battles + 1);
    expect(pa.wins).toBe(before[0].wins + 1);
    expect(pb.wins).toBe(before[1].wins);
    expect(pa.experience).toBe(before[0].experience + 900);
    expect(pa.level).toBe(levelFor(pa.experience));
    expect(pa.silver).toBe(before[0].silver + 3000 - costA.repair - costA.ammo);
    expect(pb.silver).toBe(before[1].silver + 800 - costB.repair - costB.ammo);
    expect(pa.rating).toBe(before[0].rating + BATTLE_RULES.ratingDelta.win);
    const reasons = (
      await w.deps.db
        .select()
        .from(ledgerEntries)
        .where(eq(ledgerEntries.ref, `battle:${id}`))
    )
      .map((e) => `${e.playerId}:${e.reason}:${e.delta}`)
      .sort();
    expect(reasons).toEqual(
      [
        `${a}:battle.reward:3000`,
        `${a}:battle.repair:${-costA.repair}`,
        `${a}:battle.ammo:${-costA.ammo}`,
        `${b}:battle.reward:800`,
        `${b}:battle.repair:${-costB.repair}`,
        `${b}:battle.ammo:${-costB.ammo}`,
      ].sort(),
    );

    const replay = await end(results(id));
    expect(replay.status).toBe(200);
    expect(((await replay.json()) as { replayed: boolean }).replayed).toBe(true);
    expect(await playerRow(a)).toEqual(pa);
    expect(await playerRow(b)).toEqual(pb);
    expect(
      (
        await w.deps.db
          .select()
          .from(ledgerEntries)
          .where(eq(ledgerEntries.ref, `battle:${id}`))
      ).length,
    ).toBe(6);

    // The warehouse gets one battles row per player, which tanksEarns reads.
    await w.ship();
    const rows = await w.deps.warehouse.query(
      `SELECT player_id, silver_spent FROM battles WHERE battle_id = {id:UInt64} ORDER BY player_id`,
      { id },
      PlayerIdSilverSpentRow,
    );
    expect(rows.map((r) => [Number(r.player_id), Number(r.silver_spent)])).toEqual(
      [
        [a, costA.repair + costA.ammo],
        [b, costB.repair + costB.ammo],
      ].sort((x, y) => x[0] - y[0]),
    );
  });

  test("an unknown battle is 404; bad results are 400 and change nothing", async () => {
    expect((await end({ ...results(999_999) })).status).toBe(404);
    const id = await startBattle();
    const snapshot = await playerRow(a);
    const bad = [
      { battleId: id, results: [{ ...results(id).results[0], result: "victory" }, results(id).results[1]] },
      { battleId: id, results: [{ ...results(id).results[0], experience: -5 }, results(id).results[1]] },
      { battleId: id, results: [results(id).results[0]] }, // a player missing
      { battleId: id, results: [results(id).results[0], results(id).results[0]] }, // twice
      { battleId: id, results: [results(id).results[0], { ...results(id).results[1], playerId: 987_654 }] },
      { battleId: "x", results: [] },
    ];
    for (const body of bad) {
      const res = await end(body);
      expect(res.status).toBe(400);
      expect(((await res.json()) as { error: { fields?: object } }).error.fields).toBeDefined();
    }
    expect(await playerRow(a)).toEqual(snapshot);
    const res = await start({ mode: "random", map: "x1", players: [{ playerId: a, tankId: 99_999 }] });
    expect(res.status).toBe(400);
    // Russian is the default locale of an answer.
    expect(((await res.json()) as { error: { fields: Record<string, string> } }).error.fields["players.0.tankId"]).toBe(
      "Такого танка нет.",
    );
  });
});

describe("operators", () => {
  test("list with filters, find, timeline and players", async () => {
    const id = await startBattle();
    await end(results(id));
    const list = (await (
      await get(support, `/admin/battles/get?status=finished&playerId=${a}&mode=random`)
    ).json()) as { rows: { id: number; status: string; players: number }[]; total: number };
    expect(list.rows.some((r) => r.id === id)).toBe(true);
    expect(list.rows.every((r) => r.status === "finished")).toBe(true);
    expect((await get(support, "/admin/battles/get?status=burning")).status).toBe(400);
    expect((await get(support, "/admin/battles/get?from=20.11.2026 10:00:00&to=19.11.2026 10:00:00")).status).toBe(400);
    const found = (await (await get(support, `/admin/battles/find?q=${id}`)).json()) as { rows: { id: number }[] };
    expect(found.rows[0].id).toBe(id);
    const timeline = (await (await get(support, `/admin/battles/${id}/events/get`)).json()) as {
      rows: { kind: string }[];
    };
    expect(timeline.rows.map((r) => r.kind)).toEqual(["start", "player.result", "player.result", "end"]);
    const roster = (await (await get(support, `/admin/battles/${id}/players/get`)).json()) as {
      rows: { playerId: number; result: string }[];
    };
    expect(roster.rows.map((r) => r.result).sort()).toEqual(["loss", "win"]);
    expect((await get(support, "/admin/battles/999999/players/get")).status).toBe(404);
  });

  test("stop: operators only, audited, refused for an ended battle, and the stopped battle refuses results", async () => {
    const id = await startBattle();
    expect((await post(support, `/admin/battles/${id}/stop`)).status).toBe(403);
    const res = await post(operator, `/admin/battles/${id}/stop`);
    expect(res.status).toBe(200);
    expect(((await res.json()) as { battle: { status: string } }).battle.status).toBe("stopped");
    expect((await post(operator, `/admin/battles/${id}/stop`)).status).toBe(409);
    const finished = await startBattle();
    await end(results(finished));
    expect((await post(operator, `/admin/battles/${finished}/stop`)).status).toBe(409);
    const late = await end(results(id));
    expect(late.status).toBe(409);
    const log = await w.deps.db.select().from(adminLog).where(eq(adminLog.action, "battles.stop"));
    expect(log.map((l) => l.targetId)).toEqual([String(id)]);
  });

  test("stopTheStuck stops only battles past the limit, counted on the start page", async () => {
    const counter = attentionCounters.find((c) => c.key === "stuckBattles")!;
    const base = await counter.count(w.deps.db, w.clock.now());
    const old = await startBattle();
    w.clock.advance(BATTLE_RULES.stuckAfterMs + 60_000);
    const fresh = await startBattle();
    const now = w.clock.now();
    // Admin sessions idle out within the hour the clock just moved: sign in again.
    support = await signInAdmin(w, "support");
    operator = await signInAdmin(w, "operator");
    expect(await counter.count(w.deps.db, now)).toBeGreaterThanOrEqual(base + 1);
    const stuckList = (await (await get(support, "/admin/battles/get?status=stuck")).json()) as {
      rows: { id: number }[];
    };
    expect(stuckList.rows.map((r) => r.id)).toContain(old);
    expect(stuckList.rows.map((r) => r.id)).not.toContain(fresh);
    expect((await post(support, "/admin/battles/stopTheStuck")).status).toBe(403);
    const res = await post(operator, "/admin/battles/stopTheStuck");
    const body = (await res.json()) as { stopped: number; battleIds: number[] };
    expect(body.battleIds).toContain(old);
    expect(body.battleIds).not.toContain(fresh);
    expect(await counter.count(w.deps.db, now)).toBe(0);
    const [row] = await w.deps.db.select().from(adminLog).where(eq(adminLog.action, "battles.stopTheStuck"));
    expect(row.summary).toContain(`stopped ${body.stopped} stuck battle`);
    // The fresh one still ends normally.
    expect((await end(results(fresh))).status).toBe(200);
  });
});

describe("live list", () => {
  type Msg = {
    id: string;
    event: { battleId: number; kind: string; playerId: number | null };
    battle: { id: number; status: string; players: number } | null;
  };
  /** Reads the stream's `battle` messages until `done` holds for what arrived. */
  async function readUntil(res: Response, done: (ms: Msg[]) => boolean): Promise<Msg[]> {
    const reader = res.body!.getReader();
    const dec = new TextDecoder();
    let text = "";
    const parse = () =>
      text
        .split("\n\n")
        .filter((b) => b.includes("event: battle"))
        .map((b) => ({
          id: /^id: (.*)$/m.exec(b)![1],
          ...(JSON.parse(/^data: (.*)$/m.exec(b)![1]) as Omit<Msg, "id">),
        }));
    while (!done(parse())) text += dec.decode((await reader.read()).value);
    await reader.cancel().catch(() => {});
    return parse();
  }
  const open = (url: string, headers: Record<string, string> = {}, signal?: AbortSignal) =>
    w.app.request(url, { headers: { ...support.headers(), ...headers }, signal });

  test("a battle started and ended after the reader connected arrives with its row; one battle's stream and Last-Event-ID resume", async () => {
    const ctrl = new AbortController();
    const res = await open("/admin/battles/stream/battles", {}, ctrl.signal);
    expect(res.status).toBe(200);
    expect(res.headers.get("content-type")).toContain("text/event-stream");
    const id = await startBattle();
    expect((await end(results(id))).status).toBe(200);
    const ms = await readUntil(res, (ms) => ms.some((m) => m.event.battleId === id && m.event.kind === "end"));
    ctrl.abort();
    const mine = ms.filter((m) => m.event.battleId === id);
    expect(mine.map((m) => m.event.kind)).toEqual(["start", "player.result", "player.result", "end"]);
    expect(mine.at(-1)!.battle).toMatchObject({ id, status: "finished", players: 2 });

    // Only one battle's timeline; resuming after its start sends the rest, not the start again.
    const other = await startBattle();
    const ctrl2 = new AbortController();
    const one = await open(
      `/admin/battles/stream/battles?battleId=${id}`,
      { "last-event-id": mine[0].id },
      ctrl2.signal,
    );
    const again = await readUntil(one, (ms) => ms.some((m) => m.event.kind === "end"));
    ctrl2.abort();
    expect(again.map((m) => m.event.kind)).toEqual(["player.result", "player.result", "end"]);
    expect(again.every((m) => m.event.battleId === id)).toBe(true);

    // A stop by an operator shows as the battle's new status.
    const ctrl3 = new AbortController();
    const live = await open("/admin/battles/stream/battles", {}, ctrl3.signal);
    expect((await post(operator, `/admin/battles/${other}/stop`)).status).toBe(200);
    const stopped = await readUntil(live, (ms) =>
      ms.some((m) => m.event.battleId === other && m.event.kind === "stop"),
    );
    ctrl3.abort();
    expect(stopped.find((m) => m.event.kind === "stop")!.battle).toMatchObject({ id: other, status: "stopped" });
  });

  test("bad input is a 400 and players cannot read it", async () => {
    expect((await open("/admin/battles/stream/battles?battleId=x")).status).toBe(400);
    expect((await w.app.request("/admin/battles/stream/battles")).status).toBe(401);
  });
});
