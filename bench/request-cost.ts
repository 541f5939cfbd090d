// bun bench/request-cost.ts [--n 2000] [--rounds 5]
// Where a signed-in read's fixed cost goes, with no network: CPU µs per request through app.fetch
// for routes that do nothing (registered in this process only, through the same route() and
// contracts as the app's) beside the real offers list, and the pieces of a request timed alone.
// The difference between two lines is what one step of the pipeline costs (docs/decisions/read-path.md).
import { parseArgs } from "node:util";
import { rmSync } from "node:fs";
import { z } from "zod";
import { sha256 } from "@noble/hashes/sha2.js";
import { bytesToHex } from "@noble/hashes/utils.js";
import { readEnv } from "../edge/config.ts";
import { boot } from "../edge/boot.ts";
import { createApp } from "../api/app.ts";
import { route } from "../api/http/router.ts";
import { contract } from "../api/contracts/contract.ts";
import { offers } from "../api/contracts/public/profile/offers.ts";
import { lookupsOf } from "../api/http/session.ts";
import { offersFor } from "../api/domain/offers.ts";
import { addSessions, CSRF, GAME_KEY, median, playableIds, seededDataDir } from "./world.ts";

const { values } = parseArgs({
  options: { n: { type: "string", default: "2000" }, rounds: { type: "string", default: "5" } },
});
const dir = await seededDataDir("cost", { players: 100, days: 5 });
const ids = playableIds(dir);
const tokens = addSessions(dir, ids);
const booted = await boot(readEnv({ ...process.env, SEED_PLAYERS: "0", DATA_DIR: dir, GAME_API_KEY: GAME_KEY }), {
  logger: { info() {}, warn() {}, error: console.error },
});
const app = createApp(booted.deps);
const { db } = booted.deps;

// Routes that do nothing but answer, through the same pipeline as the app's.
const empty = z.object({ ok: z.boolean() });
route(app, contract({ method: "GET", path: "/bench/anon", auth: "public", output: empty }), () => ({ ok: true }));
route(app, contract({ method: "GET", path: "/bench/get", auth: "player", output: empty }), () => ({ ok: true }));
route(
  app,
  contract({ method: "ANY", path: "/bench/post", auth: "player", mutates: true, input: offers.input, output: empty }),
  () => ({ ok: true }),
);

let turn = 0;
const signedIn = (method: string) => ({
  cookie: `tk_player=${tokens[turn++ % tokens.length]}`,
  accept: "application/json",
  ...(method === "POST" ? { "x-csrf-token": CSRF, "content-type": "application/json", "content-length": "2" } : {}),
});
type Case = [string, () => Request | Promise<unknown> | unknown];
const req = (path: string, method: string, headers: Record<string, string>) => () =>
  new Request(`http://127.0.0.1${path}`, { method, headers, body: method === "POST" ? "{}" : undefined });
const viaApp: Case[] = [
  ["anonymous GET, nothing to do", req("/bench/anon", "GET", { accept: "application/json" })],
  [
    "game API player read",
    () => req(`/game/api/players/${ids[turn++ % ids.length]}`, "GET", { authorization: `Bearer ${GAME_KEY}` })(),
  ],
  ["signed-in GET, nothing to do", () => req("/bench/get", "GET", signedIn("GET"))()],
  ["signed-in POST {} + CSRF + input", () => req("/bench/post", "POST", signedIn("POST"))()],
  ["offers list (POST)", () => req("/public/profile/offers", "POST", signedIn("POST"))()],
];
const session = lookupsOf(db);
const alone: Case[] = [
  ["new Request (the bench's, not the app's)", req("/bench/post", "POST", signedIn("POST"))],
  [
    "session: sha256, the session and player lookup",
    async () => {
      const token = tokens[turn++ % tokens.length];
      await session.playerSession.execute({ hash: bytesToHex(sha256(new TextEncoder().encode(token))) });
    },
  ],
  ["zod: offers input {}", () => offers.input.safeParseAsync({})],
  ["offersFor (the read itself)", () => offersFor(db, ids[turn++ % ids.length], "en", Date.now())],
];

const N = Number(values.n);
const res = new Map<string, number[]>();
for (let r = 0; r < Number(values.rounds); r++) {
  for (const [name, make] of viaApp) {
    const t = process.cpuUsage();
    for (let i = 0; i < N; i++) {
      const x = await app.fetch(make() as Request);
      if (x.status !== 200) throw new Error(`${name}: ${x.status} ${await x.text()}`);
      await x.text();
    }
    const used = process.cpuUsage(t);
    res.set(name, [...(res.get(name) ?? []), (used.user + used.system) / N]);
  }
  for (const [name, run] of alone) {
    const t = process.cpuUsage();
    for (let i = 0; i < N; i++) await run();
    const used = process.cpuUsage(t);
    res.set(name, [...(res.get(name) ?? []), (used.user + used.system) / N]);
  }
}
for (const [name, v] of res)
  console.log(
    name.padEnd(44),
    `${median(v).toFixed(1).padStart(6)} µs`,
    `(${[...v]
      .sort((a, b) => a - b)
      .map((x) => x.toFixed(0))
      .join(" ")})`,
  );
await booted.close();
rmSync(dir, { recursive: true, force: true });
process.exit(0);
