// The whole app (every middleware, the router, drizzle over the configured libSQL client)
// serving one extra route that reads a player by primary key — registered only in this
// benchmark process, because the spec's player routes need a session and more reads.
import { eq, sql } from "drizzle-orm";
import { readEnv } from "../../edge/config.ts";
import { boot } from "../../edge/boot.ts";
import { createApp } from "../../api/app.ts";
import { players } from "../../api/db/schema/players.ts";

const env = readEnv({ ...process.env, SEED_PLAYERS: "0" });
const booted = await boot(env, { logger: { info() {}, warn() {}, error: console.error } });
const app = createApp(booted.deps);
const read = booted.deps.db
  .select({ id: players.id, nickname: players.nickname, level: players.level, gold: players.gold, silver: players.silver, rating: players.rating })
  .from(players)
  .where(eq(players.id, sql.placeholder("id")))
  .limit(1)
  .prepare();
app.get("/bench/player/:id{[0-9]+}", async (c) => {
  const [p] = await read.execute({ id: Number(c.req.param("id")) });
  return p ? c.json(p) : c.json({ error: { code: "not_found" } }, 404);
});
const server = Bun.serve({ port: Number(process.env.PORT), hostname: "127.0.0.1", fetch: (req) => app.fetch(req) });
console.log(`ready ${server.port}`);
