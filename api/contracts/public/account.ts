// The player's sign-in with email and password, and sign-out (/public/login, /public/logout). The
// sign-in's address is its screen too (as /admin/login): a browser's GET gets the screen, the
// sign-in is a POST (`mutates` on a public route needs no CSRF token: a visitor has none).
import { z } from "zod";
import * as f from "../../domain/fields.ts";
import { contract } from "../contract.ts";
import { signedInPlayer } from "./front-door.ts";

export const login = contract({
  method: "ANY",
  mutates: true,
  path: "/public/login",
  auth: "public",
  kind: "page",
  summary: "Sign-in with email and password (throttled per account and per address); a banned player is told why.",
  input: z.object({ email: f.email(), password: z.string().min(1).max(f.PASSWORD_MAX) }),
  output: z.object({ player: signedInPlayer, csrfToken: z.string() }),
});

export const logout = contract({
  method: "POST",
  path: "/public/logout",
  auth: "player",
  mutates: true,
  summary: "Ends the player's session on this browser.",
  output: z.object({ ok: z.literal(true) }),
});

const askReset = {
  method: "ANY",
  mutates: true,
  auth: "public",
  kind: "page",
  summary: "Asks for a password reset link by mail: the same answer whether or not the address has an account.",
  input: z.object({ email: f.email() }),
  output: z.object({ ok: z.literal(true), message: z.string() }),
} as const;

export const resetPassword = contract({ ...askReset, path: "/public/resetPassword/" });
export const resetPasswordIn = contract({ ...askReset, path: "/:locale{ru|en}/public/resetPassword/" });

// A reset link's target, the password change and a signed-in player's own reset link: each
// address is a read (GET: the screen to a browser, its data as JSON) and an action (POST) —
// two contracts on one path, so only the action asks for the CSRF token.
// (`code`, not `token`: the UI strips `token` from every address, and `?token=` signs in.)
const resetCode = () =>
  z
    .string()
    .trim()
    .min(16)
    .max(128)
    .regex(/^[A-Za-z0-9_-]+$/);

export const resetLink = contract({
  method: "GET",
  path: "/public/reset",
  auth: "public",
  kind: "page",
  summary: "Whether a password reset link still works (the screen to a browser).",
  query: z.object({ code: resetCode() }),
  output: z.object({ valid: z.boolean(), message: z.string().optional() }),
});

export const reset = contract({
  method: "POST",
  path: "/public/reset",
  auth: "public",
  mutates: true,
  summary:
    "Sets a new password with a reset link's code; every other session ends, the player is signed in unless banned.",
  input: z.object({ code: resetCode(), password: f.password() }),
  output: z.discriminatedUnion("signedIn", [
    z.object({ ok: z.literal(true), signedIn: z.literal(false), notice: z.string() }),
    z.object({ ok: z.literal(true), signedIn: z.literal(true), player: signedInPlayer, csrfToken: z.string() }),
  ]),
});

const ownPassword = z.object({ hasPassword: z.boolean(), email: z.string().nullable() });

export const changePasswordInfo = contract({
  method: "GET",
  path: "/public/profile/changePassword",
  auth: "player",
  kind: "page",
  summary: "Whether the player has a password (the change screen to a browser).",
  output: ownPassword,
});

export const changePassword = contract({
  method: "POST",
  path: "/public/profile/changePassword",
  auth: "player",
  mutates: true,
  summary: "Changes the password (the current one required, throttled); the player's other sessions end.",
  input: z.object({
    currentPassword: f.optional(z.string().min(1).max(f.PASSWORD_MAX)),
    password: f.password(),
  }),
  output: z.object({ ok: z.literal(true) }),
});

export const ownResetInfo = contract({
  method: "GET",
  path: "/public/profile/resetPassword",
  auth: "player",
  kind: "page",
  summary: "The address a signed-in player's own reset link would go to (the screen to a browser).",
  output: ownPassword,
});

export const ownReset = contract({
  method: "POST",
  path: "/public/profile/resetPassword",
  auth: "player",
  mutates: true,
  summary: "Sends a signed-in player a reset link to their own address (limited per window).",
  output: z.object({ ok: z.literal(true), message: z.string() }),
});
