// The game client's way onto the site: any public page opened with `?token=` spends that
// single-use token for a player session. The UI then removes the token from the address bar
// without a reload (ui/main.tsx). A page that cannot sign the player in still opens, with the
// reason in a short-lived `tk_notice` cookie the UI shows once; a JSON request gets the error.
import type { Context, MiddlewareHandler } from "hono";
import { setCookie } from "hono/cookie";
import type { HonoEnv } from "../http/env.ts";
import { AppError } from "../domain/errors.ts";
import { translate } from "../i18n/index.ts";
import { startSession } from "../http/session.ts";
import { endSessionByHash } from "../domain/sessions.ts";
import { consumeToken, TOKEN_PREFIX } from "../domain/tokens.ts";
import { playerById, recordLogin } from "../domain/players.ts";
import { isBanned, bannedError } from "../domain/bans.ts";
import "../domain/identity-messages.ts";

/** The player site's pages: /public…, /ru/public…, /en/public…, and the hangar /ru/play/, /en/play/. */
const PUBLIC_PAGE = /^\/(?:(?:(?:ru|en)\/)?public(?:\/|$)|(?:ru|en)\/play\/$)/;
/** Where the sign-in link middleware runs (one registration per prefix: Hono's `/x/*` matches `/x` too). */
export const SITE_PAGE_PREFIXES = ["/public", "/ru/public", "/en/public", "/ru/play", "/en/play"] as const;
export const NOTICE_COOKIE = "tk_notice";

const wantsJson = (c: Context<HonoEnv>) =>
  (c.req.header("accept") ?? "").includes("application/json") && !(c.req.header("accept") ?? "").includes("text/html");

// Synchronous when there is no sign-in link (every other request): the next handler's answer goes
// on as it comes, at once when it is ready (api/http/folding-router.ts).
export const exchangeSiteToken = ((c: Context<HonoEnv>, next: () => Promise<void>) => {
  if (!PUBLIC_PAGE.test(c.req.path)) return next();
  const token = c.req.query("token");
  // Only our sign-in links: other services' `token` parameters (PayPal's return) pass untouched.
  if (!token?.startsWith(TOKEN_PREFIX.site)) return next();
  return signInByLink(c, token, next);
}) as MiddlewareHandler<HonoEnv>;

async function signInByLink(c: Context<HonoEnv>, token: string, next: () => Promise<void>) {
  const { db, clock } = c.var.deps;
  const now = clock.now();
  const previous = c.var.player;
  const outcome = await db.transaction(async (tx) => {
    const playerId = token.length <= 128 ? await consumeToken(tx, token, "site", now) : null;
    const p = playerId ? await playerById(tx, playerId) : undefined;
    if (!p) return { error: new AppError("unauthorized", "identity.badToken", [], 401) };
    if (isBanned(p, now)) return { error: bannedError(p) };
    // Whoever was signed in on this browser before is signed out: the link names who plays now.
    if (previous) await endSessionByHash(tx, previous.tokenHash);
    const s = await startSession(c, tx, "player", p.id);
    await recordLogin(tx, p.id, now);
    return { error: null, playerId: p.id, csrfToken: s.csrfToken };
  });
  if (outcome.error) {
    const error = outcome.error;
    if (wantsJson(c)) throw error;
    setCookie(c, NOTICE_COOKIE, translate(c.var.locale, error.messageId, error.values), {
      path: "/",
      maxAge: 120,
      sameSite: "Lax",
      secure: !c.var.deps.settings.insecureCookies,
    });
    return next();
  }
  // Only the page being answered needs this; later requests load the session from the cookie.
  c.set("player", { playerId: outcome.playerId, csrfToken: outcome.csrfToken, tokenHash: "" });
  return next();
}
