// What a journey needs around the browser: the app started as in production (bun edge/bun.ts) on
// a fresh data directory and a free port, a libSQL client on its database for the rows a
// journey puts in directly, and sessions made the way the server makes them (a hashed token and a
// CSRF token), so a spec signs people in without going through their sign-in screens; and the
// outside parties the app talks to (the game server's calls, payment providers' stand-ins).
import type { Browser, BrowserContextOptions } from "@playwright/test";
import { spawn, spawnSync } from "node:child_process";
import { createHash, randomBytes } from "node:crypto";
import { mkdtempSync, rmSync } from "node:fs";
import { createServer } from "node:http";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { createClient, type Client } from "@libsql/client";
import type { Contract, InputOf, OutputOf } from "../api/contracts/contract.ts";
import { call } from "./contracts.ts";

export interface RunningApp {
  url: string;
  db: Client;
  /** The data directory, for the command-line tools that work on it and for scratch files. */
  dir: string;
  /** Stops the server, waits for its exit, then removes its data directory. */
  stop(): Promise<void>;
}

/** A port the system has just handed out as free (it may be taken again before the app binds it). */
function freePort(): Promise<number> {
  return new Promise((ok, fail) => {
    const probe = createServer();
    probe.once("error", fail);
    probe.listen(0, "127.0.0.1", () => {
      const { port } = probe.address() as { port: number };
      probe.close(() => ok(port));
    });
  });
}

export async function startApp(name: string, env: Record<string, string> = {}): Promise<RunningApp> {
  // A port picked at random can be one the machine's own outgoing connections hold (it fell in
  // the ephemeral range once, and the server could not listen): take one the system says is
  // free, and try another if it was taken meanwhile.
  for (let attempt = 1; ; attempt++) {
    try {
      return await startAppOn(await freePort(), name, env);
    } catch (e) {
      if (attempt >= 3) throw e;
    }
  }
}

async function startAppOn(port: number, name: string, env: Record<string, string>): Promise<RunningApp> {
  const url = `http://127.0.0.1:${port}`;
  const dir = mkdtempSync(join(tmpdir(), `tk-e2e-${name}-`));
  const server = spawn("node_modules/.bin/bun", ["edge/bun.ts"], {
    env: {
      ...process.env,
      PORT: String(port),
      HOST: "127.0.0.1",
      DATA_DIR: dir,
      SEED_PLAYERS: "0",
      PUBLIC_URL: url,
      // Every answer is checked against its route's contract (api/contracts/): a screen's data
      // that does not fit is a 500 the journey sees.
      TK_CHECK_OUTPUTS: "1",
      ...env,
    },
    stdio: ["ignore", "pipe", "inherit"],
  });
  const exited = new Promise<void>((done) => server.on("exit", () => done()));
  try {
    await new Promise<void>((ok, fail) => {
      server.stdout!.on("data", (d: Buffer) => String(d).includes("Tankodrome ready") && ok());
      server.on("exit", (code) => fail(new Error(`server exited ${code}`)));
    });
  } catch (e) {
    rmSync(dir, { recursive: true, force: true });
    throw e;
  }
  const db = createClient({ url: `file:${dir}/tankodrome.db` });
  await db.execute("PRAGMA busy_timeout = 10000");
  return {
    url,
    db,
    dir,
    async stop() {
      db.close();
      server.kill("SIGTERM");
      // chDB writes into the directory until the server exits; one that hangs on its way out is
      // killed rather than holding up the suite.
      const hung = setTimeout(() => server.kill("SIGKILL"), 10_000);
      await exited;
      clearTimeout(hung);
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
  await db.execute({
    sql: "insert into sessions (token_hash, kind, subject_id, csrf_token, locale, created_at, last_seen_at, expires_at) values (?, ?, ?, ?, ?, ?, ?, ?)",
    args: [sha256(token), kind, subjectId, csrf, locale, now, now, now + 3_600_000],
  });
  return { token, csrf, cookieName: kind === "admin" ? "tk_admin" : "tk_player" };
}

/** The browser cookie that carries a session from addSession, for context.addCookies. */
export function sessionCookie(session: { cookieName: string; token: string }) {
  return { name: session.cookieName, value: session.token, domain: "127.0.0.1", path: "/" };
}

/** An admin account of the role (no password: it signs in through addSession). The username is
 * the prefix and a few digits, for a journey that reads it on a screen. */
export async function addAdmin(
  db: Client,
  role: "support" | "operator" | "admin" | "superadmin" = "operator",
  prefix = "op",
) {
  const now = Date.now();
  const username = `${prefix}${now % 100000}${Math.floor(Math.random() * 100)}`;
  const r = await db.execute({
    sql: "insert into admins (username, email, password_hash, role, active, created_at) values (?, ?, '-', ?, 1, ?) returning id",
    args: [username, `${username}@example.com`, role, now],
  });
  return Number(r.rows[0].id);
}

/**
 * A page in a new browser context (`context`: its options) signed in through a session made in
 * code: as a new operator of the role (addAdmin) or as the player of the id, the session in
 * `locale` (en) — a player's saved language too.
 */
export async function signedInPage(
  browser: Browser,
  db: Client,
  who: { admin: "support" | "operator" | "admin" | "superadmin" } | { player: number },
  o: { context?: BrowserContextOptions; locale?: "ru" | "en" } = {},
) {
  // The player speaks the session's language: a signed-in player's saved language wins on the
  // pages without one in their path (docs/decisions/http.md).
  if ("player" in who)
    await db.execute({ sql: "update players set locale = ? where id = ?", args: [o.locale ?? "en", who.player] });
  const session =
    "player" in who
      ? await addSession(db, "player", who.player, o.locale)
      : await addSession(db, "admin", await addAdmin(db, who.admin), o.locale);
  const context = await browser.newContext(o.context);
  await context.addCookies([sessionCookie(session)]);
  return { context, page: await context.newPage() };
}

/** An admin with a password, made by the command a real deployment makes its first one with; the
 * spec checks the answer (status and stderr). */
export function createAdminWithCli(
  app: RunningApp,
  admin: { username: string; password: string; email: string; role: "support" | "operator" | "admin" | "superadmin" },
) {
  return spawnSync(
    "node_modules/.bin/bun",
    ["edge/cli/admin-create.ts", "--username", admin.username, "--role", admin.role, "--email", admin.email],
    {
      env: { ...process.env, DATA_DIR: app.dir, ADMIN_PASSWORD: admin.password },
      encoding: "utf8",
    },
  );
}

/** A web player of the country (level 1 and no email unless given), as registration leaves one. */
export async function addPlayer(
  db: Client,
  p: { nickname: string; country: string; level?: number; email?: string; createdAt?: number },
) {
  const r = await db.execute({
    sql: "insert into players (nickname, email, country, platform, source, locale, level, created_at) values (?, ?, ?, 'web', 'organic', 'en', ?, ?) returning id",
    args: [p.nickname, p.email ?? null, p.country, p.level ?? 1, p.createdAt ?? Date.now()],
  });
  return Number(r.rows[0].id);
}

/** The key the game server calls the game API with; a journey that uses it passes it to startApp. */
export const GAME_API_KEY = "e2e-game-api-key-0123456789";

/** The game client's call through its contract (api/contracts/game/api/), as the game server makes it. */
export function game<C extends Contract>(app: RunningApp, contract: C, input: InputOf<C>): Promise<OutputOf<C>> {
  return call(app, contract, input, { gameKey: GAME_API_KEY });
}

export interface Standin {
  url: string;
  close(): Promise<void>;
}

/** A payment provider's stand-in (a fetch handler) served over HTTP on a free port. The handler is
 * called per request, so it may close over a stand-in made after the app started: the stand-in
 * needs the app's address and the app needs the stand-in's. */
export async function serveStandin(fetch: (r: Request) => Response | Promise<Response>): Promise<Standin> {
  const server = createServer(async (req, res) => {
    const chunks: Buffer[] = [];
    for await (const c of req) chunks.push(c as Buffer);
    const headers = new Headers();
    for (const [k, v] of Object.entries(req.headers)) if (typeof v === "string") headers.set(k, v);
    const body = req.method === "GET" || req.method === "HEAD" ? undefined : Buffer.concat(chunks);
    const r = await fetch(new Request(`${url}${req.url}`, { method: req.method, headers, body }));
    res.writeHead(r.status, Object.fromEntries(r.headers));
    res.end(Buffer.from(await r.arrayBuffer()));
  });
  await new Promise<void>((ok) => server.listen(0, "127.0.0.1", () => ok()));
  const url = `http://127.0.0.1:${(server.address() as { port: number }).port}`;
  return {
    url,
    close: () =>
      new Promise<void>((done) => {
        server.close(() => done());
        server.closeAllConnections();
      }),
  };
}
