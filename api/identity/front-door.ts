// The front door (docs/decisions/front-door.md): a visitor plays in one click as a guest, keeps the
// progress with an email + password (or a network: api/public/social.ts), signs up directly,
// confirms the address by mail, and gets back in with a link by mail. The addresses are not in the
// spec (it shows no sign-up); each screen's address is also its action, as /public/login is.
import type { Context, Hono } from "hono";
import { z } from "zod";
import type { HonoEnv } from "../http/env.ts";
import { route } from "../http/router.ts";
import { parseFields } from "../http/validate.ts";
import * as f from "../domain/fields.ts";
import { AppError, fieldError } from "../domain/errors.ts";
import { shell } from "../http/shell.ts";
import { clientAddress, requestCountry } from "../http/session.ts";
import { translate } from "../i18n/index.ts";
import type { Db } from "../db/index.ts";
import { guestRules } from "../domain/options.ts";
import { issueChallenge, mintGuest } from "../domain/guests.ts";
import { accountOf, claimWithEmail, markEmailVerified, setConfirmedEmail } from "../domain/accounts.ts";
import { platformOfAgent } from "../domain/devices.ts";
import { hashPassword, PASSWORD_MIN, PASSWORD_MAX } from "./password.ts";
import { signIn, publicPlayer, isScreen } from "./sign-in.ts";
import { mailLink } from "./mail-links.ts";
import { playerByEmail, playerById } from "./players.ts";
import { isBanned, bannedError } from "./bans.ts";
import { consumeToken, consumeTokenWithEmail, tokensSince, peekToken } from "./tokens.ts";
import { RESET_MAILS } from "./account.ts";
import "./messages.ts";

const code = () =>
  z
    .string()
    .trim()
    .min(16)
    .max(128)
    .regex(/^[A-Za-z0-9_-]+$/);
const proofIn = {
  seed: z.string().trim().min(8).max(64),
  nonce: z
    .string()
    .trim()
    .min(1)
    .max(24)
    .regex(/^[0-9]+$/),
};
const newPassword = () => z.string().min(PASSWORD_MIN).max(PASSWORD_MAX);
const claimIn = z.object({ email: f.email(), password: newPassword() });
const signUpIn = z.object({ email: f.email(), password: newPassword(), ...proofIn });

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

export function registerFrontDoor(app: Hono<HonoEnv>) {
  // A challenge for the guest's proof of work (per address, limited).
  route(app, { method: "GET", path: "/public/guest/challenge", auth: "public" }, {}, async (c) => {
    const { db, clock } = c.var.deps;
    const now = clock.now();
    return c.json(await issueChallenge(db, clientAddress(c), await guestRules(db, now), now));
  });

  // "Play": a guest at once, signed in on this browser. A signed-in player stays who they are.
  route(app, { method: "POST", path: "/public/guest", auth: "public" }, { input: z.object(proofIn) }, async (c, v) => {
    const { db, clock } = c.var.deps;
    if (c.var.player) {
      const p = await playerById(db, c.var.player.playerId);
      if (p) return c.json({ player: publicPlayer(p), csrfToken: c.var.player.csrfToken, created: false });
    }
    const now = clock.now();
    const { playerId } = await mintGuest(
      db,
      { ...v, ...origin(c), address: clientAddress(c), locale: c.var.locale, at: now },
      await guestRules(db, now),
    );
    const s = await db.transaction((tx) => signIn(c, tx, { id: playerId }, now));
    const p = await livePlayer(db, playerId);
    return c.json({ player: publicPlayer(p), csrfToken: s.csrfToken, created: true });
  });

  // Sign-up from the landing: email + password (and the same proof of work as a guest, under the
  // same per-address limit). The account works at once; the address waits for its link.
  route(app, { method: "ANY", path: "/public/signup", auth: "public", kind: "page" }, {}, async (c) => {
    if (isScreen(c)) return shell(c);
    if (c.req.method !== "POST") throw new AppError("method_not_allowed", "error.method_not_allowed", [c.req.method]);
    const body = await parseFields(c, signUpIn);
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
    return c.json({ player: publicPlayer(p), csrfToken: s.csrfToken });
  });

  // A guest keeps the account with an email + password.
  route(
    app,
    { method: "POST", path: "/public/profile/claim", auth: "player", mutates: true },
    { input: claimIn },
    async (c, v) => {
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
      return c.json({
        ...(await accountOf(db, me)),
        message: translate(c.var.locale, "identity.verifySent", { email: v.email }),
      });
    },
  );

  // The account's screen data (the profile's account panel).
  route(app, { method: "GET", path: "/public/profile/account", auth: "player" }, {}, async (c) =>
    c.json(await accountOf(c.var.deps.db, meOf(c))),
  );

  // A new address: it becomes the account's when its link is opened (the old one signs in meanwhile).
  route(
    app,
    { method: "POST", path: "/public/profile/changeEmail", auth: "player", mutates: true },
    { input: z.object({ email: f.email() }) },
    async (c, v) => {
      const { db, clock } = c.var.deps;
      const me = meOf(c);
      const p = await livePlayer(db, me);
      if (p.guest) throw new AppError("conflict", "guest.moneyNeedsClaim", [], 409);
      if (p.email && p.email.toLowerCase() === v.email && p.emailVerified)
        throw fieldError({ email: { id: "identity.sameEmail" } });
      await assertEmailFree(db, v.email, me);
      await mailVerification(c, me, v.email, clock.now());
      return c.json({
        ...(await accountOf(db, me)),
        message: translate(c.var.locale, "identity.verifySent", { email: v.email }),
      });
    },
  );

  // The confirmation link again, for the account's unconfirmed address.
  route(app, { method: "POST", path: "/public/profile/verifyAgain", auth: "player", mutates: true }, {}, async (c) => {
    const { db, clock } = c.var.deps;
    const me = meOf(c);
    const p = await livePlayer(db, me);
    if (!p.email) throw new AppError("conflict", "identity.noEmail");
    if (p.emailVerified) throw new AppError("conflict", "identity.sameEmail", [], 409);
    await mailVerification(c, me, p.email, clock.now());
    return c.json({ ok: true, message: translate(c.var.locale, "identity.verifySent", { email: p.email }) });
  });

  // The confirmation link's page: POST {code} confirms the address the link carries.
  route(app, { method: "ANY", path: "/public/verify", auth: "public", kind: "page" }, {}, async (c) => {
    if (isScreen(c)) return shell(c);
    const { code: token } = await parseFields(c, z.object({ code: code() }));
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
    return c.json({ ok: true, email: out.email });
  });

  // A sign-in link by mail: the same answer whether or not the address has an account.
  route(app, { method: "ANY", path: "/public/magicLink", auth: "public", kind: "page" }, {}, async (c) => {
    if (isScreen(c)) return shell(c);
    const { email } = await parseFields(c, z.object({ email: f.email() }));
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
    return c.json({ ok: true, message: translate(c.var.locale, "identity.magicSent") });
  });

  // The sign-in link's page: GET ?code= says whether it still works; POST {code} signs in. Opening
  // it proves the mailbox, so an unconfirmed address is confirmed too.
  route(app, { method: "ANY", path: "/public/magic", auth: "public", kind: "page" }, {}, async (c) => {
    if (isScreen(c)) return shell(c);
    const { db, clock } = c.var.deps;
    const now = clock.now();
    const { code: token } = await parseFields(c, z.object({ code: code() }));
    if (c.req.method === "GET" || c.req.method === "HEAD") {
      const valid = (await peekToken(db, token, "magic", now)) !== null;
      return c.json({ valid, ...(valid ? {} : { message: translate(c.var.locale, "identity.badMagicLink") }) });
    }
    const out = await db.transaction(async (tx) => {
      const playerId = await consumeToken(tx, token, "magic", now);
      const p = playerId ? await playerById(tx, playerId) : undefined;
      if (!p) throw new AppError("bad_link", "identity.badMagicLink", [], 400);
      if (isBanned(p, now)) return { p, session: null };
      await markEmailVerified(tx, p.id);
      return { p, session: await signIn(c, tx, p, now) };
    });
    if (!out.session) throw bannedError(out.p);
    return c.json({
      ok: true,
      player: publicPlayer({ ...out.p, emailVerified: true }),
      csrfToken: out.session.csrfToken,
    });
  });
}
