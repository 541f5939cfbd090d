// The whole app (every middleware, the router, the configured libSQL client) serving two extra
// routes that read a player by primary key — registered only in this benchmark process, because
// the spec's player routes need a session and more reads:
//   /bench/player/:id          the fast path for a hot read: one prepared SQL statement through
//                              the libSQL client (bun:sqlite on Bun, @libsql/client or Turso
//                              elsewhere), the row straight to JSON, no drizzle query building or
//                              row mapping;
//   /bench/player-drizzle/:id  the same read as a drizzle prepared query.
import { eq, sql } from "drizzle-orm";
import { readEnv } from "../../edge/config.ts";
import { boot } from "../../edge/boot.ts";
import { createApp } from "../../api/app.ts";
import { players } from "../../api/db/schema/players.ts";

const env = readEnv({ ...process.env, SEED_PLAYERS: "0" });
const booted = await boot(env, { logger: { info() {}, warn() {}, error: console.error } });
const app = createApp(booted.deps);
const { client, db } = booted.deps;

const PLAYER_BY_ID = "SELECT id, nickname, level, gold, silver, rating FROM players WHERE id = ? LIMIT 1";
app.get("/bench/player/:id{[0-9]+}", async (c) => {
  const { rows } = await client.execute({ sql: PLAYER_BY_ID, args: [Number(c.req.param("id"))] });
  return rows[0] ? c.json(rows[0]) : c.json({ error: { code: "not_found" } }, 404);
});

const read = db
  .select({ id: players.id, nickname: players.nickname, level: players.level, gold: players.gold, silver: players.silver, rating: players.rating })
  .from(players)
  .where(eq(players.id, sql.placeholder("id")))
  .limit(1)
  .prepare();
app.get("/bench/player-drizzle/:id{[0-9]+}", async (c) => {
  const [p] = await read.execute({ id: Number(c.req.param("id")) });
  return p ? c.json(p) : c.json({ error: { code: "not_found" } }, 404);
});

const server = Bun.serve({ port: Number(process.env.PORT), hostname: "127.0.0.1", fetch: (req) => app.fetch(req) });
console.log(`ready ${server.port}`);
