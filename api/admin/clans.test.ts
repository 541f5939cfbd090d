// The operators' clan routes against a real store: list and search, edits validated like the
// player side, member roles and removal, the CSV, the clan log, counters and the tournament top.
import { afterAll, beforeAll, expect, test } from "bun:test";
import { eq } from "drizzle-orm";
import { makeWorld, type TestWorld } from "../test/fixture.ts";
import { gameApi, signInAdmin, signInPlayer, type Actor } from "../test/sign-in.ts";
import { clans, clanMembers, clanLog } from "../db/schema/clans.ts";
import { adminLog } from "../db/schema/access.ts";
import { applyLedger } from "../domain/ledger.ts";
import { addRequest, approveRequest, createClan } from "../domain/clans.ts";
import { putContent, DEMO_TANKS } from "../domain/content.ts";

let w: TestWorld;
let operator: Actor;
let support: Actor;
let leader: number;
let member: number;
let other: number;
let clanId: number;
let rivalId: number;

async function clanOf(name: string, tag: string, lead: number) {
  await w.deps.db.transaction((tx) =>
    applyLedger(tx, { playerId: lead, currency: "gold", delta: 100, reason: "test.funds", at: w.clock.now() }),
  );
  return (await createClan(w.deps.db, { playerId: lead, name, tag, description: "", at: w.clock.now() })).clanId;
}

beforeAll(async () => {
  w = await makeWorld();
  await putContent(w.deps.db, "tank", DEMO_TANKS, w.clock.now());
  operator = await signInAdmin(w, "operator");
  support = await signInAdmin(w, "support");
  [leader, member, other] = [
    (await signInPlayer(w)).playerId,
    (await signInPlayer(w)).playerId,
    (await signInPlayer(w)).playerId,
  ];
  clanId = await clanOf("Iron Wolves", "WOLF", leader);
  const { requestId } = await addRequest(w.deps.db, { playerId: member, clanId, message: "", at: w.clock.now() });
  await approveRequest(w.deps.db, { playerId: leader, requestId, at: w.clock.now() });
  rivalId = await clanOf("Steel Rain", "RAIN", other);
}, 60_000);
afterAll(() => w.close());

const get = (who: Actor, url: string) => w.app.request(url, { headers: who.headers() });
const post = (who: Actor, url: string, body: unknown = {}) =>
  w.app.request(url, { method: "POST", headers: who.headers(), body: JSON.stringify(body) });
const json = async <T>(r: Response | Promise<Response>) => (await (await r).json()) as T;

test("list, search by name or tag, sort by members", async () => {
  const all = await json<{ rows: { id: number; members: number; leader: string }[]; total: number }>(
    get(support, "/admin/clan/get/clans?sort=members&dir=desc"),
  );
  expect(all.total).toBe(2);
  expect(all.rows[0]).toMatchObject({ id: clanId, members: 2 });
  expect(
    (await json<{ rows: { id: number }[] }>(get(support, "/admin/clan/get/clans?q=rai"))).rows.map((r) => r.id),
  ).toEqual([rivalId]);
  expect((await get(support, "/admin/clan/get/clans?sort=colour")).status).toBe(400);
  expect((await get(support, "/admin/clan/999")).status).toBe(404);
});

test("set/clan: validated like the player side, unique, audited and logged; support may not", async () => {
  expect((await post(support, "/admin/clan/set/clan", { clanId, description: "x" })).status).toBe(403);
  const taken = await post(operator, "/admin/clan/set/clan", { clanId, tag: "rain" });
  expect(taken.status).toBe(400);
  expect((await json<{ error: { fields: Record<string, string> } }>(taken)).error.fields.tag).toBeDefined();
  expect((await post(operator, "/admin/clan/set/clan", { clanId, name: "!!" })).status).toBe(400);
  expect((await post(operator, "/admin/clan/set/clan", { clanId, leaderId: other })).status).toBe(400); // not a member
  const ok = await post(operator, "/admin/clan/set/clan", {
    clanId,
    name: "Iron Wolves II",
    description: "We roll at dawn",
  });
  expect(ok.status).toBe(200);
  const [row] = await w.deps.db.select().from(clans).where(eq(clans.id, clanId));
  expect([row.name, row.tag, row.description]).toEqual(["Iron Wolves II", "WOLF", "We roll at dawn"]);
  const logs = await w.deps.db.select().from(clanLog).where(eq(clanLog.action, "admin.edit"));
  expect(logs).toHaveLength(1);
  expect((await w.deps.db.select().from(adminLog).where(eq(adminLog.action, "clan.set")))[0].summary).toContain(
    'name "Iron Wolves" → "Iron Wolves II"',
  );
});

test("set/member and remove/member: roles, leader rules, clan log", async () => {
  const res = await post(operator, "/admin/clan/set/member", { clanId, playerId: member, role: "officer" });
  expect(res.status).toBe(200);
  const [m] = await w.deps.db.select().from(clanMembers).where(eq(clanMembers.playerId, member));
  expect(m.role).toBe("officer");
  expect((await post(operator, "/admin/clan/set/member", { clanId, playerId: leader, role: "member" })).status).toBe(
    400,
  );
  expect((await post(operator, "/admin/clan/set/member", { clanId, playerId: other, role: "member" })).status).toBe(
    400,
  );
  expect((await post(operator, "/admin/clan/set/member", { clanId, playerId: member, role: "king" })).status).toBe(400);
  expect((await post(operator, "/admin/clan/remove/member", { clanId, playerId: leader })).status).toBe(400);
  const log = await json<{
    rows: { action: string; targetId: number; details: { role?: string; admin?: string } }[];
    total: number;
  }>(get(support, `/admin/clanLog/getClanLogs?clanId=${clanId}`));
  expect(log.rows[0]).toMatchObject({
    action: "admin.role",
    targetId: member,
    details: { role: "officer", admin: expect.any(String) },
  });
  expect(log.rows.map((r) => r.action)).toContain("approve"); // the player side's entries too
  // Hand the leadership over, then the old leader can be removed.
  expect((await post(operator, "/admin/clan/set/member", { clanId, playerId: member, role: "leader" })).status).toBe(
    200,
  );
  expect((await w.deps.db.select().from(clans).where(eq(clans.id, clanId)))[0].leaderId).toBe(member);
  expect((await post(operator, "/admin/clan/remove/member", { clanId, playerId: leader })).status).toBe(200);
  expect(await w.deps.db.select().from(clanMembers).where(eq(clanMembers.playerId, leader))).toHaveLength(0);
});

test("export/members is a CSV of the members", async () => {
  const res = await get(support, `/admin/clan/export/members/${clanId}`);
  expect(res.headers.get("content-type")).toContain("text/csv");
  const lines = (await res.text()).trim().split("\n");
  expect(lines[0]).toBe("player_id,nickname,role,joined_at_utc,level,rating,battles,wins,last_sign_in_at_utc");
  expect(lines).toHaveLength(2);
  expect(lines[1].startsWith(`${member},`)).toBe(true);
});

test("counters, graph, near logs and the tournament top come from the clan's battles", async () => {
  const tank = DEMO_TANKS[0] as { id: number };
  const s = await gameApi(w, "/game/api/battles/start", {
    mode: "random",
    map: "steppe",
    players: [
      { playerId: member, tankId: tank.id },
      { playerId: other, tankId: tank.id },
    ],
  });
  const { battleId } = (await s.json()) as { battleId: number };
  const r = (playerId: number, result: string) => ({
    playerId,
    result,
    experience: 500,
    silver: 1000,
    kills: 1,
    damage: 900,
    durationS: 300,
  });
  expect(
    (await gameApi(w, "/game/api/battles/end", { battleId, results: [r(member, "win"), r(other, "loss")] })).status,
  ).toBe(200);
  const data = await json<{ counters: { members: number; battles: number; battleWins: number } }>(
    get(support, `/admin/clanCounters/getData?clanId=${clanId}`),
  );
  expect(data.counters).toMatchObject({ members: 1, battles: 1, battleWins: 1 });
  const graph = await json<{ days: string[]; battles: number[]; members: number[] }>(
    get(support, `/admin/clanCounters/getGraphData?clanId=${clanId}`),
  );
  expect(graph.days).toHaveLength(31);
  expect(graph.battles.at(-1)).toBe(1);
  expect(graph.members.at(-1)).toBe(1);
  expect(
    (await get(support, `/admin/clanCounters/getGraphData?clanId=${clanId}&from=20.11.2026&to=10.11.2026`)).status,
  ).toBe(400);
  const near = await json<{ rows: unknown[] }>(
    get(support, `/admin/clanCounters/getNearLogs?clanId=${clanId}&at=20.11.2026 12:00:00&hours=2`),
  );
  expect(near.rows.length).toBeGreaterThan(3);
  expect((await get(support, `/admin/clanCounters/getNearLogs?clanId=${clanId}&at=31.02.2026`)).status).toBe(400);
  const top = await json<{ rows: { clanId: number; wins: number; place: number }[] }>(
    get(support, "/admin/clansTournaments/loadTop?by=wins"),
  );
  expect(top.rows.map((t) => [t.place, t.clanId, t.wins])).toEqual([
    [1, clanId, 1],
    [2, rivalId, 0],
  ]);
});

test("remove/clan needs the admin role; the log stays readable", async () => {
  expect((await post(operator, "/admin/clan/remove/clan", { clanId: rivalId })).status).toBe(403);
  const admin = await signInAdmin(w, "admin");
  expect((await post(admin, "/admin/clan/remove/clan", { clanId: rivalId })).status).toBe(200);
  expect(await w.deps.db.select().from(clans).where(eq(clans.id, rivalId))).toHaveLength(0);
  const page = await json<{ rows: { action: string }[] }>(get(support, `/admin/clanLog/${rivalId}`));
  expect(page.rows[0].action).toBe("admin.remove");
});
