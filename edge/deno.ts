// The same app under Deno: the embedded stores (or the servers named in the settings) built by
// edge/boot.ts, served with Deno.serve.
import process from "node:process";
import { readEnv } from "./config.ts";
import { boot } from "./boot.ts";
import { fileAssets } from "./assets.ts";
import { createApp } from "../api/app.ts";
import { buildWorld, isEmpty } from "../api/db/seed/world.ts";
import { upgradeWebSocket } from "hono/deno";
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
const booted = await boot(env, { assets: fileAssets(new URL("../ui/dist", import.meta.url).pathname) });
// A healthy warehouse is ready within moments: wait for it briefly, so a normal start serves with
// it; a warehouse that is down does not hold the start (it is retried in the background).
await Promise.race([booted.warehouse.ready, new Promise((r) => setTimeout(r, 10_000))]);
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
booted.deps.sockets = upgradeWebSocket;
const app = createApp(booted.deps);
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
const stop = async () => {
  await server.shutdown();
  await booted.close();
  Deno.exit(0);
};
Deno.addSignalListener("SIGINT", stop);
Deno.addSignalListener("SIGTERM", stop);
