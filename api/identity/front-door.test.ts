// The front door against a real libSQL file and chDB: a guest in one click (proof of work, limits
// per address), the guest's money limits, keeping the account with email + password, sign-up,
// the address's confirmation, the sign-in link by mail, and pruning idle unclaimed guests.
import { test, expect, beforeAll, afterAll } from "bun:test";
import { and, count, eq } from "drizzle-orm";
import { z } from "zod";
import { makeWorld, type TestWorld } from "../test/fixture.ts";
import { players, sessions, ledgerEntries as ledger, clans, clanMembers, guestChallenges } from "../db/schema/index.ts";
import { GUEST_DEFAULTS, proofHolds } from "../domain/guests.ts";
import { dropCachedOptions, saveVariant } from "../domain/options.ts";
import { maintain } from "../maintenance.ts";
import { registerPlayer } from "../domain/players.ts";

let w: TestWorld;
beforeAll(async () => {
  w = await makeWorld();
});
afterAll(() => w.close());

const DAY = 24 * 3600_000;
let nextAddress = 1;
const newAddress = () => `198.51.100.${nextAddress++}`;

interface Guest {
  playerId: number;
  nickname: string;
  cookie: string;
  csrf: string;
  address: string;
  headers(extra?: Record<string, string>): Record<string, string>;
}

const ask = (path: string, init: RequestInit & { headers?: Record<string, string> } = {}, address = "203.0.113.9") =>
  w.app.request(
    path,
    { ...init, headers: { accept: "application/json", "accept-language": "en", ...init.headers } },
    { address },
  );
const post = (path: string, body: unknown, headers: Record<string, string> = {}, address?: string) =>
  ask(
    path,
    { method: "POST", headers: { "content-type": "application/json", ...headers }, body: JSON.stringify(body) },
    address,
  );
const cookieOf = (res: Response) => /tk_player=[^;]+/.exec(res.headers.get("set-cookie") ?? "")?.[0];
const errorOf = async (res: Response) =>
  ((await res.json()) as { error: { code: string; message: string; fields?: Record<string, string> } }).error;

/** The browser's search (ui/lib/pow.ts does the same). */
function solve(seed: string, bits: number): string {
  for (let n = 0; ; n++) if (proofHolds(seed, String(n), bits)) return String(n);
}

async function challenge(address: string) {
  const res = await ask("/public/guest/challenge", {}, address);
  expect(res.status).toBe(200);
  return (await res.json()) as { seed: string; bits: number; expiresAt: number };
}

async function play(address = newAddress()): Promise<Guest> {
  const ch = await challenge(address);
  const res = await post("/public/guest", { seed: ch.seed, nonce: solve(ch.seed, ch.bits) }, {}, address);
  expect(res.status).toBe(200);
  const body = (await res.json()) as { player: { id: number; nickname: string; guest: boolean }; csrfToken: string };
  expect(body.player.guest).toBe(true);
  const cookie = cookieOf(res)!;
  return {
    playerId: body.player.id,
    nickname: body.player.nickname,
    cookie,
    csrf: body.csrfToken,
    address,
    headers: (extra = {}) => ({ cookie, "x-csrf-token": body.csrfToken, ...extra }),
  };
}

test("Play makes a guest in one click: generated nickname, a session, the starting balance, no credentials", async () => {
  const g = await play();
  expect(g.nickname).toMatch(/^Tanker-\d{5,}$/);
  const me = await ask("/public/profile/", { headers: { cookie: g.cookie } });
  expect(me.status).toBe(200);
  const profile = (await me.json()) as { player: { id: number; silver: number; gold: number } };
  expect(profile.player.id).toBe(g.playerId);
  expect(profile.player.silver).toBeGreaterThan(0);
  const [row] = await w.deps.db.select().from(players).where(eq(players.id, g.playerId));
  expect(row).toMatchObject({ guest: true, email: null, passwordHash: null, claimedAt: null });
  // The hangar answers the guest as a signed-in player.
  const hangar = await ask("/en/play/", { headers: { cookie: g.cookie } });
  expect(((await hangar.json()) as { signedIn: boolean }).signedIn).toBe(true);
  // A Russian visitor's guest gets a Russian nickname.
  const address = newAddress();
  const ch = await challenge(address);
  const ru = await w.app.request(
    "/public/guest",
    {
      method: "POST",
      headers: { "content-type": "application/json", accept: "application/json", "accept-language": "ru" },
      body: JSON.stringify({ seed: ch.seed, nonce: solve(ch.seed, ch.bits) }),
    },
    { address },
  );
  expect(((await ru.json()) as { player: { nickname: string } }).player.nickname).toMatch(/^Танкист-\d{5,}$/);
  // Pressing Play again while signed in keeps the same player.
  const again = await post("/public/guest", { seed: "whatever-seed", nonce: "1" }, { cookie: g.cookie }, g.address);
  expect(again.status).toBe(200);
  expect(((await again.json()) as { player: { id: number }; created: boolean }).player.id).toBe(g.playerId);
  // The registration is counted as a guest's.
  await w.ship();
  const kinds = await w.deps.warehouse.query(
    "SELECT kind FROM registrations WHERE player_id = {id:UInt64}",
    { id: g.playerId },
    z.object({ kind: z.string() }),
  );
  expect(kinds).toEqual([{ kind: "guest" }]);
});

test("a wrong proof, a spent challenge and another address's challenge are refused; nothing is made", async () => {
  const address = newAddress();
  const before = (await w.deps.db.select({ n: count() }).from(players))[0].n;
  const ch = await challenge(address);
  expect(ch.bits).toBe(GUEST_DEFAULTS.powBits);
  let wrong = 0;
  while (proofHolds(ch.seed, String(wrong), ch.bits)) wrong++;
  const bad = await post("/public/guest", { seed: ch.seed, nonce: String(wrong) }, {}, address);
  expect(bad.status).toBe(400);
  expect((await errorOf(bad)).code).toBe("bad_proof");
  // Another address cannot spend it.
  const nonce = solve(ch.seed, ch.bits);
  expect((await post("/public/guest", { seed: ch.seed, nonce }, {}, newAddress())).status).toBe(400);
  expect((await post("/public/guest", { seed: ch.seed, nonce }, {}, address)).status).toBe(200);
  // Spent: the same answer makes no second guest.
  const replay = await post("/public/guest", { seed: ch.seed, nonce }, {}, address);
  expect(replay.status).toBe(400);
  expect((await w.deps.db.select({ n: count() }).from(players))[0].n).toBe(before + 1);
  // An expired challenge is no good either.
  const old = await challenge(address);
  w.clock.advance(11 * 60_000);
  expect((await post("/public/guest", { seed: old.seed, nonce: solve(old.seed, old.bits) }, {}, address)).status).toBe(
    400,
  );
  // Bad input is a 400 with fields.
  const empty = await post("/public/guest", {}, {}, address);
  expect(empty.status).toBe(400);
  expect(Object.keys((await errorOf(empty)).fields ?? {})).toEqual(["seed", "nonce"]);
});

test("guests minted faster than the per-address limit are refused; other addresses and the next hour are not", async () => {
  const address = newAddress();
  for (let i = 0; i < GUEST_DEFAULTS.perAddressPerHour; i++) await play(address);
  const ch = await challenge(address);
  const refused = await post("/public/guest", { seed: ch.seed, nonce: solve(ch.seed, ch.bits) }, {}, address);
  expect(refused.status).toBe(429);
  const err = await errorOf(refused);
  expect(err.code).toBe("rate_limited");
  expect(err.message).toMatch(/Try again in \d+ seconds/);
  // The refused answer did not spend its challenge's quota: another address plays at once.
  await play(newAddress());
  // An hour later the address may play again.
  w.clock.advance(3600_000 + 1000);
  await play(address);
  // Asking for challenges is limited too.
  const greedy = newAddress();
  for (let i = 0; i < GUEST_DEFAULTS.challengesPerAddressPerHour; i++) await challenge(greedy);
  expect((await ask("/public/guest/challenge", {}, greedy)).status).toBe(429);
});

test("operators set the guest rules (server option `guests`): a lower limit applies at once", async () => {
  await saveVariant(
    w.deps.db,
    "server",
    { key: "guests", variant: "default", value: { perAddressPerHour: 1, powBits: 4 }, share: 0 },
    w.clock.now(),
  );
  // (The instance that saves drops its copy: api/admin/system/options.ts does so after its save.)
  dropCachedOptions(w.deps.db, "server");
  try {
    const address = newAddress();
    const ch = await challenge(address);
    expect(ch.bits).toBe(4);
    await play(address);
    const next = await challenge(address);
    expect(
      (await post("/public/guest", { seed: next.seed, nonce: solve(next.seed, next.bits) }, {}, address)).status,
    ).toBe(429);
  } finally {
    await saveVariant(w.deps.db, "server", { key: "guests", variant: "default", value: {}, share: 0 }, w.clock.now());
    dropCachedOptions(w.deps.db, "server");
  }
});

const moneyRoutes = (g: Guest) => [
  post("/public/profile/transferMoney", { to: 1, amount: 10, requestId: crypto.randomUUID() }, g.headers(), g.address),
  post(
    "/public/profile/gift",
    { to: 1, kind: "gold", amount: 10, requestId: crypto.randomUUID() },
    g.headers(),
    g.address,
  ),
  post("/billing/order/start", { provider: "robokassa", item_id: "gold_500" }, g.headers(), g.address),
];

test("a guest keeps the account with email + password: no transfers, gifts or payments before; signs back in after", async () => {
  const g = await play();
  for (const res of await Promise.all(moneyRoutes(g))) {
    expect(res.status).toBe(403);
    const err = await errorOf(res);
    expect(err.code).toBe("guest");
    expect(err.message).toContain("Guests cannot pay");
  }
  // A taken address and a short password are field errors; nothing changes.
  await registerPlayer(w.deps.db, {
    nickname: "Taken Mail",
    email: "taken@example.com",
    country: "RU",
    platform: "web",
    source: "organic",
    locale: "en",
    at: w.clock.now(),
  });
  const taken = await post(
    "/public/profile/claim",
    { email: "Taken@Example.com", password: "long enough 1" },
    g.headers(),
  );
  expect(taken.status).toBe(400);
  expect((await errorOf(taken)).fields).toEqual({
    email: "Another account already uses this email. Sign in to it, or use another address.",
  });
  const short = await post("/public/profile/claim", { email: "keeper@example.com", password: "x" }, g.headers());
  expect(short.status).toBe(400);
  expect(Object.keys((await errorOf(short)).fields!)).toEqual(["password"]);
  // Without the CSRF token: refused.
  expect(
    (
      await post(
        "/public/profile/claim",
        { email: "keeper@example.com", password: "keeper pass 1" },
        { cookie: g.cookie },
      )
    ).status,
  ).toBe(403);
  const mailsBefore = w.mails.length;
  const ok = await post(
    "/public/profile/claim",
    { email: "Keeper@Example.com", password: "keeper pass 1" },
    g.headers(),
  );
  expect(ok.status).toBe(200);
  expect(await ok.json()).toMatchObject({
    guest: false,
    email: "keeper@example.com",
    emailVerified: false,
    hasPassword: true,
  });
  const [row] = await w.deps.db.select().from(players).where(eq(players.id, g.playerId));
  expect(row.guest).toBe(false);
  expect(row.claimedAt).toBe(w.clock.now());
  // The confirmation mail, in the request's language, with a one-time link.
  expect(w.mails.length).toBe(mailsBefore + 1);
  const mail = w.mails.at(-1)!;
  expect(mail.to).toBe("keeper@example.com");
  expect(mail.subject).toBe("Tankodrome: confirm your email");
  // Claimed, not confirmed: money still waits, now for the confirmation.
  const waiting = await Promise.all(moneyRoutes(g));
  for (const res of waiting) expect((await errorOf(res)).code).toBe("unverified");
  // A second claim is refused.
  expect(
    (await post("/public/profile/claim", { email: "other@example.com", password: "keeper pass 1" }, g.headers()))
      .status,
  ).toBe(409);
  // The link confirms it (once).
  const code = /code=([A-Za-z0-9_-]+)/.exec(mail.text)![1];
  const verified = await post("/public/verify", { code });
  expect(verified.status).toBe(200);
  expect(await verified.json()).toEqual({ ok: true, email: "keeper@example.com" });
  expect((await post("/public/verify", { code })).status).toBe(400);
  // Money now passes the guest check (and fails, if at all, for its own reasons).
  for (const res of await Promise.all(moneyRoutes(g)))
    expect(["guest", "unverified"]).not.toContain(((await res.json()) as { error?: { code: string } }).error?.code);
  // Sign out, sign back in with the password: the same player.
  expect((await post("/public/logout", {}, g.headers())).status).toBe(200);
  const back = await post("/public/login", { email: "keeper@example.com", password: "keeper pass 1" });
  expect(back.status).toBe(200);
  expect(((await back.json()) as { player: { id: number } }).player.id).toBe(g.playerId);
  // The claim is an event for the conversion.
  await w.ship();
  const claims = await w.deps.warehouse.query(
    "SELECT method FROM claims WHERE player_id = {id:UInt64}",
    { id: g.playerId },
    z.object({ method: z.string() }),
  );
  expect(claims).toEqual([{ method: "email" }]);
});

test("sign-up from the landing: email + password with the proof of work; the account works before confirming", async () => {
  const address = newAddress();
  const ch = await challenge(address);
  const nonce = solve(ch.seed, ch.bits);
  const bad = await post("/public/signup", { email: "not an email", password: "", seed: ch.seed, nonce }, {}, address);
  expect(bad.status).toBe(400);
  expect(Object.keys((await errorOf(bad)).fields!).sort()).toEqual(["email", "password"]);
  const res = await post(
    "/public/signup",
    { email: "new@example.com", password: "new pass 12", seed: ch.seed, nonce },
    {},
    address,
  );
  expect(res.status).toBe(200);
  const body = (await res.json()) as { player: { id: number; guest: boolean; emailVerified: boolean } };
  expect(body.player).toMatchObject({ guest: false, emailVerified: false });
  const cookie = cookieOf(res)!;
  expect((await ask("/public/profile/", { headers: { cookie } })).status).toBe(200);
  expect(w.mails.at(-1)!.to).toBe("new@example.com");
  // Signed in: another sign-up is refused.
  const ch2 = await challenge(address);
  const again = await post(
    "/public/signup",
    { email: "new2@example.com", password: "new pass 12", seed: ch2.seed, nonce: solve(ch2.seed, ch2.bits) },
    { cookie },
    address,
  );
  expect(again.status).toBe(409);
  // The screen itself is a page.
  const page = await w.app.request("/public/signup", { headers: { accept: "text/html" } });
  expect(await page.text()).toContain('<div id="root"');
  await w.ship();
  const kinds = await w.deps.warehouse.query(
    "SELECT kind FROM registrations WHERE player_id = {id:UInt64}",
    { id: body.player.id },
    z.object({ kind: z.string() }),
  );
  expect(kinds).toEqual([{ kind: "email" }]);
});

test("a sign-in link by mail: same answer for unknown addresses, works once, confirms the address", async () => {
  const address = newAddress();
  const ch = await challenge(address);
  const made = await post(
    "/public/signup",
    { email: "magic@example.com", password: "magic pass 1", seed: ch.seed, nonce: solve(ch.seed, ch.bits) },
    {},
    address,
  );
  const playerId = ((await made.json()) as { player: { id: number } }).player.id;
  const n = w.mails.length;
  const unknown = await post("/public/magicLink", { email: "nobody@example.com" });
  const known = await post("/public/magicLink", { email: "magic@example.com" });
  expect(unknown.status).toBe(200);
  expect(await unknown.json()).toEqual(await known.json());
  expect(w.mails.length).toBe(n + 1);
  const code = /code=([A-Za-z0-9_-]+)/.exec(w.mails.at(-1)!.text)![1];
  expect(w.mails.at(-1)!.text).toContain("/public/magic?code=tkm_");
  expect(await (await ask(`/public/magic/check?code=${code}`)).json()).toEqual({ valid: true });
  const res = await post("/public/magic", { code });
  expect(res.status).toBe(200);
  expect(((await res.json()) as { player: { id: number; emailVerified: boolean } }).player).toMatchObject({
    id: playerId,
    emailVerified: true,
  });
  expect(cookieOf(res)).toBeDefined();
  const replay = await post("/public/magic", { code });
  expect(replay.status).toBe(400);
  expect((await errorOf(replay)).message).toContain("sign-in link is invalid");
});

test("changing the email waits for the new address's link; the old one signs in meanwhile", async () => {
  const g = await play();
  await post("/public/profile/claim", { email: "first@example.com", password: "first pass 1" }, g.headers());
  const res = await post("/public/profile/changeEmail", { email: "second@example.com" }, g.headers());
  expect(res.status).toBe(200);
  expect(((await res.json()) as { email: string }).email).toBe("first@example.com");
  const mail = w.mails.at(-1)!;
  expect(mail.to).toBe("second@example.com");
  const code = /code=([A-Za-z0-9_-]+)/.exec(mail.text)![1];
  expect((await post("/public/verify", { code })).status).toBe(200);
  const account = await ask("/public/profile/account", { headers: { cookie: g.cookie } });
  expect(await account.json()).toMatchObject({ email: "second@example.com", emailVerified: true });
});

test("an unclaimed idle guest is pruned after its lifetime with its data; claimed and active accounts never are", async () => {
  const { db, client } = w.deps;
  const idle = await play();
  const active = await play();
  const kept = await play();
  await post("/public/profile/claim", { email: "kept@example.com", password: "kept pass 12" }, kept.headers());
  const member = await play();
  // The idle guest leads a clan with a member: the clan passes on, it does not vanish.
  const [clan] = await db
    .insert(clans)
    .values({ name: "Idle Clan", tag: "IDL", leaderId: idle.playerId, createdAt: w.clock.now() })
    .returning();
  await db.insert(clanMembers).values([
    { clanId: clan.id, playerId: idle.playerId, role: "leader", joinedAt: w.clock.now() },
    { clanId: clan.id, playerId: member.playerId, role: "member", joinedAt: w.clock.now() },
  ]);
  const ledgerRows = async (id: number) =>
    (await db.select({ n: count() }).from(ledger).where(eq(ledger.playerId, id)))[0].n;
  expect(await ledgerRows(idle.playerId)).toBeGreaterThan(0);
  // Within the lifetime nothing goes.
  const alive = async (id: number) =>
    (await db.select({ id: players.id }).from(players).where(eq(players.id, id))).length === 1;
  w.clock.advance(GUEST_DEFAULTS.lifetimeDays * DAY - 1000);
  await maintain({ db, client }, w.clock.now());
  expect(await alive(idle.playerId)).toBe(true);
  // The active guest comes back (its session is seen), the others stay away.
  await ask("/public/profile/", { headers: { cookie: active.cookie } });
  await ask("/public/profile/", { headers: { cookie: member.cookie } });
  w.clock.advance(2 * DAY);
  expect((await maintain({ db, client }, w.clock.now())).guests).toBeGreaterThanOrEqual(1);
  expect(await alive(idle.playerId)).toBe(false);
  expect(await alive(active.playerId)).toBe(true);
  expect(await alive(kept.playerId)).toBe(true);
  expect(await alive(member.playerId)).toBe(true);
  // Its data went with it: ledger, sessions; the clan is the member's now.
  expect(await ledgerRows(idle.playerId)).toBe(0);
  expect(
    (
      await db
        .select({ n: count() })
        .from(sessions)
        .where(and(eq(sessions.kind, "player"), eq(sessions.subjectId, idle.playerId)))
    )[0].n,
  ).toBe(0);
  expect((await db.select().from(clans).where(eq(clans.id, clan.id)))[0].leaderId).toBe(member.playerId);
  expect((await ask("/public/profile/", { headers: { cookie: idle.cookie } })).status).toBe(401);
  // Years later the claimed account is still there.
  w.clock.advance(3 * 365 * DAY);
  await maintain({ db, client }, w.clock.now());
  expect(await alive(kept.playerId)).toBe(true);
  // Old challenges went too.
  expect((await db.select({ n: count() }).from(guestChallenges))[0].n).toBe(0);
});

test("sensitive-data removal takes the email, password and mailed links with it", async () => {
  const g = await play();
  await post("/public/profile/claim", { email: "erase-me@example.com", password: "erase pass 12" }, g.headers());
  const code = /code=([A-Za-z0-9_-]+)/.exec(w.mails.at(-1)!.text)![1];
  await post("/public/magicLink", { email: "erase-me@example.com" });
  const magic = /code=([A-Za-z0-9_-]+)/.exec(w.mails.at(-1)!.text)![1];
  const erased = await post("/public/profile/sensitive-data/remove", {}, g.headers());
  expect(erased.status).toBe(200);
  const [row] = await w.deps.db.select().from(players).where(eq(players.id, g.playerId));
  expect(row).toMatchObject({ email: null, passwordHash: null });
  expect(row.erasedAt).not.toBeNull();
  // Neither link works any more, and the address signs nobody in.
  expect((await post("/public/verify", { code })).status).toBe(400);
  expect((await post("/public/magic", { code: magic })).status).toBe(400);
  expect((await post("/public/login", { email: "erase-me@example.com", password: "erase pass 12" })).status).toBe(401);
  // The address is free for a new account.
  const address = newAddress();
  const ch = await challenge(address);
  const again = await post(
    "/public/signup",
    { email: "erase-me@example.com", password: "erase pass 12", seed: ch.seed, nonce: solve(ch.seed, ch.bits) },
    {},
    address,
  );
  expect(again.status).toBe(200);
});
