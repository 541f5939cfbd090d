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
