// The game client's player API against a real libSQL file and chDB: key check, idempotent
// registration, single-use expiring sign-in links, and the banned player's refusal.
import { z } from "zod";
import { test, expect, beforeAll, afterAll } from "bun:test";
import { eq, count } from "drizzle-orm";
import { makeWorld, type TestWorld } from "../test/fixture.ts";
import { gameApi, signInPlayer, exchangeToken, TEST_GAME_API_KEY } from "../test/sign-in.ts";
import { players, playerIdentities, playerTokens } from "../db/schema/index.ts";
import { TOKEN_TTL } from "../domain/tokens.ts";

const NRow = z.object({ n: z.number() });
const KindCountryPlatformRow = z.object({ kind: z.string(), country: z.string(), platform: z.string() });

let w: TestWorld;
beforeAll(async () => {
  w = await makeWorld();
  w.deps.settings.secrets.GAME_API_KEY = TEST_GAME_API_KEY;
});
afterAll(() => w.close());

const playerCount = async () => (await w.deps.db.select({ n: count() }).from(players))[0].n;

test("without the key, or with a wrong one, the game API answers 401 and registers nobody", async () => {
  const before = await playerCount();
  const none = await w.app.request("/game/api/players/register", {
    method: "POST",
    headers: { "content-type": "application/json", "accept-language": "en" },
    body: JSON.stringify({ network: "vk", uid: "1" }),
  });
  expect(none.status).toBe(401);
  expect(((await none.json()) as any).error.message).toContain("game API key");
  const wrong = await gameApi(w, "/game/api/players/register", { network: "vk", uid: "1" }, `${TEST_GAME_API_KEY}x`);
  expect(wrong.status).toBe(401);
  const ru = await w.app.request("/game/api/players/site-token", {
    method: "POST",
    headers: { authorization: "Bearer nope", "content-type": "application/json" },
    body: "{}",
  });
  expect(ru.status).toBe(401);
  expect(((await ru.json()) as any).error.message).toContain("ключ");
  expect(await playerCount()).toBe(before);
});

test("a server without GAME_API_KEY refuses the game API with 503", async () => {
  const key = w.deps.settings.secrets.GAME_API_KEY;
  delete w.deps.settings.secrets.GAME_API_KEY;
  try {
    const res = await w.app.request("/game/api/players/register", {
      method: "POST",
      headers: { authorization: `Bearer ${key}`, "content-type": "application/json" },
      body: "{}",
    });
    expect(res.status).toBe(503);
  } finally {
    w.deps.settings.secrets.GAME_API_KEY = key;
  }
});

test("registering a social identity is idempotent: the same network + uid is the same player", async () => {
  const body = { network: "VK", uid: "id-777", nickname: "IronHawk", country: "kz", platform: "android", locale: "en" };
  const first = await gameApi(w, "/game/api/players/register", body);
  expect(first.status).toBe(201);
  const a = (await first.json()) as any;
  expect(a.created).toBe(true);
  const again = await gameApi(w, "/game/api/players/register", { ...body, nickname: "SomeoneElse" });
  expect(again.status).toBe(200);
  expect(((await again.json()) as any).playerId).toBe(a.playerId);
  // The same uid on another network is another player.
  const other = await gameApi(w, "/game/api/players/register", { network: "ok", uid: "id-777", nickname: "OkHawk" });
  expect(other.status).toBe(201);
  expect(((await other.json()) as any).playerId).not.toBe(a.playerId);
  const [p] = await w.deps.db.select().from(players).where(eq(players.id, a.playerId));
  expect(p).toMatchObject({
    nickname: "IronHawk",
    country: "KZ",
    platform: "android",
    locale: "en",
    gold: 50,
    silver: 5000,
  });
  const ids = await w.deps.db.select().from(playerIdentities).where(eq(playerIdentities.playerId, a.playerId));
  expect(ids.map((i) => `${i.network}:${i.uid}`)).toEqual(["vk:id-777"]);
});

test("ten concurrent registrations of one identity make one player", async () => {
  const before = await playerCount();
  const answers = await Promise.all(
    Array.from({ length: 10 }, () => gameApi(w, "/game/api/players/register", { network: "google", uid: "race-1" })),
  );
  expect(answers.every((r) => r.status === 200 || r.status === 201)).toBe(true);
  const ids = new Set(await Promise.all(answers.map(async (r) => ((await r.json()) as any).playerId)));
  expect(ids.size).toBe(1);
  expect(await playerCount()).toBe(before + 1);
});

test("registering by email (+ password) is idempotent per email; a taken email under a new identity is refused", async () => {
  const first = await gameApi(w, "/game/api/players/register", {
    email: "Mail.Player@Example.com",
    password: "a long password 1",
  });
  expect(first.status).toBe(201);
  const { playerId } = (await first.json()) as any;
  const again = await gameApi(w, "/game/api/players/register", { email: "mail.player@example.com" });
  expect(again.status).toBe(200);
  expect(((await again.json()) as any).playerId).toBe(playerId);
  const [p] = await w.deps.db.select().from(players).where(eq(players.id, playerId));
  expect(p.email).toBe("mail.player@example.com");
  expect(p.passwordHash).toStartWith("$argon2id$");
  const clash = await gameApi(w, "/game/api/players/register", {
    network: "vk",
    uid: "new-one",
    email: "mail.player@example.com",
  });
  expect(clash.status).toBe(400);
  expect(((await clash.json()) as any).error.fields.email).toBeDefined();
});

test("bad bodies are 400s with field messages and change nothing", async () => {
  const before = await playerCount();
  for (const body of [
    {},
    { network: "vk" },
    { uid: "x" },
    { email: "not-an-email" },
    { network: "vk", uid: "y", password: "short1" },
    { network: "vk", uid: "z", nickname: "<script>" },
    { network: "vk", uid: "z", country: "Russia" },
  ]) {
    const res = await gameApi(w, "/game/api/players/register", body);
    expect(res.status).toBe(400);
    expect(((await res.json()) as any).error.code).toBe("validation");
  }
  const malformed = await w.app.request("/game/api/players/register", {
    method: "POST",
    headers: { authorization: `Bearer ${TEST_GAME_API_KEY}`, "content-type": "application/json" },
    body: "{oops",
  });
  expect(malformed.status).toBe(400);
  expect(await playerCount()).toBe(before);
  const wrongMethod = await w.app.request("/game/api/players/register", {
    headers: { authorization: `Bearer ${TEST_GAME_API_KEY}` },
  });
  expect(wrongMethod.status).toBe(405);
});

test("a site token signs the player in once: the page is answered signed in, a replay is refused", async () => {
  const reg = (await (
    await gameApi(w, "/game/api/players/register", { network: "vk", uid: "link-1", locale: "ru" })
  ).json()) as any;
  const issued = await gameApi(w, "/game/api/players/site-token", {
    network: "vk",
    uid: "link-1",
    next: "/public/profile/",
  });
  expect(issued.status).toBe(201);
  const t = (await issued.json()) as any;
  expect(t.playerId).toBe(reg.playerId);
  expect(t.url).toBe(`http://127.0.0.1:3000/public/profile/?token=${t.token}`);
  expect(t.token).toMatch(/^tks_[A-Za-z0-9_-]{43}$/);
  expect(t.expiresAt).toBe(w.clock.now() + TOKEN_TTL.site);
  // Only the hash is stored.
  const stored = await w.deps.db.select().from(playerTokens).where(eq(playerTokens.playerId, reg.playerId));
  expect(stored.some((s) => s.tokenHash === t.token)).toBe(false);

  const page = await w.app.request(`/public/profile/?token=${t.token}`, { headers: { accept: "text/html" } });
  expect(page.status).toBe(200); // not the signed-out redirect
  const cookie = /tk_player=[^;]+/.exec(page.headers.get("set-cookie")!)![0];
  const csrf = /<meta name="tk-csrf" content="([^"]+)">/.exec(await page.text())![1];
  expect(csrf.length).toBeGreaterThan(10);
  const me = await w.app.request("/public/profile/", { headers: { cookie, accept: "application/json" } });
  expect(me.status).toBe(200);

  const replay = await w.app.request(`/ru/public?token=${t.token}`, { headers: { accept: "application/json" } });
  expect(replay.status).toBe(401);
  expect(((await replay.json()) as any).error.message).toContain("недействительна");
  // A browser still gets its page, with the reason in the notice cookie and no session.
  const replayHtml = await w.app.request(`/en/public?token=${t.token}`, { headers: { accept: "text/html" } });
  expect(replayHtml.status).toBe(200);
  const setCookie = replayHtml.headers.get("set-cookie") ?? "";
  expect(setCookie).not.toContain("tk_player=");
  expect(decodeURIComponent(/tk_notice=([^;]+)/.exec(setCookie)![1])).toContain("already used or expired");

  // The site's root pages spend a link once too, with no notice left behind.
  const again = (await (
    await gameApi(w, "/game/api/players/site-token", { network: "vk", uid: "link-1" })
  ).json()) as any;
  const root = await w.app.request(`/en/public?token=${again.token}`, { headers: { accept: "text/html" } });
  expect(root.status).toBe(200);
  expect(root.headers.get("set-cookie")).toContain("tk_player=");
  expect(root.headers.get("set-cookie")).not.toContain("tk_notice=");
});

test("another service's ?token= on a public page (PayPal's return) is left alone", async () => {
  const a = await signInPlayer(w);
  const res = await w.app.request("/en/public?order=1&token=5O190127TN364715T&PayerID=X", {
    headers: { cookie: a.cookie, accept: "text/html" },
  });
  expect(res.status).toBe(200);
  expect(res.headers.get("set-cookie") ?? "").not.toContain("tk_notice");
  expect(await res.text()).toContain(`content="${a.csrf}"`);
  const json = await w.app.request("/en/public?token=5O190127TN364715T", { headers: { accept: "application/json" } });
  expect(json.status).toBe(200);
});

test("a site token expires after its lifetime", async () => {
  const reg = (await (await gameApi(w, "/game/api/players/register", { network: "vk", uid: "link-2" })).json()) as any;
  const t = (await (await gameApi(w, "/game/api/players/site-token", { playerId: reg.playerId })).json()) as any;
  expect(t.url).toContain("/ru/public?token=");
  w.clock.advance(TOKEN_TTL.site + 1);
  const late = await w.app.request(`/ru/public?token=${t.token}`, { headers: { accept: "application/json" } });
  expect(late.status).toBe(401);
});

test("a banned player gets no site token and cannot spend one issued before the ban", async () => {
  const reg = (await (
    await gameApi(w, "/game/api/players/register", { network: "vk", uid: "banned-1" })
  ).json()) as any;
  const t = (await (await gameApi(w, "/game/api/players/site-token", { playerId: reg.playerId })).json()) as any;
  const until = Date.UTC(2026, 11, 31, 23, 59, 58);
  await w.deps.db
    .update(players)
    .set({ bannedUntil: until, banReason: "cheating" })
    .where(eq(players.id, reg.playerId));
  const refused = await w.app.request(`/en/public?token=${t.token}`, { headers: { accept: "application/json" } });
  expect(refused.status).toBe(403);
  const body = (await refused.json()) as any;
  expect(body.error.code).toBe("banned");
  expect(body.error.message).toBe("Your account is banned until 31.12.2026 23:59:58 UTC. Reason: cheating");
  const issue = await w.app.request("/game/api/players/site-token", {
    method: "POST",
    headers: {
      authorization: `Bearer ${TEST_GAME_API_KEY}`,
      "content-type": "application/json",
      "accept-language": "ru",
    },
    body: JSON.stringify({ playerId: reg.playerId }),
  });
  expect(issue.status).toBe(403);
  expect(((await issue.json()) as any).error.message).toBe(
    "Ваша учётная запись заблокирована до 31.12.2026 23:59:58 UTC. Причина: cheating",
  );
  const unknown = await gameApi(w, "/game/api/players/site-token", { playerId: 999999 });
  expect(unknown.status).toBe(404);
});

test("signInPlayer (for other areas' tests) goes through the real path and gives a working actor", async () => {
  const a = await signInPlayer(w, { email: "helper@example.com", password: "helper password 1" });
  const me = await w.app.request("/public/profile/", { headers: a.headers() });
  expect(me.status).toBe(200);
  expect(a.csrf.length).toBeGreaterThan(10);
  const second = await signInPlayer(w);
  expect(second.playerId).not.toBe(a.playerId);
  await expect(exchangeToken(w, "tks_no-such-token")).rejects.toThrow();
});

test("a battle server reads a player's state; bad ids, unknown and erased players are 404s, other methods 405", async () => {
  const reg = await gameApi(w, "/game/api/players/register", {
    network: "steam",
    uid: "state-1",
    nickname: "StateReader",
    country: "DE",
  });
  const { playerId } = (await reg.json()) as { playerId: number };
  await w.deps.db
    .update(players)
    .set({ gold: 70, silver: 1234, rating: 1100, level: 3 })
    .where(eq(players.id, playerId));
  const read = (id: string | number, key = TEST_GAME_API_KEY, method = "GET") =>
    w.app.request(`/game/api/players/${id}`, {
      method,
      headers: { authorization: `Bearer ${key}`, "accept-language": "en" },
    });
  const ok = await read(playerId);
  expect(ok.status).toBe(200);
  expect(await ok.json()).toEqual({
    id: playerId,
    nickname: "StateReader",
    level: 3,
    experience: 0,
    rating: 1100,
    battles: 0,
    wins: 0,
    gold: 70,
    silver: 1234,
    premiumUntil: null,
    currentTankId: null,
    bannedUntil: null,
    banReason: null,
    locale: "ru",
  });
  expect((await read(playerId, `${TEST_GAME_API_KEY}x`)).status).toBe(401);
  expect((await read(playerId, TEST_GAME_API_KEY.slice(0, -1))).status).toBe(401);
  expect((await read("abc")).status).toBe(404);
  const unknown = await read(99_999_999);
  expect(unknown.status).toBe(404);
  expect(((await unknown.json()) as any).error.message).toBe("No such player.");
  expect((await read(playerId, TEST_GAME_API_KEY, "POST")).status).toBe(405);
  await w.deps.db.update(players).set({ erasedAt: Date.now() }).where(eq(players.id, playerId));
  expect((await read(playerId)).status).toBe(404);
});

test("a player registered through the game API is active on their install day (DAU and the retention cohort's day 0), without signing in", async () => {
  const at = w.clock.now();
  const day = new Date(at).toISOString().slice(0, 10);
  const reg = await gameApi(w, "/game/api/players/register", {
    network: "vk",
    uid: `first-day-${Math.random()}`,
    nickname: "FirstDayer",
    country: "DE",
    platform: "ios",
  });
  expect(reg.status).toBe(201);
  const { playerId } = (await reg.json()) as { playerId: number };
  await w.ship();
  const wh = w.deps.warehouse;
  const [active] = await wh.query(
    "SELECT toUInt64(bitmapContains(groupBitmapMergeState(players), toUInt64({p:UInt64}))) AS n FROM active_days WHERE day = toDate({d:String})",
    { d: day, p: playerId },
    NRow,
  );
  expect(Number(active.n)).toBe(1);
  const [cohort] = await wh.query(
    "SELECT toUInt64(bitmapContains(groupBitmapMergeState(players), toUInt64({p:UInt64}))) AS n FROM retention_daily WHERE cohort_day = toDate({d:String}) AND day = toDate({d:String})",
    { d: day, p: playerId },
    NRow,
  );
  expect(Number(cohort.n)).toBe(1);
  const [event] = await wh.query(
    "SELECT kind, country, platform FROM activity WHERE player_id = {p:UInt64}",
    { p: playerId },
    KindCountryPlatformRow,
  );
  expect(event).toEqual({ kind: "registration", country: "DE", platform: "ios" });
});
