// The app as `npm start` serves it (edge/boot.ts, bunFetch), for bench/signin-burst.ts, trusting
// 127.0.0.1 as a proxy so each sign-in of the burst can come "from" its own address
// (X-Forwarded-For) and none is refused by the per-address limit. For comparison:
// BENCH_KDF=pool0 hashes in a pool whose workers run at the event loop's own priority (as before
// edge/kdf-pool.ts lowered them), BENCH_KDF=thread on the event loop (as before the pool).
import { readEnv } from "../../edge/config.ts";
import { boot } from "../../edge/boot.ts";
import { createApp } from "../../api/app.ts";
import { bunFetch } from "../../edge/bun-fetch.ts";
import { parseTrustedProxies } from "../../edge/client-address.ts";
import { hashPasswordsWith } from "../../api/domain/password.ts";
import { createKdfPool } from "../../edge/kdf-pool.ts";

const env = readEnv({ ...process.env, SEED_PLAYERS: "0" });
const booted = await boot(env, { logger: { info() {}, warn() {}, error: console.error } });
if (process.env.BENCH_KDF === "thread") hashPasswordsWith(null);
if (process.env.BENCH_KDF === "pool0") hashPasswordsWith(createKdfPool(undefined, { nice: 0 }));
const app = createApp(booted.deps);
const server = Bun.serve({
  port: Number(process.env.PORT),
  hostname: "127.0.0.1",
  fetch: bunFetch(app, parseTrustedProxies("127.0.0.1")),
});
console.log(`ready ${server.port}`);
