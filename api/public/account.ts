// The player's account on the site: the game client's sign-in links, email + password sign-in
// and sign-out, password reset by mail, and password change.
import type { Hono } from "hono";
import type { HonoEnv } from "../http/env.ts";
import { exchangeSiteToken } from "../identity/site-sign-in.ts";

export function registerAccount(app: Hono<HonoEnv>) {
  // Before every public page, so the page is answered as the player the link signs in.
  app.use("*", exchangeSiteToken);
}
