import type { Context, MiddlewareHandler } from "hono";
import { getCookie, setCookie, deleteCookie } from "hono/cookie";
import { and, eq, sql } from "drizzle-orm";
import { sessions, admins, players } from "../db/schema/index.ts";
import type { AdminRole } from "../db/schema/access.ts";
import type { HonoEnv } from "./env.ts";
import type { Db, DbOrTx } from "../db/index.ts";
import { platformOfAgent, recordDevice, siteDeviceKey } from "../domain/devices.ts";
import { randomToken, sha256Hex, sha256HexNow } from "../domain/tokens.ts";
import { isLocale } from "../i18n/index.ts";
import { getNow, type Later, preparedOnce, thenNow } from "../db/prepared.ts";

export const PLAYER_COOKIE = "tk_player";
/** A path that names its language (`/ru/…`, `/en/…`): it keeps it whoever is signed in. */
const LOCALE_PATH = /^\/(?:ru|en)(?:\/|$)/;
export const ADMIN_COOKIE = "tk_admin";

/** Idle and absolute lifetimes, in milliseconds. */
export const SESSION_LIMITS = {
  player: { idle: 30 * 24 * 3600_000, absolute: 90 * 24 * 3600_000 },
  admin: { idle: 30 * 60_000, absolute: 12 * 3600_000 },
} as const;
// last_seen_at is refreshed at most this often, so reads do not turn into writes.
const TOUCH_EVERY = 60_000;

// The lookups every signed-in request makes, built once per database handle: building a
// drizzle select costs ~80 µs a time here, running the prepared one a few (bench/metrics.ts); on
// bun:sqlite they answer at once (api/db/prepared.ts), so a signed-in read waits for nothing.
// A player's session and the player's row are one statement: the player's columns as scalar
// subqueries by the session's subject (~4.3 µs of SQLite against ~6.8 for the two lookups; a
// join of the two tables measured ~12 µs on bun:sqlite, docs/decisions/read-path.md).
const ofSubject = (column: string) =>
  sql.raw(`(select "${column}" from "players" where "players"."id" = "sessions"."subject_id")`);
const prepareLookups = preparedOnce((db) => ({
  session: db
    .select()
    .from(sessions)
    .where(and(eq(sessions.tokenHash, sql.placeholder("hash")), eq(sessions.kind, sql.placeholder("kind"))))
    .prepare(),
  admin: db
    .select()
    .from(admins)
    .where(eq(admins.id, sql.placeholder("id")))
    .prepare(),
  /** A player's session with what decides whether its player may use it (null id: no such player). */
  playerSession: db
    .select({
      tokenHash: sessions.tokenHash,
      subjectId: sessions.subjectId,
      csrfToken: sessions.csrfToken,
      lastSeenAt: sessions.lastSeenAt,
      expiresAt: sessions.expiresAt,
      playerId: sql<number | null>`${ofSubject(players.id.name)}`,
      bannedUntil: sql<number | null>`${ofSubject(players.bannedUntil.name)}`,
      erasedAt: sql<number | null>`${ofSubject(players.erasedAt.name)}`,
      locale: sql<string | null>`${ofSubject(players.locale.name)}`,
    })
    .from(sessions)
    .where(and(eq(sessions.tokenHash, sql.placeholder("hash")), eq(sessions.kind, "player")))
    .prepare(),
}));
/** The session lookups every signed-in request runs (bench/player-reads.ts runs their SQL bare). */
export function lookupsOf(db: Db) {
  return prepareLookups(db);
}

function cookieOptions(c: Context<HonoEnv>, maxAgeMs: number) {
  return {
    httpOnly: true,
    secure: !c.var.deps.settings.insecureCookies,
    sameSite: "Lax" as const,
    path: "/",
    maxAge: Math.floor(maxAgeMs / 1000),
  };
}

/** Starts a session for a player or admin: sets the cookie, stores only the token's hash. */
export async function startSession(
  c: Context<HonoEnv>,
  db: DbOrTx,
  kind: "player" | "admin",
  subjectId: number,
): Promise<{ csrfToken: string }> {
  const token = randomToken();
  const now = c.var.deps.clock.now();
  const csrfToken = randomToken(24);
  await db.insert(sessions).values({
    tokenHash: await sha256Hex(token),
    kind,
    subjectId,
    csrfToken,
    locale: c.var.locale,
    createdAt: now,
    lastSeenAt: now,
    expiresAt: now + SESSION_LIMITS[kind].absolute,
    address: clientAddress(c),
    userAgent: c.req.header("user-agent")?.slice(0, 255) ?? null,
  });
  setCookie(
    c,
    kind === "player" ? PLAYER_COOKIE : ADMIN_COOKIE,
    token,
    cookieOptions(c, SESSION_LIMITS[kind].absolute),
  );
  if (kind === "player") {
    // The browser a player signs in on the site from (domain/devices.ts).
    const ua = c.req.header("user-agent")?.slice(0, 300) ?? "";
    await recordDevice(db, {
      playerId: subjectId,
      client: "site",
      deviceKey: await siteDeviceKey(ua),
      platform: platformOfAgent(ua),
      userAgent: ua,
      country: requestCountry(c),
      at: now,
    });
  }
  return { csrfToken };
}

/** The country the edge put on the request (CF-IPCountry on Workers, X-Country from a proxy), if any. */
export function requestCountry(c: Context<HonoEnv>): string | null {
  const v = (c.req.header("cf-ipcountry") ?? c.req.header("x-country") ?? "").trim().toUpperCase();
  return /^[A-Z]{2}$/.test(v) ? v : null;
}

export async function endSession(c: Context<HonoEnv>, kind: "player" | "admin") {
  const name = kind === "player" ? PLAYER_COOKIE : ADMIN_COOKIE;
  const token = getCookie(c, name);
  if (token) await c.var.deps.db.delete(sessions).where(eq(sessions.tokenHash, await sha256Hex(token)));
  deleteCookie(c, name, { path: "/" });
}

// The store's side (no request needed) lives below: api/domain/sessions.ts.
export { endAllSessions, pruneExpiredSessions } from "../domain/sessions.ts";

/**
 * The client's address as the edge resolved it (edge/client-address.ts): forwarding headers
 * count only from TRUSTED_PROXIES, and on Workers it is Cloudflare's CF-Connecting-IP. Never read
 * from a request header here: a client could write any address into one.
 */
export function clientAddress(c: Context<HonoEnv>): string | null {
  return (c.env as { address?: string } | undefined)?.address ?? null;
}

/**
 * The session `row` (found by its token's `hash`) if still valid. Synchronous where nothing is
 * written (an expired session is deleted, a stale one's last_seen_at refreshed).
 */
function validSession<R extends { expiresAt: number; lastSeenAt: number }>(
  c: Context<HonoEnv>,
  kind: "player" | "admin",
  hash: string,
  row: R | undefined,
): Later<R | null> {
  if (!row) return null;
  const { db, clock } = c.var.deps;
  const now = clock.now();
  if (row.expiresAt <= now || row.lastSeenAt + SESSION_LIMITS[kind].idle <= now)
    return db
      .delete(sessions)
      .where(eq(sessions.tokenHash, hash))
      .then(() => null);
  if (now - row.lastSeenAt > TOUCH_EVERY)
    return db
      .update(sessions)
      .set({ lastSeenAt: now })
      .where(eq(sessions.tokenHash, hash))
      .then(() => row);
  return row;
}

/**
 * Puts the signed-in player (if any) on c.var.player: the player session of `token` (the
 * tk_player cookie's value, read once by the app-wide middleware). Banned or erased players have
 * no session. Synchronous where the store reads synchronously and nothing is written.
 */
export const loadPlayer = (c: Context<HonoEnv>, token: string, next: () => Later<void>): Later<void> => {
  const hash = sha256HexNow(token);
  const found = getNow(lookupsOf(c.var.deps.db).playerSession, { hash });
  return thenNow(found, (f) =>
    thenNow(validSession(c, "player", hash, f), (row) => {
      if (row?.playerId != null) {
        const now = c.var.deps.clock.now();
        if (!row.erasedAt && !(row.bannedUntil && row.bannedUntil > now)) {
          c.set("player", { playerId: row.playerId, csrfToken: row.csrfToken, tokenHash: row.tokenHash });
          // The player's saved language wins over the browser's (and a lang cookie) where the path names none.
          if (!LOCALE_PATH.test(c.req.path) && isLocale(row.locale)) c.set("locale", row.locale);
        }
      }
      return next();
    }),
  );
};

/** Puts the signed-in, active admin (if any) on c.var.admin; a deactivated admin's cookie is worthless. */
export const loadAdmin: MiddlewareHandler<HonoEnv> = async (c, next) => {
  const token = getCookie(c, ADMIN_COOKIE);
  if (token) {
    const hash = sha256HexNow(token);
    const row = await validSession(
      c,
      "admin",
      hash,
      await lookupsOf(c.var.deps.db).session.get({ hash, kind: "admin" }),
    );
    const [a] = row ? await lookupsOf(c.var.deps.db).admin.execute({ id: row.subjectId }) : [];
    if (row && a?.active)
      c.set("admin", {
        adminId: a.id,
        username: a.username,
        role: a.role as AdminRole,
        csrfToken: row.csrfToken,
        tokenHash: row.tokenHash,
      });
  }
  await next();
};
