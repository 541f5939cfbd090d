// The front door (docs/decisions/front-door.md): a guest in one click, sign-up, keeping a guest's
// account, the address's confirmation, the sign-in link by mail, the profile's account panel.
// A page's address is also its action (as /public/login): a browser's GET gets the screen, the
// action is a POST (`mutates` on a public route needs no CSRF token: a visitor has none).
import { z } from "zod";
import * as f from "../../domain/fields.ts";
import { contract } from "../contract.ts";

const newPassword = f.password;
const code = () =>
  z
    .string()
    .trim()
    .min(16)
    .max(128)
    .regex(/^[A-Za-z0-9_-]+$/);
/** The answer to a guest challenge: its seed and a nonce (decimal digits). */
const proof = {
  seed: z.string().trim().min(8).max(64),
  nonce: z
    .string()
    .trim()
    .min(1)
    .max(24)
    .regex(/^[0-9]+$/),
};

/** A signed-in player as a sign-in answers it. */
export const signedInPlayer = z.object({
  id: z.int(),
  nickname: z.string(),
  email: z.string().nullable(),
  locale: z.string(),
  guest: z.boolean(),
  emailVerified: z.boolean(),
});

/** The account panel: guest or kept, the email and its confirmation, a password, the linked networks. */
export const accountView = z.object({
  guest: z.boolean(),
  nickname: z.string(),
  email: z.string().nullable(),
  emailVerified: z.boolean(),
  hasPassword: z.boolean(),
  identities: z.array(
    z.object({ network: z.string(), name: z.string(), label: z.string().nullable(), createdAt: z.int() }),
  ),
});

export const guestChallenge = contract({
  method: "GET",
  path: "/public/guest/challenge",
  auth: "public",
  summary:
    "A proof-of-work challenge for a guest (or a sign-up): find a nonce whose SHA-256 with the seed starts with `bits` zero bits.",
  output: z.object({ seed: z.string(), bits: z.int(), expiresAt: z.int() }),
});

export const guest = contract({
  method: "POST",
  path: "/public/guest",
  auth: "public",
  summary: "Play: a guest player made and signed in (a signed-in player stays who they are: created false).",
  input: z.object(proof),
  output: z.object({ player: signedInPlayer, csrfToken: z.string(), created: z.boolean() }),
});

export const signup = contract({
  method: "ANY",
  mutates: true,
  path: "/public/signup",
  auth: "public",
  kind: "page",
  summary: "Sign-up with email + password and a guest challenge's answer; signed in at once, the address to confirm.",
  input: z.object({ email: f.email(), password: newPassword(), ...proof }),
  output: z.object({ player: signedInPlayer, csrfToken: z.string() }),
});

export const claim = contract({
  method: "POST",
  path: "/public/profile/claim",
  auth: "player",
  mutates: true,
  summary: "A guest keeps the account with email + password (the address to confirm).",
  input: z.object({ email: f.email(), password: newPassword() }),
  output: accountView.extend({ message: z.string() }),
});

export const account = contract({
  method: "GET",
  path: "/public/profile/account",
  auth: "player",
  output: accountView,
});

export const changeEmail = contract({
  method: "POST",
  path: "/public/profile/changeEmail",
  auth: "player",
  mutates: true,
  summary: "A new address, the account's once its confirmation link is opened.",
  input: z.object({ email: f.email() }),
  output: accountView.extend({ message: z.string() }),
});

export const verifyAgain = contract({
  method: "POST",
  path: "/public/profile/verifyAgain",
  auth: "player",
  mutates: true,
  output: z.object({ ok: z.literal(true), message: z.string() }),
});

export const verify = contract({
  method: "ANY",
  mutates: true,
  path: "/public/verify",
  auth: "public",
  kind: "page",
  summary: "Confirms the address a confirmation link carries.",
  input: z.object({ code: code() }),
  output: z.object({ ok: z.literal(true), email: z.string() }),
});

export const magicLink = contract({
  method: "ANY",
  mutates: true,
  path: "/public/magicLink",
  auth: "public",
  kind: "page",
  summary: "Mails a sign-in link to the address's account (the same answer for any address).",
  input: z.object({ email: f.email() }),
  output: z.object({ ok: z.literal(true), message: z.string() }),
});

export const magicCheck = contract({
  method: "GET",
  path: "/public/magic/check",
  auth: "public",
  summary: "Whether a sign-in link by mail still works (it is not spent by asking).",
  query: z.object({ code: code() }),
  output: z.object({ valid: z.boolean(), message: z.string().optional() }),
});

export const magic = contract({
  method: "ANY",
  mutates: true,
  path: "/public/magic",
  auth: "public",
  kind: "page",
  summary: "The sign-in link's page; POST signs in with its code (and confirms the address).",
  input: z.object({ code: code() }),
  output: z.object({ ok: z.literal(true), player: signedInPlayer, csrfToken: z.string() }),
});
