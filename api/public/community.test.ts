// Friends, chat (limits, moderation, live streams) and terms through the routes.
import { test, expect, beforeAll, afterAll } from "bun:test";
import { makeWorld, type TestWorld } from "../test/fixture.ts";
import { signInAdmin, signInPlayer, type Actor } from "../test/sign-in.ts";

let w: TestWorld;
let admin: Actor;
let support: Actor;
beforeAll(async () => {
  w = await makeWorld();
  admin = await signInAdmin(w, "operator");
  support = await signInAdmin(w, "support");
});
afterAll(() => w.close());

const post = (a: Actor, path: string, body: unknown = {}) =>
  w.app.request(path, { method: "POST", headers: a.headers(), body: JSON.stringify(body) });
const get = (a: Actor, path: string) => w.app.request(path, { headers: a.headers() });

test("two players become friends; requests are answered once; the blacklist blocks and ends friendships", async () => {
  const a = await signInPlayer(w);
  const b = await signInPlayer(w);
  const c = await signInPlayer(w);
  expect((await post(a, "/public/profile/friends/request", { playerId: a.playerId })).status).toBe(400);
  const sent = await post(a, "/public/profile/friends/request", { playerId: b.playerId });
  expect(sent.status).toBe(200);
  const { requestId, status } = (await sent.json()) as { requestId: number; status: string };
  expect(status).toBe("pending");
  expect((await post(a, "/public/profile/friends/request", { playerId: b.playerId })).status).toBe(409);
  // Only the addressee accepts.
  expect((await post(c, "/public/profile/friends/accept", { requestId })).status).toBe(404);
  const incoming = (await (await get(b, "/public/profile/friends")).json()) as {
    incoming: { requestId: number; playerId: number }[];
  };
  expect(incoming.incoming.map((r) => r.playerId)).toEqual([a.playerId]);
  const outgoing = (await (await get(a, "/public/profile/friends")).json()) as {
    incoming: unknown[];
    outgoing: { requestId: number; playerId: number }[];
  };
  expect([outgoing.outgoing.map((r) => [r.requestId, r.playerId]), outgoing.incoming]).toEqual([
    [[requestId, b.playerId]],
    [],
  ]);
  expect((await post(b, "/public/profile/friends/accept", { requestId })).status).toBe(200);
  expect((await post(b, "/public/profile/friends/accept", { requestId })).status).toBe(409);
  const mine = (await (await get(a, "/public/profile/friends")).json()) as { friends: { playerId: number }[] };
  expect(mine.friends.map((f) => f.playerId)).toEqual([b.playerId]);
  // The admin sees both sides.
  const seen = (await (await post(support, "/admin/player/friends/get", { playerId: b.playerId })).json()) as {
    friends: { playerId: number }[];
  };
  expect(seen.friends.map((f) => f.playerId)).toEqual([a.playerId]);
  // Blacklisting ends the friendship and blocks new requests.
  expect((await post(b, "/public/profile/findPlayer", { blacklist: a.playerId })).status).toBe(200);
  expect(((await (await get(a, "/public/profile/friends")).json()) as { friends: unknown[] }).friends).toEqual([]);
  const blocked = await post(a, "/public/profile/friends/request", { playerId: b.playerId });
  expect(blocked.status).toBe(403);
  // Crossed requests make friends at once; an operator can end it (audited).
  const r1 = (await (await post(a, "/public/profile/friends/request", { playerId: c.playerId })).json()) as {
    status: string;
  };
  expect(r1.status).toBe("pending");
  const r2 = (await (await post(c, "/public/profile/friends/request", { playerId: a.playerId })).json()) as {
    status: string;
  };
  expect(r2.status).toBe("accepted");
  expect(
    (await post(support, "/admin/player/friend/remove", { playerId: a.playerId, friendId: c.playerId })).status,
  ).toBe(403);
  expect(
    (await post(admin, "/admin/player/friend/remove", { playerId: a.playerId, friendId: c.playerId })).status,
  ).toBe(200);
  expect(
    (await post(admin, "/admin/player/friend/remove", { playerId: a.playerId, friendId: c.playerId })).status,
  ).toBe(404);
});

/** Reads an SSE response until `until` holds over the events seen, or the time runs out. */
async function readEvents(res: Response, until: (events: { event: string; data: string }[]) => boolean, ms = 5000) {
  const reader = res.body!.getReader();
  const events: { event: string; data: string }[] = [];
  let buf = "";
  const deadline = Date.now() + ms;
  while (Date.now() < deadline && !until(events)) {
    const { value, done } = await Promise.race([
      reader.read(),
      new Promise<{ value: undefined; done: true }>((r) =>
        setTimeout(() => r({ value: undefined, done: true }), deadline - Date.now()),
      ),
    ]);
    if (done) break;
    buf += new TextDecoder().decode(value);
    let i: number;
    while ((i = buf.indexOf("\n\n")) >= 0) {
      const block = buf.slice(0, i);
      buf = buf.slice(i + 2);
      const event = /^event: ?(.*)$/m.exec(block)?.[1] ?? "message";
      const data = /^data: ?(.*)$/m.exec(block)?.[1] ?? "";
      events.push({ event, data });
    }
  }
  await reader.cancel();
  return events;
}

test("chat: limits, live delivery, a hidden message leaves readers, a muted author cannot write", async () => {
  const a = await signInPlayer(w, { locale: "en" });
  const reader = await signInPlayer(w, { locale: "en" });
  const stream = await w.app.request("/public/chat/stream?room=global:en", {
    headers: reader.headers({ accept: "text/event-stream" }),
  });
  expect(stream.status).toBe(200);
  const sentRes = await post(a, "/public/chat/send", { room: "global:en", body: "  hello   tankers  " });
  expect(sentRes.status).toBe(201);
  const sent = (await sentRes.json()) as { id: number; body: string };
  expect(sent.body).toBe("hello tankers");
  // Too fast, too long, empty.
  expect((await post(a, "/public/chat/send", { room: "global:en", body: "again" })).status).toBe(429);
  w.clock.advance(1500);
  expect((await post(a, "/public/chat/send", { room: "global:en", body: "x".repeat(301) })).status).toBe(400);
  expect((await post(a, "/public/chat/send", { room: "global:en", body: "   " })).status).toBe(400);
  // A clan room is for members only.
  expect((await post(a, "/public/chat/send", { room: "clan:1", body: "hi" })).status).toBe(403);
  // The word filter masks.
  expect((await post(admin, "/admin/chat/setMessage", { action: "words", words: ["noob"] })).status).toBe(200);
  const masked = (await (
    await post(a, "/public/chat/send", { room: "global:en", body: "you NOOB, noobish" })
  ).json()) as { id: number; body: string };
  expect(masked.body).toBe("you ****, noobish");
  // The operator hides the first message and mutes its author.
  expect((await post(support, "/admin/chat/setMessage", { action: "hide", id: sent.id })).status).toBe(403);
  expect((await post(admin, "/admin/chat/setMessage", { action: "hide", id: sent.id })).status).toBe(200);
  expect((await post(admin, "/admin/chat/setMessage", { action: "hide", id: sent.id })).status).toBe(409);
  expect(
    (await post(admin, "/admin/chat/setMessage", { action: "mute", id: sent.id, minutes: 30, reason: "spam" })).status,
  ).toBe(200);
  w.clock.advance(5000);
  const muted = await post(a, "/public/chat/send", { room: "global:en", body: "let me speak" });
  expect(muted.status).toBe(403);
  const events = await readEvents(stream, (ev) => ev.some((e) => e.event === "remove"));
  const kinds = events
    .filter((e) => e.event !== "ping" && e.event !== "ready")
    .map((e) => [e.event, JSON.parse(e.data).id]);
  expect(kinds).toEqual([
    ["message", sent.id],
    ["message", masked.id],
    ["remove", sent.id],
  ]);
  // Readers' history no longer has it; the operator's has it, marked.
  const hist = (await (await get(reader, "/public/chat/messages?room=global:en")).json()) as { rows: { id: number }[] };
  expect(hist.rows.map((r) => r.id)).toEqual([masked.id]);
  const adm = (await (await post(support, "/admin/chat/getMessages", { room: "global:en" })).json()) as {
    rows: { id: number; status: string; mutedUntil: number | null }[];
  };
  expect(adm.rows.find((r) => r.id === sent.id)).toMatchObject({ status: "hidden" });
  expect(adm.rows.find((r) => r.id === sent.id)!.mutedUntil).toBeGreaterThan(w.clock.now());
  const mine = (await (await post(support, `/admin/player/${a.playerId}/chatHistory/load`, {})).json()) as {
    total: number;
  };
  expect(mine.total).toBe(2);
  // A system post reaches readers without an author.
  const sys = (await (
    await post(admin, "/admin/chat/setMessage", { action: "post", room: "global:en", body: "Server restart at 03:00" })
  ).json()) as { message: { id: number; playerId: null } };
  expect(sys.message.playerId).toBeNull();
  // Every moderation left an admin log row.
  const log = await w.deps.client.execute("select action from admin_log where action like 'chat.%' order by id");
  expect(log.rows.map((r) => r.action)).toEqual(["chat.words", "chat.hide", "chat.mute", "chat.post"]);
});

test("terms: accept the current version, rate once for a bonus paid once, operators reset", async () => {
  const p = await signInPlayer(w);
  const t0 = (await (await get(p, "/public/profile/terms")).json()) as {
    currentVersion: number | null;
    mustAccept: boolean;
  };
  if (t0.currentVersion !== null) {
    expect(t0.mustAccept).toBe(true);
    expect((await post(p, "/public/profile/terms/accept", { version: t0.currentVersion - 1 })).status).toBe(409);
    const ok = (await (await post(p, "/public/profile/terms/accept", { version: t0.currentVersion })).json()) as {
      mustAccept: boolean;
    };
    expect(ok.mustAccept).toBe(false);
  }
  const rated = (await (await post(p, "/public/profile/rate", { rating: 5 })).json()) as { bonus: number };
  expect(rated.bonus).toBe(50);
  expect((await post(p, "/public/profile/rate", { rating: 4 })).status).toBe(409);
  expect((await post(admin, "/admin/player/resetRateForBonus", { playerId: p.playerId })).status).toBe(200);
  const again = (await (await post(p, "/public/profile/rate", { rating: 4 })).json()) as { bonus: number };
  expect(again.bonus).toBe(0);
  const gold = await w.deps.client.execute({
    sql: "select count(*) as n, sum(delta) as s from ledger_entries where player_id = ? and reason = 'bonus.rate'",
    args: [p.playerId],
  });
  expect(gold.rows[0]).toMatchObject({ n: 1, s: 50 });
  expect((await post(admin, "/admin/player/resetEula", { playerId: p.playerId })).status).toBe(
    t0.currentVersion !== null ? 200 : 200,
  );
});

test("devices: the game's device and the site's browser are recorded at sign-in", async () => {
  const p = await signInPlayer(w, { platform: "android" });
  const d = (await (await get(support, `/admin/player/${p.playerId}/devices`)).json()) as {
    devices: { client: string; platform: string }[];
  };
  expect(d.devices.map((x) => x.client).sort()).toEqual(["game", "site"]);
});
