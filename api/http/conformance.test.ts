// Walks the spec's route catalogue (routes.tsv) against the app's route table: every
// implemented route has exactly the spec's method, path and constraints, and behaves so.
import { test, expect, beforeAll, afterAll } from "bun:test";
import { makeWorld, type TestWorld } from "../test/fixture.ts";
import { routeTable } from "./router.ts";
import { signInAdmin, type Actor } from "../test/sign-in.ts";

interface SpecRoute {
  area: string;
  method: string;
  path: string;
  auth: string;
}

// Routes we serve that the spec does not list, each with its reason.
const EXTRAS: Record<string, string> = {
  "/admin/liveops/": "the live events' calendar screen (issue 32, docs/decisions/liveops.md)",
  "/admin/liveops/save":
    "operators create or change a live event (tournament, multiplier, offer window: schedule, audience, entry rules, prizes); issue 32, docs/decisions/liveops.md",
  "/admin/liveops/calendar":
    "the live events' periods in a window with their clashes (issue 32, docs/decisions/liveops.md)",
  "/admin/audiences/": "the saved audiences' screen (issue 32, docs/decisions/audiences.md)",
  "/admin/audiences/list": "the saved audiences with their sizes and actions (issue 32, docs/decisions/audiences.md)",
  "/admin/audiences/preview":
    "an audience definition's size and a sample of its players before it is saved (issue 32, docs/decisions/audiences.md)",
  "/admin/audiences/save":
    "operators create or change a saved audience and its enter/exit actions (issue 32, docs/decisions/audiences.md)",
  "/admin/experiments/scorecard":
    "an experiment's scorecard: per variant the goal and guardrail figures with intervals and the split check (issue 32, docs/decisions/experiment-scorecards.md)",
  "/admin/experiments/save/guardrails":
    "the guardrails' bounds that stop an experiment on their own (issue 32, docs/decisions/experiment-scorecards.md)",
  "/admin/experiments/promote":
    "operators promote a variant's value into the option's default (issue 32, docs/decisions/experiment-scorecards.md)",
  "/public/profile/notifications/read":
    "the player marks operators' notifications read in the profile's inbox; the spec shows the inbox's screen, not how reading is recorded",
  "/billing/order/start":
    "a player starts a purchase at a redirect provider (Robokassa, Ecommpay); the spec lists only their callbacks",
  "/admin/billing/orders/":
    "operators' orders screen across players (status, provider, amounts, filters, awaiting verification), which the start page's 'awaiting verification' count links to; the HTML address also answers its list as JSON",
  "/billing/paypal/webhook":
    "PayPal's webhook (captures completed or denied later, refunds, reversals), verified by PayPal's verify-webhook-signature; the spec lists PayPal's player routes only",
  "/billing/rustore/notification":
    "RuStore's server notifications (payment status changes: a hold to confirm, refunds, reversals), AES-256-GCM with the console's key; the spec lists RuStore's validate route only",
  "/billing/order/return":
    "the page a player comes back to from Ecommpay or PayPal: the order, asked from the provider until settled (PayPal's approved order captured); the spec lists no return page for them",
  "/public/login":
    "a player signs in with email and password (GET: the form, POST: the sign-in), as /admin/login does for operators; the spec lists no player sign-in address",
  "/public/logout": "a signed-in player signs out (POST, CSRF); the spec lists no player sign-out address",
  "/public/guest/challenge":
    "the proof-of-work challenge a browser solves before a guest is made (per-address limits; docs/decisions/front-door.md)",
  "/public/guest": "the landing's Play: a guest player in one click, signed in at once (the spec shows no sign-up)",
  "/public/signup": "a visitor signs up with email + password from the landing (GET: the form, POST: the sign-up)",
  "/public/profile/claim": "a guest keeps the account with email + password (POST, CSRF)",
  "/public/profile/account": "the profile's account panel: guest or kept, email and its confirmation, linked networks",
  "/public/profile/changeEmail": "a player changes the email; the new address is the account's once its link is opened",
  "/public/profile/verifyAgain": "the confirmation link of the account's unconfirmed address, sent again",
  "/public/verify": "an address's confirmation link (GET: the page, POST: confirm)",
  "/public/magicLink": "a sign-in link by mail, asked for on the sign-in page (GET: the form, POST: send)",
  "/public/magic": "the sign-in link's page (POST: sign in with its code)",
  "/public/magic/check": "whether a sign-in link by mail still works (asked before the page offers to sign in)",
  "/public/social/networks":
    "the networks a visitor can sign in with (enabled in /admin/socialNetwork/ and configured)",
  "/public/social/:network{[a-z][a-z0-9_]*}/start":
    "begins a network's sign-in or link: OAuth 2.0 code with PKCE, state and nonce (docs/decisions/front-door.md)",
  "/public/social/:network{[a-z][a-z0-9_]*}/callback":
    "the network's answer: state checked against this browser's, the identity proven, then sign-in, link or a new player",
  "/public/profile/unlink": "a player unlinks a network while another way in remains (POST, CSRF)",
  "/game/api/players/register":
    "the game client registers a player (social identity or email); the spec shows no game-client API",
  "/game/api/battles/start":
    "a battle server reports a battle's start (mode, map, players and tanks); the spec shows no game-server API",
  "/game/api/battles/end":
    "a battle server reports a battle's end (each player's result); rewards, stats and warehouse events follow from it",
  "/game/api/players/:playerId{[0-9]+}":
    "a battle server reads a player's state (level, rating, currencies, current tank, ban) at matchmaking and battle start; the spec shows no game-server API",
  "/game/api/openapi.json":
    "the game client's API as OpenAPI 3.1, made from the routes' contracts (docs/contributing.md, Route contracts)",
  "/public/openapi.json": "the player site's JSON routes as OpenAPI 3.1, made from the routes' contracts",
  "/game/api/players/site-token":
    "the game client gets a single-use link that signs its player in on the site; the spec only says a token query parameter is removed from the address bar",
  "/public/avatars/:hash{[0-9a-f]+}":
    "an accepted avatar's image by its content hash, the address players.avatar_url holds (profile JSON, public shell); cacheable for good since the hash names the bytes",
  "/public/profile/friends":
    "a player's friends and friend requests (the profile's friends panel); the spec lists the admin's friend routes only",
  "/public/profile/friends/request": "a player asks another to be friends (POST, CSRF)",
  "/public/profile/friends/accept": "a player accepts a friend request (POST, CSRF)",
  "/public/profile/friends/decline": "a player declines a request to them or cancels their own (POST, CSRF)",
  "/public/profile/friends/remove": "a player ends a friendship (POST, CSRF)",
  "/public/chat/messages": "a chat room's latest messages for a player (global per locale, or their clan's)",
  "/public/chat/send": "a player writes in a chat room (POST, CSRF; rate, length, mute and word-filter limits)",
  "/public/chat/stream": "a chat room live for a player (SSE: new messages and messages taken down)",
  "/public/profile/terms": "the terms version a player accepted and whether they rated the game",
  "/public/profile/terms/accept": "a player accepts the current terms (POST, CSRF)",
  "/public/profile/rate": "a player rates the game once; the bonus is paid once through the ledger (POST, CSRF)",
  "/:locale{ru|en}/play/":
    "the game in the browser: the hangar and the battle (issue #19); the spec does not show the game screen",
  "/game/play/join": "a signed-in player joins the battle queue with a tank of their garage (the game in the browser)",
  "/game/play/leave": "a player leaves the battle queue",
  "/game/play/modules/:tankId{[0-9]+}":
    "the hangar's modules of a tank (gun, turret, engine, tracks, radio: level, research, prices) and its figures in battle",
  "/game/play/report/:battleId{[0-9]+}":
    "the result screen's report of a battle: pay, premium share, level-up, tasks done, crew experience, next goals",
  "/game/play/module/buy": "a player buys a tank module's next level from the hangar, through the ledger",
  "/game/play/crew/train":
    "a player trains a crew member's skill from the hangar, paid through the ledger once per request id (the spec lists crew routes for operators only; docs/decisions/crews.md)",
  "/game/play/status":
    "the queue's state for a waiting player (forms battles, so nobody waits past the longest wait) and where their running battle lives",
  "/game/play/result/:battleId{[0-9]+}": "a player's own result of a battle played in the browser (the result screen)",
  "/game/play/ws/:battleId{[0-9]+}": "the battle's WebSocket: inputs in, snapshots out",
  "/admin/battles/:battleId{[0-9]+}/watch": "an operator's spectator socket of a running battle (read-only)",
  "/admin/battles/:battleId{[0-9]+}/arena":
    "where a battle played in the browser lives, its heartbeat and whether it is live or recorded",
  "/admin/battles/stream/battles":
    "the operators' battles list and a battle's timeline live (SSE following battle_events by id: starts, results, ends, stops, with the battle's row)",
  "/admin/battles/:battleId{[0-9]+}/replay": "a recorded battle replayed from its inputs, as the frames a viewer draws",
  "/admin/banLog/":
    "the ban log across players (every ban and unban, who is banned now); the spec lists one player's ban log only, operators need it across players (issue 31)",
  "/public/inbox":
    "the game's hangar reads the player's operators' notifications that have not ended (issue 31: notifications reach the hangar, not only the site's inbox)",
  "/public/inbox/read": "the hangar marks the player's notifications read (POST, CSRF)",
  "/public/boosts":
    "the hangar's x2 badges: LiveOps multipliers of battle experience or silver and the shop's on packs, running now (issue 31)",
  "/public/liveops":
    "what's on for the player: live events and tournaments running or coming, their place, the board around them, what they will get (issue 32)",
  "/public/liveops/enter":
    "a player enters a tournament's running period, the fee through the ledger once (issue 32; POST, CSRF)",
  "/admin/feedback/:ticketId{[0-9]+}/case":
    "the ticket page's case: the player's balance, orders with their provider state, battles, bans and the ticket's status history (issue 31: support from one screen)",
  "/admin/feedback/:ticketId{[0-9]+}/creditAndReply":
    "a compensation tied to the ticket, capped by the operator's role, credited and answered in one transaction (issue 31)",
  "/admin/cheatSignals/":
    "cheat signals: each tier's medians and the players far above them, for 'mark as suspect' and bans (issue 31)",
  "/admin/battles/:battleId{[0-9]+}/signals":
    "a battle's players against their tiers' medians, outliers flagged (issue 31: a ban from a battle's outlier)",
  "/texts/:locale{ru|en}":
    "the UI's texts operators edited under /admin/translation/ (over the compiled catalogue), loaded on start so an edit reaches players without a rebuild",
  "/admin/playerAvatars/image/:avatarId{[0-9]+}":
    "the moderation screen's preview of an upload of any status (pending, rejected), which the public address never serves",
};

const spec: SpecRoute[] = (await Bun.file(new URL("./routes.tsv", import.meta.url)).text())
  .split("\n")
  .filter((l) => l && !l.startsWith("#") && !l.startsWith("area\t"))
  .map((l) => {
    const [area, method, path, , auth] = l.split("\t");
    return { area, method, path, auth };
  });

let w: TestWorld;
let admin: Actor;
beforeAll(async () => {
  w = await makeWorld();
  admin = await signInAdmin(w, "superadmin");
});
afterAll(() => w.close());

const sample = (pattern: string, bad = false) =>
  pattern.replace(/:(\w+)\{([^}]+)\}\??/g, (_, _n: string, re: string) =>
    re === "ru|en" ? "en" : re === "[0-9]+" ? (bad ? "abc" : "1") : "sample",
  );

test("every registered route is the spec's, with its method and constraints", () => {
  const table = routeTable(w.app);
  const byPath = new Map(spec.map((r) => [r.path, r]));
  const problems: string[] = [];
  // A path with a contract per method (a GET read and a POST action) is registered once per method.
  const methods = new Map<string, string[]>();
  for (const r of table) methods.set(r.path, [...(methods.get(r.path) ?? []), r.method]);
  for (const r of table) {
    if (r.path.startsWith("/test/")) continue;
    const s = byPath.get(r.path);
    if (!s) {
      if (!EXTRAS[r.path]) problems.push(`not in routes.tsv: ${r.method} ${r.path}`);
      continue;
    }
    const method = methods.get(r.path)!.sort().join("|");
    // The spec's ANY on a page that is also its action: its screen's read (GET) and its action (POST).
    if (s.method !== method && !(s.method === "ANY" && method === "GET|POST"))
      problems.push(`${r.path}: method ${method}, spec says ${s.method}`);
    const specAuth = s.auth === "public" && r.auth === "none" ? "public" : s.auth;
    if (specAuth !== r.auth && !(s.auth === "public" && r.auth === "none"))
      problems.push(`${r.path}: auth ${r.auth}, spec says ${s.auth}`);
  }
  const implemented = new Set(table.map((r) => r.path));
  const done = spec.filter((s) => implemented.has(s.path));
  const byArea = new Map<string, [number, number]>();
  for (const s of spec) {
    const [d, n] = byArea.get(s.area) ?? [0, 0];
    byArea.set(s.area, [d + (implemented.has(s.path) ? 1 : 0), n + 1]);
  }
  console.log(`routes implemented: ${done.length} of ${spec.length}`);
  for (const [area, [d, n]] of byArea) console.log(`  ${area}: ${d}/${n}`);
  expect(problems).toEqual([]);
});

test("a stated method refuses the others with 405, and a non-digit id is a 404", async () => {
  const implemented = new Map(routeTable(w.app).map((r) => [r.path, r]));
  const problems: string[] = [];
  for (const s of spec) {
    if (!implemented.has(s.path)) continue;
    const headers = admin.headers({ "accept-language": "en" });
    if (s.method !== "ANY") {
      const allowed = s.method.split("|");
      const other = ["GET", "POST", "DELETE", "PUT"].find((m) => !allowed.includes(m))!;
      const res = await w.app.request(sample(s.path), { method: other, headers });
      if (res.status !== 405) problems.push(`${other} ${s.path}: ${res.status}, want 405`);
    }
    if (s.path.includes("{[0-9]+}")) {
      const method = s.method === "ANY" || s.method === "GET|POST" ? "GET" : s.method;
      const res = await w.app.request(sample(s.path, true), { method, headers });
      if (res.status !== 404) problems.push(`${method} ${sample(s.path, true)}: ${res.status}, want 404`);
    }
  }
  expect(problems).toEqual([]);
});
