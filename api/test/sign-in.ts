// Signs test actors in through the real session code, for route tests.
import type { TestWorld } from "./fixture.ts";
import { createAdmin } from "../domain/admins.ts";
import type { AdminRole } from "../db/schema/access.ts";
import { players } from "../db/schema/players.ts";
import { eq } from "drizzle-orm";

export interface Actor {
  cookie: string;
  csrf: string;
  /** Headers for a request as this actor (cookie, CSRF, JSON). */
  headers(extra?: Record<string, string>): Record<string, string>;
}

const actor = (cookie: string, csrf: string): Actor => ({
  cookie,
  csrf,
  headers: (extra = {}) => ({
    cookie,
    "x-csrf-token": csrf,
    "content-type": "application/json",
    accept: "application/json",
    ...extra,
  }),
});

let n = 0;
/** Creates an admin of the role and signs them in through POST /admin/login. */
export async function signInAdmin(
  w: TestWorld,
  role: AdminRole,
  username = `${role}${++n}`,
  password = "correct horse battery",
): Promise<Actor & { username: string }> {
  await createAdmin(w.deps.db, { username, email: `${username}@example.com`, password, role, at: w.clock.now() });
  return { ...(await loginAdmin(w, username, password)), username };
}

export async function loginAdmin(w: TestWorld, username: string, password: string): Promise<Actor> {
  const res = await w.app.request("/admin/login", {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify({ username, password }),
  });
  if (res.status !== 200) throw new Error(`login failed: ${res.status} ${await res.text()}`);
  const cookie = res.headers.get("set-cookie")!.split(";")[0];
  const { csrfToken } = (await res.json()) as { csrfToken: string };
  return actor(cookie, csrfToken);
}

/** The game API key route tests use; signInPlayer sets it when the world has none. */
export const TEST_GAME_API_KEY = "test-game-api-key-0123456789";

/** Calls the game client's API (POST, JSON, with the bearer key). */
export async function gameApi(w: TestWorld, path: string, body: unknown, key = TEST_GAME_API_KEY): Promise<Response> {
  w.deps.settings.secrets.GAME_API_KEY ??= TEST_GAME_API_KEY;
  return w.app.request(path, {
    method: "POST",
    headers: { authorization: `Bearer ${key}`, "content-type": "application/json" },
    body: JSON.stringify(body),
  });
}

let p = 0;
/**
 * Registers a player through the game client's API and signs them in the way a player arrives
 * from the game: a site token exchanged on a public page for the session cookie and the page's
 * CSRF token. Give `email` (+ `password`) for an account that can also sign in by password.
 */
export async function signInPlayer(
  w: TestWorld,
  opts: {
    network?: string;
    uid?: string;
    email?: string;
    password?: string;
    nickname?: string;
    locale?: "ru" | "en";
    country?: string;
    platform?: string;
  } = {},
): Promise<Actor & { playerId: number }> {
  const seq = ++p;
  const identity =
    opts.email && !opts.uid
      ? {}
      : { network: opts.network ?? "vk", uid: opts.uid ?? `test-${seq}-${Math.random().toString(36).slice(2, 10)}` };
  const reg = await gameApi(w, "/game/api/players/register", {
    ...identity,
    email: opts.email,
    password: opts.password,
    nickname: opts.nickname ?? `Player${seq}x${Math.random().toString(36).slice(2, 7)}`,
    locale: opts.locale ?? "en",
    country: opts.country,
    platform: opts.platform,
  });
  if (reg.status !== 201 && reg.status !== 200) throw new Error(`register failed: ${reg.status} ${await reg.text()}`);
  const { playerId } = (await reg.json()) as { playerId: number };
  const tok = await gameApi(w, "/game/api/players/site-token", { playerId });
  if (tok.status !== 201) throw new Error(`site token failed: ${tok.status} ${await tok.text()}`);
  const { token } = (await tok.json()) as { token: string };
  return { ...(await exchangeToken(w, token, opts.locale ?? "en")), playerId };
}

/** Opens a public page with `?token=` as a browser does; the page's session cookie and CSRF meta. */
export async function exchangeToken(w: TestWorld, token: string, locale: "ru" | "en" = "en"): Promise<Actor> {
  const res = await w.app.request(`/${locale}/public?token=${encodeURIComponent(token)}`, {
    headers: { accept: "text/html" },
  });
  const cookie = /tk_player=[^;]+/.exec(res.headers.get("set-cookie") ?? "")?.[0];
  if (res.status !== 200 || !cookie)
    throw new Error(`token exchange failed: ${res.status} ${res.headers.get("set-cookie")}`);
  const csrf = /<meta name="tk-csrf" content="([^"]*)">/.exec(await res.text())?.[1] ?? "";
  return actor(cookie, csrf);
}

/** Saves the player's language: on routes without a locale in the path it wins over Accept-Language. */
export async function playerSpeaks(w: TestWorld, playerId: number, locale: "ru" | "en"): Promise<void> {
  await w.deps.db.update(players).set({ locale }).where(eq(players.id, playerId));
}
