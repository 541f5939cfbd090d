// The limit for the player site's reads here: Bun.serve and bun:sqlite running the very
// statements the app runs for each read — their SQL text taken from the app's own prepared
// statements (api/db/prepared.ts users) — with what the spec asks of every such request and
// nothing else (no router, no middleware, no mapping): the session lookup and its checks (expired,
// idle, banned or erased: no session), the game API's key, a POST's CSRF token and its JSON body
// read, and the rows answered as JSON objects named by their columns (what bun:sqlite builds),
// as the spec's answers name their fields (until 2026-11-27 the rows went out as bare value
// arrays, a third of the shop's bytes, and a POST's body went unread).
import { Database } from "bun:sqlite";
import { Placeholder } from "drizzle-orm";
import { sha256 } from "@noble/hashes/sha2.js";
import { bytesToHex } from "@noble/hashes/utils.js";
import { createDb } from "../../api/db/index.ts";
import { createBunSqliteClient } from "../../edge/bun-sqlite-client.ts";
import { lookupsOf, SESSION_LIMITS } from "../../api/http/session.ts";
import { profileStatements, ratingStatements } from "../../api/domain/profile.ts";
import { avatarStatements } from "../../api/domain/avatars.ts";
import { inboxStatements } from "../../api/domain/inbox.ts";
import { blacklistStatements } from "../../api/domain/blacklist.ts";
import { clanPageStatements } from "../../api/domain/clans.ts";
import { catalogNameStatements, shopStatements } from "../../api/domain/shop.ts";
import { offerStatements } from "../../api/domain/offers.ts";
import { PLAYER_STATE_SQL } from "../../api/game/players.ts";
import { compileSchedule } from "../../api/domain/liveops/schedule.ts";

const path = `${process.env.DATA_DIR}/tankodrome.db`;
// Only to read the statements' SQL: drizzle over the same file, never queried per request.
const db = createDb(createBunSqliteClient(path));
const sqlite = new Database(path, { readonly: true });

type Values = Record<string, unknown>;
/** A statement of the app compiled here once; run with the app's placeholder values. */
function compile(prepared: { getQuery(): { sql: string; params: unknown[] } }) {
  const q = prepared.getQuery();
  const stmt = sqlite.query(q.sql);
  const args = (v: Values) =>
    q.params.map((p) => (p instanceof Placeholder ? v[p.name] : p)) as (string | number | null)[];
  return {
    /** Value arrays, for the server's own use. */
    all: (v: Values = {}) => stmt.values(...args(v)),
    get: (v: Values = {}) => stmt.values(...args(v))[0],
    /** Rows named by their columns, for the answer. */
    rows: (v: Values = {}) => stmt.all(...args(v)),
    row: (v: Values = {}) => stmt.get(...args(v)),
  };
}

const session = compile(lookupsOf(db).playerSession);
const profile = {
  me: compile(profileStatements(db).me),
  avatar: compile(avatarStatements(db).last),
  inbox: compile(inboxStatements(db).latest),
  unread: compile(inboxStatements(db).unread),
  blacklist: compile(blacklistStatements(db).list),
};
const rating = {
  rows: compile(ratingStatements(db).players.rating.rows),
  total: compile(ratingStatements(db).players.rating.total),
  own: compile(ratingStatements(db).players.rating.own),
};
const clan = Object.fromEntries(Object.entries(clanPageStatements(db)).map(([k, s]) => [k, compile(s)]));
const shop = Object.fromEntries(Object.entries(shopStatements(db)).map(([k, s]) => [k, compile(s)]));
const offer = Object.fromEntries(Object.entries(offerStatements(db)).map(([k, s]) => [k, compile(s)]));
const names = Object.fromEntries(Object.entries(catalogNameStatements(db)).map(([k, s]) => [k, compile(s)]));
// The running offers, as the app's per-instance cache holds them (JSON columns parsed).
const live = (
  sqlite
    .query(
      "SELECT id, billing_item_id, grants, starts_at, ends_at, min_level, max_level, platforms, countries, audience, audience_id, per_player_limit FROM special_offers WHERE active = 1",
    )
    .values() as [
    number,
    string | null,
    string,
    number,
    number,
    number,
    number,
    string,
    string,
    string,
    number | null,
    number,
  ][]
).map(([id, item, grants, from, to, minLevel, maxLevel, platforms, countries, audience, audienceId, limit]) => ({
  id,
  item,
  grants: JSON.parse(grants) as { items: { type: string; id: number }[] },
  from,
  to,
  minLevel,
  maxLevel,
  platforms: JSON.parse(platforms) as string[],
  countries: JSON.parse(countries) as string[],
  audience,
  audienceId,
  limit,
}));
const schedules = new Map<string, ReturnType<typeof compileSchedule>>();
/** The offers an offer-window event names, outside their windows now (the same statement as the app's). */
function held(now: number) {
  const named = new Set<number>();
  const open = new Set<number>();
  for (const [offerId, schedule] of offer.offerWindows.all() as [number | null, string][]) {
    if (offerId === null) continue;
    named.add(offerId);
    let c = schedules.get(schedule);
    if (!c) schedules.set(schedule, (c = compileSchedule(JSON.parse(schedule))));
    if (c.activeAt(now)) open.add(offerId);
  }
  return new Set([...named].filter((id) => !open.has(id)));
}
const state = sqlite.query(PLAYER_STATE_SQL);

const { idle } = SESSION_LIMITS.player;
/** The app's player session statement's columns, by position: the session's, then its player's (null id: none). */
type SessionRow = [string, number, string, number, number, number | null, number | null, number | null, string | null];
/** The signed-in player of the request and the session's CSRF token: the session and its player in one statement (the app's). */
function playerOf(req: Request, now: number): { playerId: number; csrf: string } | null {
  const token = /tk_player=([^;]+)/.exec(req.headers.get("cookie") ?? "")?.[1];
  if (!token) return null;
  const s = session.get({ hash: bytesToHex(sha256(new TextEncoder().encode(token))) }) as SessionRow | undefined;
  if (!s) return null;
  const [, , csrf, lastSeenAt, expiresAt, playerId, bannedUntil, erasedAt] = s;
  if (expiresAt <= now || lastSeenAt + idle <= now) return null;
  if (playerId === null || erasedAt || (bannedUntil && bannedUntil > now)) return null;
  return { playerId, csrf };
}
const gameKey = `Bearer ${process.env.GAME_API_KEY}`;

const server = Bun.serve({
  port: Number(process.env.PORT),
  hostname: "127.0.0.1",
  async fetch(req) {
    const url = new URL(req.url);
    if (url.pathname.startsWith("/game/api/players/")) {
      if (req.headers.get("authorization") !== gameKey)
        return Response.json({ error: { code: "unauthorized" } }, { status: 401 });
      const p = state.get(Number(url.pathname.split("/").pop()));
      return p ? Response.json(p) : Response.json({ error: { code: "not_found" } }, { status: 404 });
    }
    const now = Date.now();
    const signedIn = playerOf(req, now);
    if (signedIn === null) return Response.json({ error: { code: "unauthorized" } }, { status: 401 });
    const { playerId } = signedIn;
    if (req.method === "POST") {
      if (req.headers.get("x-csrf-token") !== signedIn.csrf)
        return Response.json({ error: { code: "csrf" } }, { status: 403 });
      const body = await req.text();
      if (body && typeof JSON.parse(body) !== "object")
        return Response.json({ error: { code: "malformed" } }, { status: 400 });
    }
    switch (url.pathname) {
      case "/public/profile/":
        return Response.json({
          player: profile.me.row({ id: playerId }),
          avatar: profile.avatar.row({ playerId }),
          inbox: { items: profile.inbox.rows({ playerId }), unread: profile.unread.row({ playerId }) },
          blacklist: profile.blacklist.rows({ playerId }),
        });
      case "/public/profile/rating": {
        const size = Number(url.searchParams.get("size") ?? 20);
        const page = Number(url.searchParams.get("page") ?? 1);
        const at = { size, offset: (page - 1) * size, playerId };
        return Response.json({ rows: rating.rows.rows(at), total: rating.total.row(), own: rating.own.row(at) });
      }
      case "/public/profile/myClan": {
        const mine = clan.mine.row({ playerId }) as Record<string, unknown> | null;
        if (!mine) return Response.json({ clan: null, requests: clan.ownRequests.rows({ playerId, now }) });
        const at = { clanId: mine.id, now };
        return Response.json({
          clan: mine,
          members: clan.members.rows(at),
          requests: clan.requests.rows(at),
          log: clan.log.rows(at),
        });
      }
      case "/public/profile/shop":
        return Response.json({
          balance: shop.purse.row({ playerId }),
          owned: shop.owned.rows({ playerId }),
          tanks: shop.tanks.rows(),
          consumables: shop.consumables.rows(),
          camouflages: shop.camouflages.rows(),
        });
      case "/public/profile/offers": {
        const viewer = offer.viewer.get({ playerId }) as [number, number, string, string, number];
        const [, level, platform, country, payer] = viewer;
        const audiences = new Set((offer.audiences.all({ playerId }) as number[][]).map(([id]) => id));
        const outside = held(now);
        const offers = [];
        for (const o of live) {
          if (o.from > now || o.to <= now || outside.has(o.id)) continue;
          if (level < o.minLevel || level > o.maxLevel) continue;
          if (o.platforms.length && !o.platforms.includes(platform)) continue;
          if (o.countries.length && !o.countries.includes(country)) continue;
          if (o.audience !== "all" && (o.audience === "payers") !== !!payer) continue;
          if (o.audienceId !== null && !audiences.has(o.audienceId)) continue;
          const taken = o.item
            ? offer.paidInWindow.get({ playerId, itemId: o.item, from: o.from, to: o.to })
            : offer.takenForGold.get({ offerId: o.id, playerId });
          if ((taken?.[0] as number) >= o.limit) continue;
          offers.push({
            id: o.id,
            taken,
            items: o.grants.items.map((it) => names[it.type]?.row({ id: it.id })),
            billing: o.item ? offer.billingItem.row({ id: o.item }) : null,
          });
        }
        return Response.json({ now, offers });
      }
    }
    return Response.json({ error: { code: "not_found" } }, { status: 404 });
  },
});
console.log(`ready ${server.port}`);
