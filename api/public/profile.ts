// The player site's core: profile, rating, clans, transfers, blacklist (routes of /public/profile/).
// Handlers are thin: validate, call the domain with the signed-in player's id, return its data.
// Contracts: api/contracts/public/profile.ts and api/contracts/public/profile/.
import type { Hono } from "hono";
import { AppError, fieldError } from "../domain/errors.ts";
import type { HonoEnv } from "../http/env.ts";
import { page, route, assertCsrf } from "../http/router.ts";
import { profileOf, leaderboard, editProfile } from "../domain/profile.ts";
import { TRANSFER_RULES } from "../domain/transfers.ts";
import { listBlacklist } from "../domain/blacklist.ts";
import { erasePersonalData } from "../domain/erasure.ts";
import { PLAYER_COOKIE } from "../http/session.ts";
import { deleteCookie } from "hono/cookie";
import { shell } from "../http/shell.ts";
import "./player-messages.ts";
import { avatarView } from "./avatars.ts";
import { inboxOf, markRead } from "../domain/inbox.ts";
import * as profile from "../contracts/public/profile.ts";
import { registerProfileClans } from "./profile/clans.ts";
import { registerProfileMoney } from "./profile/money.ts";
import { registerProfilePlayers } from "./profile/players.ts";

const P = "/public/profile";
const me = (c: { var: HonoEnv["Variables"] }) => c.var.player!.playerId;

/** /public/profile/*: the screens' addresses, the profile itself, clans, money, other players, payment methods. */
export function registerProfile(app: Hono<HonoEnv>) {
  registerScreens(app);
  registerProfilePage(app);
  registerProfileClans(app);
  registerProfileMoney(app);
  registerProfilePlayers(app);
}

function registerScreens(app: Hono<HonoEnv>) {
  // These addresses are screens of the player site as well as data routes: a browser's GET
  // (asking for HTML, not JSON) gets the app's shell, which then asks for the data as JSON. Served
  // ahead of the routes' guards, because shop and gift check a CSRF token a navigation cannot send.
  for (const path of [
    "rating",
    "myClan",
    "shop",
    "offers",
    "gift",
    "paymentMethods",
    "searchClans",
    "searchClans/:clanName{[^/]+}",
    "createClan",
  ]) {
    app.on(["GET", "HEAD"], `${P}/${path}`, async (c, next) => {
      if ((c.req.header("accept") ?? "").includes("text/html")) {
        if (!c.var.player) return c.redirect(`/${c.var.locale}/public?next=${encodeURIComponent(c.req.path)}`);
        return shell(c);
      }
      await next();
    });
  }
}

/** /public/profile/ (read and edit), its notifications, the rating and the erasure of personal data. */
function registerProfilePage(app: Hono<HonoEnv>) {
  page(app, profile.profile, async (c, v) => {
    const { db, clock } = c.var.deps;
    // A POST to the profile edits it (the spec lists no separate address for that).
    if (c.req.method === "POST") {
      assertCsrf(c, "player");
      if (v.nickname === undefined && v.locale === undefined)
        throw fieldError({ nickname: { id: "validation.required" } });
      await editProfile(db, me(c), v, clock.now());
    } else if (c.req.method !== "GET" && c.req.method !== "HEAD")
      throw new AppError("method_not_allowed", "error.method_not_allowed", [c.req.method]);
    const player = await profileOf(db, me(c), c.var.locale, clock.now());
    return {
      player,
      avatar: await avatarView(c, me(c), player.avatarUrl),
      inbox: await inboxOf(db, me(c), c.var.locale),
      blacklist: await listBlacklist(db, me(c)),
      csrfToken: c.var.player!.csrfToken,
      transferRules: { ...TRANSFER_RULES },
    };
  });

  // Not in the spec: the player marks operators' notifications read (the inbox on the profile).
  route(app, profile.readNotifications, async (c, { ids }) => ({
    marked: await markRead(c.var.deps.db, me(c), ids, c.var.deps.clock.now()),
  }));

  route(app, profile.rating, async (c, v) => leaderboard(c.var.deps.db, { ...v, playerId: me(c) }));

  // Erasure of personal data (POST only): signs the player out everywhere.
  route(app, profile.erase, async (c) => {
    const result = await erasePersonalData(c.var.deps.db, { playerId: me(c), at: c.var.deps.clock.now() });
    deleteCookie(c, PLAYER_COOKIE, { path: "/" });
    return result;
  });
}
