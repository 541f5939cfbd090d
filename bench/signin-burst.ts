// bun bench/signin-burst.ts [--rounds 5] [--readers 4] [--burst 60] [--kdf pool,pool0,thread]
// The p99 latency of a player read (the game API's GET /game/api/players/:playerId, a random
// player each time, `readers` requests in flight) while a burst of `burst` concurrent password
// sign-ins (each a different account and address, the right password: every one is hashed) is
// served, against the same read with no burst — measured back to back in each round; prints the
// ratio (goal: within 2x) and how long the burst took. Servers (--kdf): `pool` as `npm start`
// runs (Argon2id in edge/kdf-pool.ts's workers at a lower priority), `pool0` the same workers at
// the event loop's priority (as before), `thread` hashing on the event loop (before the pool).
// Three processes: the server, the burst's client (bench/clients/signin-burst.ts) and this one,
// whose event loop only times the reads.
import { parseArgs } from "node:util";
import { cpSync, mkdtempSync, rmSync } from "node:fs";
import { loadavg, tmpdir } from "node:os";
import { join } from "node:path";
import { like } from "drizzle-orm";
import { readEnv } from "../edge/config.ts";
import { boot } from "../edge/boot.ts";
import { registerPlayer } from "../api/domain/players.ts";
import { hashPassword } from "../api/domain/password.ts";
import { players } from "../api/db/schema/players.ts";

const { values } = parseArgs({
  options: {
    rounds: { type: "string", default: "5" },
    readers: { type: "string", default: "4" },
    burst: { type: "string", default: "60" },
    kdf: { type: "string", default: "pool,pool0,thread" },
  },
});
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
  const booted = await boot(readEnv({ ...process.env, DATA_DIR: dataDir, SEED_PLAYERS: "0" }), {
    logger: { info() {}, warn() {}, error: console.error },
  });
  const db = booted.deps.db;
  for (let i = 0; i < 300; i++) {
    const { playerId } = await registerPlayer(db, {
      nickname: `Bench${i}`,
      email: i < BURST ? `burst${i}@example.com` : null,
      country: "RU",
      platform: "web",
      source: "organic",
      locale: "ru",
      at: Date.now(),
    });
    ids.push(playerId);
  }
  await db
    .update(players)
    .set({ passwordHash: await hashPassword(PASSWORD) })
    .where(like(players.email, "burst%"));
  await booted.shipper.idle();
  await booted.close();
}

interface Server {
  proc: ReturnType<typeof Bun.spawn>;
  base: string;
  dir: string;
  client: LineProcess;
}

interface LineProcess {
  proc: Bun.Subprocess<"pipe", "pipe", "inherit">;
  /** The next line the process prints. */
  line(): Promise<string>;
}

function spawnLines(cmd: string[], env: Record<string, string>): LineProcess {
  const proc = Bun.spawn(cmd, {
    cwd: root,
    env: { ...process.env, ...env },
    stdin: "pipe",
    stdout: "pipe",
    stderr: "inherit",
  });
  const reader = proc.stdout.getReader();
  const decoder = new TextDecoder();
  let buf = "";
  return {
    proc,
    async line() {
      while (!buf.includes("\n")) {
        const { value, done } = await reader.read();
        if (done) throw new Error(`${cmd.at(-1)} exited`);
        buf += decoder.decode(value);
      }
      const i = buf.indexOf("\n");
      const l = buf.slice(0, i);
      buf = buf.slice(i + 1);
      return l;
    },
  };
}

async function start(port: number, kdf: string): Promise<Server> {
  const dir = `${dataDir}-${port}`;
  cpSync(dataDir, dir, { recursive: true });
  const server = spawnLines([process.execPath, join(root, "bench/servers/app-signin.ts")], {
    GAME_API_KEY: KEY,
    PORT: String(port),
    DATA_DIR: dir,
    BENCH_KDF: kdf,
  });
  while (!(await server.line()).startsWith("ready"));
  const base = `http://127.0.0.1:${port}`;
  // The burst comes from a process of its own: this one's event loop only times the reads.
  const client = spawnLines([process.execPath, join(root, "bench/clients/signin-burst.ts")], {
    BASE: base,
    BURST: String(BURST),
    PASSWORD,
  });
  while (!(await client.line()).startsWith("ready"));
  return { proc: server.proc, base, dir, client };
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

/** One burst of sign-ins, fired by the server's client process; resolves with how long it took (ms). */
async function burst(s: Server, round: number): Promise<number> {
  s.client.proc.stdin.write(`go ${round}\n`);
  s.client.proc.stdin.flush();
  const answer = await s.client.line();
  if (!answer.startsWith("done ")) throw new Error(`sign-ins: ${answer}`);
  return Number(answer.slice(5));
}

/** One round: the reads alone for as long as the burst took last (1–10 s), then the reads during a burst. */
async function round(s: Server, r: number, quietMs: number) {
  const quiet = await readWhile(s.base, Bun.sleep(quietMs));
  let took = 0;
  const during = await readWhile(
    s.base,
    burst(s, r).then((ms) => (took = ms)),
  );
  return { quiet: p99(quiet), during: p99(during), took, n: during.length };
}

const loadBefore = loadavg();
const kdfs = values.kdf.split(",");
const servers: Record<string, Server> = {};
for (const [i, kdf] of kdfs.entries()) servers[kdf] = await start(3111 + i, kdf);
const results: Record<string, { quiet: number; during: number; took: number; n: number }[]> = Object.fromEntries(
  kdfs.map((k) => [k, []]),
);
// Warm-up (JIT, statement caches, the workers' WebAssembly) before anything counts.
for (const s of Object.values(servers)) {
  await readWhile(s.base, Bun.sleep(1000));
  await burst(s, 0);
}
for (let r = 1; r <= ROUNDS; r++) {
  for (const name of r % 2 ? kdfs : [...kdfs].reverse()) {
    // The other server is stopped meanwhile: two servers share this machine's two cores.
    for (const [n, s] of Object.entries(servers)) s.proc.kill(n === name ? "SIGCONT" : "SIGSTOP");
    const last = results[name].at(-1)?.took ?? 2000;
    results[name].push(await round(servers[name], r, Math.min(10_000, Math.max(1000, last))));
  }
}
for (const s of Object.values(servers)) {
  s.proc.kill("SIGCONT");
  s.proc.kill();
  s.client.proc.kill();
}
await Promise.all(Object.values(servers).flatMap((s) => [s.proc.exited, s.client.proc.exited]));
for (const dir of [dataDir, ...Object.values(servers).map((s) => s.dir)]) rmSync(dir, { recursive: true, force: true });

for (const [name, rs] of Object.entries(results)) {
  const ratios = rs.map((x) => x.during / x.quiet);
  console.log(
    `player read p99 during ${BURST} concurrent sign-ins, hashing ${{ pool: "in the worker pool at a lower priority (npm start)", pool0: "in the worker pool at the event loop's priority", thread: "on the event loop" }[name] ?? name}: ` +
      `${median(rs.map((x) => x.during)).toFixed(1)} ms vs ${median(rs.map((x) => x.quiet)).toFixed(1)} ms without — ratio ${median(ratios).toFixed(2)} ` +
      `(median of ${rs.length} paired rounds: ${ratios.map((x) => x.toFixed(2)).join(" ")}; burst took ${median(rs.map((x) => x.took)).toFixed(0)} ms (${rs.map((x) => (x.took / 1000).toFixed(1)).join(" ")} s), ${median(rs.map((x) => x.n))} reads during it)`,
  );
}
console.log(
  `load average (1 min) at the start ${loadBefore[0].toFixed(1)}, at the end ${loadavg()[0].toFixed(1)}, on ${navigator.hardwareConcurrency} cores`,
);
