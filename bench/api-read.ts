// bun bench/api-read.ts [--seconds 5] [--connections 32]
// Requests per second of a real JSON route reading one player through the whole app — the game
// API's GET /game/api/players/:playerId, with its key — against a bare Bun.serve + bun:sqlite
// doing the same primary-key read (the limit here), measured in the same run with wrk on
// 127.0.0.1. Prints both and their ratio.
import { parseArgs } from "node:util";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { readEnv } from "../edge/config.ts";
import { boot } from "../edge/boot.ts";
import { buildWorld } from "../api/db/seed/world.ts";

const { values } = parseArgs({ options: { seconds: { type: "string", default: "5" }, connections: { type: "string", default: "32" }, players: { type: "string", default: "300" }, rounds: { type: "string", default: "3" } } });
const dataDir = mkdtempSync(join(tmpdir(), "tk-bench-read-"));
const root = new URL("..", import.meta.url).pathname;

// A world to read from, built through the domain code.
{
  const booted = await boot(readEnv({ ...process.env, DATA_DIR: dataDir }), { logger: { info() {}, warn() {}, error: console.error } });
  await buildWorld(booted.deps.db, { players: Number(values.players), days: 30, now: Date.now() });
  // Ship the world's events now, or the first app server measured would be shipping them.
  await booted.shipper.idle();
  await booted.shipper.stop();
  await booted.close();
}

const KEY = "bench-game-api-key-0123456789";
const auth = ["-H", `Authorization: Bearer ${KEY}`];

async function measure(script: string, port: number, path: string, extraEnv: Record<string, string> = {}): Promise<number> {
  const proc = Bun.spawn([process.execPath, join(root, script)], { cwd: root, env: { ...process.env, ...extraEnv, GAME_API_KEY: KEY, PORT: String(port), DATA_DIR: dataDir }, stdout: "pipe", stderr: "inherit" });
  const reader = proc.stdout.getReader();
  let out = "";
  while (!out.includes("ready")) {
    const { value, done } = await reader.read();
    if (done) throw new Error(`${script} exited before it was ready`);
    out += new TextDecoder().decode(value);
  }
  const check = await fetch(`http://127.0.0.1:${port}${path}`, { headers: { authorization: `Bearer ${KEY}` } });
  if (check.status !== 200) throw new Error(`${script}: ${check.status}`);
  await check.body?.cancel();
  // A one-second warm-up (JIT, statement caches) before the measured run.
  Bun.spawnSync(["wrk", "-t1", `-c${values.connections}`, "-d1s", ...auth, `http://127.0.0.1:${port}${path}`]);
  const wrk = Bun.spawnSync(["wrk", "-t1", `-c${values.connections}`, `-d${values.seconds}s`, ...auth, `http://127.0.0.1:${port}${path}`]);
  proc.kill();
  await proc.exited; // the next server starts on a machine this one has left
  const text = wrk.stdout.toString();
  const m = /Requests\/sec:\s+([\d.]+)/.exec(text);
  if (!m) throw new Error(`wrk said: ${text}${wrk.stderr.toString()}`);
  return Number(m[1]);
}

// Alternate them so a busy machine weighs on each alike; report the medians.
const APP = "bench/servers/app-player-read.ts";
const variants: [string, () => Promise<number>][] = [
  ["bare Bun.serve + bun:sqlite (the limit)", () => measure("bench/servers/bare-sqlite.ts", 19301, "/player/1")],
  ["the app, GET /game/api/players/1 (npm start on Bun: bun:sqlite, statement through the client)", () => measure(APP, 19302, "/game/api/players/1")],
  ["the app, the same read as a drizzle prepared query (bench-only route)", () => measure(APP, 19303, "/bench/player-drizzle/1")],
  ["the app on the @libsql/client file driver, GET /game/api/players/1", () => measure(APP, 19304, "/game/api/players/1", { TK_SQLITE_DRIVER: "libsql" })],
];
const runs: number[][] = variants.map(() => []);
// Each round starts at another variant, so none always follows the same neighbour.
for (let i = 0; i < Number(values.rounds); i++)
  for (let j = 0; j < variants.length; j++) {
    const k = (i + j) % variants.length;
    runs[k].push(await variants[k][1]());
  }
rmSync(dataDir, { recursive: true, force: true });
const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];
const bare = median(runs[0]);
// The machine's load moves between rounds, so each round's own ratio (against the bare server
// measured beside it) is reported too; its median is the steadier figure.
for (const [k, [name]] of variants.entries()) {
  const rate = median(runs[k]);
  const perRound = runs[k].map((r, i) => r / runs[0][i]);
  console.log(
    `player read, ${name}: ${rate.toFixed(0)} req/s` +
      (k ? ` — ratio ${(rate / bare).toFixed(2)}, median of the rounds' ratios ${median(perRound).toFixed(2)}` : "") +
      `  (runs: ${runs[k].map((r) => r.toFixed(0)).join(", ")})`,
  );
}
