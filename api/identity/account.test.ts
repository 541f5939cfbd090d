// The player's account on the site against a real libSQL file and chDB: sign-in and sign-out,
// throttling, bans, password reset by mail and password change.
import { test, expect, beforeAll, afterAll } from "bun:test";
import { eq } from "drizzle-orm";
import { makeWorld, type TestWorld } from "../test/fixture.ts";
import { signInPlayer } from "../test/sign-in.ts";
import { players, sessions } from "../db/schema/index.ts";
import { THROTTLE } from "../domain/throttle.ts";
import { TOKEN_TTL } from "../domain/tokens.ts";
import { RESET_MAILS } from "./account.ts";

let w: TestWorld;
beforeAll(async () => {
  w = await makeWorld();
});
afterAll(() => w.close());

const json = (body: unknown, headers: Record<string, string> = {}) => ({
  method: "POST",
  headers: { "content-type": "application/json", accept: "application/json", "accept-language": "en", ...headers },
  body: JSON.stringify(body),
});
const login = (email: string, password: string, headers: Record<string, string> = {}) =>
  w.app.request("/public/login", json({ email, password }, headers));
const cookieOf = (res: Response) => /tk_player=[^;]+/.exec(res.headers.get("set-cookie") ?? "")?.[0];
const profile = (cookie: string) =>
  w.app.request("/public/profile/", { headers: { cookie, accept: "application/json" } });
const errorOf = async (res: Response) =>
  ((await res.json()) as { error: { code: string; message: string; fields?: Record<string, string> } }).error;

test("a player signs in with email and password, and signs out", async () => {
  const a = await signInPlayer(w, { email: "pilot@example.com", password: "pilot password 1" });
  const res = await login("Pilot@Example.com ", "pilot password 1");
  expect(res.status).toBe(200);
  const body = (await res.json()) as any;
  expect(body.player).toMatchObject({ id: a.playerId, email: "pilot@example.com" });
  const cookie = cookieOf(res)!;
  expect((await profile(cookie)).status).toBe(200);
  // Sign-out is a change: without the CSRF token it is refused and the session lives on.
  const noCsrf = await w.app.request("/public/logout", {
    method: "POST",
    headers: { cookie, accept: "application/json" },
  });
  expect(noCsrf.status).toBe(403);
  expect((await profile(cookie)).status).toBe(200);
  const out = await w.app.request("/public/logout", {
    method: "POST",
    headers: { cookie, "x-csrf-token": body.csrfToken, accept: "application/json" },
  });
  expect(out.status).toBe(200);
  expect((await profile(cookie)).status).toBe(401);
  expect((await w.app.request("/public/logout", { headers: { cookie } })).status).toBe(405);
  // The form itself is a page.
  const form = await w.app.request("/public/login", { headers: { accept: "text/html" } });
  expect(form.status).toBe(200);
  expect(await form.text()).toContain('<div id="root"');
});

test("a wrong password and an unknown email get the same answer; bad input is a 400", async () => {
  await signInPlayer(w, { email: "known@example.com", password: "known password 1" });
  const wrong = await login("known@example.com", "not the password");
  const unknown = await login("nobody@example.com", "not the password");
  expect(wrong.status).toBe(401);
  expect(unknown.status).toBe(401);
  const [a, b] = [await errorOf(wrong), await errorOf(unknown)];
  expect(a).toEqual(b);
  expect(a.message).toBe("Wrong email or password.");
  const ru = await login("nobody@example.com", "x", { "accept-language": "ru" });
  expect((await errorOf(ru)).message).toBe("Неверный email или пароль.");
  const bad = await w.app.request("/public/login", json({ email: "not-an-email", password: "" }));
  expect(bad.status).toBe(400);
  const e = await errorOf(bad);
  expect(Object.keys(e.fields!).sort()).toEqual(["email", "password"]);
  // A player registered without a password cannot sign in by password.
  await signInPlayer(w, { email: "nopass@example.com" });
  expect((await login("nopass@example.com", "anything at all")).status).toBe(401);
});

test("after five failures the account is throttled, even with the right password", async () => {
  await signInPlayer(w, { email: "target@example.com", password: "target password 1" });
  for (let i = 0; i < THROTTLE.perAccount; i++)
    expect((await login("target@example.com", `guess ${i}`)).status).toBe(401);
  const blocked = await login("target@example.com", "target password 1");
  expect(blocked.status).toBe(429);
  expect(Number(blocked.headers.get("retry-after"))).toBeGreaterThan(0);
  // An unknown address is throttled the same way (no hint that it has no account).
  for (let i = 0; i < THROTTLE.perAccount; i++) await login("ghost@example.com", `guess ${i}`);
  expect((await login("ghost@example.com", "guess")).status).toBe(429);
  w.clock.advance(THROTTLE.windowMs + 1);
  expect((await login("target@example.com", "target password 1")).status).toBe(200);
}, 60_000);

test("a banned player is refused with the reason and the end of the ban; a wrong password still reveals nothing", async () => {
  const a = await signInPlayer(w, { email: "banned@example.com", password: "banned password 1" });
  const until = Date.UTC(2027, 0, 15, 8, 30, 0);
  await w.deps.db
    .update(players)
    .set({ bannedUntil: until, banReason: "abusive chat" })
    .where(eq(players.id, a.playerId));
  // The session they had is worthless at once.
  expect((await w.app.request("/public/profile/", { headers: a.headers() })).status).toBe(401);
  const en = await login("banned@example.com", "banned password 1");
  expect(en.status).toBe(403);
  expect(await errorOf(en)).toEqual({
    code: "banned",
    message: "Your account is banned until 15.01.2027 08:30:00 UTC. Reason: abusive chat",
  });
  const ru = await login("banned@example.com", "banned password 1", { "accept-language": "ru" });
  expect((await errorOf(ru)).message).toBe(
    "Ваша учётная запись заблокирована до 15.01.2027 08:30:00 UTC. Причина: abusive chat",
  );
  expect(cookieOf(en)).toBeUndefined();
  expect((await login("banned@example.com", "wrong password")).status).toBe(401);
  // When the ban is over they sign in again.
  w.clock.set(until + 1000);
  expect((await login("banned@example.com", "banned password 1")).status).toBe(200);
});

test("asking for a reset link answers the same for a known and an unknown address; only the known one gets a mail", async () => {
  await signInPlayer(w, { email: "forgetful@example.com", password: "forgotten password 1" });
  const before = w.mails.length;
  const known = await w.app.request("/public/resetPassword/", json({ email: "forgetful@example.com" }));
  const unknown = await w.app.request("/en/public/resetPassword/", json({ email: "stranger@example.com" }));
  expect(known.status).toBe(200);
  expect(unknown.status).toBe(200);
  expect(await known.json()).toEqual(await unknown.json());
  expect(w.mails.length).toBe(before + 1);
  const mail = w.mails.at(-1)!;
  expect(mail.to).toBe("forgetful@example.com");
  expect(mail.text).toMatch(/http:\/\/127\.0\.0\.1:3000\/public\/reset\?code=[A-Za-z0-9_-]{20,}/);
  const ru = await w.app.request("/ru/public/resetPassword/", json({ email: "forgetful@example.com" }));
  expect(((await ru.json()) as any).message).toContain("Если учётная запись");
  expect(w.mails.at(-1)!.subject).toBe("Танкодром: сброс пароля");
  // More asks in the window get the same answer and no more mail.
  for (let i = 0; i < 3; i++)
    expect((await w.app.request("/public/resetPassword/", json({ email: "forgetful@example.com" }))).status).toBe(200);
  expect(w.mails.filter((m) => m.to === "forgetful@example.com").length).toBe(RESET_MAILS.perWindow);
  const bad = await w.app.request("/public/resetPassword/", json({ email: "nope" }));
  expect(bad.status).toBe(400);
  const page = await w.app.request("/ru/public/resetPassword/", { headers: { accept: "text/html" } });
  expect(page.status).toBe(200);
  expect(await page.text()).toContain('lang="ru"');
});

const lastCode = (to: string) => /code=([A-Za-z0-9_-]+)/.exec(w.mails.filter((m) => m.to === to).at(-1)!.text)![1];

test("a reset link sets a new password once, signs the player in and ends their other sessions; a replay fails", async () => {
  const a = await signInPlayer(w, { email: "resetter@example.com", password: "old password 123" });
  await w.app.request("/public/resetPassword/", json({ email: "resetter@example.com" }));
  const code = lastCode("resetter@example.com");
  const check = await w.app.request(`/public/reset?code=${code}`, { headers: { accept: "application/json" } });
  expect(await check.json()).toEqual({ valid: true });
  // A too-short new password is refused and the link still works.
  const short = await w.app.request("/public/reset", json({ code, password: "short" }));
  expect(short.status).toBe(400);
  expect((await errorOf(short)).fields!.password).toBeDefined();
  const ok = await w.app.request("/public/reset", json({ code, password: "brand new password" }));
  expect(ok.status).toBe(200);
  expect(((await ok.json()) as any).signedIn).toBe(true);
  expect((await profile(cookieOf(ok)!)).status).toBe(200);
  expect((await w.app.request("/public/profile/", { headers: a.headers() })).status).toBe(401);
  expect((await login("resetter@example.com", "old password 123")).status).toBe(401);
  expect((await login("resetter@example.com", "brand new password")).status).toBe(200);
  const replay = await w.app.request("/public/reset", json({ code, password: "another new password" }));
  expect(replay.status).toBe(400);
  expect(await errorOf(replay)).toEqual({
    code: "bad_link",
    message: "This password reset link is invalid, already used or expired. Ask for a new one.",
  });
  const after = await w.app.request(`/public/reset?code=${code}`, {
    headers: { accept: "application/json", "accept-language": "ru" },
  });
  expect(await after.json()).toEqual({
    valid: false,
    message: "Ссылка для сброса пароля недействительна, уже использована или устарела. Запросите новую.",
  });
  expect((await login("resetter@example.com", "another new password")).status).toBe(401);
});

test("a reset link expires after an hour", async () => {
  await signInPlayer(w, { email: "slow@example.com", password: "slow password 12" });
  await w.app.request("/public/resetPassword/", json({ email: "slow@example.com" }));
  const code = lastCode("slow@example.com");
  w.clock.advance(TOKEN_TTL.reset + 1);
  const late = await w.app.request("/public/reset", json({ code, password: "late new password" }));
  expect(late.status).toBe(400);
  expect((await errorOf(late)).code).toBe("bad_link");
  expect((await login("slow@example.com", "slow password 12")).status).toBe(200);
  const garbage = await w.app.request("/public/reset", json({ code: "../../etc", password: "late new password" }));
  expect(garbage.status).toBe(400);
});

test("changing the password needs the current one and the CSRF token, and ends the player's other sessions", async () => {
  const a = await signInPlayer(w, { email: "changer@example.com", password: "first password 1" });
  const other = cookieOf(await login("changer@example.com", "first password 1"))!;
  const info = await w.app.request("/public/profile/changePassword", { headers: a.headers() });
  expect(await info.json()).toEqual({ hasPassword: true, email: "changer@example.com" });
  const noCsrf = await w.app.request(
    "/public/profile/changePassword",
    json({ currentPassword: "first password 1", password: "second password 2" }, { cookie: a.cookie }),
  );
  expect(noCsrf.status).toBe(403);
  const wrong = await w.app.request("/public/profile/changePassword", {
    method: "POST",
    headers: a.headers({ "accept-language": "en" }),
    body: JSON.stringify({ currentPassword: "not it", password: "second password 2" }),
  });
  expect(wrong.status).toBe(400);
  expect((await errorOf(wrong)).fields).toEqual({ currentPassword: "The current password is wrong." });
  const ok = await w.app.request("/public/profile/changePassword", {
    method: "POST",
    headers: a.headers(),
    body: JSON.stringify({ currentPassword: "first password 1", password: "second password 2" }),
  });
  expect(ok.status).toBe(200);
  expect((await w.app.request("/public/profile/", { headers: a.headers() })).status).toBe(200);
  expect((await profile(other)).status).toBe(401);
  expect((await login("changer@example.com", "first password 1")).status).toBe(401);
  expect((await login("changer@example.com", "second password 2")).status).toBe(200);
  const signedOut = await w.app.request(
    "/public/profile/changePassword",
    json({ currentPassword: "x", password: "y" }),
  );
  expect(signedOut.status).toBe(401);
});

test("a player without a password asks for a link to their own address; without an address they are told why", async () => {
  const a = await signInPlayer(w, { email: "social@example.com" });
  const change = await w.app.request("/public/profile/changePassword", {
    method: "POST",
    headers: a.headers(),
    body: JSON.stringify({ password: "first password 1" }),
  });
  expect(change.status).toBe(409);
  const ask = await w.app.request("/public/profile/resetPassword", {
    method: "POST",
    headers: a.headers({ "accept-language": "en" }),
    body: "{}",
  });
  expect(ask.status).toBe(200);
  expect(((await ask.json()) as any).message).toBe("We have sent a password reset link to social@example.com.");
  expect(w.mails.at(-1)!.to).toBe("social@example.com");
  const noCsrf = await w.app.request("/public/profile/resetPassword", {
    method: "POST",
    headers: { cookie: a.cookie, accept: "application/json" },
  });
  expect(noCsrf.status).toBe(403);
  const b = await signInPlayer(w);
  const none = await w.app.request("/public/profile/resetPassword", {
    method: "POST",
    headers: b.headers({ "accept-language": "en" }),
    body: "{}",
  });
  expect(none.status).toBe(409);
  expect((await errorOf(none)).message).toBe("Your account has no email address, so no link can be sent.");
  const rows = await w.deps.db.select().from(sessions).where(eq(sessions.subjectId, b.playerId));
  expect(rows.length).toBe(1);
});
