// Social sign-in in TEST MODE: on the embedded default (as payments do, docs/decisions/billing-test-mode.md)
// every network without settings of its own runs against a local stand-in served by the same app
// under /test/social/<network>/, speaking the network's protocol: the consent page (a TEST MODE
// sheet where you say who you are), the authorization code bound to the client, the redirect URI
// and the PKCE challenge, spent once; the token endpoint checking the verifier (and the secret);
// Google's ID token (RS256, its JWKS), VK ID's user_info, Yandex's info JWT (HS256 with the client
// secret), Telegram Login's hashed data. The providers' code (providers.ts) does not know: its
// settings point here as real ones point at the networks. Tests reach the stand-ins' state
// (`standins`) to tamper with what they answer (a wrong audience, an expired token).
import { Hono } from "hono";
import type { Deps } from "../../deps.ts";
import { SOCIAL_TEST_BANNER, testSheet } from "../../http/test-sheet.ts";
import { b64url, signHs256, signRs256, telegramHash } from "./jwt.ts";

export const SOCIAL_TEST_BASE = "/test/social";
type Key = "vk" | "yandex" | "google" | "telegram";

interface Grant {
  clientId: string;
  redirectUri: string;
  challenge: string;
  nonce: string;
  uid: string;
  name: string;
  email: string;
  at: number;
  used: boolean;
}

export interface SocialStandin {
  key: Key;
  clientId: string;
  secret: string;
  app: Hono;
  /** The next ID token's claims are changed by this (tests: a wrong audience, an expired token). */
  tamper: ((claims: Record<string, unknown>) => void) | null;
}

const esc = (v: string) => v.replace(/[<>&"']/g, (ch) => `&#${ch.charCodeAt(0)};`);
const sha256b64url = async (v: string) => b64url(await crypto.subtle.digest("SHA-256", new TextEncoder().encode(v)));
const randomCode = () => b64url(crypto.getRandomValues(new Uint8Array(24)));
const CODE_TTL = 10 * 60_000;

/** The consent page: who signs in (the uid is the identity: the same uid is the same person). */
function consentPage(name: string, action: string, hidden: Record<string, string>) {
  const fields = Object.entries(hidden)
    .map(([k, v]) => `<input type="hidden" name="${esc(k)}" value="${esc(v)}">`)
    .join("");
  const uid = String(100_000 + Math.floor(Math.random() * 900_000));
  return testSheet(
    `${name} — TEST MODE`,
    `<h1>${esc(name)}</h1><p>Sign in to Tankodrome as · Войти в Танкодром как</p>` +
      `<form method="post" action="${esc(action)}">${fields}` +
      `<p><label>User id · Идентификатор<br><input name="uid" value="${uid}" required pattern="[0-9A-Za-z_\\-]{1,40}"></label></p>` +
      `<p><label>Name · Имя<br><input name="name" value="Test Tanker"></label></p>` +
      `<p><label>Email<br><input name="email" value="tanker${uid}@example.com"></label></p>` +
      `<button type="submit" name="allow" value="1">Allow · Разрешить</button></form>` +
      `<form method="post" action="${esc(action)}">${fields}<button type="submit" name="deny" value="1">Deny · Отказать</button></form>`,
    SOCIAL_TEST_BANNER,
  );
}

export async function socialStandin(o: {
  key: Key;
  clientId: string;
  secret: string;
  /** Where the app expects the network back (the only redirect URI registered). */
  redirectUri: string;
  base: string;
  now: () => number;
}): Promise<SocialStandin> {
  const grants = new Map<string, Grant>();
  const tokens = new Map<string, Grant>();
  const keys = (await crypto.subtle.generateKey(
    { name: "RSASSA-PKCS1-v1_5", modulusLength: 2048, publicExponent: new Uint8Array([1, 0, 1]), hash: "SHA-256" },
    true,
    ["sign", "verify"],
  )) as CryptoKeyPair;
  const kid = `test-${o.key}`;
  const self: SocialStandin = { key: o.key, clientId: o.clientId, secret: o.secret, app: new Hono(), tamper: null };
  const app = self.app;
  const refuse = (error: string, status: 400 | 401 = 400) => Response.json({ error }, { status });

  // The authorization page (Google /auth, VK ID and Yandex /authorize) and its answer.
  const authorize = async (q: Record<string, string>) => {
    if (q.client_id !== o.clientId) return testSheet("Error", "<h1>invalid_client</h1>", SOCIAL_TEST_BANNER);
    if (q.redirect_uri !== o.redirectUri)
      return testSheet("Error", "<h1>redirect_uri_mismatch</h1>", SOCIAL_TEST_BANNER);
    if (q.code_challenge_method !== "S256" || !q.code_challenge || !q.state)
      return testSheet("Error", "<h1>invalid_request: PKCE S256 and state are required</h1>", SOCIAL_TEST_BANNER);
    const names: Record<Key, string> = { google: "Google", vk: "VK ID", yandex: "Yandex ID", telegram: "Telegram" };
    return consentPage(names[o.key], `${o.base}/allow`, {
      client_id: q.client_id,
      redirect_uri: q.redirect_uri,
      state: q.state,
      code_challenge: q.code_challenge,
      nonce: q.nonce ?? "",
    });
  };
  app.get(o.key === "google" ? "/auth" : "/authorize", (c) => authorize(c.req.query()));
  app.post("/allow", async (c) => {
    const f = Object.fromEntries(Object.entries(await c.req.parseBody()).map(([k, v]) => [k, String(v)]));
    if (f.client_id !== o.clientId || f.redirect_uri !== o.redirectUri) return refuse("invalid_request");
    const back = new URL(f.redirect_uri);
    back.searchParams.set("state", f.state);
    if (f.deny) {
      back.searchParams.set("error", "access_denied");
      return c.redirect(back.toString(), 302);
    }
    const code = randomCode();
    grants.set(code, {
      clientId: f.client_id,
      redirectUri: f.redirect_uri,
      challenge: f.code_challenge,
      nonce: f.nonce,
      uid: f.uid.trim(),
      name: f.name.trim(),
      email: f.email.trim(),
      at: o.now(),
      used: false,
    });
    back.searchParams.set("code", code);
    if (o.key === "vk") back.searchParams.set("device_id", `device-${f.uid.trim()}`);
    return c.redirect(back.toString(), 302);
  });

  // The token endpoint: the code once, for its client and redirect URI, with the PKCE verifier.
  app.post(o.key === "vk" ? "/oauth2/auth" : "/token", async (c) => {
    const f = Object.fromEntries(Object.entries(await c.req.parseBody()).map(([k, v]) => [k, String(v)]));
    if (f.grant_type !== "authorization_code") return refuse("unsupported_grant_type");
    if (f.client_id !== o.clientId || (o.key !== "vk" && f.client_secret !== o.secret))
      return refuse("invalid_client", 401);
    const g = grants.get(f.code ?? "");
    if (!g || g.used || g.at + CODE_TTL < o.now()) return refuse("invalid_grant");
    // Spent by this first try, right or wrong: a code is good once.
    g.used = true;
    if (o.key !== "yandex" && f.redirect_uri !== g.redirectUri) return refuse("invalid_grant");
    if ((await sha256b64url(f.code_verifier ?? "")) !== g.challenge) return refuse("invalid_grant");
    const access = randomCode();
    tokens.set(access, g);
    if (o.key === "google") {
      const now = Math.floor(o.now() / 1000);
      const claims: Record<string, unknown> = {
        iss: o.base,
        aud: o.clientId,
        sub: g.uid,
        email: g.email,
        email_verified: true,
        name: g.name,
        nonce: g.nonce,
        iat: now,
        exp: now + 3600,
      };
      self.tamper?.(claims);
      self.tamper = null;
      return c.json({
        access_token: access,
        id_token: await signRs256(claims, keys.privateKey, kid),
        token_type: "Bearer",
        expires_in: 3600,
      });
    }
    if (o.key === "vk")
      return c.json({
        access_token: access,
        token_type: "Bearer",
        expires_in: 3600,
        user_id: Number(g.uid) || g.uid,
        state: f.state,
      });
    return c.json({ access_token: access, token_type: "bearer", expires_in: 3600 });
  });

  if (o.key === "google")
    app.get("/certs", async (c) => {
      const jwk = (await crypto.subtle.exportKey("jwk", keys.publicKey)) as JsonWebKey;
      return c.json({ keys: [{ kty: "RSA", kid, alg: "RS256", use: "sig", n: jwk.n, e: jwk.e }] });
    });
  if (o.key === "vk")
    app.post("/oauth2/user_info", async (c) => {
      const f = Object.fromEntries(Object.entries(await c.req.parseBody()).map(([k, v]) => [k, String(v)]));
      const g = tokens.get(f.access_token ?? "");
      if (!g || f.client_id !== o.clientId) return refuse("invalid_token", 401);
      const [first, ...rest] = g.name.split(" ");
      return c.json({
        user: { user_id: String(g.uid), first_name: first ?? "", last_name: rest.join(" "), email: g.email },
      });
    });
  if (o.key === "yandex")
    app.get("/info", async (c) => {
      const g = tokens.get((c.req.header("authorization") ?? "").replace(/^OAuth /, ""));
      if (!g) return refuse("invalid_token", 401);
      const now = Math.floor(o.now() / 1000);
      const claims: Record<string, unknown> = {
        iss: "login.yandex.ru",
        uid: g.uid,
        login: g.email.split("@")[0],
        name: g.name,
        email: g.email,
        iat: now,
        exp: now + 3600,
      };
      self.tamper?.(claims);
      self.tamper = null;
      return c.text(await signHs256(claims, o.secret));
    });
  if (o.key === "telegram") {
    // Telegram Login (oauth.telegram.org/auth): back to return_to with #tgAuthResult=<base64 JSON>.
    app.get("/auth", async (c) => {
      const q = c.req.query();
      if (q.bot_id !== o.clientId) return testSheet("Error", "<h1>Bot domain invalid</h1>", SOCIAL_TEST_BANNER);
      const returnTo = q.return_to ?? "";
      if (!returnTo.startsWith(`${o.redirectUri}?`) && returnTo !== o.redirectUri)
        return testSheet("Error", "<h1>Bot domain invalid</h1>", SOCIAL_TEST_BANNER);
      return consentPage("Telegram", `${o.base}/login`, { return_to: returnTo });
    });
    app.post("/login", async (c) => {
      const f = Object.fromEntries(Object.entries(await c.req.parseBody()).map(([k, v]) => [k, String(v)]));
      if (f.deny) return c.redirect(f.return_to, 302);
      const data: Record<string, string> = {
        id: f.uid.trim(),
        first_name: f.name.trim() || "Tanker",
        username: `tanker${f.uid.trim()}`,
        auth_date: String(Math.floor(o.now() / 1000)),
      };
      self.tamper?.(data);
      self.tamper = null;
      data.hash = await telegramHash(data, o.secret);
      const result = b64url(new TextEncoder().encode(JSON.stringify(data)));
      return c.redirect(`${f.return_to}#tgAuthResult=${result}`, 302);
    });
  }
  return self;
}

// The stand-ins of each public address (one per running app; tests may run several).
const running = new Map<string, Map<string, SocialStandin>>();

/** The stand-ins running for an app's public address (tests tamper with them). */
export const standins = (publicUrl: string) => running.get(publicUrl.replace(/\/$/, ""));

/** Each network's settings prefix: a network with any setting of its own is left alone. */
const OWN: Record<Key, string[]> = {
  vk: ["OAUTH_VK_CLIENT_ID", "OAUTH_VK_CLIENT_SECRET", "OAUTH_VK_BASE"],
  yandex: ["OAUTH_YANDEX_CLIENT_ID", "OAUTH_YANDEX_CLIENT_SECRET", "OAUTH_YANDEX_BASE"],
  google: ["OAUTH_GOOGLE_CLIENT_ID", "OAUTH_GOOGLE_CLIENT_SECRET", "OAUTH_GOOGLE_BASE"],
  telegram: ["OAUTH_TELEGRAM_BOT_TOKEN", "OAUTH_TELEGRAM_BASE"],
};

/**
 * Fills `secrets` with the stand-ins' settings for every network that has none of its own and
 * starts the stand-ins for this public address. Answers the networks switched to TEST MODE.
 */
export async function prepareSocialTestMode(
  secrets: Record<string, string | undefined>,
  publicUrl: string,
  now: () => number = Date.now,
): Promise<Key[]> {
  const pub = publicUrl.replace(/\/$/, "");
  const switched = (Object.keys(OWN) as Key[]).filter((k) => !OWN[k].some((name) => secrets[name]));
  const mine = new Map<string, SocialStandin>();
  for (const key of switched) {
    const up = key.toUpperCase();
    const base = `${pub}${SOCIAL_TEST_BASE}/${key}`;
    const clientId = key === "telegram" ? "7000000001" : `tankodrome-test-${key}`;
    const secret = key === "telegram" ? `${clientId}:TEST-MODE-bot-token` : `test-${key}-secret-${randomCode()}`;
    if (key === "telegram") secrets.OAUTH_TELEGRAM_BOT_TOKEN = secret;
    else {
      secrets[`OAUTH_${up}_CLIENT_ID`] = clientId;
      secrets[`OAUTH_${up}_CLIENT_SECRET`] = secret;
    }
    secrets[`OAUTH_${up}_BASE`] = base;
    mine.set(
      key,
      await socialStandin({ key, clientId, secret, base, redirectUri: `${pub}/public/social/${key}/callback`, now }),
    );
  }
  running.set(pub, mine);
  if (switched.length) secrets.SOCIAL_TEST_MODE = "1";
  return switched;
}

/** A request to a running stand-in of this app, answered in process (null: not a stand-in's address). */
export function standinFetch(deps: Deps, request: Request): Promise<Response> | null {
  const pub = deps.settings.publicUrl.replace(/\/$/, "");
  const prefix = `${pub}${SOCIAL_TEST_BASE}/`;
  if (!request.url.startsWith(prefix)) return null;
  const key = request.url.slice(prefix.length).split(/[/?#]/)[0];
  const s = running.get(pub)?.get(key);
  if (!s) return null;
  const url = new URL(request.url);
  url.pathname = url.pathname.slice(`${SOCIAL_TEST_BASE}/${key}`.length) || "/";
  return Promise.resolve(s.app.fetch(new Request(url, request)));
}
