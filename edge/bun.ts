// The default runtime: Bun serving the app on an embedded libSQL file and chDB (or the
// servers named in LIBSQL_URL / CLICKHOUSE_URL), with the demo world on an empty store.
import { readEnv } from "./config.ts";
import { boot } from "./boot.ts";
import { fileAssets } from "./assets.ts";
import { createApp } from "../api/app.ts";
import { bunFetch } from "./bun-fetch.ts";
import { parseTrustedProxies } from "./client-address.ts";
import { buildWorld, isEmpty } from "../api/db/seed/world.ts";
import type { SocketSession } from "../api/deps.ts";
import { arenaOf } from "../api/game/arena/arena.ts";

const t0 = performance.now();
const env = readEnv(process.env);
const assets = fileAssets();
const booted = await boot(env, { assets }).catch((e) => {
  // A setting or a store that stops the start (e.g. the embedded warehouse open in another process).
  console.error(e instanceof Error ? e.message : String(e));
  process.exit(1);
});
// The warehouse never holds up serving: a healthy chDB is open within moments (a short wait lets a
// normal start serve with it); one that is down is retried in the background while the site serves.
await Promise.race([booted.warehouse.ready, new Promise((r) => setTimeout(r, 300))]);
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

// The built UI read and compressed, the server's renderer loaded: the first page is served as fast as the next.
await assets.warm();

// A battle runs in the process that owns it, its players' WebSockets upgraded here (or proxied to
// its owner with Bun's WebSocket client, which takes headers: the player's cookie). The socket is
// Bun's own: its session (api/deps.ts) is the socket's data, each frame handed to it as Bun read it
// (a room reads 20 inputs a second from each player: no event or context object is built for one).
let server: Bun.Server<SocketSession> | null = null;
deps.sockets = (c, session) => (server?.upgrade(c.req.raw, { data: session }) ? new Response(null) : undefined);
deps.dialOwner = (url, headers) => new WebSocket(url, { headers } as unknown as string[]);
const app = createApp(deps);
// Battles left by a dead owner (this process before a restart, or another instance) are taken over now.
const arena = arenaOf(deps);
arena.start();
server = Bun.serve<SocketSession>({
  port: env.PORT,
  hostname: env.HOST,
  fetch: bunFetch(app, parseTrustedProxies(env.TRUSTED_PROXIES)),
  websocket: {
    open: (ws) => ws.data.open({ send: (d) => void ws.send(d), close: (code, reason) => ws.close(code, reason) }),
    message: (ws, data) => ws.data.message(data),
    close: (ws) => ws.data.close(),
  },
  idleTimeout: 120,
});
console.log(
  `Tankodrome ready at http://${env.HOST}:${server.port}/ in ${((performance.now() - t0) / 1000).toFixed(1)} s`,
);

// A deploy drains: no new battles here; each battle handed over (or, when its round ends within the
// grace of battle options, played to its end); then the process exits.
let stopping = false;
const stop = async () => {
  if (stopping) return;
  stopping = true;
  // Whatever hangs on the way out (a store that does not answer) does not keep the process.
  setTimeout(() => {
    console.error("stopping took too long: exiting");
    process.exit(1);
  }, arena.drainMs + 15_000).unref();
  const t = performance.now();
  const battles = arena.rooms.size;
  await arena.drain().catch((e) => console.error("drain failed", e));
  console.log(`drained ${battles} battle(s) in ${Math.round(performance.now() - t)} ms`);
  server?.stop(true);
  await booted.close();
  process.exit(0);
};
process.on("SIGINT", stop);
process.on("SIGTERM", stop);
