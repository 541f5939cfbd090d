// The player's account on the site: the game client's sign-in links, email + password sign-in
// and sign-out, password reset by mail, and password change. Each address below is both the
// screen (a browser's GET gets the HTML shell) and its action (JSON or form fields).
import type { Context, Hono } from "hono";
import type { HonoEnv } from "../http/env.ts";
import { route, page } from "../http/router.ts";
import { AppError, fieldError } from "../domain/errors.ts";
import { endSession, endAllSessions, clientAddress } from "../http/session.ts";
import { translate } from "../i18n/index.ts";
import { setPasswordHash } from "../domain/accounts.ts";
import { endOtherSessions } from "../domain/sessions.ts";
import { hashPassword, needsRehash } from "../domain/password.ts";
import { checkPassword, attemptSucceeded } from "../domain/throttle.ts";
import { exchangeSiteToken, SITE_PAGE_PREFIXES } from "./site-sign-in.ts";
import { signIn, publicPlayer } from "./sign-in.ts";
import { mailLink } from "./mail-links.ts";
import { playerByEmail, playerById, type PlayerRow } from "../domain/players.ts";
import { isBanned, bannedError, assertNotBanned } from "../domain/bans.ts";
import { consumeToken, peekToken, tokensSince, voidTokens } from "../domain/tokens.ts";
import * as calls from "../contracts/public/account.ts";
import "../domain/identity-messages.ts";

/** Reset mails a player may be sent per window (more asks get the same answer and no mail). */
export const RESET_MAILS = { perWindow: 3, windowMs: 15 * 60_000 } as const;

/** Sends a reset link to the player's address in the request's locale. */
const mailResetLink = (c: Context<HonoEnv>, p: PlayerRow, now: number) => mailLink(c, p.id, p.email!, "reset", now);

/** The player's account on the site, by path group. */
export function registerAccount(app: Hono<HonoEnv>) {
  registerSignIn(app);
  registerReset(app);
  registerOwnPassword(app);
}

/** The game client's sign-in links (before every public page), /public/login and /public/logout. */
function registerSignIn(app: Hono<HonoEnv>) {
  // Before every public page, so the page is answered as the player the link signs in; only
  // there, so no other request pays for another middleware layer.
  // (Hono's `/x/*` also matches `/x` itself: one registration per prefix, or a link is spent twice.)
  for (const prefix of SITE_PAGE_PREFIXES) app.use(`${prefix}/*`, exchangeSiteToken);

  // Sign-in with email and password. The spec lists no player sign-in address; this mirrors
  // /admin/login (GET: the form, POST: the sign-in).
  page(app, calls.login, async (c, body) => {
    const { db, clock } = c.var.deps;
    const now = clock.now();
    // Separate keys from the admins' (usernames), so one door's failures never lock the other.
    const keys = { account: `player:${body.email}`, address: clientAddress(c) };
    const { account: p, attempt } = await checkPassword(db, keys, now, {
      find: () => playerByEmail(db, body.email),
      password: body.password,
      refusal: () => new AppError("unauthorized", "identity.playerBadCredentials", [], 401),
    });
    // Told only to someone who knows the password, so a ban does not reveal that an address has an account.
    assertNotBanned(p, now);
    // An old-form hash (PBKDF2) is replaced by the current KDF's once we hold the password.
    const rehashed = needsRehash(p.passwordHash) ? await hashPassword(body.password) : undefined;
    const s = await db.transaction(async (tx) => {
      await attemptSucceeded(tx, attempt);
      if (rehashed) await setPasswordHash(tx, p.id, rehashed);
      return signIn(c, tx, p, now);
    });
    return { player: publicPlayer(p), csrfToken: s.csrfToken };
  });

  route(app, calls.logout, async (c) => {
    await endSession(c, "player");
    return { ok: true as const };
  });
}

/** Asking for a reset link (/public/resetPassword) and its target (/public/reset). */
function registerReset(app: Hono<HonoEnv>) {
  // Asking for a reset link: the same answer whether or not the address has an account.
  const askReset = async (c: Context<HonoEnv>, { email }: { email: string }) => {
    const { db, clock, logger } = c.var.deps;
    const now = clock.now();
    const p = await playerByEmail(db, email);
    if (p?.email && (await tokensSince(db, p.id, "reset", now - RESET_MAILS.windowMs)) < RESET_MAILS.perWindow) {
      try {
        await mailResetLink(c, p, now);
      } catch (err) {
        // The answer must not differ for a known address; the failure goes to the operators' log.
        logger.error("reset mail not sent", { playerId: p.id, error: String(err) });
      }
    }
    return { ok: true as const, message: translate(c.var.locale, "identity.resetSent") };
  };
  page(app, calls.resetPassword, askReset);
  page(app, calls.resetPasswordIn, askReset);

  // The link's target: GET ?code= says whether the link still works; POST sets the new password.
  page(app, calls.resetLink, async (c, { code }) => {
    const { db, clock } = c.var.deps;
    const valid = (await peekToken(db, code, "reset", clock.now())) !== null;
    return valid ? { valid } : { valid, message: translate(c.var.locale, "identity.badResetLink") };
  });
  route(app, calls.reset, async (c, body) => {
    const { db, clock } = c.var.deps;
    const now = clock.now();
    const passwordHash = await hashPassword(body.password);
    const out = await db.transaction(async (tx) => {
      const playerId = await consumeToken(tx, body.code, "reset", now);
      const p = playerId ? await playerById(tx, playerId) : undefined;
      if (!p) throw new AppError("bad_link", "identity.badResetLink", [], 400);
      await setPasswordHash(tx, p.id, passwordHash);
      // Every other link and every session ends with the old password.
      await voidTokens(tx, p.id, "reset", now);
      await endAllSessions(tx, "player", p.id);
      if (isBanned(p, now)) return { p, session: null };
      return { p, session: await signIn(c, tx, p, now) };
    });
    if (!out.session) {
      const ban = bannedError(out.p);
      return {
        ok: true as const,
        signedIn: false as const,
        notice: translate(c.var.locale, ban.messageId, ban.values),
      };
    }
    return {
      ok: true as const,
      signedIn: true as const,
      player: publicPlayer(out.p),
      csrfToken: out.session.csrfToken,
    };
  });
}

/** /public/profile/changePassword and /public/profile/resetPassword: the signed-in player's own password. */
function registerOwnPassword(app: Hono<HonoEnv>) {
  const ownPassword = async (c: Context<HonoEnv>) => {
    const p = (await playerById(c.var.deps.db, c.var.player!.playerId))!;
    return { hasPassword: Boolean(p.passwordHash), email: p.email };
  };

  // Changing the password: the current one is required; every other session of the player ends.
  page(app, calls.changePasswordInfo, ownPassword);
  route(app, calls.changePassword, async (c, body) => {
    const { db, clock } = c.var.deps;
    const me = c.var.player!;
    const p = (await playerById(db, me.playerId))!;
    const now = clock.now();
    if (!p.passwordHash) throw new AppError("conflict", "identity.noPassword");
    const keys = { account: `player#${p.id}`, address: clientAddress(c) };
    if (!body.currentPassword) throw fieldError({ currentPassword: { id: "validation.required" } });
    const { attempt } = await checkPassword(db, keys, now, {
      find: async () => p,
      password: body.currentPassword,
      refusal: () => fieldError({ currentPassword: { id: "identity.wrongCurrentPassword" } }),
    });
    const passwordHash = await hashPassword(body.password);
    await db.transaction(async (tx) => {
      await setPasswordHash(tx, p.id, passwordHash);
      await attemptSucceeded(tx, attempt);
      await voidTokens(tx, p.id, "reset", now);
      await endOtherSessions(tx, p.id, me.tokenHash);
    });
    return { ok: true as const };
  });

  // A signed-in player asks for a reset link to their own address (e.g. to set a first password).
  page(app, calls.ownResetInfo, ownPassword);
  route(app, calls.ownReset, async (c) => {
    const { db, clock } = c.var.deps;
    const p = (await playerById(db, c.var.player!.playerId))!;
    if (!p.email) throw new AppError("conflict", "identity.noEmail");
    const now = clock.now();
    if ((await tokensSince(db, p.id, "reset", now - RESET_MAILS.windowMs)) >= RESET_MAILS.perWindow) {
      throw new AppError("rate_limited", "error.rate_limited", [Math.ceil(RESET_MAILS.windowMs / 1000)], 429);
    }
    await mailResetLink(c, p, now);
    return { ok: true as const, message: translate(c.var.locale, "identity.resetSentOwn", { email: p.email }) };
  });
}
