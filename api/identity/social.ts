// Social sign-in on the site (docs/decisions/front-door.md): GET /public/social/{network}/start
// begins an authorization (state, PKCE verifier and nonce stored, the state also in an HttpOnly
// cookie of this browser) and sends the browser to the network; the network sends it back to
// /public/social/{network}/callback, where the state must be this browser's, unspent and fresh,
// and the identity proven as the network documents (providers.ts). Then:
// - the identity belongs to an account: that account is signed in (a link request for another
//   account is refused: one identity, one account);
// - it is new and someone is signed in (a guest keeping the progress, or a player linking a second
//   network): it is linked to them (a guest is claimed);
// - it is new and nobody is signed in: a new player is made with it (kind `social`).
// A browser gets redirects (a refusal leaves its reason in the tk_notice cookie the header shows);
// a JSON request gets the error.
import type { Context, Hono } from "hono";
import { getCookie, setCookie, deleteCookie } from "hono/cookie";
import type { HonoEnv } from "../http/env.ts";
import { route } from "../http/router.ts";
import * as social from "../contracts/public/social.ts";
import { standin } from "../contracts/test/social.ts";
import { shell } from "../http/shell.ts";
import { AppError, notFound } from "../domain/errors.ts";
import { translate } from "../i18n/index.ts";
import { requestCountry } from "../http/session.ts";
import { platformOfAgent } from "../domain/devices.ts";
import { beginState, pkceChallenge, takeState } from "../domain/oauth-states.ts";
import { enabledNetworks, linkIdentity, registerSocialPlayer, unlinkIdentity, accountOf } from "../domain/accounts.ts";
import { isBanned, bannedError } from "../domain/bans.ts";
import { playerByIdentity, type PlayerRow } from "../domain/players.ts";
import { signIn } from "./sign-in.ts";
import { NOTICE_COOKIE } from "./site-sign-in.ts";
import { isSocialKey, PROVIDERS, providerSettings, socialFetch, type SocialKey } from "./social/providers.ts";
import { TokenRefused } from "./social/jwt.ts";
import { standinFetch } from "./social/test-standins.ts";
import type { Tx } from "../db/index.ts";
import "../domain/identity-messages.ts";

const STATE_COOKIE = "tk_oauth";
/** Where a sign-in may lead: a page of the site (never another host). */
const NEXT = /^\/(?:(?:(?:ru|en)\/)?public(?:\/[^\s]*)?|(?:ru|en)\/play\/(?:#[\w-]*)?)$/;

const wantsJson = (c: Context<HonoEnv>) =>
  (c.req.header("accept") ?? "").includes("application/json") && !(c.req.header("accept") ?? "").includes("text/html");

/** The network's row, provider and settings, or 404: not enabled, not one we speak, or no settings. */
async function networkOf(c: Context<HonoEnv>, key: string) {
  const row = (await enabledNetworks(c.var.deps.db)).find((n) => n.key === key);
  const settings = row && isSocialKey(key) ? providerSettings(c.var.deps, key, row.appId) : null;
  if (!row || !settings || !isSocialKey(key)) throw new AppError("not_found", "identity.socialUnknown", [], 404);
  return { row, key: key as SocialKey, provider: PROVIDERS[key as SocialKey], settings };
}

/** A refusal: JSON gets the error; a browser goes back with the reason shown once. */
function refuse(c: Context<HonoEnv>, error: AppError, back: string) {
  deleteCookie(c, STATE_COOKIE, { path: "/public/social/" });
  if (wantsJson(c)) throw error;
  setCookie(c, NOTICE_COOKIE, translate(c.var.locale, error.messageId, error.values), {
    path: "/",
    maxAge: 120,
    sameSite: "Lax",
    secure: !c.var.deps.settings.insecureCookies,
  });
  return c.redirect(back, 302);
}

/** /public/social/*: the networks, a sign-in's start and callback, unlinking, the stand-ins' pages. */
export function registerSocial(app: Hono<HonoEnv>) {
  // The networks a visitor can sign in with (enabled by operators, with settings here).
  route(app, social.networks, async (c) =>
    (await enabledNetworks(c.var.deps.db))
      .filter((n) => isSocialKey(n.key) && providerSettings(c.var.deps, n.key, n.appId))
      .map((n) => ({ key: n.key, name: n.name })),
  );
  registerStart(app);
  registerCallback(app);

  // Unlinking a network from the signed-in account (while another way in remains).
  route(app, social.unlink, async (c, v) => {
    const me = c.var.player?.playerId;
    if (!me) throw new AppError("unauthorized");
    await unlinkIdentity(c.var.deps.db, me, v.network);
    return accountOf(c.var.deps.db, me);
  });

  // The stand-ins' own pages (TEST MODE only; 404 otherwise).
  route(app, standin, async (c) => {
    if (c.var.deps.settings.secrets.SOCIAL_TEST_MODE !== "1") throw notFound();
    // Addressed as the site's public address, whatever host the request came in on.
    const url = new URL(c.req.url);
    const pub = c.var.deps.settings.publicUrl.replace(/\/$/, "");
    const res = standinFetch(c.var.deps, new Request(`${pub}${url.pathname}${url.search}`, c.req.raw));
    if (!res) throw notFound();
    return res;
  });
}

/** /public/social/{network}/start: the state stored and set on this browser, then to the network. */
function registerStart(app: Hono<HonoEnv>) {
  route(app, social.start, async (c, v) => {
    const { db, clock, settings: site } = c.var.deps;
    const now = clock.now();
    const next = v.next && NEXT.test(v.next) ? v.next : `/${c.var.locale}/play/`;
    let net: Awaited<ReturnType<typeof networkOf>>;
    try {
      net = await networkOf(c, v.network);
    } catch (e) {
      return refuse(c, e as AppError, "/public/login");
    }
    if (v.link && !c.var.player)
      return refuse(c, new AppError("unauthorized", "identity.socialSession", [], 401), "/public/login");
    const begun = await beginState(db, {
      network: net.key,
      playerId: v.link ? (c.var.player?.playerId ?? null) : null,
      next,
      now,
    });
    setCookie(c, STATE_COOKIE, begun.state, {
      path: "/public/social/",
      httpOnly: true,
      sameSite: "Lax",
      secure: !site.insecureCookies,
      maxAge: 600,
    });
    const origin = site.publicUrl.replace(/\/$/, "");
    return c.redirect(
      net.provider.authorizeUrl(
        net.settings,
        { state: begun.state, challenge: await pkceChallenge(begun.verifier), nonce: begun.nonce },
        origin,
      ),
      302,
    );
  });
}

/** /public/social/{network}/callback: this browser's state, the identity proven, then settled. */
function registerCallback(app: Hono<HonoEnv>) {
  route(app, social.callback, async (c, v) => {
    const { db, clock } = c.var.deps;
    const now = clock.now();
    const query = c.req.query();
    // Telegram's answer rides in the fragment, which only the browser sees: the page turns it
    // into a query (ui/areas/access/player/SocialCallbackPage.tsx) and comes back.
    if (v.network === "telegram" && !query.tgAuthResult && !query.hash && !query.error && !wantsJson(c))
      return shell(c);
    let net: Awaited<ReturnType<typeof networkOf>>;
    try {
      net = await networkOf(c, v.network);
    } catch (e) {
      return refuse(c, e as AppError, "/public/login");
    }
    const failed = () => new AppError("social_refused", "identity.socialRefused", { network: net.row.name }, 400);
    const cookieState = getCookie(c, STATE_COOKIE);
    // A state this browser did not start (forged, swapped, tampered with) is refused unspent.
    if (!query.state || !cookieState || cookieState !== query.state) return refuse(c, failed(), "/public/login");
    const begun = await takeState(db, query.state, net.key, now);
    if (!begun) return refuse(c, failed(), "/public/login");
    const back = begun.playerId ? begun.next : "/public/login";
    if (query.error) return refuse(c, failed(), back);
    let who: { uid: string; label: string | null };
    try {
      who = await net.provider.identify(
        net.settings,
        { query, state: query.state, verifier: begun.verifier, nonce: begun.nonce, now },
        socialFetch(c.var.deps),
      );
    } catch (e) {
      if (!(e instanceof TokenRefused)) throw e;
      c.var.deps.logger.warn("social sign-in refused", { network: net.key, reason: e.message });
      return refuse(c, failed(), back);
    }
    // A link asked by a player who is no longer the one signed in here is not done.
    if (begun.playerId && c.var.player?.playerId !== begun.playerId)
      return refuse(c, new AppError("unauthorized", "identity.socialSession", [], 401), "/public/login");
    const owner = await playerByIdentity(db, net.key, who.uid);
    const me = c.var.player?.playerId ?? null;
    let playerId: number;
    try {
      playerId = await db.transaction((tx) => settle(c, tx, { owner, begun, me, network: net.key, who, now }));
    } catch (e) {
      if (e instanceof AppError) return refuse(c, e, back);
      throw e;
    }
    deleteCookie(c, STATE_COOKIE, { path: "/public/social/" });
    if (wantsJson(c)) return { ok: true as const, next: begun.next, playerId };
    return c.redirect(begun.next, 302);
  });
}

/**
 * The proven identity settled in one transaction: its account signed in, or linked to the player
 * signed in here, or a new player made with it. Returns the player's id.
 */
async function settle(
  c: Context<HonoEnv>,
  tx: Tx,
  a: {
    owner: PlayerRow | undefined;
    begun: { playerId: number | null };
    me: number | null;
    network: SocialKey;
    who: { uid: string; label: string | null };
    now: number;
  },
): Promise<number> {
  const { owner, begun, me, network, who, now } = a;
  if (owner && begun.playerId && owner.id !== begun.playerId)
    throw new AppError("conflict", "identity.onAnotherAccount", [], 409);
  if (owner) {
    if (isBanned(owner, now)) throw bannedError(owner);
    if (owner.id !== me) await signIn(c, tx, owner, now);
    return owner.id;
  }
  if (me !== null) {
    await linkIdentity(tx, { playerId: me, network, uid: who.uid, label: who.label, at: now });
    return me;
  }
  const ua = c.req.header("user-agent") ?? "";
  const made = await registerSocialPlayer(tx, {
    network,
    uid: who.uid,
    label: who.label,
    locale: c.var.locale,
    country: requestCountry(c) ?? (c.var.locale === "en" ? "US" : "RU"),
    platform: ["android", "ios"].includes(platformOfAgent(ua)) ? "web_mobile" : "web",
    source: "site",
    at: now,
  });
  await signIn(c, tx, { id: made }, now);
  return made;
}
