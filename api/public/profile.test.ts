import { describe, test, expect, beforeAll, afterAll } from "bun:test";
import { eq, sql } from "drizzle-orm";
import { makeWorld, type TestWorld } from "../test/fixture.ts";
import { registerPlayer } from "../domain/players.ts";
import { applyLedger } from "../domain/ledger.ts";
import { SESSION_LIMITS } from "../http/session.ts";
import { randomToken, sha256Hex } from "../domain/tokens.ts";
import { sessions, players, ledgerEntries, clanLog, outbox } from "../db/schema/index.ts";
import { CLAN_RULES } from "../domain/clans.ts";
import { TRANSFER_RULES, transferFee } from "../domain/transfers.ts";

interface P {
  id: number;
  headers(extra?: Record<string, string>): Record<string, string>;
}

describe("Player site: profile, rating, clans, transfers, blacklist", () => {
  let w: TestWorld;
  // The suite's players speak English: their saved language wins over the request's on these
  // pages (api/http/session.ts), so a check in Russian saves ru first (speaking()).
  const mk = async (nickname: string, opts: { gold?: number; level?: number } = {}): Promise<P> => {
    const now = w.clock.now();
    const { playerId } = await registerPlayer(w.deps.db, {
      nickname,
      country: "RU",
      platform: "web",
      source: "organic",
      locale: "en",
      at: now,
    });
    if (opts.gold)
      await w.deps.db.transaction((tx) =>
        applyLedger(tx, { playerId, currency: "gold", delta: opts.gold!, reason: "test.credit", at: now }),
      );
    if (opts.level) await w.deps.db.update(players).set({ level: opts.level }).where(eq(players.id, playerId));
    const token = randomToken();
    const csrf = randomToken(24);
    await w.deps.db.insert(sessions).values({
      tokenHash: await sha256Hex(token),
      kind: "player",
      subjectId: playerId,
      csrfToken: csrf,
      locale: "en",
      createdAt: now,
      lastSeenAt: now,
      expiresAt: now + SESSION_LIMITS.player.absolute,
    });
    return {
      id: playerId,
      headers: (extra = {}) => ({
        cookie: `tk_player=${token}`,
        "x-csrf-token": csrf,
        "content-type": "application/json",
        accept: "application/json",
        "accept-language": "en",
        ...extra,
      }),
    };
  };
  const call = (p: P | null, path: string, body?: unknown, extra: Record<string, string> = {}) =>
    w.app.request(`/public/profile/${path}`, {
      method: body === undefined ? "GET" : "POST",
      headers: p ? p.headers(extra) : { accept: "application/json", "content-type": "application/json" },
      ...(body === undefined ? {} : { body: JSON.stringify(body) }),
    });
  const speaking = (p: P, locale: "ru" | "en") => w.deps.db.update(players).set({ locale }).where(eq(players.id, p.id));
  const gold = async (id: number) =>
    (await w.deps.db.select({ g: players.gold }).from(players).where(eq(players.id, id)))[0].g;

  beforeAll(async () => {
    w = await makeWorld();
  });
  afterAll(() => w.close());

  test("profile page data and its guards", async () => {
    const a = await mk("Profiler");
    const r = await call(a, "");
    expect(r.status).toBe(200);
    const j = await r.json();
    expect(j.player).toMatchObject({
      nickname: "Profiler",
      level: 1,
      gold: 50,
      silver: 5000,
      premium: false,
      battles: 0,
      wins: 0,
      currentTank: null,
      clan: null,
    });
    expect((await call(null, "")).status).toBe(401);
    const html = await w.app.request("/public/profile/", { headers: { accept: "text/html" } });
    expect(html.status).toBe(302);
    // A state change without the CSRF token changes nothing.
    expect((await call(a, "createClan", { name: "NoCsrf", tag: "NC" }, { "x-csrf-token": "" })).status).toBe(403);
  });

  test("clans: creation costs gold, names and tags are unique, one clan per player", async () => {
    const poor = await mk("Poor");
    const r0 = await call(poor, "createClan", { name: "Poor Clan", tag: "POOR" });
    expect(r0.status).toBe(409);
    expect((await r0.json()).error.code).toBe("insufficient_funds");
    expect(await gold(poor.id)).toBe(50);

    await speaking(poor, "ru");
    const bad = await call(poor, "createClan", { name: "x", tag: "" });
    await speaking(poor, "en");
    expect(bad.status).toBe(400);
    const badJson = await bad.json();
    expect(badJson.error.fields.tag).toBe("Это поле обязательно для заполнения.");
    expect(badJson.error.fields.name).toBe("Введите не меньше 3 символов.");

    const lead = await mk("Leader", { gold: 500 });
    const ok = await call(lead, "createClan", { name: "Iron Wolves", tag: "wolf", description: "We ride" });
    expect(ok.status).toBe(200);
    const { clanId } = await ok.json();
    expect(await gold(lead.id)).toBe(550 - CLAN_RULES.priceGold);
    const again = await call(lead, "createClan", { name: "Second", tag: "SEC" });
    expect(again.status).toBe(409);
    const rich = await mk("Rich", { gold: 500 });
    const dup = await call(rich, "createClan", { name: "iron wolves", tag: "WOLF" });
    expect(dup.status).toBe(400);
    expect((await dup.json()).error.fields).toEqual({
      name: "Please make sure the value is unique.",
      tag: "Please make sure the value is unique.",
    });
    expect(await gold(rich.id)).toBe(550);

    const mine = await (await call(lead, "myClan")).json();
    expect(mine.clan).toMatchObject({ id: clanId, name: "Iron Wolves", tag: "WOLF" });
    expect(mine.role).toBe("leader");
    expect((await (await call(lead, "")).json()).player.clan).toMatchObject({
      id: clanId,
      tag: "WOLF",
      role: "leader",
    });
    const found = await (await call(rich, `searchClans/wol`)).json();
    expect(found.rows.map((c: { tag: string }) => c.tag)).toEqual(["WOLF"]);
    expect((await (await call(rich, "searchClans?name=IRON")).json()).total).toBe(1);
    expect((await (await call(rich, "searchClans/nothing%25")).json()).total).toBe(0);
    expect((await call(null, "searchClans/wol")).status).toBe(401);
    expect((await (await call(rich, "findClan?name=wolf")).json()).clan.id).toBe(clanId);
    expect((await call(rich, "findClan?id=999")).status).toBe(404);
    expect((await call(rich, "findClan")).status).toBe(400);
  });

  test("clans: requests, approval, roles, expiry, leadership, removal; every change logged", async () => {
    const lead = await mk("Boss", { gold: 500 });
    const { clanId } = await (await call(lead, "createClan", { name: "Steel Rain", tag: "RAIN" })).json();
    const joiner = await mk("Joiner");
    const other = await mk("Other");
    const late = await mk("Late");
    const req = await (await call(joiner, "addRequest", { clanId, message: "hi" })).json();
    expect((await call(joiner, "addRequest", { clanId })).status).toBe(409);
    const req2 = await (await call(other, "addRequest", { clanId })).json();
    const req3 = await (await call(late, "addRequest", { clanId })).json();
    expect((await call(joiner, "approveRequest", { requestId: req2.requestId })).status).toBe(404);
    // A stranger to the clan cannot answer its requests.
    expect((await call(other, "rejectRequest", { requestId: req.requestId })).status).toBe(404);
    const leaderView = await (await call(lead, "myClan")).json();
    expect(leaderView.requests.map((r: { playerId: number }) => r.playerId)).toEqual([joiner.id, other.id, late.id]);
    expect((await call(lead, "approveRequest", { requestId: req.requestId })).status).toBe(200);
    expect((await call(lead, "rejectRequest", { requestId: req2.requestId })).status).toBe(200);
    expect((await (await call(other, "myClan")).json()).clan).toBeNull();
    // Members read the clan log on their clan page, newest first, with who did it to whom.
    const memberView = await (await call(joiner, "myClan")).json();
    expect(
      memberView.log
        .slice(0, 2)
        .map((e: { action: string; actor: string; target: string }) => [e.action, e.actor, e.target]),
    ).toEqual([
      ["reject", "Boss", "Other"],
      ["approve", "Boss", "Joiner"],
    ]);
    expect(memberView.log.at(-1)).toMatchObject({ action: "create", actor: "Boss" });
    // A member cannot approve, edit the name or remove members.
    expect((await call(joiner, "editClan", { description: "mine now" })).status).toBe(403);
    expect((await call(joiner, "removeMember", { memberId: lead.id })).status).toBe(403);
    // Requests expire.
    w.clock.advance(CLAN_RULES.requestTtlMs + 1);
    const expired = await call(lead, "approveRequest", { requestId: req3.requestId });
    expect(expired.status).toBe(409);
    expect((await expired.json()).error.message).toBe("This request has expired.");
    // Officer: edits the description, cannot rename or remove the leader.
    expect((await call(lead, "editClan", { memberId: joiner.id, role: "officer" })).status).toBe(200);
    expect((await call(joiner, "editClan", { description: "Officers rule" })).status).toBe(200);
    expect((await call(joiner, "editClan", { name: "Renamed" })).status).toBe(403);
    expect((await call(joiner, "removeMember", { memberId: lead.id })).status).toBe(403);
    // The leader cannot leave while others remain; hands leadership over first.
    expect((await call(lead, "quitClan", {})).status).toBe(409);
    expect((await call(lead, "removeClan", {})).status).toBe(200);
  });

  test("clans: hand over, quit, remove member, remove clan (leader only), blacklisted requests", async () => {
    const lead = await mk("Chief", { gold: 500 });
    const { clanId } = await (await call(lead, "createClan", { name: "Night Owls", tag: "OWL" })).json();
    const m1 = await mk("Member1");
    const m2 = await mk("Member2");
    for (const m of [m1, m2]) {
      const { requestId } = await (await call(m, "addRequest", { clanId })).json();
      expect((await call(lead, "approveRequest", { requestId })).status).toBe(200);
    }
    expect((await call(lead, "editClan", { memberId: m1.id, role: "leader" })).status).toBe(200);
    const view = await (await call(m1, "myClan")).json();
    expect(view.role).toBe("leader");
    expect(view.members.find((x: { playerId: number }) => x.playerId === lead.id).role).toBe("officer");
    expect((await call(lead, "removeClan", {})).status).toBe(403);
    expect((await call(lead, "quitClan", {})).status).toBe(200);
    expect((await call(m1, "removeMember", { memberId: m2.id })).status).toBe(200);
    expect((await call(m1, "removeMember", { memberId: m2.id })).status).toBe(404);
    // The leader's blacklist keeps a player's requests out.
    const pest = await mk("Pest");
    expect((await call(m1, "findPlayer", { blacklist: pest.id })).status).toBe(200);
    expect((await call(pest, "addRequest", { clanId })).status).toBe(403);
    expect((await call(m1, "removeClan", {})).status).toBe(200);
    expect((await (await call(m1, "myClan")).json()).clan).toBeNull();
    const actions = (await w.deps.db.select({ a: clanLog.action }).from(clanLog).where(eq(clanLog.clanId, clanId))).map(
      (r) => r.a,
    );
    expect(actions).toEqual(["create", "request", "approve", "request", "approve", "leader", "quit", "kick", "remove"]);
    const [ev] = await w.deps.db
      .select({ n: sql<number>`count(*)` })
      .from(outbox)
      .where(sql`${outbox.table} = 'activity' and ${outbox.row} like '%clan.%'`);
    expect(Number(ev.n)).toBeGreaterThanOrEqual(actions.length);
  });

  test("clans: a full clan takes no more members, by request or by approval", async () => {
    const { clanMembers } = await import("../db/schema/index.ts");
    const lead = await mk("Full Boss", { gold: 500 });
    const { clanId } = await (await call(lead, "createClan", { name: "Full House", tag: "FULL" })).json();
    const waiting = await mk("Waiting");
    const req = await (await call(waiting, "addRequest", { clanId })).json();
    // Fill the clan to its limit (the leader is one of the members).
    for (let i = 1; i < CLAN_RULES.memberLimit; i++) {
      const { playerId } = await registerPlayer(w.deps.db, {
        nickname: `Filler ${i}`,
        country: "RU",
        platform: "web",
        source: "organic",
        locale: "ru",
        at: w.clock.now(),
      });
      await w.deps.db.insert(clanMembers).values({ playerId, clanId, role: "member", joinedAt: w.clock.now() });
    }
    const approve = await call(lead, "approveRequest", { requestId: req.requestId });
    expect(approve.status).toBe(409);
    expect((await approve.json()).error.code).toBe("conflict");
    const late = await mk("Too Late");
    expect((await call(late, "addRequest", { clanId })).status).toBe(409);
    const members = await w.deps.db.select().from(clanMembers).where(eq(clanMembers.clanId, clanId));
    expect(members.length).toBe(CLAN_RULES.memberLimit);
  });

  test("profile edit: POST to the profile changes nickname and language; unique, validated, CSRF", async () => {
    const me = await mk("Renamer");
    await mk("Taken Name");
    const post = (body: unknown, extra: Record<string, string> = {}) =>
      w.app.request("/public/profile/", { method: "POST", headers: me.headers(extra), body: JSON.stringify(body) });
    const ok = await post({ nickname: "  New Name ", locale: "en" });
    expect(ok.status).toBe(200);
    expect((await ok.json()).player.nickname).toBe("New Name");
    const [row] = await w.deps.db
      .select({ n: players.nickname, l: players.locale })
      .from(players)
      .where(eq(players.id, me.id));
    expect(row).toEqual({ n: "New Name", l: "en" });
    const taken = await post({ nickname: "taken name" });
    expect(taken.status).toBe(400);
    expect((await taken.json()).error.fields).toEqual({ nickname: "Please make sure the value is unique." });
    expect((await post({ nickname: "ab" })).status).toBe(400);
    expect((await post({})).status).toBe(400);
    expect((await post({ nickname: "<script>" })).status).toBe(400);
    expect((await post({ nickname: "No Csrf" }, { "x-csrf-token": "wrong" })).status).toBe(403);
    expect((await w.app.request("/public/profile/", { method: "DELETE", headers: me.headers() })).status).toBe(405);
    const [after] = await w.deps.db.select({ n: players.nickname }).from(players).where(eq(players.id, me.id));
    expect(after.n).toBe("New Name");
  });

  test("inbox: operators' notifications in the page's language, unread count, marking read only one's own", async () => {
    const { playerNotifications } = await import("../db/schema/index.ts");
    const me = await mk("Reader");
    const other = await mk("Someone Else");
    const payload = (n: number) =>
      JSON.stringify({
        notificationId: n,
        channel: "notification",
        contents: { ru: { title: `Новость ${n}`, body: "**текст**" }, en: { title: `News ${n}`, body: "**text**" } },
      });
    const at = w.clock.now();
    const [a] = await w.deps.db
      .insert(playerNotifications)
      .values({ playerId: me.id, kind: "notification", payload: payload(1), createdAt: at })
      .returning();
    const [b] = await w.deps.db
      .insert(playerNotifications)
      .values({ playerId: me.id, kind: "notification", payload: payload(2), createdAt: at + 1 })
      .returning();
    const [theirs] = await w.deps.db
      .insert(playerNotifications)
      .values({ playerId: other.id, kind: "notification", payload: payload(3), createdAt: at })
      .returning();
    await w.deps.db.insert(playerNotifications).values({ playerId: me.id, kind: "gift", payload: "{}", createdAt: at });
    const view = async () => (await (await call(me, "")).json()).inbox;
    expect(await view()).toEqual({
      unread: 2,
      items: [
        { id: b.id, title: "News 2", body: "**text**", createdAt: at + 1, read: false },
        { id: a.id, title: "News 1", body: "**text**", createdAt: at, read: false },
      ],
    });
    await speaking(me, "ru");
    const ru = await (await call(me, "")).json();
    await speaking(me, "en");
    expect(ru.inbox.items[0].title).toBe("Новость 2");
    const read = await call(me, "notifications/read", { ids: [a.id, theirs.id] });
    expect(await read.json()).toEqual({ marked: 1 });
    expect((await view()).unread).toBe(1);
    expect((await (await call(other, "")).json()).inbox.unread).toBe(1);
    expect((await call(me, "notifications/read", { ids: [] })).status).toBe(400);
    expect((await call(me, "notifications/read", { ids: ["x"] })).status).toBe(400);
    expect((await call(me, "notifications/read", { ids: [b.id] }, { "x-csrf-token": "nope" })).status).toBe(403);
    expect((await view()).unread).toBe(1);
  });

  test("rating: players and clans, paged, with the player's own place", async () => {
    const me = await mk("Ranker");
    await w.deps.db.update(players).set({ rating: 0 }).where(eq(players.id, me.id));
    const r = await (await call(me, "rating?size=2&by=rating")).json();
    expect(r.rows.length).toBe(2);
    expect(r.own.place).toBe(r.total);
    expect(r.rows[0].place).toBe(1);
    const clans = await (await call(me, "rating?board=clans&by=wins")).json();
    expect(clans.own).toBeNull();
    expect((await call(me, "rating?by=luck")).status).toBe(400);
  });

  test("transfers: fee, limits, idempotency, blacklist, never negative; 50 concurrent", async () => {
    const a = await mk("Sender", { gold: 950, level: 5 });
    const b = await mk("Receiver", { level: 5 });
    const low = await mk("Newbie", { gold: 100 });
    expect((await call(low, "transferMoney", { to: b.id, amount: 10, requestId: "low-level-1" })).status).toBe(403);
    expect((await call(a, "transferMoney", { to: a.id, amount: 10, requestId: "self-1234" })).status).toBe(400);
    expect((await call(a, "transferMoney", { to: b.id, amount: 0, requestId: "zero-1234" })).status).toBe(400);
    expect((await call(a, "transferMoney", { to: 99999, amount: 10, requestId: "nobody-12" })).status).toBe(400);
    const ok = await call(a, "transferMoney", { to: b.id, amount: 100, requestId: "first-transfer" });
    expect(ok.status).toBe(200);
    expect(await ok.json()).toMatchObject({ amount: 100, fee: transferFee(100), replayed: false });
    expect(await gold(a.id)).toBe(1000 - 100 - transferFee(100));
    expect(await gold(b.id)).toBe(150);
    const again = await (await call(a, "transferMoney", { to: b.id, amount: 100, requestId: "first-transfer" })).json();
    expect(again.replayed).toBe(true);
    expect(await gold(b.id)).toBe(150);
    const tooMuch = await call(a, "transferMoney", { to: b.id, amount: 5000, requestId: "too-much-1" });
    expect(tooMuch.status).toBe(409);
    expect((await tooMuch.json()).error.code).toBe("insufficient_funds");
    // Blacklist either way refuses.
    expect((await call(b, "findPlayer", { blacklist: a.id })).status).toBe(200);
    const refused = await call(a, "transferMoney", { to: b.id, amount: 10, requestId: "blocked-1" });
    expect(refused.status).toBe(403);
    expect((await call(b, "transferMoney", { to: a.id, amount: 10, requestId: "blocked-2" })).status).toBe(403);
    expect((await call(b, "blacklist/remove", { playerId: a.id })).status).toBe(200);
    expect((await call(b, "blacklist/remove", { playerId: a.id })).status).toBe(404);

    // 50 concurrent transfers of 20 (fee 1) from a balance that covers only some of them.
    const start = { a: await gold(a.id), b: await gold(b.id) };
    const results = await Promise.all(
      Array.from({ length: 50 }, (_, i) =>
        Promise.resolve(
          call(a, "transferMoney", { to: b.id, amount: 20, requestId: `burst-${String(i).padStart(4, "0")}` }),
        ).then((r) => r.status),
      ),
    );
    const okCount = results.filter((s) => s === 200).length;
    expect(results.every((s) => s === 200 || s === 409)).toBe(true);
    expect(okCount).toBe(Math.min(50, Math.floor(start.a / 21)));
    const end = { a: await gold(a.id), b: await gold(b.id) };
    expect(end.a).toBe(start.a - okCount * 21);
    expect(end.b).toBe(start.b + okCount * 20);
    expect(end.a).toBeGreaterThanOrEqual(0);
    const [sums] = await w.deps.db
      .select({ s: sql<number>`sum(delta)` })
      .from(ledgerEntries)
      .where(sql`${ledgerEntries.playerId} = ${a.id} and ${ledgerEntries.currency} = 'gold'`);
    expect(Number(sums.s)).toBe(end.a);

    // The daily limit counts amount + fee.
    const whale = await mk("Whale", { gold: 200_000, level: 10 });
    let sent = 0;
    for (
      let i = 0;
      sent + 10_000 + transferFee(10_000) <= TRANSFER_RULES.dailyLimit;
      i++, sent += 10_000 + transferFee(10_000)
    ) {
      expect(
        (await call(whale, "transferMoney", { to: b.id, amount: 10_000, requestId: `whale-${i}-xx` })).status,
      ).toBe(200);
    }
    const limited = await call(whale, "transferMoney", { to: b.id, amount: 10_000, requestId: "whale-over" });
    expect(limited.status).toBe(409);
    w.clock.advance(86_400_000);
    expect((await call(whale, "transferMoney", { to: b.id, amount: 10_000, requestId: "whale-next-day" })).status).toBe(
      200,
    );
  });

  test("findPlayer by name or id; blacklist add and remove", async () => {
    const a = await mk("Seeker");
    const t = await mk("TargetPlayer");
    const byName = await (await call(a, "findPlayer?query=targetp")).json();
    expect(byName.players.map((p: { id: number }) => p.id)).toEqual([t.id]);
    const byId = await (await call(a, `findPlayer?query=${t.id}`)).json();
    expect(byId.players[0].id).toBe(t.id);
    expect((await call(a, "findPlayer", { blacklist: a.id })).status).toBe(400);
    expect((await call(a, "findPlayer", { blacklist: 999999 })).status).toBe(404);
    const added = await (await call(a, "findPlayer", { blacklist: t.id, query: "TargetPlayer" })).json();
    expect(added.players[0].blacklisted).toBe(true);
    expect(added.blacklist.map((p: { playerId: number }) => p.playerId)).toEqual([t.id]);
    expect((await (await call(a, "")).json()).blacklist.length).toBe(1);
    expect((await call(a, "findPlayer", {})).status).toBe(400);
  });

  test("erasure: personal data removed, clan handed over, signed out; ledger stays; POST only", async () => {
    const lead = await mk("Eraser", { gold: 500 });
    const { clanId } = await (await call(lead, "createClan", { name: "Erased Clan", tag: "ERA" })).json();
    const heir = await mk("Heir");
    const { requestId } = await (await call(heir, "addRequest", { clanId })).json();
    await call(lead, "approveRequest", { requestId });
    await w.deps.db
      .update(players)
      .set({ email: "eraser@example.com", avatarUrl: "/a.png" })
      .where(eq(players.id, lead.id));
    const before = await w.deps.db.select().from(ledgerEntries).where(eq(ledgerEntries.playerId, lead.id));
    expect((await call(lead, "sensitive-data/remove")).status).toBe(405);
    expect((await call(lead, "sensitive-data/remove", {}, { "x-csrf-token": "" })).status).toBe(403);
    const r = await call(lead, "sensitive-data/remove", {});
    expect(r.status).toBe(200);
    const [p] = await w.deps.db.select().from(players).where(eq(players.id, lead.id));
    expect(p).toMatchObject({
      nickname: `deleted-${lead.id}`,
      email: null,
      avatarUrl: null,
      passwordHash: null,
      erasedAt: w.clock.now(),
    });
    expect((await w.deps.db.select().from(ledgerEntries).where(eq(ledgerEntries.playerId, lead.id))).length).toBe(
      before.length,
    );
    expect((await call(lead, "")).status).toBe(401);
    const view = await (await call(heir, "myClan")).json();
    expect(view.role).toBe("leader");
    expect(view.members.length).toBe(1);
  });

  test("paymentMethods: providers for the player's country and platform (configured ones only)", async () => {
    const a = await mk("Payer");
    const r = await call(a, "paymentMethods");
    expect(r.status).toBe(200);
    const j = await r.json();
    expect(j).toMatchObject({ country: "RU", platform: "web" });
    expect(Array.isArray(j.methods)).toBe(true);
    for (const m of j.methods) expect(m.market).toBe("web");
    expect((await call(null, "paymentMethods")).status).toBe(401);
  });

  test("gifts: currency with limits, blacklist refusal, idempotent, per-day limit, receiver notified", async () => {
    const a = await mk("Giver", { gold: 1000 });
    const b = await mk("Taker");
    const r = await call(a, "gift", { to: b.id, kind: "gold", amount: 100, requestId: "gift-0000001" });
    expect(r.status).toBe(200);
    expect(await gold(b.id)).toBe(150);
    expect(
      (await (await call(a, "gift", { to: b.id, kind: "gold", amount: 100, requestId: "gift-0000001" })).json())
        .replayed,
    ).toBe(true);
    expect(await gold(b.id)).toBe(150);
    expect((await call(a, "gift", { to: b.id, kind: "gold", amount: 5000, requestId: "gift-too-big" })).status).toBe(
      400,
    );
    expect((await call(a, "gift", { to: a.id, kind: "gold", amount: 1, requestId: "gift-selfish" })).status).toBe(400);
    expect((await call(a, "gift", { to: b.id, requestId: "gift-nokind1" })).status).toBe(400);
    const notes = await (await call(b, "gift")).json();
    expect(notes.notifications[0]).toMatchObject({
      kind: "gift",
      payload: { from: "Giver", kind: "gold", amount: 100 },
    });
    for (let i = 2; i <= 5; i++)
      expect(
        (await call(a, "gift", { to: b.id, kind: "silver", amount: 10, requestId: `gift-000000${i}` })).status,
      ).toBe(200);
    const limited = await call(a, "gift", { to: b.id, kind: "silver", amount: 10, requestId: "gift-0000006" });
    expect(limited.status).toBe(409);
    w.clock.advance(86_400_000);
    await call(b, "findPlayer", { blacklist: a.id });
    expect((await call(a, "gift", { to: b.id, kind: "silver", amount: 10, requestId: "gift-0000007" })).status).toBe(
      403,
    );
  });

  test("demo world: the clans step creates clans with members and pending requests, once", async () => {
    const { clansStep } = await import("../domain/clans.ts");
    const { rng } = await import("../db/seed/world.ts");
    const { clans, clanMembers, clanRequests } = await import("../db/schema/index.ts");
    const fresh = await makeWorld();
    try {
      const ids: number[] = [];
      for (let i = 0; i < 20; i++)
        ids.push(
          (
            await registerPlayer(fresh.deps.db, {
              nickname: `Demo${i}`,
              country: "RU",
              platform: "web",
              source: "organic",
              locale: "ru",
              at: fresh.clock.now(),
            })
          ).playerId,
        );
      await clansStep({ db: fresh.deps.db, r: rng(1), playerIds: ids, opts: { now: fresh.clock.now() } });
      await clansStep({ db: fresh.deps.db, r: rng(1), playerIds: ids, opts: { now: fresh.clock.now() } });
      expect((await fresh.deps.db.select().from(clans)).length).toBe(2);
      expect((await fresh.deps.db.select().from(clanMembers)).length).toBe(16);
      expect((await fresh.deps.db.select().from(clanRequests)).length).toBe(4);
    } finally {
      await fresh.close();
    }
  });
});
