// bun [--cpu-prof] bench/player-reads-in-process.ts [--n 2000] [--only shop]
// Where the player site's reads spend their time, with no network: app.fetch called in a loop for
// each read of bench/player-reads.ts (another signed-in player each request), 5 alternating rounds,
// CPU µs per request (the process's CPU time, which a loaded machine inflates less than the clock). With --cpu-prof, --only one read.
import { parseArgs } from "node:util";
import { rmSync } from "node:fs";
import { readEnv } from "../edge/config.ts";
import { boot } from "../edge/boot.ts";
import { createApp } from "../api/app.ts";
import { addSessions, CSRF, median, playableIds, seededDataDir } from "./world.ts";

const { values } = parseArgs({
  options: {
    n: { type: "string", default: "2000" },
    only: { type: "string" },
    players: { type: "string", default: "100" },
  },
});
const dir = await seededDataDir("inproc-player", { players: Number(values.players), days: 10 });
const tokens = addSessions(dir, playableIds(dir));
const booted = await boot(readEnv({ ...process.env, SEED_PLAYERS: "0", DATA_DIR: dir }), {
  logger: { info() {}, warn() {}, error: console.error },
});
const app = createApp(booted.deps);

const READS: [string, string, "GET" | "POST"][] = [
  ["profile", "/public/profile/", "GET"],
  ["rating", "/public/profile/rating?board=players&by=rating&page=1&size=20", "GET"],
  ["clan", "/public/profile/myClan", "GET"],
  ["shop", "/public/profile/shop", "POST"],
  ["offers", "/public/profile/offers", "POST"],
];
let turn = 0;
const request = (path: string, method: string) =>
  new Request(`http://127.0.0.1${path}`, {
    method,
    headers: {
      cookie: `tk_player=${tokens[turn++ % tokens.length]}`,
      accept: "application/json",
      ...(method === "POST" ? { "x-csrf-token": CSRF, "content-type": "application/json", "content-length": "2" } : {}),
    },
    body: method === "POST" ? "{}" : undefined,
  });

const chosen = READS.filter(([name]) => !values.only || name === values.only);
const N = Number(values.n);
const res: Record<string, number[]> = {};
for (let r = 0; r < 5; r++)
  for (const [name, path, method] of chosen) {
    const t = process.cpuUsage();
    for (let i = 0; i < N; i++) {
      const x = await app.fetch(request(path, method));
      if (x.status !== 200) throw new Error(`${name}: ${x.status} ${await x.text()}`);
      await x.text();
    }
    const used = process.cpuUsage(t);
    (res[name] ??= []).push((used.user + used.system) / N);
  }
for (const [name, v] of Object.entries(res))
  console.log(
    name.padEnd(8),
    `${median(v).toFixed(0)} µs a request`,
    `(${v
      .sort((a, b) => a - b)
      .map((x) => x.toFixed(0))
      .join(" ")})`,
  );
await booted.close();
rmSync(dir, { recursive: true, force: true });
process.exit(0);
