import { describe, test, expect, beforeAll, afterAll } from "bun:test";
import { and, eq } from "drizzle-orm";
import { makeWorld, type TestWorld } from "../../test/fixture.ts";
import { signInAdmin, signInPlayer, type Actor } from "../../test/sign-in.ts";
import { players, adminLog, banLog, sessions, playerSuspects } from "../../db/schema/index.ts";

describe("Admin: player card and bans", () => {
  let w: TestWorld;
  let support: Actor;
  let operator: Actor;
  let admin: Actor;
  let alice: Actor & { playerId: number };
  let bob: Actor & { playerId: number };

  beforeAll(async () => {
    w = await makeWorld();
    support = await signInAdmin(w, "support");
    operator = await signInAdmin(w, "operator");
    admin = await signInAdmin(w, "admin");
    alice = await signInPlayer(w, {
      nickname: "AliceTank",
      email: "alice@example.com",
      password: "alice-password-1",
      uid: "vk-alice-77",
    });
    bob = await signInPlayer(w, { nickname: "BobTank", uid: "vk-bob-88" });
  }, 60_000);
  afterAll(async () => w.close());

  const call = (who: Actor, path: string, body?: unknown, lang = "en") =>
    w.app.request(path, {
      method: "POST",
      headers: who.headers({ "accept-language": lang }),
      body: body === undefined ? undefined : JSON.stringify(body),
    });
  const get = (who: Actor, path: string) => w.app.request(path, { headers: who.headers({ "accept-language": "en" }) });
  const row = async (id: number) => (await w.deps.db.select().from(players).where(eq(players.id, id)))[0];
  const logOf = async (id: number) =>
    w.deps.db
      .select()
      .from(adminLog)
      .where(eq(adminLog.targetId, String(id)));
  const profileOk = (who: Actor) =>
    w.app.request("/public/profile/", { headers: { cookie: who.cookie, accept: "application/json" } });

  test("search by id, nickname, email and social id; paged; the page routes answer", async () => {
    const by = async (q: string) =>
      (await (await get(support, `/admin/player/getProfiles?q=${encodeURIComponent(q)}`)).json()) as {
        rows: { id: number }[];
        total: number;
      };
    expect((await by(String(alice.playerId))).rows.map((r) => r.id)).toContain(alice.playerId);
    expect((await by("alicet")).rows.map((r) => r.id)).toEqual([alice.playerId]);
    expect((await by("alice@example")).rows.map((r) => r.id)).toEqual([alice.playerId]);
    expect((await by("vk-bob-88")).rows.map((r) => r.id)).toEqual([bob.playerId]);
    const paged = (await (await get(support, "/admin/player/getProfiles?size=1&page=2&sort=id&dir=asc")).json()) as {
      rows: { id: number }[];
      total: number;
    };
    expect(paged.total).toBe(2);
    expect(paged.rows.map((r) => r.id)).toEqual([bob.playerId]);
    expect((await get(support, "/admin/player/getProfiles?size=0")).status).toBe(400);
    const list = (await (await get(support, "/admin/player/")).json()) as { total: number };
    expect(list.total).toBe(2);
    const card = (await (await get(support, `/admin/player/${alice.playerId}`)).json()) as {
      player: Record<string, unknown>;
      identities: { uid: string }[];
    };
    expect(card.player.nickname).toBe("AliceTank");
    expect(card.player.passwordHash).toBeUndefined();
    expect(card.identities.map((i) => i.uid)).toEqual(["vk-alice-77"]);
    expect((await get(support, "/admin/player/999999")).status).toBe(404);
    expect(
      (
        await w.app.request(`/admin/player/${alice.playerId}`, {
          headers: { accept: "text/html", cookie: support.cookie },
        })
      ).headers.get("content-type"),
    ).toContain("text/html");
  });

  test("setProfile validates, refuses taken names, changes only what differs and audits what changed", async () => {
    let r = await call(operator, "/admin/player/setProfile", {
      playerId: alice.playerId,
      nickname: "x",
      country: "Russia",
      level: 0,
    });
    expect(r.status).toBe(400);
    const body = (await r.json()) as { error: { fields: Record<string, string> } };
    expect(Object.keys(body.error.fields).sort()).toEqual(["country", "level", "nickname"]);
    expect(body.error.fields.level).toBe("Please enter a value greater than or equal to 1.");
    r = await call(operator, "/admin/player/setProfile", { playerId: alice.playerId, level: 0 }, "ru");
    expect(((await r.json()) as { error: { fields: Record<string, string> } }).error.fields.level).toBe(
      "Введите значение не меньше 1.",
    );
    r = await call(operator, "/admin/player/setProfile", { playerId: alice.playerId, nickname: "bobtank" });
    expect(r.status).toBe(400);
    expect(((await r.json()) as { error: { fields: Record<string, string> } }).error.fields.nickname).toBe(
      "Please make sure the value is unique.",
    );
    expect((await call(operator, "/admin/player/setProfile", { playerId: 999999, level: 3 })).status).toBe(404);
    expect((await call(support, "/admin/player/setProfile", { playerId: alice.playerId, level: 3 })).status).toBe(403);
    expect((await call(operator, "/admin/player/setProfile", { playerId: alice.playerId, level: 1 })).status).toBe(400);
    r = await call(operator, "/admin/player/setProfile", {
      playerId: alice.playerId,
      nickname: "AliceTheTank",
      country: "de",
      level: 7,
      experience: 1234,
    });
    expect(r.status).toBe(200);
    const p = await row(alice.playerId);
    expect([p.nickname, p.country, p.level, p.experience]).toEqual(["AliceTheTank", "DE", 7, 1234]);
    const log = (await logOf(alice.playerId)).filter((l) => l.action === "player.setProfile");
    expect(log).toHaveLength(1);
    expect(log[0].summary).toContain('nickname "AliceTank" → "AliceTheTank"');
    expect(log[0].summary).toContain("level 1 → 7");
  });

  test("a ban needs a reason and a future end, ends the player's sessions at once and is logged", async () => {
    expect((await profileOk(alice)).status).toBe(200);
    let r = await call(operator, "/admin/player/setPlayer", { playerId: alice.playerId, action: "ban" });
    expect(r.status).toBe(400);
    expect(
      Object.keys(((await r.json()) as { error: { fields: Record<string, string> } }).error.fields).sort(),
    ).toEqual(["reason", "until"]);
    r = await call(operator, "/admin/player/setPlayer", {
      playerId: alice.playerId,
      action: "ban",
      reason: "cheating",
      until: "31.02.2027 10:00:00",
    });
    expect(r.status).toBe(400);
    expect(((await r.json()) as { error: { fields: Record<string, string> } }).error.fields.until).toBe(
      "Please enter a proper date.",
    );
    r = await call(operator, "/admin/player/setPlayer", {
      playerId: alice.playerId,
      action: "ban",
      reason: "cheating",
      until: "01.01.2020 10:00:00",
    });
    expect(((await r.json()) as { error: { fields: Record<string, string> } }).error.fields.until).toBe(
      "The end of the ban must be in the future.",
    );
    expect((await row(alice.playerId)).bannedUntil).toBeNull();
    expect(
      (
        await call(support, "/admin/player/setPlayer", {
          playerId: alice.playerId,
          action: "ban",
          reason: "cheating",
          until: "01.01.2027 10:00:00",
        })
      ).status,
    ).toBe(403);
    r = await call(operator, "/admin/player/setPlayer", {
      playerId: alice.playerId,
      action: "ban",
      reason: "cheating",
      until: "01.01.2027 10:00:00",
    });
    expect(r.status).toBe(200);
    expect(((await r.json()) as { banned: boolean }).banned).toBe(true);
    const p = await row(alice.playerId);
    expect([p.bannedUntil, p.banReason]).toEqual([Date.UTC(2027, 0, 1, 10), "cheating"]);
    expect(
      await w.deps.db
        .select()
        .from(sessions)
        .where(and(eq(sessions.kind, "player"), eq(sessions.subjectId, alice.playerId))),
    ).toHaveLength(0);
    expect((await profileOk(alice)).status).toBe(401);
    const bans = await w.deps.db.select().from(banLog).where(eq(banLog.playerId, alice.playerId));
    expect(bans.map((b) => [b.action, b.reason, b.until])).toEqual([["ban", "cheating", Date.UTC(2027, 0, 1, 10)]]);
    expect((await logOf(alice.playerId)).some((l) => l.action === "player.ban" && l.summary.includes("cheating"))).toBe(
      true,
    );
    // Password sign-in is refused while the ban runs.
    const login = await w.app.request("/public/login", {
      method: "POST",
      headers: { "content-type": "application/json", accept: "application/json", "accept-language": "en" },
      body: JSON.stringify({ email: "alice@example.com", password: "alice-password-1" }),
    });
    expect(login.status).toBe(403);
    // The ban log page and its list.
    const page = (await (await get(support, `/admin/banLog/${alice.playerId}`)).json()) as {
      player: { banned: boolean };
      rows: unknown[];
    };
    expect(page.player.banned).toBe(true);
    expect(page.rows).toHaveLength(1);
    expect((await get(support, "/admin/banLog/getBanLogs/999999")).status).toBe(404);
  });

  test("unban lifts the ban with a log row; unbanning a player who is not banned is a 400", async () => {
    let r = await call(operator, "/admin/player/setPlayer", {
      playerId: alice.playerId,
      action: "unban",
      reason: "appeal accepted",
    });
    expect(r.status).toBe(200);
    expect((await row(alice.playerId)).bannedUntil).toBeNull();
    const bans = await w.deps.db.select().from(banLog).where(eq(banLog.playerId, alice.playerId));
    expect(bans.map((b) => b.action)).toEqual(["ban", "unban"]);
    r = await call(operator, "/admin/player/setPlayer", { playerId: alice.playerId, action: "unban" });
    expect(r.status).toBe(400);
    expect(((await r.json()) as { error: { message: string } }).error.message).toBe("Nothing to change.");
  });

  test("a ban ends by time: after its end the player may sign in again", async () => {
    const now = w.clock.now();
    await call(operator, "/admin/player/setPlayer", {
      playerId: bob.playerId,
      action: "ban",
      reason: "spam",
      until: new Date(now + 3600_000).toISOString(),
    });
    w.clock.advance(3600_001);
    // Admin sessions idle out after 30 minutes: sign the operators in again.
    [support, operator, admin] = [
      await signInAdmin(w, "support"),
      await signInAdmin(w, "operator"),
      await signInAdmin(w, "admin"),
    ];
    const list = (await (await get(support, "/admin/player/getProfiles?state=banned")).json()) as { total: number };
    expect(list.total).toBe(0);
    // An expired ban is not lifted by unbanPlayers (there is nothing to lift).
    const r = await call(operator, "/admin/banLog/unbanPlayers", { playerIds: [bob.playerId] });
    expect(((await r.json()) as { unbanned: number[] }).unbanned).toEqual([]);
  }, 30_000);

  test("bulk unban: only banned players are unbanned, one audit row; bad ids are a 400", async () => {
    const until = new Date(w.clock.now() + 86_400_000).toISOString();
    for (const id of [alice.playerId, bob.playerId])
      expect(
        (await call(operator, "/admin/player/setPlayer", { playerId: id, action: "ban", reason: "raid", until }))
          .status,
      ).toBe(200);
    expect((await call(operator, "/admin/banLog/unbanPlayers", { playerIds: "1, x" })).status).toBe(400);
    expect((await call(operator, "/admin/banLog/unbanPlayers", { playerIds: [] })).status).toBe(400);
    expect((await call(support, "/admin/banLog/unbanPlayers", { playerIds: [alice.playerId] })).status).toBe(403);
    const before = (await w.deps.db.select().from(adminLog)).length;
    const r = await call(operator, "/admin/banLog/unbanPlayers", {
      playerIds: `${alice.playerId}, ${bob.playerId}, 999999`,
      reason: "amnesty",
    });
    expect(r.status).toBe(200);
    expect(await r.json()).toEqual({
      unbanned: [alice.playerId, bob.playerId].sort((a, b) => a - b),
      notBanned: [999999],
    });
    expect((await row(alice.playerId)).bannedUntil).toBeNull();
    expect((await row(bob.playerId)).bannedUntil).toBeNull();
    const after = await w.deps.db.select().from(adminLog);
    expect(after.length - before).toBe(1);
    expect(after.at(-1)!.summary).toContain("amnesty");
  });

  test("the ban stream sends new bans as server-sent events", async () => {
    const ctrl = new AbortController();
    const res = await w.app.request("/admin/banLog/stream/banLogs", {
      headers: { cookie: support.cookie },
      signal: ctrl.signal,
    });
    expect(res.headers.get("content-type")).toContain("text/event-stream");
    await call(operator, "/admin/player/setPlayer", {
      playerId: bob.playerId,
      action: "ban",
      reason: "stream check",
      until: new Date(w.clock.now() + 60_000).toISOString(),
    });
    const reader = res.body!.getReader();
    let text = "";
    while (!text.includes("stream check")) text += new TextDecoder().decode((await reader.read()).value);
    expect(text).toContain("event: ban");
    ctrl.abort();
    await reader.cancel().catch(() => {});
    await call(operator, "/admin/player/setPlayer", { playerId: bob.playerId, action: "unban" });
  });

  test("suspect marks: set, clear, clear all (audited)", async () => {
    expect(
      (await call(operator, "/admin/player/setPlayer", { playerId: bob.playerId, action: "suspect" })).status,
    ).toBe(400);
    expect(
      (
        await call(operator, "/admin/player/setPlayer", {
          playerId: bob.playerId,
          action: "suspect",
          reason: "too many wins",
        })
      ).status,
    ).toBe(200);
    expect(
      (
        await call(operator, "/admin/player/setPlayer", {
          playerId: alice.playerId,
          action: "suspect",
          reason: "chargebacks",
        })
      ).status,
    ).toBe(200);
    const list = (await (await get(support, "/admin/player/getProfiles?state=suspect")).json()) as { total: number };
    expect(list.total).toBe(2);
    expect(
      (await call(operator, "/admin/player/setPlayer", { playerId: alice.playerId, action: "unsuspect" })).status,
    ).toBe(200);
    const r = await call(operator, "/admin/player/resetSuspectAll");
    expect(await r.json()).toEqual({ cleared: 1 });
    expect(await w.deps.db.select().from(playerSuspects)).toHaveLength(0);
    expect((await w.deps.db.select().from(adminLog)).at(-1)!.action).toBe("player.resetSuspectAll");
  });

  test("resetProfile resets progress only; server_data and profile_data answer JSON", async () => {
    const gold = (await row(bob.playerId)).gold;
    await w.deps.db
      .update(players)
      .set({ level: 9, experience: 500, rating: 1500, battles: 30, wins: 20 })
      .where(eq(players.id, bob.playerId));
    expect((await call(operator, "/admin/player/resetProfile", { playerId: bob.playerId })).status).toBe(200);
    const p = await row(bob.playerId);
    expect([p.level, p.experience, p.rating, p.battles, p.wins, p.gold]).toEqual([1, 0, 1000, 0, 0, gold]);
    expect((await logOf(bob.playerId)).at(-1)!.summary).toContain("level 9 → 1");
    const data = (await (await call(support, "/admin/player/server_data/get", { playerId: bob.playerId })).json()) as {
      player: Record<string, unknown>;
      banLog: unknown[];
      ledger: unknown[];
    };
    expect(data.player.id).toBe(bob.playerId);
    expect(data.player.passwordHash).toBeUndefined();
    expect(data.ledger.length).toBeGreaterThan(0);
    const profile = (await (
      await call(support, "/admin/player/profile_data/get", { playerId: bob.playerId })
    ).json()) as Record<string, unknown>;
    expect(profile.level).toBe(1);
    expect((await w.app.request("/admin/player/profile_data/get", { headers: support.headers() })).status).toBe(405);
    expect((await call(support, "/admin/player/server_data/get", { playerId: "abc" })).status).toBe(400);
  });

  test("remove erases personal data (admins only), audited; the card shows it", async () => {
    expect((await call(operator, "/admin/player/remove", { playerId: alice.playerId })).status).toBe(403);
    const r = await call(admin, "/admin/player/remove", { playerId: alice.playerId });
    expect(r.status).toBe(200);
    const p = await row(alice.playerId);
    expect([p.nickname, p.email, p.passwordHash]).toEqual([`deleted-${alice.playerId}`, null, null]);
    expect(p.erasedAt).not.toBeNull();
    expect((await logOf(alice.playerId)).at(-1)!.action).toBe("player.remove");
    expect((await call(admin, "/admin/player/remove", { playerId: alice.playerId })).status).toBe(409);
    expect((await call(operator, "/admin/player/setProfile", { playerId: alice.playerId, level: 2 })).status).toBe(409);
  });
});
