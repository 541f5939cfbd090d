// The default runtime: Bun serving the app on an embedded libSQL file and chDB (or the
// servers named in LIBSQL_URL / CLICKHOUSE_URL), with the demo world on an empty store.
import { readEnv } from "./config.ts";
import { boot } from "./boot.ts";
import { fileAssets } from "./assets.ts";
import { createApp } from "../api/app.ts";
import { bunFetch } from "./bun-fetch.ts";
import { parseTrustedProxies } from "./client-address.ts";
import { buildWorld, isEmpty } from "../api/db/seed/world.ts";
import { upgradeWebSocket, websocket } from "hono/bun";

const t0 = performance.now();
const env = readEnv(process.env);
const booted = await boot(env, { assets: fileAssets() });
// A healthy warehouse is ready within moments: wait for it briefly, so a normal start serves with
// it; a warehouse that is down does not hold the start (it is retried in the background).
await Promise.race([booted.warehouse.ready, new Promise((r) => setTimeout(r, 10_000))]);
const { deps } = booted;

if (env.SEED_PLAYERS > 0 && (await isEmpty(deps.db))) {
  console.log(`seeding a demo world: ${env.SEED_PLAYERS} players over ${env.SEED_DAYS} days…`);
  await buildWorld(deps.db, { players: env.SEED_PLAYERS, days: env.SEED_DAYS, now: Date.now() });
  // Ship the world's events before serving, unless the warehouse is down (then they wait in the outbox).
  await Promise.race([
    booted.warehouse.ready.then(() => booted.shipper.idle()),
    new Promise((r) => setTimeout(r, 15_000)),
  ]);
}

// A battle runs in the process that formed it, its players' WebSockets upgraded here.
deps.sockets = upgradeWebSocket;
const app = createApp(deps);
const server = Bun.serve({
  port: env.PORT,
  hostname: env.HOST,
  fetch: bunFetch(app, parseTrustedProxies(env.TRUSTED_PROXIES)),
  // hono/bun types its handler for its own socket data; Bun.serve here is typed for unknown data.
  websocket: websocket as unknown as Bun.WebSocketHandler<unknown>,
  idleTimeout: 120,
});
console.log(
  `Tankodrome ready at http://${env.HOST}:${server.port}/ in ${((performance.now() - t0) / 1000).toFixed(1)} s`,
);

const stop = async () => {
  server.stop();
  await booted.close();
  process.exit(0);
};
process.on("SIGINT", stop);
process.on("SIGTERM", stop);
