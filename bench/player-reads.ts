// bun bench/player-reads.ts [--seconds 3] [--rounds 5] [--connections 16] [--players 300]
// The player site's reads (profile, rating, clan, shop, offers) and the game API's player read,
// each through the whole app as `npm start` serves it, against a bare Bun.serve + bun:sqlite
// running the very same statements (bench/servers/bare-player-reads.ts: the app's prepared
// statements' SQL, with the session lookup), measured with wrk on 127.0.0.1 in the same run.
// Every request is another signed-in player's (a session each, made in the store). Per read, the
// servers are measured side by side in each round (the order turns), and the figure is the median
// of the rounds' paired ratios, with their spread: this shared VM's speed drifts within minutes.
import { parseArgs } from "node:util";
import { Database } from "bun:sqlite";
import { cpSync, mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { randomBytes, createHash } from "node:crypto";
import { readEnv } from "../edge/config.ts";
import { boot } from "../edge/boot.ts";
import { buildWorld } from "../api/db/seed/world.ts";

const { values } = parseArgs({
  options: {
    seconds: { type: "string", default: "3" },
    connections: { type: "string", default: "16" },
    players: { type: "string", default: "300" },
    rounds: { type: "string", default: "5" },
    only: { type: "string" },
  },
});
const dataDir = mkdtempSync(join(tmpdir(), "tk-bench-player-"));
const root = new URL("..", import.meta.url).pathname;

{
  const booted = await boot(readEnv({ ...process.env, DATA_DIR: dataDir }), {
    logger: { info() {}, warn() {}, error: console.error },
  });
  await buildWorld(booted.deps.db, { players: Number(values.players), days: 30, now: Date.now() });
  await booted.shipper.idle();
  await booted.shipper.stop();
  await booted.close();
}

// A session for every player, seen "in the future" so no request touches it (a write) meanwhile.
const CSRF = "bench-csrf-token";
const KEY = "bench-game-api-key-0123456789";
const store = new Database(join(dataDir, "tankodrome.db"));
const ids = (
  store
    .query("SELECT id FROM players WHERE erased_at IS NULL AND (banned_until IS NULL OR banned_until < ?)")
    .values(Date.now() + 86_400_000) as number[][]
).map(([id]) => id);
const tokens: string[] = [];
const now = Date.now();
const add = store.query(
  "INSERT INTO sessions (token_hash, kind, subject_id, csrf_token, locale, created_at, last_seen_at, expires_at) VALUES (?, 'player', ?, ?, 'en', ?, ?, ?)",
);
for (const id of ids) {
  const token = randomBytes(24).toString("base64url");
  add.run(createHash("sha256").update(token).digest("hex"), id, CSRF, now, now + 3_600_000, now + 86_400_000);
  tokens.push(token);
}
store.close();
const env = { ...process.env, SESSIONS: tokens.join(","), CSRF, PLAYER_IDS: ids.join(",") };

interface Server {
  proc: ReturnType<typeof Bun.spawn>;
  base: string;
  dir: string;
}
const servers: Server[] = [];
async function start(script: string, port: number): Promise<Server> {
  const dir = `${dataDir}-${port}`;
  cpSync(dataDir, dir, { recursive: true });
  const proc = Bun.spawn([process.execPath, join(root, script)], {
    cwd: root,
    env: { ...process.env, GAME_API_KEY: KEY, PORT: String(port), DATA_DIR: dir },
    stdout: "pipe",
    stderr: "inherit",
  });
  const reader = proc.stdout.getReader();
  let out = "";
  while (!out.includes("ready")) {
    const { value, done } = await reader.read();
    if (done) throw new Error(`${script} exited before it was ready`);
    out += new TextDecoder().decode(value);
  }
  reader.releaseLock();
  const server = { proc, base: `http://127.0.0.1:${port}`, dir };
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
const chosen = READS.filter((r) => !values.only || r.name.startsWith(values.only));

function wrk(server: Server, read: Read, seconds: string): number {
  const script = read.game ? "bench/servers/random-player.lua" : "bench/servers/random-session.lua";
  const auth = read.game ? ["-H", `Authorization: Bearer ${KEY}`] : [];
  const r = Bun.spawnSync(
    [
      "wrk",
      "-t1",
      `-c${values.connections}`,
      `-d${seconds}s`,
      ...auth,
      "-s",
      join(root, script),
      server.base + read.path,
    ],
    { env: { ...env, METHOD: read.method } },
  );
  const text = r.stdout.toString();
  if (/Non-2xx/.test(text)) throw new Error(`${server.base}${read.path}: answers other than 2xx — ${text}`);
  const m = /Requests\/sec:\s+([\d.]+)/.exec(text);
  if (!m) throw new Error(`wrk said: ${text}${r.stderr.toString()}`);
  return Number(m[1]);
}

function measure(server: Server, read: Read): number {
  for (const other of servers) other.proc.kill(other === server ? "SIGCONT" : "SIGSTOP");
  return wrk(server, read, values.seconds!);
}

const bare = await start("bench/servers/bare-player-reads.ts", 19311);
const app = await start("bench/servers/app-player-read.ts", 19312);
// A first answer of each, checked, then a warm-up (JIT, statement caches).
for (const read of chosen) {
  for (const s of [bare, app]) {
    for (const other of servers) other.proc.kill(other === s ? "SIGCONT" : "SIGSTOP");
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

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];
const lines: string[] = [];
for (const read of chosen) {
  const ratios: number[] = [];
  const appRuns: number[] = [];
  const bareRuns: number[] = [];
  for (let i = 0; i < Number(values.rounds); i++) {
    // The order turns each round: the bare server first, then the app; then the other way.
    let a: number;
    let b: number;
    if (i % 2) {
      a = measure(app, read);
      b = measure(bare, read);
    } else {
      b = measure(bare, read);
      a = measure(app, read);
    }
    appRuns.push(a);
    bareRuns.push(b);
    ratios.push(a / b);
  }
  const sorted = [...ratios].sort((x, y) => x - y);
  const line =
    `${read.name}: ratio ${median(ratios).toFixed(2)} (median of ${ratios.length} paired rounds; ${sorted[0].toFixed(2)}–${sorted[sorted.length - 1].toFixed(2)}: ${ratios.map((r) => r.toFixed(2)).join(" ")}); ` +
    `app ${median(appRuns).toFixed(0)} req/s, bare ${median(bareRuns).toFixed(0)} req/s`;
  lines.push(line);
  console.log(line);
}
for (const s of servers) {
  s.proc.kill("SIGCONT");
  s.proc.kill();
}
await Promise.all(servers.map((s) => s.proc.exited));
for (const dir of [dataDir, ...servers.map((s) => s.dir)]) rmSync(dir, { recursive: true, force: true });
