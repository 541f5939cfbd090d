// bun bench/player-reads.ts [--seconds 3] [--rounds 5] [--connections 16] [--players 300] [--only shop,offers]
// The player site's reads (profile, rating, clan, shop, offers) and the game API's player read,
// each through the whole app as `npm start` serves it, against a bare Bun.serve + bun:sqlite
// running the very same statements (bench/servers/bare-player-reads.ts: the app's prepared
// statements' SQL, with the session lookup), measured with wrk on 127.0.0.1 in the same run.
// Every request is another signed-in player's (a session each, made in the store). Per read, the
// servers are measured side by side in each round (the order turns), and the figure is the median
// of the rounds' paired ratios, with their spread: this shared VM's speed drifts within minutes.
// Two ratios: requests per CPU second of the server's process (the figure: under the load of
// other engineers' tests a server's share of the 2 cores moves several times within a round) and
// requests per wall-clock second.
import { parseArgs } from "node:util";
import { join } from "node:path";
import {
  addSessions,
  cpuSeconds,
  CSRF,
  GAME_KEY as KEY,
  median,
  playableIds,
  ROOT as root,
  runOnly,
  seededDataDir,
  type Server,
  startServer,
  stopServers,
  wrkRun,
} from "./world.ts";

const { values } = parseArgs({
  options: {
    seconds: { type: "string", default: "3" },
    connections: { type: "string", default: "16" },
    players: { type: "string", default: "300" },
    rounds: { type: "string", default: "5" },
    only: { type: "string" },
  },
});
const dataDir = await seededDataDir("player", { players: Number(values.players), days: 30 });
const ids = playableIds(dataDir);
const tokens = addSessions(dataDir, ids);
const env = { SESSIONS: tokens.join(","), CSRF, PLAYER_IDS: ids.join(",") };

const servers: Server[] = [];
async function start(script: string, port: number): Promise<Server> {
  const server = await startServer(script, port, dataDir);
  servers.push(server);
  return server;
}

interface Read {
  name: string;
  path: string;
  method: "GET" | "POST";
  /** The game API: its key and a random player in the path instead of a session. */
  game?: boolean;
}
const READS: Read[] = [
  { name: "profile (GET /public/profile/)", path: "/public/profile/", method: "GET" },
  {
    name: "rating (GET /public/profile/rating)",
    path: "/public/profile/rating?board=players&by=rating&page=1&size=20",
    method: "GET",
  },
  { name: "clan (GET /public/profile/myClan)", path: "/public/profile/myClan", method: "GET" },
  { name: "shop (POST /public/profile/shop, the list)", path: "/public/profile/shop", method: "POST" },
  { name: "offers (POST /public/profile/offers, the list)", path: "/public/profile/offers", method: "POST" },
  { name: "game API player (GET /game/api/players/:id)", path: "/game/api/players/1", method: "GET", game: true },
];
// --only shop,offers: the reads whose names start so.
const chosen = READS.filter((r) => !values.only || values.only.split(",").some((o) => r.name.startsWith(o)));

function wrk(server: Server, read: Read, seconds: string) {
  const script = read.game ? "bench/servers/random-player.lua" : "bench/servers/random-session.lua";
  const auth = read.game ? ["-H", `Authorization: Bearer ${KEY}`] : [];
  return wrkRun(server.base + read.path, {
    connections: values.connections!,
    seconds,
    flags: [...auth, "-s", join(root, script)],
    env: { ...env, METHOD: read.method },
  });
}

/** Requests per wall-clock second, and per CPU second of the server's process. */
function measure(server: Server, read: Read): { wall: number; cpu: number } {
  runOnly(servers, server);
  const before = cpuSeconds(server.proc.pid);
  const r = wrk(server, read, values.seconds!);
  return { wall: r.perSecond, cpu: r.requests / Math.max(cpuSeconds(server.proc.pid) - before, 0.01) };
}

const bare = await start("bench/servers/bare-player-reads.ts", 19311);
const app = await start("bench/servers/app-player-read.ts", 19312);
// A first answer of each, checked, then a warm-up (JIT, statement caches).
for (const read of chosen) {
  for (const s of [bare, app]) {
    runOnly(servers, s);
    const res = await fetch(s.base + read.path, {
      method: read.method,
      headers: read.game
        ? { authorization: `Bearer ${KEY}` }
        : {
            cookie: `tk_player=${tokens[0]}`,
            accept: "application/json",
            ...(read.method === "POST" ? { "x-csrf-token": CSRF, "content-type": "application/json" } : {}),
          },
      body: read.method === "POST" ? "{}" : undefined,
    });
    if (res.status !== 200) throw new Error(`${s.base}${read.path}: ${res.status} ${await res.text()}`);
    await res.body?.cancel();
    wrk(s, read, "2");
  }
}

const spread = (xs: number[]) => {
  const sorted = [...xs].sort((x, y) => x - y);
  return `${median(xs).toFixed(2)} (${sorted[0].toFixed(2)}–${sorted[sorted.length - 1].toFixed(2)}: ${xs.map((r) => r.toFixed(2)).join(" ")})`;
};
for (const read of chosen) {
  const wall: number[] = [];
  const cpu: number[] = [];
  const appRuns: number[] = [];
  const bareRuns: number[] = [];
  for (let i = 0; i < Number(values.rounds); i++) {
    // The order turns each round: the bare server first, then the app; then the other way.
    let a: { wall: number; cpu: number };
    let b: { wall: number; cpu: number };
    if (i % 2) {
      a = measure(app, read);
      b = measure(bare, read);
    } else {
      b = measure(bare, read);
      a = measure(app, read);
    }
    appRuns.push(a.cpu);
    bareRuns.push(b.cpu);
    wall.push(a.wall / b.wall);
    cpu.push(a.cpu / b.cpu);
  }
  console.log(
    `${read.name}: per CPU second ${spread(cpu)}; per wall second ${spread(wall)} — medians of ${cpu.length} paired rounds; ` +
      `app ${median(appRuns).toFixed(0)}, bare ${median(bareRuns).toFixed(0)} requests per CPU second`,
  );
}
await stopServers(servers, dataDir);
