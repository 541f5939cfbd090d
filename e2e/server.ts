// What a journey needs around the browser: the app started as in production (bun edge/bun.ts) on
// a fresh data directory and a free-ish port, a libSQL client on its database for the rows a
// journey puts in directly, and sessions made the way the server makes them (a hashed token and a
// CSRF token), so a spec signs people in without going through their sign-in screens.
import { spawn } from "node:child_process";
import { createHash, randomBytes } from "node:crypto";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { createClient, type Client } from "@libsql/client";

export interface RunningApp {
  url: string;
  db: Client;
  /** Stops the server, waits for its exit, then removes its data directory. */
  stop(): Promise<void>;
}

export async function startApp(name: string, env: Record<string, string> = {}): Promise<RunningApp> {
  const port = 40_000 + Math.floor(Math.random() * 5_000);
  const url = `http://127.0.0.1:${port}`;
  const dir = mkdtempSync(join(tmpdir(), `tk-e2e-${name}-`));
  const server = spawn("node_modules/.bin/bun", ["edge/bun.ts"], { env: { ...process.env, PORT: String(port), HOST: "127.0.0.1", DATA_DIR: dir, SEED_PLAYERS: "0", PUBLIC_URL: url, ...env }, stdio: ["ignore", "pipe", "inherit"] });
  const exited = new Promise<void>((done) => server.on("exit", () => done()));
  await new Promise<void>((ok, fail) => {
    server.stdout!.on("data", (d: Buffer) => String(d).includes("Tankodrome ready") && ok());
    server.on("exit", (code) => fail(new Error(`server exited ${code}`)));
  });
  const db = createClient({ url: `file:${dir}/tankodrome.db` });
  await db.execute("PRAGMA busy_timeout = 10000");
  return {
    url,
    db,
    async stop() {
      db.close();
      server.kill("SIGTERM");
      await exited;
      rmSync(dir, { recursive: true, force: true });
    },
  };
}

const sha256 = (s: string) => createHash("sha256").update(s).digest("hex");

/** A signed-in session of an operator or a player: its cookie value and its CSRF token. */
export async function addSession(db: Client, kind: "admin" | "player", subjectId: number, locale: "ru" | "en" = "en") {
  const now = Date.now();
  const token = randomBytes(32).toString("base64url");
  const csrf = randomBytes(24).toString("base64url");
  await db.execute({ sql: "insert into sessions (token_hash, kind, subject_id, csrf_token, locale, created_at, last_seen_at, expires_at) values (?, ?, ?, ?, ?, ?, ?, ?)", args: [sha256(token), kind, subjectId, csrf, locale, now, now, now + 3_600_000] });
  return { token, csrf, cookieName: kind === "admin" ? "tk_admin" : "tk_player" };
}

/** An admin account of the role (no password: it signs in through addSession). */
export async function addAdmin(db: Client, role: "support" | "operator" | "admin" | "superadmin" = "operator") {
  const now = Date.now();
  const username = `op${now % 100000}${Math.floor(Math.random() * 100)}`;
  const r = await db.execute({ sql: "insert into admins (username, email, password_hash, role, active, created_at) values (?, ?, '-', ?, 1, ?) returning id", args: [username, `${username}@example.com`, role, now] });
  return Number(r.rows[0].id);
}
