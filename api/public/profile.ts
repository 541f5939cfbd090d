// The player site's core: profile, rating, clans, transfers, blacklist (routes of /public/profile/).
// Handlers are thin: validate, call the domain with the signed-in player's id, answer JSON.
import type { Context, Hono, MiddlewareHandler } from "hono";
import { AppError, fieldError } from "../domain/errors.ts";
import { z } from "zod";
import type { HonoEnv } from "../http/env.ts";
import { page, route, assertCsrf, parseInput } from "../http/router.ts";
import { parseFields } from "../http/validate.ts";
import { id, int, text, optional, optionalText, profileEditSchema } from "../domain/fields.ts";
import * as clansDomain from "../domain/clans.ts";
import { clanNameField, clanTagField } from "../domain/clan-fields.ts";
import { profileOf, leaderboard, RATING_ORDERS, editProfile } from "../domain/profile.ts";
import { transferMoney, TRANSFER_RULES } from "../domain/transfers.ts";
import { addToBlacklist, findPlayers, listBlacklist, removeFromBlacklist } from "../domain/blacklist.ts";
import { CLAN_ROLES } from "../db/schema/clans.ts";
import { erasePersonalData } from "../domain/erasure.ts";
import { PLAYER_COOKIE } from "../http/session.ts";
import { deleteCookie } from "hono/cookie";
import { buy, shopList, MAX_CONSUMABLES_PER_PURCHASE } from "../domain/shop.ts";
import { ITEM_TYPES } from "../db/schema/inventory.ts";
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

const P = "/public/profile";
const me = (c: { var: HonoEnv["Variables"] }) => c.var.player!.playerId;

const clanName = clanNameField;
const clanTag = clanTagField;
const paging = { page: optional(int(1, 100_000)).default(1), size: optional(int(1, 100)).default(20) };
const requestId = () => text(8, 64).pipe(z.string().regex(/^[A-Za-z0-9_-]+$/));

const searchIn = z.object({ name: optionalText(32), ...paging });
const createIn = z.object({ name: clanName(), tag: clanTag(), description: optionalText(500) });
const requestIn = z.object({ clanId: id(), message: optionalText(300) });
const answerIn = z.object({ requestId: id() });
const memberIn = z.object({ memberId: id() });
const transferIn = z.object({
  to: id(),
  amount: int(TRANSFER_RULES.minAmount, TRANSFER_RULES.maxAmount),
  requestId: requestId(),
});
const shopIn = z.object({
  type: optional(z.enum(ITEM_TYPES)),
  itemId: optional(id()),
  currency: optional(z.enum(["gold", "silver"])).default("gold"),
  quantity: optional(int(1, MAX_CONSUMABLES_PER_PURCHASE)).default(1),
  requestId: optional(requestId()),
});
const giftIn = z.object({
  to: optional(id()),
  kind: optional(z.enum(["gold", "silver", ...ITEM_TYPES])),
  itemId: optional(id()),
  amount: optional(int(1, 1_000_000)),
  requestId: optional(requestId()),
});
const unblockIn = z.object({ playerId: id() });
const ratingIn = z.object({
  board: optional(z.enum(["players", "clans"])).default("players"),
  by: optional(z.enum(RATING_ORDERS)).default("rating"),
  ...paging,
});
const findClanIn = z
  .object({ id: optional(id()), name: optionalText(32) })
  .refine((v) => v.id !== undefined || v.name !== undefined, { path: ["name"], params: { rule: "required" } });
const editIn = z.object({
  name: optional(clanName()),
  tag: optional(clanTag()),
  description: z.preprocess((v) => (typeof v === "string" ? v.trim() : v), z.string().max(500).optional()),
  memberId: optional(id()),
  role: optional(z.enum(CLAN_ROLES)),
});
const findPlayerIn = z
  .object({ query: optionalText(32), blacklist: optional(id()) })
  .refine((v) => v.query !== undefined || v.blacklist !== undefined, { path: ["query"], params: { rule: "required" } });

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
  page(app, { path: `${P}/`, auth: "player" }, async (c) => {
    const { db, clock } = c.var.deps;
    // A POST to the profile edits it (the spec lists no separate address for that).
    if (c.req.method === "POST") {
      assertCsrf(c, "player");
      await editProfile(db, me(c), await parseFields(c, profileEditSchema), clock.now());
    } else if (c.req.method !== "GET" && c.req.method !== "HEAD")
      throw new AppError("method_not_allowed", "error.method_not_allowed", [c.req.method]);
    const profile = await profileOf(db, me(c), c.var.locale, clock.now());
    return c.json({
      player: profile,
      avatar: await avatarView(c, me(c)),
      inbox: await inboxOf(db, me(c), c.var.locale),
      blacklist: await listBlacklist(db, me(c)),
      csrfToken: c.var.player!.csrfToken,
      transferRules: { ...TRANSFER_RULES },
    });
  });

  // Not in the spec: the player marks operators' notifications read (the inbox on the profile).
  const readIn = z.object({ ids: z.array(id()).min(1).max(100) });
  route(
    app,
    { method: "POST", path: `${P}/notifications/read`, auth: "player", mutates: true },
    { input: readIn },
    async (c, { ids }) => {
      return c.json({ marked: await markRead(c.var.deps.db, me(c), ids, c.var.deps.clock.now()) });
    },
  );

  route(app, { method: "ANY", path: `${P}/rating`, auth: "player" }, { input: ratingIn }, async (c, v) =>
    c.json(await leaderboard(c.var.deps.db, { ...v, playerId: me(c) })),
  );

  // Clans
  route(app, { method: "ANY", path: `${P}/myClan`, auth: "player" }, {}, async (c) =>
    c.json(await clansDomain.myClan(c.var.deps.db, me(c), c.var.deps.clock.now())),
  );
  // /searchClans/{name}: a name in the path wins over the query's (cut to a clan name's 32 characters).
  const searchPath = z.object({ clanName: z.string().optional() });
  const search = async (c: Context<HonoEnv>, q: z.output<typeof searchIn> & z.output<typeof searchPath>) =>
    c.json(
      await clansDomain.searchClans(c.var.deps.db, {
        name: q.clanName ? q.clanName.trim().slice(0, 32) : q.name,
        page: q.page,
        size: q.size,
      }),
    );
  // The spec's path, for the route table; Hono does not match an optional parameter with a
  // pattern, so the two addresses it stands for are served below with the same guard.
  route(
    app,
    { method: "ANY", path: `${P}/searchClans/:clanName{[^/]+}?`, auth: "player" },
    { params: searchPath, input: searchIn },
    search,
  );
  const signedIn: MiddlewareHandler<HonoEnv> = async (c, next) => {
    if (!c.var.player) throw new AppError("unauthorized");
    await next();
  };
  for (const path of [`${P}/searchClans`, `${P}/searchClans/:clanName{[^/]+}`])
    app.all(path, signedIn, async (c) => search(c, await parseInput(c, { params: searchPath, input: searchIn })));
  route(app, { method: "ANY", path: `${P}/findClan`, auth: "player" }, { input: findClanIn }, async (c, v) =>
    c.json(await clansDomain.findClan(c.var.deps.db, v)),
  );
  const mutating = { method: "ANY" as const, auth: "player" as const, mutates: true };
  route(app, { ...mutating, path: `${P}/createClan` }, { input: createIn }, async (c, v) => {
    return c.json(
      await clansDomain.createClan(c.var.deps.db, {
        playerId: me(c),
        name: v.name,
        tag: v.tag,
        description: v.description ?? "",
        at: c.var.deps.clock.now(),
      }),
    );
  });
  route(app, { ...mutating, path: `${P}/editClan` }, { input: editIn }, async (c, v) =>
    c.json(await clansDomain.editClan(c.var.deps.db, { playerId: me(c), ...v, at: c.var.deps.clock.now() })),
  );
  route(app, { ...mutating, path: `${P}/quitClan` }, {}, async (c) =>
    c.json(await clansDomain.quitClan(c.var.deps.db, { playerId: me(c), at: c.var.deps.clock.now() })),
  );
  route(app, { ...mutating, path: `${P}/removeClan` }, {}, async (c) =>
    c.json(await clansDomain.removeClan(c.var.deps.db, { playerId: me(c), at: c.var.deps.clock.now() })),
  );
  route(app, { ...mutating, path: `${P}/addRequest` }, { input: requestIn }, async (c, v) => {
    return c.json(
      await clansDomain.addRequest(c.var.deps.db, {
        playerId: me(c),
        clanId: v.clanId,
        message: v.message ?? "",
        at: c.var.deps.clock.now(),
      }),
    );
  });
  route(app, { ...mutating, path: `${P}/approveRequest` }, { input: answerIn }, async (c, v) =>
    c.json(
      await clansDomain.approveRequest(c.var.deps.db, {
        playerId: me(c),
        requestId: v.requestId,
        at: c.var.deps.clock.now(),
      }),
    ),
  );
  route(app, { ...mutating, path: `${P}/rejectRequest` }, { input: answerIn }, async (c, v) =>
    c.json(
      await clansDomain.rejectRequest(c.var.deps.db, {
        playerId: me(c),
        requestId: v.requestId,
        at: c.var.deps.clock.now(),
      }),
    ),
  );
  route(app, { ...mutating, path: `${P}/removeMember` }, { input: memberIn }, async (c, v) =>
    c.json(
      await clansDomain.removeMember(c.var.deps.db, {
        playerId: me(c),
        memberId: v.memberId,
        at: c.var.deps.clock.now(),
      }),
    ),
  );

  // Gold transfers
  route(app, { ...mutating, path: `${P}/transferMoney` }, { input: transferIn }, async (c, v) => {
    await assertMayMoveMoney(c.var.deps.db, me(c));
    return c.json(
      await transferMoney(c.var.deps.db, {
        from: me(c),
        to: v.to,
        amount: v.amount,
        requestId: v.requestId,
        at: c.var.deps.clock.now(),
      }),
    );
  });

  // Finding players and the blacklist. findPlayer searches (GET) and, sent with
  // `blacklist=<playerId>`, adds that player to the blacklist (CSRF checked: mutates).
  route(app, { ...mutating, path: `${P}/findPlayer` }, { input: findPlayerIn }, async (c, v) => {
    const { db, clock } = c.var.deps;
    if (v.blacklist !== undefined)
      await addToBlacklist(db, { playerId: me(c), blockedId: v.blacklist, at: clock.now() });
    return c.json({
      players: v.query ? await findPlayers(db, me(c), v.query) : [],
      blacklist: await listBlacklist(db, me(c)),
    });
  });
  route(app, { ...mutating, path: `${P}/blacklist/remove` }, { input: unblockIn }, async (c, v) => {
    const { db } = c.var.deps;
    await removeFromBlacklist(db, { playerId: me(c), blockedId: v.playerId });
    return c.json({ blacklist: await listBlacklist(db, me(c)) });
  });

  // Erasure of personal data (POST only): signs the player out everywhere.
  route(app, { method: "POST", path: `${P}/sensitive-data/remove`, auth: "player", mutates: true }, {}, async (c) => {
    const result = await erasePersonalData(c.var.deps.db, { playerId: me(c), at: c.var.deps.clock.now() });
    deleteCookie(c, PLAYER_COOKIE, { path: "/" });
    return c.json(result);
  });

  // The shop: without an item it lists the catalogue for this player; with type, itemId and a
  // requestId (CSRF checked) it buys, idempotently per request id.
  route(app, { method: "ANY", path: `${P}/shop`, auth: "player", mutates: true }, { input: shopIn }, async (c, v) => {
    const { db, clock } = c.var.deps;
    if (v.type === undefined && v.itemId === undefined) return c.json(await shopList(db, me(c), c.var.locale));
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
    return c.json({ ...result, ...(await shopList(db, me(c), c.var.locale)) });
  });

  // The payment providers for the player's country and platform, with what each sells now.
  // A provider is listed when its market fits the platform, it has a currency for the country
  // and its settings are present (billing's own `ready` check); the catalog is billing's `offers`.
  route(app, { method: "ANY", path: `${P}/paymentMethods`, auth: "player" }, {}, async (c) => {
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
    return c.json({ country: p.country, platform: p.platform, methods, testMode: isTestMode(c.var.deps) });
  });

  // Gifts: without a receiver it answers the player's notifications and the rules; with `to`,
  // `kind` (gold, silver, tank, consumable, camouflage), `amount` or `itemId` and a requestId it sends.
  route(app, { method: "ANY", path: `${P}/gift`, auth: "player", mutates: true }, { input: giftIn }, async (c, v) => {
    const { db, clock } = c.var.deps;
    if (v.to === undefined && v.kind === undefined) return c.json(await giftsPage(db, me(c)));
    const missing: Record<string, { id: string }> = {};
    if (v.to === undefined) missing.to = { id: "validation.required" };
    if (v.kind === undefined) missing.kind = { id: "validation.required" };
    if (v.requestId === undefined) missing.requestId = { id: "validation.required" };
    if (Object.keys(missing).length) throw fieldError(missing);
    await assertMayMoveMoney(db, me(c));
    return c.json(
      await sendGift(db, {
        from: me(c),
        to: v.to!,
        kind: v.kind!,
        itemId: v.itemId,
        amount: v.amount,
        requestId: v.requestId!,
        locale: c.var.locale,
        at: clock.now(),
      }),
    );
  });
}
