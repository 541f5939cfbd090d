// The whole app as `npm start` serves it (every middleware, the router, the configured libSQL
// client, edge/bun.ts's fetch), answering the game API's player read, GET /game/api/players/:playerId. One extra
// route is registered only in this benchmark process, for comparison:
//   /bench/player-drizzle/:id  the same read as a drizzle prepared query.
import { and, eq, isNull, sql } from "drizzle-orm";
import { readEnv } from "../../edge/config.ts";
import { boot } from "../../edge/boot.ts";
import { createApp } from "../../api/app.ts";
import { bunFetch } from "../../edge/bun-fetch.ts";
import { players } from "../../api/db/schema/players.ts";

const env = readEnv({ ...process.env, SEED_PLAYERS: "0" });
const booted = await boot(env, { logger: { info() {}, warn() {}, error: console.error } });
const app = createApp(booted.deps);
const { db } = booted.deps;

const read = db
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
app.get("/bench/player-drizzle/:id{[0-9]+}", async (c) => {
  const [p] = await read.execute({ id: Number(c.req.param("id")) });
  return p ? c.json(p) : c.json({ error: { code: "not_found" } }, 404);
});

const server = Bun.serve({ port: Number(process.env.PORT), hostname: "127.0.0.1", fetch: bunFetch(app) });
console.log(`ready ${server.port}`);
