// Links sent by mail, in the request's locale: a password reset, an address's verification (the
// token carries the address it confirms) and a sign-in link. Each works once, for TOKEN_TTL.
import type { Context } from "hono";
import type { HonoEnv } from "../http/env.ts";
import { translate } from "../i18n/index.ts";
import { issueToken, TOKEN_TTL } from "../domain/tokens.ts";
import "../domain/identity-messages.ts";

type Mailed = "reset" | "verify" | "magic";

/** The page each link opens (`code`, not `token`: the UI strips `token`, and `?token=` signs in). */
export const LINK_PAGE: Record<Mailed, string> = {
  reset: "/public/reset",
  verify: "/public/verify",
  magic: "/public/magic",
};

const WORDS: Record<Mailed, { subject: string; body: string }> = {
  reset: { subject: "identity.resetSubject", body: "identity.resetMail" },
  verify: { subject: "identity.verifySubject", body: "identity.verifyMail" },
  magic: { subject: "identity.magicSubject", body: "identity.magicMail" },
};

/** Issues a link of the kind and mails it to `to`. */
export async function mailLink(c: Context<HonoEnv>, playerId: number, to: string, kind: Mailed, now: number) {
  const { db, mailer, settings } = c.var.deps;
  const { token } = await issueToken(db, playerId, kind, now, kind === "verify" ? to : null);
  const link = `${settings.publicUrl}${LINK_PAGE[kind]}?code=${token}`;
  const locale = c.var.locale;
  const ttl = TOKEN_TTL[kind] / 60_000;
  await mailer.send({
    to,
    subject: translate(locale, WORDS[kind].subject),
    text: translate(locale, WORDS[kind].body, { link, minutes: ttl, hours: Math.round(ttl / 60), email: to }),
  });
}
