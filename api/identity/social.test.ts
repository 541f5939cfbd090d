// Social sign-in end to end against the TEST MODE stand-ins (each network's protocol, served by the
// app in process): the browser's redirects are followed by hand, cookies carried as a browser would.
import { test, expect, beforeAll, afterAll } from "bun:test";
import { eq } from "drizzle-orm";
import { z } from "zod";
import { makeWorld, type TestWorld } from "../test/fixture.ts";
import { players, playerIdentities, socialNetworks } from "../db/schema/index.ts";
import { prepareSocialTestMode, standins, SOCIAL_TEST_BASE } from "./social/test-standins.ts";
import { GUEST_DEFAULTS, proofHolds } from "../domain/guests.ts";

let w: TestWorld;
let pub: string;
beforeAll(async () => {
  w = await makeWorld();
  pub = w.deps.settings.publicUrl;
  const at = w.clock.now();
  await w.deps.db.insert(socialNetworks).values([
    { key: "vk", name: "VK", enabled: true, appId: "", sortOrder: 1, updatedAt: at },
    { key: "google", name: "Google", enabled: true, appId: "", sortOrder: 2, updatedAt: at },
    { key: "yandex", name: "Яндекс ID", enabled: true, appId: "", sortOrder: 3, updatedAt: at },
    { key: "telegram", name: "Telegram", enabled: true, appId: "", sortOrder: 4, updatedAt: at },
    { key: "ok", name: "OK", enabled: true, appId: "512", sortOrder: 5, updatedAt: at },
    { key: "facebook", name: "Facebook", enabled: false, appId: "874", sortOrder: 6, updatedAt: at },
  ]);
  await prepareSocialTestMode(w.deps.settings.secrets, pub, () => w.clock.now());
});
afterAll(() => w.close());

/** A browser: its cookies, and requests that keep them. */
class Browser {
  jar = new Map<string, string>();
  async get(url: string, accept = "text/html") {
    return this.send(url, { headers: { accept } });
  }
  async post(url: string, form: Record<string, string>) {
    return this.send(url, {
      method: "POST",
      headers: { "content-type": "application/x-www-form-urlencoded", accept: "text/html" },
      body: new URLSearchParams(form).toString(),
    });
  }
  async send(url: string, init: RequestInit & { headers: Record<string, string> }) {
    const path = url.startsWith(pub) ? url.slice(pub.length) : url;
    const cookie = [...this.jar].map(([k, v]) => `${k}=${v}`).join("; ");
    const res = await w.app.request(path, {
      ...init,
      headers: { "accept-language": "en", ...init.headers, ...(cookie ? { cookie } : {}) },
    });
    for (const line of res.headers.getSetCookie()) {
      const [pair, ...attrs] = line.split(";");
      const [name, value] = [pair.slice(0, pair.indexOf("=")), pair.slice(pair.indexOf("=") + 1)];
      if (attrs.some((a) => /max-age=0/i.test(a.trim())) || value === "") this.jar.delete(name.trim());
      else this.jar.set(name.trim(), value);
    }
    return res;
  }
  /** The player this browser is signed in as (null: nobody). */
  async me(): Promise<number | null> {
    const res = await this.get("/public/profile/", "application/json");
    if (res.status !== 200) return null;
    return ((await res.json()) as { player: { id: number } }).player.id;
  }
  notice() {
    const v = this.jar.get("tk_notice");
    return v ? decodeURIComponent(v) : null;
  }
}

const hidden = (html: string) =>
  Object.fromEntries(
    [...html.matchAll(/<input type="hidden" name="([^"]+)" value="([^"]*)">/g)].map((m) => [
      m[1],
      m[2].replace(/&#(\d+);/g, (_, n) => String.fromCharCode(Number(n))),
    ]),
  );

/**
 * Start → the network's consent page → allow as `uid` → the callback URL the network sends back
 * (not yet opened).
 */
async function toCallback(b: Browser, network: string, uid: string, opts: { link?: boolean; next?: string } = {}) {
  const q = new URLSearchParams();
  if (opts.link) q.set("link", "1");
  if (opts.next) q.set("next", opts.next);
  const start = await b.get(`/public/social/${network}/start?${q}`);
  expect(start.status).toBe(302);
  const consentUrl = start.headers.get("location")!;
  expect(consentUrl.startsWith(`${pub}${SOCIAL_TEST_BASE}/${network}/`)).toBe(true);
  const page = await b.get(consentUrl);
  expect(page.status).toBe(200);
  const html = await page.text();
  expect(html).toContain("TEST MODE");
  const action = /<form method="post" action="([^"]+)">/.exec(html)![1];
  const fields = { ...hidden(html), uid, name: `Tester ${uid}`, email: `u${uid}@example.com`, allow: "1" };
  const allowed = await b.post(action, fields);
  expect(allowed.status).toBe(302);
  let back = allowed.headers.get("location")!;
  // Telegram answers in the fragment: the callback page turns it into a query.
  const hash = back.indexOf("#tgAuthResult=");
  if (hash >= 0) back = `${back.slice(0, hash)}&tgAuthResult=${back.slice(hash + "#tgAuthResult=".length)}`;
  expect(back.startsWith(`${pub}/public/social/${network}/callback?`)).toBe(true);
  return back;
}

async function signInWith(b: Browser, network: string, uid: string, opts: { link?: boolean; next?: string } = {}) {
  const res = await b.get(await toCallback(b, network, uid, opts));
  return res;
}

const identitiesOf = async (playerId: number) =>
  (await w.deps.db.select().from(playerIdentities).where(eq(playerIdentities.playerId, playerId))).map((i) => [
    i.network,
    i.uid,
  ]);

test("the networks offered: enabled, spoken and configured", async () => {
  const res = await w.app.request("/public/social/networks", { headers: { accept: "application/json" } });
  expect(await res.json()).toEqual([
    { key: "vk", name: "VK" },
    { key: "google", name: "Google" },
    { key: "yandex", name: "Яндекс ID" },
    { key: "telegram", name: "Telegram" },
  ]);
  const b = new Browser();
  const unknown = await b.get("/public/social/ok/start");
  expect(unknown.status).toBe(302);
  expect(unknown.headers.get("location")).toBe("/public/login");
  expect(b.notice()).toBe("This network is not available for sign-in.");
});

test("signing in with Google makes a player; again later, on another browser, the same player", async () => {
  const b = new Browser();
  const res = await signInWith(b, "google", "g-1001", { next: "/en/play/" });
  expect(res.status).toBe(302);
  expect(res.headers.get("location")).toBe("/en/play/");
  const id = (await b.me())!;
  expect(id).toBeGreaterThan(0);
  expect(await identitiesOf(id)).toEqual([["google", "g-1001"]]);
  const [p] = await w.deps.db.select().from(players).where(eq(players.id, id));
  expect(p.guest).toBe(false);
  const fresh = new Browser();
  await signInWith(fresh, "google", "g-1001");
  expect(await fresh.me()).toBe(id);
  await w.ship();
  const kinds = await w.deps.warehouse.query(
    "SELECT kind FROM registrations WHERE player_id = {id:UInt64}",
    { id },
    z.object({ kind: z.string() }),
  );
  expect(kinds).toEqual([{ kind: "social" }]);
});

test("a second network is linked; signing in with it on a fresh browser is the same player; unlinking keeps a way in", async () => {
  const b = new Browser();
  await signInWith(b, "yandex", "ya-77");
  const id = (await b.me())!;
  const linked = await signInWith(b, "vk", "4242", { link: true, next: "/public/profile/#account" });
  expect(linked.headers.get("location")).toBe("/public/profile/#account");
  expect((await identitiesOf(id)).sort()).toEqual([
    ["vk", "4242"],
    ["yandex", "ya-77"],
  ]);
  const fresh = new Browser();
  await signInWith(fresh, "vk", "4242");
  expect(await fresh.me()).toBe(id);
  // The account panel lists both; one may go, the last one may not.
  const csrf = async (br: Browser) =>
    ((await (await br.get("/public/profile/", "application/json")).json()) as { csrfToken: string }).csrfToken;
  const token = await csrf(fresh);
  const unlink = (network: string) =>
    fresh.send("/public/profile/unlink", {
      method: "POST",
      headers: { "content-type": "application/json", accept: "application/json", "x-csrf-token": token },
      body: JSON.stringify({ network }),
    });
  expect((await unlink("yandex")).status).toBe(200);
  const last = await unlink("vk");
  expect(last.status).toBe(409);
  expect(((await last.json()) as { error: { message: string } }).error.message).toContain("only way to sign in");
  expect(await identitiesOf(id)).toEqual([["vk", "4242"]]);
});

test("an identity cannot sit on two accounts: linking another account's identity is refused", async () => {
  const owner = new Browser();
  await signInWith(owner, "google", "g-shared");
  const ownerId = (await owner.me())!;
  const other = new Browser();
  await signInWith(other, "vk", "5151");
  const otherId = (await other.me())!;
  const res = await signInWith(other, "google", "g-shared", { link: true, next: "/public/profile/" });
  expect(res.headers.get("location")).toBe("/public/profile/");
  expect(other.notice()).toContain("already linked to another Tankodrome account");
  expect(await identitiesOf(ownerId)).toEqual([["google", "g-shared"]]);
  expect(await identitiesOf(otherId)).toEqual([["vk", "5151"]]);
  expect(await other.me()).toBe(otherId);
  // The store itself holds the rule: a second row for the identity cannot be written.
  const second = async () =>
    w.deps.db
      .insert(playerIdentities)
      .values({ playerId: otherId, network: "google", uid: "g-shared", createdAt: w.clock.now() });
  expect(second()).rejects.toThrow();
});

test("a guest keeps the account with a network: the guest is claimed, its progress stays", async () => {
  const b = new Browser();
  const address = "192.0.2.77";
  const ch = (await (
    await w.app.request("/public/guest/challenge", { headers: { accept: "application/json" } }, { address })
  ).json()) as { seed: string; bits: number };
  let nonce = 0;
  while (!proofHolds(ch.seed, String(nonce), ch.bits)) nonce++;
  expect(ch.bits).toBe(GUEST_DEFAULTS.powBits);
  const made = await w.app.request(
    "/public/guest",
    {
      method: "POST",
      headers: { "content-type": "application/json", accept: "application/json" },
      body: JSON.stringify({ seed: ch.seed, nonce: String(nonce) }),
    },
    { address },
  );
  const guestId = ((await made.json()) as { player: { id: number } }).player.id;
  b.jar.set("tk_player", /tk_player=([^;]+)/.exec(made.headers.get("set-cookie")!)![1]);
  await signInWith(b, "telegram", "99001");
  expect(await b.me()).toBe(guestId);
  const [p] = await w.deps.db.select().from(players).where(eq(players.id, guestId));
  expect(p.guest).toBe(false);
  expect(await identitiesOf(guestId)).toEqual([["telegram", "99001"]]);
  await w.ship();
  const claims = await w.deps.warehouse.query(
    "SELECT method FROM claims WHERE player_id = {id:UInt64}",
    { id: guestId },
    z.object({ method: z.string() }),
  );
  expect(claims).toEqual([{ method: "social" }]);
});

test("a tampered state, a state from another browser and a spent state are refused", async () => {
  const b = new Browser();
  const back = await toCallback(b, "google", "g-tamper");
  const url = new URL(back);
  const state = url.searchParams.get("state")!;
  url.searchParams.set("state", `${state.slice(0, -2)}xx`);
  const tampered = await b.get(url.toString());
  expect(tampered.headers.get("location")).toBe("/public/login");
  expect(b.notice()).toBe("The sign-in with Google did not succeed. Try again.");
  expect(await b.me()).toBeNull();
  // The real callback in another browser (without this one's state cookie): refused.
  const thief = new Browser();
  await thief.get(back);
  expect(await thief.me()).toBeNull();
  // JSON callers get the error itself.
  const json = await b.get(url.toString(), "application/json");
  expect(json.status).toBe(400);
  expect(((await json.json()) as { error: { code: string } }).error.code).toBe("social_refused");
});

test("a replayed code is refused: the state is spent, and the network spends the code", async () => {
  const b = new Browser();
  const back = await toCallback(b, "vk", "7070");
  await b.get(back);
  const id = (await b.me())!;
  expect(id).toBeGreaterThan(0);
  // The same callback again: its state is spent.
  const again = new Browser();
  again.jar.set("tk_oauth", new URL(back).searchParams.get("state")!);
  await again.get(back);
  expect(await again.me()).toBeNull();
  // The old code under a fresh state of this browser: VK ID refuses the spent code.
  const c = new Browser();
  const start = await c.get("/public/social/vk/start");
  const fresh = new URL(start.headers.get("location")!).searchParams.get("state")!;
  const replay = new URL(back);
  replay.searchParams.set("state", fresh);
  await c.get(replay.toString());
  expect(await c.me()).toBeNull();
  expect(c.notice()).toBe("The sign-in with VK did not succeed. Try again.");
});

test("Google's ID token with a wrong audience, a wrong issuer, another nonce or expired is refused", async () => {
  const google = standins(pub)!.get("google")!;
  const cases: [string, (claims: Record<string, unknown>) => void][] = [
    [
      "audience",
      (claims) => {
        claims.aud = "someone-elses-client";
      },
    ],
    [
      "issuer",
      (claims) => {
        claims.iss = "https://evil.example";
      },
    ],
    [
      "nonce",
      (claims) => {
        claims.nonce = "another-nonce";
      },
    ],
    [
      "expiry",
      (claims) => {
        claims.exp = Math.floor(w.clock.now() / 1000) - 3600;
      },
    ],
  ];
  for (const [what, change] of cases) {
    const b = new Browser();
    const back = await toCallback(b, "google", `g-bad-${what}`);
    google.tamper = change;
    await b.get(back);
    expect({ what, me: await b.me() }).toEqual({ what, me: null });
    expect(b.notice()).toContain("did not succeed");
  }
  // Untampered, the same flow signs in.
  const ok = new Browser();
  await signInWith(ok, "google", "g-good");
  expect(await ok.me()).not.toBeNull();
});

test("Yandex's expired info token and Telegram's forged or stale login are refused", async () => {
  const s = standins(pub)!;
  const ya = new Browser();
  const yaBack = await toCallback(ya, "yandex", "ya-old");
  s.get("yandex")!.tamper = (claims) => {
    claims.exp = Math.floor(w.clock.now() / 1000) - 600;
  };
  await ya.get(yaBack);
  expect(await ya.me()).toBeNull();
  // Telegram: a login whose fields were changed after signing.
  const tg = new Browser();
  const back = new URL(await toCallback(tg, "telegram", "31337"));
  const data = JSON.parse(atob(back.searchParams.get("tgAuthResult")!.replace(/-/g, "+").replace(/_/g, "/")));
  data.id = "1";
  back.searchParams.set("tgAuthResult", btoa(JSON.stringify(data)));
  await tg.get(back.toString());
  expect(await tg.me()).toBeNull();
  // A login signed (rightly) two days ago.
  const stale = new Browser();
  s.get("telegram")!.tamper = (data) => {
    data.auth_date = String(Math.floor(w.clock.now() / 1000) - 2 * 86_400);
  };
  await stale.get(await toCallback(stale, "telegram", "31338"));
  expect(await stale.me()).toBeNull();
  // A fresh, untouched login signs in.
  const fine = new Browser();
  await fine.get(await toCallback(fine, "telegram", "31339"));
  expect(await fine.me()).not.toBeNull();
});
