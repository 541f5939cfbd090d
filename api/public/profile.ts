// The player site's core: profile, rating, clans, transfers, blacklist (routes of /public/profile/).
// Handlers are thin: validate, call the domain with the signed-in player's id, return its data.
// Contracts: api/contracts/public/profile.ts and api/contracts/public/profile/.
import type { Context, Hono } from "hono";
import { AppError, fieldError } from "../domain/errors.ts";
import type { HonoEnv } from "../http/env.ts";
import { page, route, assertCsrf } from "../http/router.ts";
import * as clansDomain from "../domain/clans.ts";
import { profileOf, leaderboard, editProfile } from "../domain/profile.ts";
import { transferMoney, TRANSFER_RULES } from "../domain/transfers.ts";
import { addToBlacklist, findPlayers, listBlacklist, removeFromBlacklist } from "../domain/blacklist.ts";
import { erasePersonalData } from "../domain/erasure.ts";
import { PLAYER_COOKIE } from "../http/session.ts";
import { deleteCookie } from "hono/cookie";
import { buy, shopList } from "../domain/shop.ts";
import { providers } from "../billing/registry.ts";
import { isTestMode } from "../billing/test-mode-flag.ts";
import { offers } from "../billing/start.ts";
import { players } from "../db/schema/players.ts";
import { eq } from "drizzle-orm";
import { sendGift, giftsPage } from "../domain/gifts.ts";
import { assertMayMoveMoney } from "../domain/guests.ts";
import { shell } from "../http/shell.ts";
import "./player-messages.ts";
import { avatarView } from "./avatars.ts";
import { inboxOf, markRead } from "../domain/inbox.ts";
import * as profile from "../contracts/public/profile.ts";
import * as clanCalls from "../contracts/public/profile/clans.ts";
import * as money from "../contracts/public/profile/money.ts";
import * as others from "../contracts/public/profile/players.ts";

const P = "/public/profile";
const me = (c: { var: HonoEnv["Variables"] }) => c.var.player!.playerId;

export function registerProfile(app: Hono<HonoEnv>) {
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

  // Clans
  route(app, clanCalls.myClan, async (c) => clansDomain.myClan(c.var.deps.db, me(c), c.var.deps.clock.now()));
  // /searchClans/{name}: a name in the path wins over the query's (cut to a clan name's 32 characters).
  const search = (c: Context<HonoEnv>, q: { clanName?: string; name?: string; page: number; size: number }) =>
    clansDomain.searchClans(c.var.deps.db, {
      name: q.clanName ? q.clanName.trim().slice(0, 32) : q.name,
      page: q.page,
      size: q.size,
    });
  // Served at /searchClans and /searchClans/{name} (the router expands the optional parameter).
  route(app, clanCalls.searchClans, search);
  route(app, clanCalls.findClan, async (c, v) => clansDomain.findClan(c.var.deps.db, v));
  route(app, clanCalls.createClan, async (c, v) =>
    clansDomain.createClan(c.var.deps.db, {
      playerId: me(c),
      name: v.name,
      tag: v.tag,
      description: v.description ?? "",
      at: c.var.deps.clock.now(),
    }),
  );
  route(app, clanCalls.editClan, async (c, v) =>
    clansDomain.editClan(c.var.deps.db, { playerId: me(c), ...v, at: c.var.deps.clock.now() }),
  );
  route(app, clanCalls.quitClan, async (c) =>
    clansDomain.quitClan(c.var.deps.db, { playerId: me(c), at: c.var.deps.clock.now() }),
  );
  route(app, clanCalls.removeClan, async (c) =>
    clansDomain.removeClan(c.var.deps.db, { playerId: me(c), at: c.var.deps.clock.now() }),
  );
  route(app, clanCalls.addRequest, async (c, v) =>
    clansDomain.addRequest(c.var.deps.db, {
      playerId: me(c),
      clanId: v.clanId,
      message: v.message ?? "",
      at: c.var.deps.clock.now(),
    }),
  );
  route(app, clanCalls.approveRequest, async (c, v) =>
    clansDomain.approveRequest(c.var.deps.db, { playerId: me(c), requestId: v.requestId, at: c.var.deps.clock.now() }),
  );
  route(app, clanCalls.rejectRequest, async (c, v) =>
    clansDomain.rejectRequest(c.var.deps.db, { playerId: me(c), requestId: v.requestId, at: c.var.deps.clock.now() }),
  );
  route(app, clanCalls.removeMember, async (c, v) =>
    clansDomain.removeMember(c.var.deps.db, { playerId: me(c), memberId: v.memberId, at: c.var.deps.clock.now() }),
  );

  // Gold transfers
  route(app, money.transferMoney, async (c, v) => {
    await assertMayMoveMoney(c.var.deps.db, me(c));
    return transferMoney(c.var.deps.db, {
      from: me(c),
      to: v.to,
      amount: v.amount,
      requestId: v.requestId,
      at: c.var.deps.clock.now(),
    });
  });

  // Finding players and the blacklist. findPlayer searches (GET) and, sent with
  // `blacklist=<playerId>`, adds that player to the blacklist (CSRF checked: mutates).
  route(app, others.findPlayer, async (c, v) => {
    const { db, clock } = c.var.deps;
    if (v.blacklist !== undefined)
      await addToBlacklist(db, { playerId: me(c), blockedId: v.blacklist, at: clock.now() });
    return {
      players: v.query ? await findPlayers(db, me(c), v.query) : [],
      blacklist: await listBlacklist(db, me(c)),
    };
  });
  route(app, others.unblock, async (c, v) => {
    const { db } = c.var.deps;
    await removeFromBlacklist(db, { playerId: me(c), blockedId: v.playerId });
    return { blacklist: await listBlacklist(db, me(c)) };
  });

  // Erasure of personal data (POST only): signs the player out everywhere.
  route(app, profile.erase, async (c) => {
    const result = await erasePersonalData(c.var.deps.db, { playerId: me(c), at: c.var.deps.clock.now() });
    deleteCookie(c, PLAYER_COOKIE, { path: "/" });
    return result;
  });

  // The shop: without an item it lists the catalogue for this player; with type, itemId and a
  // requestId (CSRF checked) it buys, idempotently per request id.
  route(app, money.shop, async (c, v) => {
    const { db, clock } = c.var.deps;
    if (v.type === undefined && v.itemId === undefined) return shopList(db, me(c), c.var.locale);
    const missing: Record<string, { id: string }> = {};
    if (v.type === undefined) missing.type = { id: "validation.required" };
    if (v.itemId === undefined) missing.itemId = { id: "validation.required" };
    if (v.requestId === undefined) missing.requestId = { id: "validation.required" };
    if (Object.keys(missing).length) throw fieldError(missing);
    const result = await buy(db, {
      playerId: me(c),
      type: v.type!,
      itemId: v.itemId!,
      currency: v.currency,
      quantity: v.quantity,
      requestId: v.requestId!,
      locale: c.var.locale,
      at: clock.now(),
    });
    return { ...result, ...(await shopList(db, me(c), c.var.locale)) };
  });

  // The payment providers for the player's country and platform, with what each sells now.
  // A provider is listed when its market fits the platform, it has a currency for the country
  // and its settings are present (billing's own `ready` check); the catalog is billing's `offers`.
  route(app, profile.paymentMethods, async (c) => {
    const { db } = c.var.deps;
    const [p] = await db
      .select({ country: players.country, platform: players.platform })
      .from(players)
      .where(eq(players.id, me(c)))
      .limit(1);
    const markets =
      p.platform === "ios" ? ["app_store"] : p.platform === "android" ? ["rustore", "google_play"] : ["web"];
    const methods = [];
    for (const provider of Object.values(providers)) {
      if (!markets.includes(provider.market)) continue;
      const currency = provider.currencyFor(p.country);
      if (!currency) continue;
      try {
        provider.ready(c.var.deps);
      } catch {
        continue;
      }
      const items = await offers(c.var.deps, me(c), provider.market as "web");
      methods.push({
        provider: provider.name,
        market: provider.market,
        currency,
        items: items.map((i) => ({ ...i, prices: i.prices.filter((x) => x.currency === currency) })),
      });
    }
    return { country: p.country, platform: p.platform, methods, testMode: isTestMode(c.var.deps) };
  });

  // Gifts: without a receiver it answers the player's notifications and the rules; with `to`,
  // `kind` (gold, silver, tank, consumable, camouflage), `amount` or `itemId` and a requestId it sends.
  route(app, money.gift, async (c, v) => {
    const { db, clock } = c.var.deps;
    if (v.to === undefined && v.kind === undefined) return giftsPage(db, me(c));
    const missing: Record<string, { id: string }> = {};
    if (v.to === undefined) missing.to = { id: "validation.required" };
    if (v.kind === undefined) missing.kind = { id: "validation.required" };
    if (v.requestId === undefined) missing.requestId = { id: "validation.required" };
    if (Object.keys(missing).length) throw fieldError(missing);
    await assertMayMoveMoney(db, me(c));
    return sendGift(db, {
      from: me(c),
      to: v.to!,
      kind: v.kind!,
      itemId: v.itemId,
      amount: v.amount,
      requestId: v.requestId!,
      locale: c.var.locale,
      at: clock.now(),
    });
  });
}
