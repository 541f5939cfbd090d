// The social networks players sign in with, each as its documentation says (docs/decisions/front-door.md):
// - Google: OpenID Connect, authorization code + PKCE (S256) + state + nonce; the ID token (RS256)
//   checked against Google's published keys: issuer, audience (our client id), nonce, expiry.
// - VK ID: OAuth 2.1, authorization code + PKCE + state (VK echoes state and device_id); the user
//   read from VK ID's user_info with the access token and our client id, its id matching the
//   token answer's user_id.
// - Yandex ID: OAuth 2.0 code + PKCE + state; the user read from login.yandex.ru/info as a JWT signed
//   (HS256) with our client secret, its expiry checked.
// - Telegram Login: the login widget's data (no OAuth): the hash is HMAC-SHA-256 of the sorted fields
//   keyed by SHA-256 of the bot token, auth_date at most a day old; our state rides in return_to.
// Each provider's endpoints are the real ones unless OAUTH_<KEY>_BASE points elsewhere (TEST MODE
// stand-ins: api/identity/social/test-standins.ts). Client ids and secrets are settings:
// OAUTH_<KEY>_CLIENT_ID (else the network's app id in /admin/socialNetwork/), OAUTH_<KEY>_CLIENT_SECRET
// (Telegram: OAUTH_TELEGRAM_BOT_TOKEN, whose numeric prefix is the bot id).
import type { Deps } from "../../deps.ts";
import { TokenRefused, telegramHash, verifyHs256, verifyRs256, type Jwk } from "./jwt.ts";
import { standinFetch } from "./test-standins.ts";

export const SOCIAL_KEYS = ["vk", "yandex", "google", "telegram"] as const;
export type SocialKey = (typeof SOCIAL_KEYS)[number];
export const isSocialKey = (k: string): k is SocialKey => (SOCIAL_KEYS as readonly string[]).includes(k);

export interface Identity {
  uid: string;
  /** How the network names the person (a name or an address). */
  label: string | null;
}

export interface Settings {
  clientId: string;
  secret: string;
  /** Where the endpoints live (the stand-in's base in TEST MODE), or null: the real ones. */
  base: string | null;
  redirectUri: string;
}

export interface Begin {
  state: string;
  challenge: string;
  nonce: string;
}

export interface Finish {
  /** The callback's query. */
  query: Record<string, string>;
  state: string;
  verifier: string;
  nonce: string;
  now: number;
}

export interface Provider {
  key: SocialKey;
  authorizeUrl(s: Settings, b: Begin, origin: string): string;
  identify(s: Settings, f: Finish, fetcher: typeof fetch): Promise<Identity>;
}

const form = (o: Record<string, string>) => new URLSearchParams(o).toString();
const FORM = { "content-type": "application/x-www-form-urlencoded", accept: "application/json" };

async function answer(res: Response, what: string): Promise<Record<string, unknown>> {
  const body = (await res.json().catch(() => null)) as Record<string, unknown> | null;
  if (!res.ok || !body) throw new TokenRefused(`${what}: ${res.status} ${String(body?.error ?? "")}`.trim());
  return body;
}

const google: Provider = {
  key: "google",
  authorizeUrl(s, b) {
    const base = s.base ?? "https://accounts.google.com/o/oauth2/v2";
    return `${base}/auth?${form({
      client_id: s.clientId,
      redirect_uri: s.redirectUri,
      response_type: "code",
      scope: "openid email profile",
      state: b.state,
      nonce: b.nonce,
      code_challenge: b.challenge,
      code_challenge_method: "S256",
      prompt: "select_account",
    })}`;
  },
  async identify(s, f, fetcher) {
    if (!f.query.code) throw new TokenRefused(f.query.error ?? "no code");
    const tokenUrl = s.base ? `${s.base}/token` : "https://oauth2.googleapis.com/token";
    const tokens = await answer(
      await fetcher(tokenUrl, {
        method: "POST",
        headers: FORM,
        body: form({
          grant_type: "authorization_code",
          code: f.query.code,
          client_id: s.clientId,
          client_secret: s.secret,
          redirect_uri: s.redirectUri,
          code_verifier: f.verifier,
        }),
      }),
      "token",
    );
    if (typeof tokens.id_token !== "string") throw new TokenRefused("no ID token");
    const jwksUrl = s.base ? `${s.base}/certs` : "https://www.googleapis.com/oauth2/v3/certs";
    const { keys } = (await answer(await fetcher(jwksUrl), "keys")) as { keys: Jwk[] };
    const claims = await verifyRs256(tokens.id_token, keys ?? [], {
      issuer: s.base ? s.base : ["https://accounts.google.com", "accounts.google.com"],
      audience: s.clientId,
      nonce: f.nonce,
      now: f.now,
    });
    if (typeof claims.sub !== "string" || !claims.sub) throw new TokenRefused("no subject");
    const label =
      typeof claims.email === "string" ? claims.email : typeof claims.name === "string" ? claims.name : null;
    return { uid: claims.sub, label };
  },
};

const vk: Provider = {
  key: "vk",
  authorizeUrl(s, b) {
    const base = s.base ?? "https://id.vk.com";
    return `${base}/authorize?${form({
      response_type: "code",
      client_id: s.clientId,
      redirect_uri: s.redirectUri,
      state: b.state,
      code_challenge: b.challenge,
      code_challenge_method: "S256",
      scope: "email",
    })}`;
  },
  async identify(s, f, fetcher) {
    const { code, device_id } = f.query;
    if (!code || !device_id) throw new TokenRefused(f.query.error ?? "no code");
    const base = s.base ?? "https://id.vk.com";
    const tokens = await answer(
      await fetcher(`${base}/oauth2/auth`, {
        method: "POST",
        headers: FORM,
        body: form({
          grant_type: "authorization_code",
          code,
          code_verifier: f.verifier,
          client_id: s.clientId,
          device_id,
          redirect_uri: s.redirectUri,
          state: f.state,
        }),
      }),
      "token",
    );
    // VK ID echoes the state: an answer for another sign-in is refused.
    if (tokens.state !== f.state) throw new TokenRefused("state mismatch");
    if (typeof tokens.access_token !== "string") throw new TokenRefused("no access token");
    const info = await answer(
      await fetcher(`${base}/oauth2/user_info`, {
        method: "POST",
        headers: FORM,
        body: form({ client_id: s.clientId, access_token: tokens.access_token }),
      }),
      "user_info",
    );
    const user = info.user as
      | { user_id?: unknown; first_name?: string; last_name?: string; email?: string }
      | undefined;
    const uid = String(user?.user_id ?? "");
    if (!uid || uid !== String(tokens.user_id)) throw new TokenRefused("user mismatch");
    const name = [user?.first_name, user?.last_name].filter(Boolean).join(" ");
    return { uid, label: user?.email || name || null };
  },
};

const yandex: Provider = {
  key: "yandex",
  authorizeUrl(s, b) {
    const base = s.base ?? "https://oauth.yandex.ru";
    return `${base}/authorize?${form({
      response_type: "code",
      client_id: s.clientId,
      redirect_uri: s.redirectUri,
      state: b.state,
      code_challenge: b.challenge,
      code_challenge_method: "S256",
    })}`;
  },
  async identify(s, f, fetcher) {
    if (!f.query.code) throw new TokenRefused(f.query.error ?? "no code");
    const tokens = await answer(
      await fetcher(`${s.base ?? "https://oauth.yandex.ru"}/token`, {
        method: "POST",
        headers: FORM,
        body: form({
          grant_type: "authorization_code",
          code: f.query.code,
          client_id: s.clientId,
          client_secret: s.secret,
          code_verifier: f.verifier,
        }),
      }),
      "token",
    );
    if (typeof tokens.access_token !== "string") throw new TokenRefused("no access token");
    const res = await fetcher(`${s.base ?? "https://login.yandex.ru"}/info?format=jwt`, {
      headers: { authorization: `OAuth ${tokens.access_token}` },
    });
    if (!res.ok) throw new TokenRefused(`info: ${res.status}`);
    const claims = await verifyHs256((await res.text()).trim(), s.secret, { now: f.now });
    const uid = String(claims.uid ?? "");
    if (!uid) throw new TokenRefused("no uid");
    const label =
      typeof claims.email === "string" ? claims.email : typeof claims.login === "string" ? claims.login : null;
    return { uid, label };
  },
};

/** How old a Telegram Login may be (Telegram's advice: check auth_date). */
export const TELEGRAM_MAX_AGE_S = 24 * 3600;

const telegram: Provider = {
  key: "telegram",
  authorizeUrl(s, b, origin) {
    const base = s.base ?? "https://oauth.telegram.org";
    return `${base}/auth?${form({
      bot_id: s.clientId,
      origin,
      request_access: "write",
      return_to: `${s.redirectUri}?state=${encodeURIComponent(b.state)}`,
    })}`;
  },
  async identify(s, f) {
    // The widget's data: from return_to's fragment (#tgAuthResult=, turned into a query by the
    // callback page) or as query fields (the widget's data-auth-url).
    let fields: Record<string, string> = {};
    if (f.query.tgAuthResult) {
      try {
        const raw = JSON.parse(
          new TextDecoder().decode(
            Uint8Array.from(atob(f.query.tgAuthResult.replace(/-/g, "+").replace(/_/g, "/")), (c) => c.charCodeAt(0)),
          ),
        ) as Record<string, unknown>;
        fields = Object.fromEntries(Object.entries(raw).map(([k, v]) => [k, String(v)]));
      } catch {
        throw new TokenRefused("malformed login data");
      }
    } else {
      for (const k of ["id", "first_name", "last_name", "username", "photo_url", "auth_date", "hash"])
        if (f.query[k] !== undefined) fields[k] = f.query[k];
    }
    if (!fields.id || !fields.hash || !fields.auth_date) throw new TokenRefused("no login data");
    const expected = await telegramHash(fields, s.secret);
    if (expected !== fields.hash) throw new TokenRefused("bad hash");
    const age = f.now / 1000 - Number(fields.auth_date);
    if (!(age <= TELEGRAM_MAX_AGE_S)) throw new TokenRefused("expired");
    const name = [fields.first_name, fields.last_name].filter(Boolean).join(" ");
    return { uid: fields.id, label: fields.username ? `@${fields.username}` : name || null };
  },
};

export const PROVIDERS: Record<SocialKey, Provider> = { google, vk, yandex, telegram };

/** A network's settings, or null when it has none (it is then not offered). */
export function providerSettings(deps: Deps, key: SocialKey, appId: string): Settings | null {
  const env = deps.settings.secrets;
  const up = key.toUpperCase();
  const secret = key === "telegram" ? env.OAUTH_TELEGRAM_BOT_TOKEN : env[`OAUTH_${up}_CLIENT_SECRET`];
  const clientId =
    env[`OAUTH_${up}_CLIENT_ID`] ?? (key === "telegram" ? secret?.split(":")[0] : undefined) ?? (appId || undefined);
  // VK ID's PKCE flow needs no secret; the others do.
  if (!clientId || (key !== "vk" && !secret)) return null;
  const pub = deps.settings.publicUrl.replace(/\/$/, "");
  return {
    clientId,
    secret: secret ?? "",
    base: env[`OAUTH_${up}_BASE`] ?? null,
    redirectUri: `${pub}/public/social/${key}/callback`,
  };
}

/** The fetch the providers' calls go through: the stand-ins in process when they are the target. */
export const socialFetch = (deps: Deps): typeof fetch =>
  ((input: RequestInfo | URL, init?: RequestInit) =>
    standinFetch(deps, new Request(input, init)) ?? fetch(input, init)) as typeof fetch;
