// What the read benchmarks (bench/player-reads.ts, bench/api-read.ts, bench/player-reads-in-process.ts)
// share: a data directory with a seeded world built through the domain code, a session per
// player, and servers started on copies of it (a chDB data directory is one process's).
import { Database } from "bun:sqlite";
import { cpSync, mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { createHash, randomBytes } from "node:crypto";
import { readEnv } from "../edge/config.ts";
import { boot } from "../edge/boot.ts";
import { buildWorld } from "../api/db/seed/world.ts";

export const ROOT = new URL("..", import.meta.url).pathname;
/** The game API key every benchmark server is started with. */
export const GAME_KEY = "bench-game-api-key-0123456789";
/** The CSRF token of every benchmark session. */
export const CSRF = "bench-csrf-token";
const quiet = { info() {}, warn() {}, error: console.error };

/** A new data directory (under the system's temp dir) holding a world of `players` players and `days` days of play. */
export async function seededDataDir(name: string, world: { players: number; days: number }): Promise<string> {
  const dir = mkdtempSync(join(tmpdir(), `tk-bench-${name}-`));
  const booted = await boot(readEnv({ ...process.env, DATA_DIR: dir }), { logger: quiet });
  await buildWorld(booted.deps.db, { ...world, now: Date.now() });
  // Ship the world's events now, or the first app server measured would be shipping them.
  await booted.shipper.idle();
  await booted.shipper.stop();
  await booted.close();
  return dir;
}

/** The world's players who may sign in now (not erased, not banned). */
export function playableIds(dataDir: string): number[] {
  const db = new Database(join(dataDir, "tankodrome.db"), { readonly: true });
  try {
    return (
      db
        .query("SELECT id FROM players WHERE erased_at IS NULL AND (banned_until IS NULL OR banned_until < ?)")
        .values(Date.now() + 86_400_000) as number[][]
    ).map(([id]) => id);
  } finally {
    db.close();
  }
}

/**
 * A player session for each of `ids` (CSRF token {@link CSRF}), written to the store; the tokens
 * in the same order. Seen "in the future", so no request touches a session (a write) meanwhile.
 */
export function addSessions(dataDir: string, ids: number[]): string[] {
  const db = new Database(join(dataDir, "tankodrome.db"));
  const now = Date.now();
  const add = db.query(
    "INSERT INTO sessions (token_hash, kind, subject_id, csrf_token, locale, created_at, last_seen_at, expires_at) VALUES (?, 'player', ?, ?, 'en', ?, ?, ?)",
  );
  const tokens = ids.map((id) => {
    const token = randomBytes(24).toString("base64url");
    add.run(createHash("sha256").update(token).digest("hex"), id, CSRF, now, now + 3_600_000, now + 86_400_000);
    return token;
  });
  db.close();
  return tokens;
}

export interface Server {
  proc: ReturnType<typeof Bun.spawn>;
  base: string;
  dir: string;
}

/** Starts a bench/servers script on a copy of `dataDir` at 127.0.0.1:`port`; resolves when it prints "ready". */
export async function startServer(
  script: string,
  port: number,
  dataDir: string,
  env: Record<string, string> = {},
): Promise<Server> {
  const dir = `${dataDir}-${port}`;
  cpSync(dataDir, dir, { recursive: true });
  const proc = Bun.spawn([process.execPath, join(ROOT, script)], {
    cwd: ROOT,
    env: { ...process.env, ...env, GAME_API_KEY: GAME_KEY, PORT: String(port), DATA_DIR: dir },
    stdout: "pipe",
    stderr: "inherit",
  });
  const reader = proc.stdout.getReader();
  let out = "";
  while (!out.includes("ready")) {
    const { value, done } = await reader.read();
    if (done) throw new Error(`${script} exited before it was ready`);
    out += new TextDecoder().decode(value);
  }
  reader.releaseLock();
  return { proc, base: `http://127.0.0.1:${port}`, dir };
}

/** Lets `server` run and stops (SIGSTOP) every other: an idle app still polls its outbox and keeps chDB's threads. */
export function runOnly(servers: Server[], server: Server) {
  for (const other of servers) other.proc.kill(other === server ? "SIGCONT" : "SIGSTOP");
}

/** Ends the servers and removes their data directories and `dataDir`. */
export async function stopServers(servers: Server[], dataDir: string) {
  for (const s of servers) {
    s.proc.kill("SIGCONT");
    s.proc.kill();
  }
  await Promise.all(servers.map((s) => s.proc.exited));
  for (const dir of [dataDir, ...servers.map((s) => s.dir)]) rmSync(dir, { recursive: true, force: true });
}

type WrkArgs = { connections: string; seconds: string; flags?: string[]; env?: Record<string, string> };

/** Requests per second as wrk reports them; throws on answers other than 2xx. */
export function wrk(url: string, args: WrkArgs): number {
  return wrkRun(url, args).perSecond;
}

/** wrk's requests per second and its count of requests; throws on answers other than 2xx. */
export function wrkRun(url: string, args: WrkArgs): { perSecond: number; requests: number } {
  const r = Bun.spawnSync(["wrk", "-t1", `-c${args.connections}`, `-d${args.seconds}s`, ...(args.flags ?? []), url], {
    env: { ...process.env, ...args.env },
  });
  const text = r.stdout.toString();
  if (/Non-2xx/.test(text)) throw new Error(`${url}: answers other than 2xx — ${text}`);
  const m = /Requests\/sec:\s+([\d.]+)/.exec(text);
  const n = /(\d+) requests in/.exec(text);
  if (!m || !n) throw new Error(`wrk said: ${text}${r.stderr.toString()}`);
  return { perSecond: Number(m[1]), requests: Number(n[1]) };
}

const TICKS = 100; // USER_HZ: /proc/<pid>/stat counts CPU time in 1/100 s on Linux
/**
 * The CPU seconds a process (all its threads) has used, from /proc/<pid>/stat. Requests per CPU
 * second measure a server where the machine's load (other engineers' tests on 2 cores) moves
 * requests per wall-clock second by several times within a round.
 */
export function cpuSeconds(pid: number): number {
  const stat = readFileSync(`/proc/${pid}/stat`, "utf8");
  // The fields after the command name (which may hold spaces) in its parentheses: utime is the 14th.
  const f = stat.slice(stat.lastIndexOf(")") + 2).split(" ");
  return (Number(f[11]) + Number(f[12])) / TICKS;
}

export const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];
