// bun bench/api-read-in-process.ts  [N=5000 requests a round] [ONLY=<variant>, for --cpu-prof]
// Where a player read's time goes, with no network: the same primary-key read through shrinking
// stacks, app.fetch called in a loop, 5 alternating rounds, µs per request (sorted) and each
// variant's median as a multiple of the bare statement measured in the same run.
//   appGame     the whole app, GET /game/api/players/1 (the real route: key, the first row through the client)
//   appDrizzle  the whole app, the same read as a drizzle prepared query (bench-only route)
//   honoRaw     a bare Hono app, statement through the client   clientOnly  the client + Response.json
//   stmtOnly    a bun:sqlite statement + Response.json (the baseline)
import { and, eq, isNull, sql } from "drizzle-orm";
import { mkdtempSync } from "node:fs";
import { Database } from "bun:sqlite";
import { rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { Hono } from "hono";
import { readEnv } from "../edge/config.ts";
import { boot } from "../edge/boot.ts";
import { createApp } from "../api/app.ts";
import { players } from "../api/db/schema/players.ts";
import { buildWorld } from "../api/db/seed/world.ts";
import { PLAYER_STATE_SQL as SQL } from "../api/game/players.ts";
const dir = mkdtempSync(join(tmpdir(), "tk-bench-inproc-"));
const env = readEnv({ ...process.env, SEED_PLAYERS: "0", DATA_DIR: dir });
const booted = await boot(env, { logger: { info() {}, warn() {}, error: console.error } });
await buildWorld(booted.deps.db, { players: 50, days: 5, now: Date.now() });
const app = createApp(booted.deps);
const client = booted.deps.client;
const key = booted.deps.settings.secrets.GAME_API_KEY!;
const read = booted.deps.db
  .select({
    id: players.id,
    nickname: players.nickname,
    level: players.level,
    experience: players.experience,
    rating: players.rating,
    battles: players.battles,
    wins: players.wins,
    gold: players.gold,
    silver: players.silver,
    premiumUntil: players.premiumUntil,
    currentTankId: players.currentTankId,
    bannedUntil: players.bannedUntil,
    banReason: players.banReason,
    locale: players.locale,
  })
  .from(players)
  .where(and(eq(players.id, sql.placeholder("id")), isNull(players.erasedAt)))
  .prepare();
app.get("/bench/player/:id{[0-9]+}", async (c) => {
  const [p] = await read.execute({ id: Number(c.req.param("id")) });
  return p ? c.json(p) : c.json({ error: { code: "not_found" } }, 404);
});
const bare = new Hono();
bare.get("/bench/raw/:id{[0-9]+}", async (c) => {
  const r = await client.execute({ sql: SQL, args: [Number(c.req.param("id"))] });
  const p = r.rows[0];
  return p ? c.json(p) : c.json({ error: { code: "not_found" } }, 404);
});
const db = new Database(`${dir}/tankodrome.db`, { readonly: true });
const stmt = db.prepare(SQL);
const all: Record<string, () => Response | Promise<Response>> = {
  appGame: () =>
    app.fetch(new Request("http://127.0.0.1/game/api/players/1", { headers: { authorization: `Bearer ${key}` } })),
  appDrizzle: () => app.fetch(new Request("http://127.0.0.1/bench/player/1")),
  honoRaw: () => bare.fetch(new Request("http://127.0.0.1/bench/raw/1")),
  clientOnly: async () => {
    const r = await client.execute({ sql: SQL, args: [1] });
    return Response.json(r.rows[0]);
  },
  stmtOnly: async () => {
    const id = Number(new URL("http://127.0.0.1/player/1").pathname.split("/").pop());
    return Response.json(stmt.get(id));
  },
};
const variants = process.env.ONLY ? { [process.env.ONLY]: all[process.env.ONLY] } : all;
const N = Number(process.env.N ?? 5000);
const res: Record<string, number[]> = {};
for (let r = 0; r < 5; r++)
  for (const [k, f] of Object.entries(variants)) {
    const t = performance.now();
    for (let i = 0; i < N; i++) {
      const x = await f();
      await x.text();
    }
    (res[k] ??= []).push(((performance.now() - t) * 1000) / N);
  }
const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];
const base = res.stmtOnly ? median(res.stmtOnly) : undefined;
for (const [k, v] of Object.entries(res))
  console.log(
    k.padEnd(12),
    v
      .sort((a, b) => a - b)
      .map((x) => x.toFixed(1))
      .join(" "),
    "µs",
    base ? `— ${(median(v) / base).toFixed(1)}× the bare statement` : "",
  );
await booted.close();
rmSync(dir, { recursive: true, force: true });
process.exit(0);
