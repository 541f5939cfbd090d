// TEST ONLY: what the battle-server process tests share. A server started as `npm start` runs it
// (bun edge/bun.ts), killed or stopped like a deploy; a store prepared from the test (migrated,
// the tank catalogue and battle options, players with sessions made as the server makes them);
// and a player's battle client: its WebSocket reconnects by itself as the page does (after `moving`
// at once, else after a short wait), drives its tank, and keeps what it was told.
import { spawn, type ChildProcess } from "node:child_process";
import { createHash, randomBytes } from "node:crypto";
import { join } from "node:path";
import type { Client } from "@libsql/client";
import { createDb } from "../../api/db/index.ts";
import { migrate } from "../../api/db/migrate.ts";
import { putContent, DEMO_TANKS } from "../../api/domain/content.ts";
import { saveBattleOptions } from "../../api/domain/options.ts";
import { encodeClient } from "../../api/game/arena/contract.ts";
import { OP } from "../../api/game/sim/wire.ts";

export const root = new URL("../..", import.meta.url).pathname;
const bun = join(root, "node_modules/.bin/bun");

export const FREE_TANK = (DEMO_TANKS as { id: number; tier: number; priceSilver?: number; priceGold?: number }[]).find(
  (t) => t.tier === 1 && !t.priceSilver && !t.priceGold,
)!.id;

export async function freePort(): Promise<number> {
  const s = Bun.serve({ port: 0, hostname: "127.0.0.1", fetch: () => new Response() });
  const port = s.port!;
  s.stop(true);
  return port;
}

export interface Instance {
  url: string;
  port: number;
  proc: ChildProcess;
  /** What it printed (stdout and stderr). */
  out(): string;
  exited: Promise<number | null>;
  /** When it said it was ready (performance.now()). */
  readyAt: number;
}

/** Starts `bun edge/bun.ts`; resolves once it says it is ready (rejects if it exits first). */
export function startInstance(env: Record<string, string>): Promise<Instance> {
  const port = Number(env.PORT);
  const proc = spawn(bun, ["edge/bun.ts"], {
    cwd: root,
    env: { ...process.env, HOST: "127.0.0.1", SEED_PLAYERS: "0", ...env },
    stdio: ["ignore", "pipe", "pipe"],
  });
  let out = "";
  const exited = new Promise<number | null>((r) => proc.on("exit", (code) => r(code)));
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`not ready in 60 s: ${out}`)), 60_000);
    proc.stdout?.on("data", (d) => {
      out += String(d);
      if (out.includes("Tankodrome ready")) {
        clearTimeout(timer);
        resolve({ url: `http://127.0.0.1:${port}`, port, proc, out: () => out, exited, readyAt: performance.now() });
      }
    });
    proc.stderr?.on("data", (d) => {
      out += String(d);
    });
    void exited.then((code) => {
      clearTimeout(timer);
      reject(new Error(`exited (${code}) before it was ready: ${out}`));
    });
  });
}

/** Migrates the store and puts in what battles need: the tank catalogue and short-waiting battle options. */
export async function prepareStore(client: Client, options: Record<string, unknown> = {}) {
  await migrate(client);
  const db = createDb(client);
  await putContent(db, "tank", DEMO_TANKS, Date.now());
  await saveBattleOptions(
    db,
    // lateJoinSeconds 0: each player its own battle (no late comer takes a seat in another's).
    {
      roundSeconds: 120,
      maps: ["steppe"],
      teamSize: 2,
      maxWaitSeconds: 0,
      tierSpread: 1,
      lateJoinSeconds: 0,
      ...options,
    },
    "test",
    Date.now(),
  );
}

const sha256 = (s: string) => createHash("sha256").update(s).digest("hex");

export interface Person {
  id: number;
  cookie: string;
  csrf: string;
}

async function session(client: Client, kind: "player" | "admin", subjectId: number): Promise<Person> {
  const now = Date.now();
  const token = randomBytes(32).toString("base64url");
  const csrf = randomBytes(24).toString("base64url");
  await client.execute({
    sql: "insert into sessions (token_hash, kind, subject_id, csrf_token, locale, created_at, last_seen_at, expires_at) values (?, ?, ?, ?, 'en', ?, ?, ?)",
    args: [sha256(token), kind, subjectId, csrf, now, now, now + 3_600_000],
  });
  return { id: subjectId, cookie: `${kind === "admin" ? "tk_admin" : "tk_player"}=${token}`, csrf };
}

/** A web player signed in (a session as the server makes one). */
export async function addPlayer(client: Client, nickname: string): Promise<Person> {
  const r = await client.execute({
    sql: "insert into players (nickname, country, platform, source, locale, level, created_at) values (?, 'DE', 'web', 'organic', 'en', 1, ?) returning id",
    args: [nickname, Date.now()],
  });
  return session(client, "player", Number(r.rows[0].id));
}

/** An operator signed in. */
export async function addOperator(client: Client): Promise<Person> {
  const name = `op${Date.now() % 1e6}${Math.floor(Math.random() * 1000)}`;
  const r = await client.execute({
    sql: "insert into admins (username, email, password_hash, role, active, created_at) values (?, ?, '-', 'operator', 1, ?) returning id",
    args: [name, `${name}@example.com`, Date.now()],
  });
  return session(client, "admin", Number(r.rows[0].id));
}

export function post(base: string, who: Person, path: string, body: unknown = {}) {
  return fetch(`${base}${path}`, {
    method: "POST",
    headers: {
      cookie: who.cookie,
      "x-csrf-token": who.csrf,
      "content-type": "application/json",
      accept: "application/json",
    },
    body: JSON.stringify(body),
  });
}

/** Queues the player and polls until their battle is formed; answers its id. */
export async function battleOf(base: string, p: Person): Promise<number> {
  const joined = await post(base, p, "/game/play/join", { tankId: FREE_TANK });
  if (joined.status !== 200) throw new Error(`join answered ${joined.status}: ${await joined.text()}`);
  for (let i = 0; i < 100; i++) {
    const st = (await (
      await fetch(`${base}/game/play/status`, { headers: { cookie: p.cookie, accept: "application/json" } })
    ).json()) as { battle: { battleId: number } | null };
    if (st.battle) return st.battle.battleId;
    await Bun.sleep(100);
  }
  throw new Error("no battle formed");
}

type Msg = { type: string; [k: string]: unknown };

/**
 * A player's battle connection through `base` (a proxy, or one instance): it reconnects by itself
 * after a close (at once after `moving`, else after 150 ms), drives with an input every 100 ms,
 * and keeps every hello (when and at which tick) and the end.
 */
export class BattleClient {
  hellos: { at: number; tick: number }[] = [];
  lastTick = 0;
  end: Msg | null = null;
  closes = 0;
  private ws: WebSocket | null = null;
  private stopped = false;
  private driving: ReturnType<typeof setInterval>;
  private n = 0;

  constructor(
    private base: () => string,
    readonly battleId: number,
    private p: Person,
  ) {
    this.open();
    this.driving = setInterval(() => {
      const ws = this.ws;
      if (ws?.readyState !== 1) return;
      const n = this.n++;
      ws.send(
        encodeClient("input", { t: n % 4 === 0 ? -1 : 1, r: (n % 3) - 1, a: ((n % 63) - 31) / 10, f: n % 5 === 0 }),
      );
    }, 100);
  }

  private open() {
    if (this.stopped || this.end) return;
    const url = `${this.base().replace(/^http/, "ws")}/game/play/ws/${this.battleId}`;
    const ws = new WebSocket(url, { headers: { cookie: this.p.cookie } } as unknown as string[]);
    ws.binaryType = "arraybuffer";
    this.ws = ws;
    let retry = 150;
    ws.onmessage = (e) => {
      if (typeof e.data !== "string") {
        const bytes = new Uint8Array(e.data as ArrayBuffer);
        // SNAPSHOT (1) and a client's VIEW (2) carry their tick at bytes 1–4 (api/game/sim/wire.ts).
        if ((bytes[0] === OP.SNAPSHOT || bytes[0] === OP.VIEW) && bytes.byteLength >= 5)
          this.lastTick = new DataView(bytes.buffer, bytes.byteOffset).getUint32(1, true);
        return;
      }
      const m = JSON.parse(e.data) as Msg;
      if (m.type === "hello") this.hellos.push({ at: performance.now(), tick: m.tick as number });
      else if (m.type === "end") this.end = m;
      else if (m.type === "moving") retry = m.retryMs as number;
    };
    ws.onclose = () => {
      this.closes++;
      if (this.ws === ws) setTimeout(() => this.open(), retry);
    };
  }

  /** Resolves once a hello came after `since` (performance.now()), or rejects after `ms`. */
  async helloAfter(since: number, ms = 10_000): Promise<{ at: number; tick: number }> {
    const until = performance.now() + ms;
    for (;;) {
      const h = this.hellos.find((x) => x.at > since);
      if (h) return h;
      if (performance.now() > until) throw new Error(`no hello within ${ms} ms (battle ${this.battleId})`);
      await Bun.sleep(20);
    }
  }

  async ended(ms = 10_000): Promise<Msg> {
    const until = performance.now() + ms;
    while (!this.end) {
      if (performance.now() > until) throw new Error(`no end within ${ms} ms (battle ${this.battleId})`);
      await Bun.sleep(20);
    }
    return this.end;
  }

  close() {
    this.stopped = true;
    clearInterval(this.driving);
    this.ws?.close();
  }
}
