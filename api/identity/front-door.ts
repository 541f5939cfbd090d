// The front door (docs/decisions/front-door.md): a visitor plays in one click as a guest, keeps the
// progress with an email + password (or a network: api/identity/social.ts), signs up directly,
// confirms the address by mail, and gets back in with a link by mail. The addresses are not in the
// spec (it shows no sign-up); each screen's address is also its action, as /public/login is.
import type { Context, Hono } from "hono";
import type { HonoEnv } from "../http/env.ts";
import { page, route } from "../http/router.ts";
import * as door from "../contracts/public/front-door.ts";
import { AppError, fieldError } from "../domain/errors.ts";
import { clientAddress, requestCountry } from "../http/session.ts";
import { translate } from "../i18n/index.ts";
import type { Db } from "../db/index.ts";
import { guestRules } from "../domain/options.ts";
import { issueChallenge, mintGuest } from "../domain/guests.ts";
import { accountOf, claimWithEmail, markEmailVerified, setConfirmedEmail } from "../domain/accounts.ts";
import { platformOfAgent } from "../domain/devices.ts";
import { hashPassword } from "../domain/password.ts";
import { signIn, publicPlayer } from "./sign-in.ts";
import { mailLink } from "./mail-links.ts";
import { playerByEmail, playerById } from "../domain/players.ts";
import { isBanned, bannedError } from "../domain/bans.ts";
import { consumeToken, consumeTokenWithEmail, tokensSince, peekToken } from "../domain/tokens.ts";
import { RESET_MAILS } from "./account.ts";
import "../domain/identity-messages.ts";

/** The signed-in player's id (the route's guard let only a player through). */
function meOf(c: Context<HonoEnv>): number {
  const p = c.var.player;
  if (!p) throw new AppError("unauthorized");
  return p.playerId;
}

/** A live player row, or 401 (erased or pruned meanwhile). */
async function livePlayer(db: Db, id: number) {
  const p = await playerById(db, id);
  if (!p) throw new AppError("unauthorized");
  return p;
}

/** Mails sent to one player per window (verification, sign-in links), as for resets. */
const MAILS = RESET_MAILS;

/** Where a new player of the site comes from: the browser's platform and the request's country. */
function origin(c: Context<HonoEnv>) {
  const ua = c.req.header("user-agent") ?? "";
  return {
    country: requestCountry(c) ?? (c.var.locale === "en" ? "US" : "RU"),
    platform: platformOfAgent(ua) === "android" || platformOfAgent(ua) === "ios" ? "web_mobile" : "web",
    source: "site",
  };
}

async function assertEmailFree(db: Db, email: string, playerId: number | null) {
  const other = await playerByEmail(db, email);
  if (other && other.id !== playerId) throw fieldError({ email: { id: "identity.emailTaken" } });
}

/** Sends the address's confirmation link unless the player got too many mails this window. */
async function mailVerification(c: Context<HonoEnv>, playerId: number, email: string, now: number) {
  const { db, logger } = c.var.deps;
  if ((await tokensSince(db, playerId, "verify", now - MAILS.windowMs)) >= MAILS.perWindow)
    throw new AppError("rate_limited", "error.rate_limited", [Math.ceil(MAILS.windowMs / 1000)], 429);
  try {
    await mailLink(c, playerId, email, "verify", now);
  } catch (err) {
    // The claim stands; the player can ask again from the profile.
    logger.error("verification mail not sent", { playerId, error: String(err) });
  }
}

/** The front door, by path group. */
export function registerFrontDoor(app: Hono<HonoEnv>) {
  registerGuest(app);
  registerAddress(app);
  registerMailLinks(app);
}

/** /public/guest/challenge, /public/guest and /public/signup: a new player, guest or with an account. */
function registerGuest(app: Hono<HonoEnv>) {
  // A challenge for the guest's proof of work (per address, limited).
  route(app, door.guestChallenge, async (c) => {
    const { db, clock } = c.var.deps;
    const now = clock.now();
    return issueChallenge(db, clientAddress(c), await guestRules(db, now), now);
  });

  // "Play": a guest at once, signed in on this browser. A signed-in player stays who they are.
  route(app, door.guest, async (c, v) => {
    const { db, clock } = c.var.deps;
    if (c.var.player) {
      const p = await playerById(db, c.var.player.playerId);
      if (p) return { player: publicPlayer(p), csrfToken: c.var.player.csrfToken, created: false };
    }
    const now = clock.now();
    const { playerId } = await mintGuest(
      db,
      { ...v, ...origin(c), address: clientAddress(c), locale: c.var.locale, at: now },
      await guestRules(db, now),
    );
    const s = await db.transaction((tx) => signIn(c, tx, { id: playerId }, now));
    const p = await livePlayer(db, playerId);
    return { player: publicPlayer(p), csrfToken: s.csrfToken, created: true };
  });

  // Sign-up from the landing: email + password (and the same proof of work as a guest, under the
  // same per-address limit). The account works at once; the address waits for its link.
  page(app, door.signup, async (c, body) => {
    if (c.req.method !== "POST") throw new AppError("method_not_allowed", "error.method_not_allowed", [c.req.method]);
    const { db, clock } = c.var.deps;
    const now = clock.now();
    if (c.var.player) throw new AppError("conflict", "identity.alreadySignedIn", [], 409);
    await assertEmailFree(db, body.email, null);
    const passwordHash = await hashPassword(body.password);
    const { playerId } = await mintGuest(
      db,
      {
        seed: body.seed,
        nonce: body.nonce,
        ...origin(c),
        address: clientAddress(c),
        locale: c.var.locale,
        at: now,
        account: { email: body.email, passwordHash },
      },
      await guestRules(db, now),
    );
    const s = await db.transaction((tx) => signIn(c, tx, { id: playerId }, now));
    await mailVerification(c, playerId, body.email, now);
    const p = await livePlayer(db, playerId);
    return { player: publicPlayer(p), csrfToken: s.csrfToken };
  });
}

/** /public/profile/claim, account, changeEmail and verifyAgain: the account's address. */
function registerAddress(app: Hono<HonoEnv>) {
  // A guest keeps the account with an email + password.
  route(app, door.claim, async (c, v) => {
    const { db, clock } = c.var.deps;
    const now = clock.now();
    const me = meOf(c);
    const p = await livePlayer(db, me);
    if (!p.guest) throw new AppError("conflict", "identity.notGuest", [], 409);
    await assertEmailFree(db, v.email, me);
    const passwordHash = await hashPassword(v.password);
    const claimed = await db.transaction((tx) =>
      claimWithEmail(tx, { playerId: me, email: v.email, passwordHash, at: now }),
    );
    if (!claimed) throw new AppError("conflict", "identity.notGuest", [], 409);
    await mailVerification(c, me, v.email, now);
    return {
      ...(await accountOf(db, me)),
      message: translate(c.var.locale, "identity.verifySent", { email: v.email }),
    };
  });

  // The account's screen data (the profile's account panel).
  route(app, door.account, async (c) => accountOf(c.var.deps.db, meOf(c)));

  // A new address: it becomes the account's when its link is opened (the old one signs in meanwhile).
  route(app, door.changeEmail, async (c, v) => {
    const { db, clock } = c.var.deps;
    const me = meOf(c);
    const p = await livePlayer(db, me);
    if (p.guest) throw new AppError("conflict", "guest.moneyNeedsClaim", [], 409);
    if (p.email && p.email.toLowerCase() === v.email && p.emailVerified)
      throw fieldError({ email: { id: "identity.sameEmail" } });
    await assertEmailFree(db, v.email, me);
    await mailVerification(c, me, v.email, clock.now());
    return {
      ...(await accountOf(db, me)),
      message: translate(c.var.locale, "identity.verifySent", { email: v.email }),
    };
  });

  // The confirmation link again, for the account's unconfirmed address.
  route(app, door.verifyAgain, async (c) => {
    const { db, clock } = c.var.deps;
    const me = meOf(c);
    const p = await livePlayer(db, me);
    if (!p.email) throw new AppError("conflict", "identity.noEmail");
    if (p.emailVerified) throw new AppError("conflict", "identity.sameEmail", [], 409);
    await mailVerification(c, me, p.email, clock.now());
    return { ok: true as const, message: translate(c.var.locale, "identity.verifySent", { email: p.email }) };
  });
}

/** /public/verify, /public/magicLink, /public/magic/check and /public/magic: the links by mail. */
function registerMailLinks(app: Hono<HonoEnv>) {
  // The confirmation link's page: the code confirms the address the link carries.
  page(app, door.verify, async (c, { code: token }) => {
    if (c.req.method !== "POST") throw new AppError("method_not_allowed", "error.method_not_allowed", [c.req.method]);
    const { db, clock } = c.var.deps;
    const now = clock.now();
    const out = await db.transaction(async (tx) => {
      const t = await consumeTokenWithEmail(tx, token, "verify", now);
      const p = t?.email ? await playerById(tx, t.playerId) : undefined;
      if (!t?.email || !p) throw new AppError("bad_link", "identity.badVerifyLink", [], 400);
      // Taken by another account since the link was sent: the link cannot give it to this one.
      const other = await playerByEmail(tx, t.email);
      if (other && other.id !== p.id) throw new AppError("bad_link", "identity.emailTaken", [], 409);
      await setConfirmedEmail(tx, p.id, t.email);
      return { email: t.email };
    });
    return { ok: true as const, email: out.email };
  });

  // A sign-in link by mail: the same answer whether or not the address has an account.
  page(app, door.magicLink, async (c, { email }) => {
    if (c.req.method !== "POST") throw new AppError("method_not_allowed", "error.method_not_allowed", [c.req.method]);
    const { db, clock, logger } = c.var.deps;
    const now = clock.now();
    const p = await playerByEmail(db, email);
    if (p?.email && (await tokensSince(db, p.id, "magic", now - MAILS.windowMs)) < MAILS.perWindow) {
      try {
        await mailLink(c, p.id, p.email, "magic", now);
      } catch (err) {
        logger.error("sign-in mail not sent", { playerId: p.id, error: String(err) });
      }
    }
    return { ok: true as const, message: translate(c.var.locale, "identity.magicSent") };
  });

  // Whether a sign-in link still works (asked before the page offers to sign in).
  route(app, door.magicCheck, async (c, { code: token }) => {
    const valid = (await peekToken(c.var.deps.db, token, "magic", c.var.deps.clock.now())) !== null;
    return valid ? { valid } : { valid, message: translate(c.var.locale, "identity.badMagicLink") };
  });

  // The sign-in link's page: POST {code} signs in. Opening it proves the mailbox, so an unconfirmed
  // address is confirmed too.
  page(app, door.magic, async (c, { code: token }) => {
    if (c.req.method !== "POST") throw new AppError("method_not_allowed", "error.method_not_allowed", [c.req.method]);
    const { db, clock } = c.var.deps;
    const now = clock.now();
    const out = await db.transaction(async (tx) => {
      const playerId = await consumeToken(tx, token, "magic", now);
      const p = playerId ? await playerById(tx, playerId) : undefined;
      if (!p) throw new AppError("bad_link", "identity.badMagicLink", [], 400);
      if (isBanned(p, now)) return { p, session: null };
      await markEmailVerified(tx, p.id);
      return { p, session: await signIn(c, tx, p, now) };
    });
    if (!out.session) throw bannedError(out.p);
    return {
      ok: true as const,
      player: publicPlayer({ ...out.p, emailVerified: true }),
      csrfToken: out.session.csrfToken,
    };
  });
}
