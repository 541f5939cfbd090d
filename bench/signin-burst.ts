// bun bench/signin-burst.ts [--rounds 5] [--readers 4] [--burst 60]
// The p99 latency of a player read (the game API's GET /game/api/players/:playerId, a random
// player each time, `readers` requests in flight) while a burst of `burst` concurrent password
// sign-ins (each a different account and address, the right password: every one is hashed) is
// served, against the same read with no burst — measured back to back in each round; prints the
// ratio (goal: within 2x). The same for a server that hashes on its event loop (as before the
// worker pool) shows what the pool buys.
import { parseArgs } from "node:util";
import { cpSync, mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { like } from "drizzle-orm";
import { readEnv } from "../edge/config.ts";
import { boot } from "../edge/boot.ts";
import { registerPlayer } from "../api/domain/players.ts";
import { hashPassword } from "../api/identity/password.ts";
import { players } from "../api/db/schema/players.ts";

const { values } = parseArgs({ options: { rounds: { type: "string", default: "5" }, readers: { type: "string", default: "4" }, burst: { type: "string", default: "60" } } });
const ROUNDS = Number(values.rounds);
const READERS = Number(values.readers);
const BURST = Number(values.burst);
const KEY = "bench-game-api-key-0123456789";
const PASSWORD = "bench password 123";
const root = new URL("..", import.meta.url).pathname;
const dataDir = mkdtempSync(join(tmpdir(), "tk-bench-signin-"));

// 300 players to read, BURST of them with an email and a password to sign in with.
const ids: number[] = [];
{
  const booted = await boot(readEnv({ ...process.env, DATA_DIR: dataDir, SEED_PLAYERS: "0" }), { logger: { info() {}, warn() {}, error: console.error } });
  const db = booted.deps.db;
  for (let i = 0; i < 300; i++) {
    const { playerId } = await registerPlayer(db, { nickname: `Bench${i}`, email: i < BURST ? `burst${i}@example.com` : null, country: "RU", platform: "web", source: "organic", locale: "ru", at: Date.now() });
    ids.push(playerId);
  }
  await db.update(players).set({ passwordHash: await hashPassword(PASSWORD) }).where(like(players.email, "burst%"));
  await booted.shipper.idle();
  await booted.close();
}

interface Server {
  proc: ReturnType<typeof Bun.spawn>;
  base: string;
  dir: string;
}

async function start(port: number, kdf: "pool" | "thread"): Promise<Server> {
  const dir = `${dataDir}-${port}`;
  cpSync(dataDir, dir, { recursive: true });
  const proc = Bun.spawn([process.execPath, join(root, "bench/servers/app-signin.ts")], { cwd: root, env: { ...process.env, GAME_API_KEY: KEY, PORT: String(port), DATA_DIR: dir, BENCH_KDF: kdf }, stdout: "pipe", stderr: "inherit" });
  const reader = proc.stdout.getReader();
  let out = "";
  while (!out.includes("ready")) {
    const { value, done } = await reader.read();
    if (done) throw new Error("the server exited before it was ready");
    out += new TextDecoder().decode(value);
  }
  reader.releaseLock();
  return { proc, base: `http://127.0.0.1:${port}`, dir };
}

/** Reads players with `READERS` requests in flight until `until` resolves; returns each read's latency (ms). */
async function readWhile(base: string, until: Promise<unknown>): Promise<number[]> {
  const times: number[] = [];
  let done = false;
  void until.then(() => (done = true));
  const loop = async () => {
    while (!done) {
      const id = ids[Math.floor(Math.random() * ids.length)];
      const t0 = performance.now();
      const res = await fetch(`${base}/game/api/players/${id}`, { headers: { authorization: `Bearer ${KEY}` } });
      if (res.status !== 200) throw new Error(`player read: ${res.status}`);
      await res.arrayBuffer();
      times.push(performance.now() - t0);
    }
  };
  await Promise.all(Array.from({ length: READERS }, loop));
  return times;
}

const p99 = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.min(xs.length - 1, Math.floor(xs.length * 0.99))];
const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];

async function burst(base: string, round: number): Promise<number> {
  const t0 = performance.now();
  const statuses = await Promise.all(
    Array.from({ length: BURST }, (_, i) =>
      fetch(`${base}/public/login`, {
        method: "POST",
        headers: { "content-type": "application/json", accept: "application/json", "x-forwarded-for": `10.${round}.${Math.floor(i / 250)}.${i % 250}` },
        body: JSON.stringify({ email: `burst${i}@example.com`, password: PASSWORD }),
      }).then(async (r) => (await r.arrayBuffer(), r.status)),
    ),
  );
  if (statuses.some((s) => s !== 200)) throw new Error(`sign-ins answered ${[...new Set(statuses)].join(", ")}`);
  return performance.now() - t0;
}

/** One round: the reads alone for as long as the burst took last, then the reads during a burst. */
async function round(s: Server, r: number, quietMs: number) {
  const quiet = await readWhile(s.base, Bun.sleep(quietMs));
  let took = 0;
  const during = await readWhile(s.base, burst(s.base, r).then((ms) => (took = ms)));
  return { quiet: p99(quiet), during: p99(during), took, n: during.length };
}

const servers = { pool: await start(3111, "pool"), thread: await start(3112, "thread") };
const results: Record<keyof typeof servers, { quiet: number; during: number; took: number; n: number }[]> = { pool: [], thread: [] };
// Warm-up (JIT, statement caches, the workers' WebAssembly) before anything counts.
for (const s of Object.values(servers)) {
  await readWhile(s.base, Bun.sleep(1000));
  await burst(s.base, 0);
}
for (let r = 1; r <= ROUNDS; r++) {
  for (const name of (r % 2 ? ["pool", "thread"] : ["thread", "pool"]) as (keyof typeof servers)[]) {
    // The other server is stopped meanwhile: two servers share this machine's two cores.
    for (const [n, s] of Object.entries(servers)) s.proc.kill(n === name ? "SIGCONT" : "SIGSTOP");
    const last = results[name].at(-1)?.took ?? 2000;
    results[name].push(await round(servers[name], r, Math.max(1000, last)));
  }
}
for (const s of Object.values(servers)) {
  s.proc.kill("SIGCONT");
  s.proc.kill();
}
await Promise.all(Object.values(servers).map((s) => s.proc.exited));
for (const dir of [dataDir, ...Object.values(servers).map((s) => s.dir)]) rmSync(dir, { recursive: true, force: true });

for (const [name, rs] of Object.entries(results)) {
  const ratios = rs.map((x) => x.during / x.quiet);
  console.log(
    `player read p99 during ${BURST} concurrent sign-ins, hashing ${name === "pool" ? "in the worker pool (npm start)" : "on the event loop (before)"}: ` +
      `${median(rs.map((x) => x.during)).toFixed(1)} ms vs ${median(rs.map((x) => x.quiet)).toFixed(1)} ms without — ratio ${median(ratios).toFixed(2)} ` +
      `(median of ${rs.length} paired rounds: ${ratios.map((x) => x.toFixed(2)).join(" ")}; burst took ${median(rs.map((x) => x.took)).toFixed(0)} ms, ${median(rs.map((x) => x.n))} reads during it)`,
  );
}
