// bun bench/api-read.ts [--seconds 3] [--rounds 9] [--connections 32]
// Requests per second of a real JSON route reading one player through the whole app — the game
// API's GET /game/api/players/:playerId, with its key — against a bare Bun.serve + bun:sqlite
// doing the same primary-key read (the limit here), measured in the same run with wrk on
// 127.0.0.1. Prints both and their ratio.
import { parseArgs } from "node:util";
import { Database } from "bun:sqlite";
import { cpSync, mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { readEnv } from "../edge/config.ts";
import { boot } from "../edge/boot.ts";
import { buildWorld } from "../api/db/seed/world.ts";

const { values } = parseArgs({
  options: {
    seconds: { type: "string", default: "3" },
    connections: { type: "string", default: "32" },
    players: { type: "string", default: "300" },
    rounds: { type: "string", default: "9" },
  },
});
const dataDir = mkdtempSync(join(tmpdir(), "tk-bench-read-"));
const root = new URL("..", import.meta.url).pathname;

// A world to read from, built through the domain code.
{
  const booted = await boot(readEnv({ ...process.env, DATA_DIR: dataDir }), {
    logger: { info() {}, warn() {}, error: console.error },
  });
  await buildWorld(booted.deps.db, { players: Number(values.players), days: 30, now: Date.now() });
  // Ship the world's events now, or the first app server measured would be shipping them.
  await booted.shipper.idle();
  await booted.shipper.stop();
  await booted.close();
}

const KEY = "bench-game-api-key-0123456789";
// Every request reads another of the world's players (bench/servers/random-player.lua), as a
// battle server's calls do: no server can answer from a cache of one path.
const ids = new Database(join(dataDir, "tankodrome.db"), { readonly: true });
const PLAYER_IDS = (ids.query("SELECT id FROM players WHERE erased_at IS NULL").values() as number[][])
  .map(([id]) => id)
  .join(",");
ids.close();
const auth = ["-H", `Authorization: Bearer ${KEY}`, "-s", join(root, "bench/servers/random-player.lua")];

interface Server {
  proc: ReturnType<typeof Bun.spawn>;
  url: string;
  dir: string;
}

async function start(
  script: string,
  port: number,
  path: string,
  extraEnv: Record<string, string> = {},
): Promise<Server> {
  // A copy of the world each: a chDB data directory is one process's.
  const dir = `${dataDir}-${port}`;
  cpSync(dataDir, dir, { recursive: true });
  const proc = Bun.spawn([process.execPath, join(root, script)], {
    cwd: root,
    env: { ...process.env, ...extraEnv, GAME_API_KEY: KEY, PORT: String(port), DATA_DIR: dir },
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
  const url = `http://127.0.0.1:${port}${path}`;
  const check = await fetch(url, { headers: { authorization: `Bearer ${KEY}` } });
  if (check.status !== 200) throw new Error(`${script}: ${check.status}`);
  await check.body?.cancel();
  // A warm-up (JIT, statement caches) before anything is measured.
  Bun.spawnSync(["wrk", "-t1", `-c${values.connections}`, "-d2s", ...auth, url], {
    env: { ...process.env, PLAYER_IDS },
  });
  const server = { proc, url, dir };
  servers.push(server);
  return server;
}

const servers: Server[] = [];

function measure(server: Server): number {
  // The others are stopped meanwhile: an idle app still polls its outbox and keeps chDB's threads.
  for (const other of servers) other.proc.kill(other === server ? "SIGCONT" : "SIGSTOP");
  const wrk = Bun.spawnSync(["wrk", "-t1", `-c${values.connections}`, `-d${values.seconds}s`, ...auth, server.url], {
    env: { ...process.env, PLAYER_IDS },
  });
  if (/Non-2xx/.test(wrk.stdout.toString())) throw new Error(`${server.url}: answers other than 200 — ${wrk.stdout}`);
  const text = wrk.stdout.toString();
  const m = /Requests\/sec:\s+([\d.]+)/.exec(text);
  if (!m) throw new Error(`wrk said: ${text}${wrk.stderr.toString()}`);
  return Number(m[1]);
}

// Every server runs at once, stopped while another is measured, and the rounds alternate them
// quickly: this VM's speed drifts by half within minutes, so each round's ratio compares
// measurements seconds apart, and the median of the rounds' ratios is the figure.
const APP = "bench/servers/app-player-read.ts";
const variants: [string, Server][] = [
  ["bare Bun.serve + bun:sqlite (the limit)", await start("bench/servers/bare-sqlite.ts", 19301, "/player/1")],
  [
    "the app, GET /game/api/players/:playerId (npm start on Bun: bun:sqlite)",
    await start(APP, 19302, "/game/api/players/1"),
  ],
  [
    "the app, the same read as a drizzle prepared query (bench-only route)",
    await start(APP, 19303, "/bench/player-drizzle/1"),
  ],
  [
    "the app on the @libsql/client file driver, GET /game/api/players/:playerId",
    await start(APP, 19304, "/game/api/players/1", { TK_SQLITE_DRIVER: "libsql" }),
  ],
];
// Each variant is measured beside a run of the bare server (before it in even rounds, after it in
// odd ones), and the order of the variants turns each round.
const runs: number[][] = variants.map(() => []);
const ratios: number[][] = variants.map(() => []);
for (let i = 0; i < Number(values.rounds); i++)
  for (let j = 0; j < variants.length - 1; j++) {
    const k = 1 + ((i + j) % (variants.length - 1));
    const [first, second] = i % 2 ? [k, 0] : [0, k];
    const a = measure(variants[first][1]);
    const b = measure(variants[second][1]);
    runs[first].push(a);
    runs[second].push(b);
    ratios[k].push(first === k ? a / b : b / a);
  }
for (const [, server] of variants) {
  server.proc.kill("SIGCONT");
  server.proc.kill();
}
await Promise.all(variants.map(([, server]) => server.proc.exited));
for (const dir of [dataDir, ...variants.map(([, server]) => server.dir)]) rmSync(dir, { recursive: true, force: true });
const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];
const bare = median(runs[0]);
for (const [k, [name]] of variants.entries()) {
  const rate = median(runs[k]);
  console.log(
    `player read, ${name}: ${rate.toFixed(0)} req/s` +
      (k
        ? ` — ratio ${(rate / bare).toFixed(2)}, median of the paired ratios ${median(ratios[k]).toFixed(2)} (${ratios[k].map((r) => r.toFixed(2)).join(" ")})`
        : "") +
      `  (runs: ${runs[k].map((r) => r.toFixed(0)).join(", ")})`,
  );
}
