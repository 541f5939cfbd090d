// bun bench/api-read.ts [--seconds 3] [--rounds 9] [--connections 32]
// Requests per second of a real JSON route reading one player through the whole app — the game
// API's GET /game/api/players/:playerId, with its key — against a bare Bun.serve + bun:sqlite
// doing the same primary-key read (the limit here), measured in the same run with wrk on
// 127.0.0.1. Prints both and their ratio.
import { parseArgs } from "node:util";
import { join } from "node:path";
import {
  GAME_KEY as KEY,
  median,
  playableIds,
  ROOT as root,
  runOnly,
  seededDataDir,
  type Server,
  startServer,
  stopServers,
  wrk,
} from "./world.ts";

const { values } = parseArgs({
  options: {
    seconds: { type: "string", default: "3" },
    connections: { type: "string", default: "32" },
    players: { type: "string", default: "300" },
    rounds: { type: "string", default: "9" },
  },
});
// A world to read from, built through the domain code.
const dataDir = await seededDataDir("read", { players: Number(values.players), days: 30 });
// Every request reads another of the world's players (bench/servers/random-player.lua), as a
// battle server's calls do: no server can answer from a cache of one path.
const PLAYER_IDS = playableIds(dataDir).join(",");
const flags = ["-H", `Authorization: Bearer ${KEY}`, "-s", join(root, "bench/servers/random-player.lua")];
const servers: Server[] = [];
const urls = new Map<Server, string>();

async function start(script: string, port: number, path: string, env: Record<string, string> = {}): Promise<Server> {
  const server = await startServer(script, port, dataDir, env);
  const url = server.base + path;
  const check = await fetch(url, { headers: { authorization: `Bearer ${KEY}` } });
  if (check.status !== 200) throw new Error(`${script}: ${check.status}`);
  await check.body?.cancel();
  // A warm-up (JIT, statement caches) before anything is measured.
  wrk(url, { connections: values.connections!, seconds: "2", flags, env: { PLAYER_IDS } });
  servers.push(server);
  urls.set(server, url);
  return server;
}

function measure(server: Server): number {
  runOnly(servers, server);
  return wrk(urls.get(server)!, {
    connections: values.connections!,
    seconds: values.seconds!,
    flags,
    env: { PLAYER_IDS },
  });
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
await stopServers(servers, dataDir);
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
