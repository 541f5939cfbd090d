// The same app under Deno: the embedded stores (or the servers named in the settings) built by
// edge/boot.ts, served with Deno.serve.
import process from "node:process";
import { readEnv } from "./config.ts";
import { boot } from "./boot.ts";
import { fileAssets } from "./assets.ts";
import { createApp } from "../api/app.ts";
import { buildWorld, isEmpty } from "../api/db/seed/world.ts";
import { upgradeWebSocket } from "hono/deno";
import { honoSockets } from "./hono-sockets.ts";
import { arenaOf } from "../api/game/arena/arena.ts";
import { parseTrustedProxies, resolveClientAddress } from "./client-address.ts";

declare const Deno: {
  serve(
    opts: { port: number; hostname: string; onListen?: (a: { port: number }) => void },
    handler: (req: Request, info: { remoteAddr: { hostname: string } }) => Response | Promise<Response>,
  ): { shutdown(): Promise<void> };
  addSignalListener(sig: string, fn: () => void): void;
  exit(code: number): never;
};

const t0 = performance.now();
const env = readEnv(process.env);
const booted = await boot(env, { assets: fileAssets(new URL("../ui/dist", import.meta.url).pathname) }).catch((e) => {
  console.error(e instanceof Error ? e.message : String(e));
  Deno.exit(1);
});
// The warehouse never holds up serving (a short wait lets a normal start serve with a healthy chDB).
await Promise.race([booted.warehouse.ready, new Promise((r) => setTimeout(r, 300))]);
if (env.SEED_PLAYERS > 0 && (await isEmpty(booted.deps.db))) {
  console.log(`seeding a demo world: ${env.SEED_PLAYERS} players over ${env.SEED_DAYS} days…`);
  await buildWorld(booted.deps.db, { players: env.SEED_PLAYERS, days: env.SEED_DAYS, now: Date.now() });
  // Ship the world's events before serving, unless the warehouse is down (then they wait in the outbox).
  await Promise.race([
    booted.warehouse.ready.then(() => booted.shipper.idle()),
    new Promise((r) => setTimeout(r, 15_000)),
  ]);
}
// A battle runs in the process that formed it, its players' WebSockets upgraded here.
booted.deps.sockets = honoSockets(upgradeWebSocket);
const app = createApp(booted.deps);
// Battles left by a dead owner are taken over now (Deno's WebSocket client takes no headers: a socket
// that reached the wrong instance is told to come back rather than proxied).
const arena = arenaOf(booted.deps);
arena.start();
const trusted = parseTrustedProxies(env.TRUSTED_PROXIES);
const server = Deno.serve(
  {
    port: env.PORT,
    hostname: env.HOST,
    onListen: ({ port }) =>
      console.log(
        `Tankodrome (Deno) ready at http://${env.HOST}:${port}/ in ${((performance.now() - t0) / 1000).toFixed(1)} s`,
      ),
  },
  (req, info) => app.fetch(req, { address: resolveClientAddress(info.remoteAddr.hostname, req.headers, trusted) }),
);
let stopping = false;
const stop = async () => {
  if (stopping) return;
  stopping = true;
  await arena.drain().catch((e) => console.error("drain failed", e));
  await server.shutdown();
  await booted.close();
  Deno.exit(0);
};
Deno.addSignalListener("SIGINT", stop);
Deno.addSignalListener("SIGTERM", stop);
