// The limit for the player site's reads here: Bun.serve and bun:sqlite running the very
// statements the app runs for each read — their SQL text taken from the app's own prepared
// statements (api/db/prepared.ts users) — with the session lookup every signed-in request makes,
// the rows dumped as JSON and nothing else (no router, no middleware, no mapping).
import { Database } from "bun:sqlite";
import { Placeholder } from "drizzle-orm";
import { sha256 } from "@noble/hashes/sha2.js";
import { bytesToHex } from "@noble/hashes/utils.js";
import { createDb } from "../../api/db/index.ts";
import { createBunSqliteClient } from "../../edge/bun-sqlite-client.ts";
import { lookupsOf } from "../../api/http/session.ts";
import { profileStatements, ratingStatements } from "../../api/domain/profile.ts";
import { avatarStatements } from "../../api/domain/avatars.ts";
import { inboxStatements } from "../../api/domain/inbox.ts";
import { blacklistStatements } from "../../api/domain/blacklist.ts";
import { clanPageStatements } from "../../api/domain/clans.ts";
import { catalogNameStatements, shopStatements } from "../../api/domain/shop.ts";
import { offerStatements } from "../../api/domain/offers.ts";
import { PLAYER_STATE_SQL } from "../../api/game/players.ts";

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
  return { all: (v: Values = {}) => stmt.values(...args(v)), get: (v: Values = {}) => stmt.values(...args(v))[0] };
}

const session = compile(lookupsOf(db).session);
const player = compile(lookupsOf(db).player);
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
// The running offers, as the app's per-instance cache holds them.
const live = sqlite
  .query("SELECT id, billing_item_id, grants, starts_at, ends_at FROM special_offers WHERE active = 1")
  .values() as [number, string | null, string, number, number][];
const state = sqlite.query(PLAYER_STATE_SQL);

/** The signed-in player of the request: the session by its token's hash, then the player row. */
function playerOf(req: Request): number | null {
  const token = /tk_player=([^;]+)/.exec(req.headers.get("cookie") ?? "")?.[1];
  if (!token) return null;
  const s = session.get({ hash: bytesToHex(sha256(new TextEncoder().encode(token))), kind: "player" });
  if (!s) return null;
  const p = player.get({ id: s[2] });
  return p ? (p[0] as number) : null;
}

const server = Bun.serve({
  port: Number(process.env.PORT),
  hostname: "127.0.0.1",
  fetch(req) {
    const url = new URL(req.url);
    if (url.pathname.startsWith("/game/api/players/")) {
      const p = state.get(Number(url.pathname.split("/").pop()));
      return p ? Response.json(p) : Response.json({ error: { code: "not_found" } }, { status: 404 });
    }
    const playerId = playerOf(req);
    if (playerId === null) return Response.json({ error: { code: "unauthorized" } }, { status: 401 });
    const now = Date.now();
    switch (url.pathname) {
      case "/public/profile/":
        return Response.json({
          player: profile.me.get({ id: playerId }),
          avatar: profile.avatar.get({ playerId }),
          inbox: { items: profile.inbox.all({ playerId }), unread: profile.unread.get({ playerId }) },
          blacklist: profile.blacklist.all({ playerId }),
        });
      case "/public/profile/rating": {
        const size = Number(url.searchParams.get("size") ?? 20);
        const page = Number(url.searchParams.get("page") ?? 1);
        const at = { size, offset: (page - 1) * size, playerId };
        return Response.json({ rows: rating.rows.all(at), total: rating.total.get(), own: rating.own.get(at) });
      }
      case "/public/profile/myClan": {
        const mine = clan.mine.get({ playerId });
        if (!mine) return Response.json({ clan: null, requests: clan.ownRequests.all({ playerId, now }) });
        const at = { clanId: mine[0], now };
        return Response.json({
          clan: mine,
          members: clan.members.all(at),
          requests: clan.requests.all(at),
          log: clan.log.all(at),
        });
      }
      case "/public/profile/shop":
        return Response.json({
          balance: shop.purse.get({ playerId }),
          owned: shop.owned.all({ playerId }),
          tanks: shop.tanks.all(),
          consumables: shop.consumables.all(),
          camouflages: shop.camouflages.all(),
        });
      case "/public/profile/offers": {
        const viewer = offer.viewer.get({ playerId });
        const offers = [];
        for (const [id, item, grants, from, to] of live) {
          if (from > now || to <= now) continue;
          const taken = item
            ? offer.paidInWindow.get({ playerId, itemId: item, from, to })
            : offer.takenForGold.get({ offerId: id, playerId });
          const g = JSON.parse(grants) as { items: { type: string; id: number }[] };
          offers.push({
            id,
            taken,
            items: g.items.map((it) => names[it.type]?.get({ id: it.id })),
            billing: item ? offer.billingItem.get({ id: item }) : null,
          });
        }
        return Response.json({ viewer, offers });
      }
    }
    return Response.json({ error: { code: "not_found" } }, { status: 404 });
  },
});
console.log(`ready ${server.port}`);
