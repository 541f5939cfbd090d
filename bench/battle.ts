// bun bench/battle.ts [--rooms 20] [--seconds 15] [--ticks 1200] [--warmup 8]
// The battle's costs with every seat a connected human (goals: tick p99 ≤ 1 ms, ≥ 300 battles a
// core, ≤ 6 KB/s sent to a player):
//   1. One tick of a 7 v 7 room whose 14 seats are players on connections, each sending a numbered
//      INPUT every tick (seq, ack, view): the inputs taken, the simulation stepped, spotting and
//      14 per-client views coded (Room.tick, in this process, with viewers that only count bytes).
//   2. Battles a core keeps at 20 Hz through the app itself: `bun edge/bun.ts` (what `npm start`
//      runs) on a fresh data directory, `rooms` battles formed by its matchmaking from 14 queued
//      players each, every player connected over the app's WebSocket route (/game/play/ws/:id, a
//      session cookie each) from a client process that answers PINGs and sends an INPUT 20 times a
//      second per socket; the arena's store heartbeats and lease flushes run as in production. The
//      server process's CPU time (/proc) over `seconds` gives the share of a core the rooms take:
//      rooms ÷ share = battles a core keeps (the server's idle work counted in).
//   3. Bytes a second the server sends one player (WebSocket payloads, as the client counts them).
import { parseArgs } from "node:util";
import { spawn } from "node:child_process";
import { createHash, randomBytes } from "node:crypto";
import { mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { createClient } from "@libsql/client";
import { Room, type RoomOwner } from "../api/game/arena/room.ts";
import { botBattle } from "../api/game/sim/fixtures.ts";
import { encodeInput, encodePing, OP } from "../api/game/sim/wire.ts";

const { values } = parseArgs({
  options: {
    rooms: { type: "string", default: "20" },
    seconds: { type: "string", default: "15" },
    ticks: { type: "string", default: "1200" },
    /** Seconds the players play before the server's CPU is counted (JSC's JIT compiles the hot code meanwhile). */
    warmup: { type: "string", default: "8" },
    client: { type: "string" },
    bare: { type: "string" },
  },
});

/** What one simulated player sends on tick `k`: drives in loops, turns the turret, fires now and then. */
function inputFor(seq: number, slot: number, ack: number) {
  const k = seq + slot * 7;
  return encodeInput({
    seq,
    throttle: k % 60 < 40 ? 1 : k % 60 < 50 ? 0 : -1,
    turn: ((k >> 4) % 3) - 1 === 0 ? 0 : k % 32 < 10 ? 1 : 0,
    aim: Math.round(((k % 126) / 20 - 3.1) * 1000),
    fire: k % 9 === 0,
    ack,
    view: ack * 100,
  });
}

// ——— the bare server (the floor): Bun.serve alone, each socket sent 20 messages a second of the
// views' mean size, its inputs read and dropped ———
if (values.bare) {
  const size = Number(values.bare);
  const body = new Uint8Array(size).fill(7);
  body[0] = OP.VIEW;
  const socks = new Set<Bun.ServerWebSocket<unknown>>();
  const srv = Bun.serve({
    port: 0,
    hostname: "127.0.0.1",
    fetch: (req, server) => (server.upgrade(req) ? undefined : new Response("no", { status: 400 })),
    websocket: {
      open: (ws) => void socks.add(ws),
      close: (ws) => void socks.delete(ws),
      message() {},
    },
  });
  setInterval(() => {
    for (const ws of socks) ws.send(body.slice());
  }, 50);
  console.log(JSON.stringify({ port: srv.port }));
  await new Promise(() => {});
}

// ——— the client process: one socket per player, 20 inputs a second each, counts bytes ———
if (values.client) {
  const { url, players, seconds, warmup, bare } = JSON.parse(readFileSync(values.client, "utf8")) as {
    url: string;
    players: { token: string; battleId: number }[];
    seconds: number;
    warmup: number;
    bare?: boolean;
  };
  let bytes = 0;
  let views = 0;
  let open = 0;
  const socks = players.map((p, i) => {
    const ws = new WebSocket(bare ? url : `${url}/game/play/ws/${p.battleId}`, {
      headers: { cookie: `tk_player=${p.token}` },
    } as unknown as string[]);
    ws.binaryType = "arraybuffer";
    const s = { ws, seq: 0, newest: 0, slot: i % 14 };
    ws.onopen = () => open++;
    ws.onmessage = (e) => {
      if (typeof e.data === "string") {
        bytes += e.data.length;
        return;
      }
      const b = new Uint8Array(e.data as ArrayBuffer);
      bytes += b.byteLength;
      if (b[0] === OP.VIEW) {
        views++;
        const tick = new DataView(b.buffer, b.byteOffset).getUint32(1, true);
        if (tick > s.newest) s.newest = tick;
      } else if (b[0] === OP.PING)
        ws.send(encodePing(OP.PONG, new DataView(b.buffer, b.byteOffset).getUint32(1, true)));
    };
    return s;
  });
  const drive = setInterval(() => {
    for (const s of socks) if (s.ws.readyState === 1) s.ws.send(inputFor(++s.seq, s.slot, s.newest));
  }, 50);
  for (let i = 0; i < 200 && open < socks.length; i++) await Bun.sleep(50);
  console.log(JSON.stringify({ connected: open }));
  await Bun.sleep(warmup * 1000);
  const from = bytes;
  const viewsFrom = views;
  const t0 = performance.now();
  await Bun.sleep(seconds * 1000);
  const elapsed = (performance.now() - t0) / 1000;
  const perSocket = (bytes - from) / elapsed / socks.length;
  clearInterval(drive);
  console.log(
    JSON.stringify({
      bytesPerSecondPerPlayer: Math.round(perSocket),
      viewsPerSecondPerPlayer: (views - viewsFrom) / elapsed / socks.length,
    }),
  );
  for (const s of socks) s.ws.close();
  process.exit(0);
}

const pct = (xs: number[], p: number) => {
  const s = [...xs].sort((a, b) => a - b);
  return s[Math.min(s.length - 1, Math.floor((s.length - 1) * p))];
};

// ——— 1. the tick of a room of 14 humans ———
// The same battle (same seed, same inputs: the simulation is deterministic) is played `RUNS` times;
// each tick's cost is its least wall time over the runs, so a moment the scheduler gave the core
// away (this VM is shared) does not count as the tick's own. The single-run wall p99 is printed too.
{
  const RUNS = 5;
  const owner: RoomOwner = { finish: async () => null, stopped: async () => {} };
  const ticks = Number(values.ticks);
  const least = new Array<number>(ticks).fill(Number.POSITIVE_INFINITY);
  const firstRun: number[] = [];
  let sent = 0;
  let counted = 0;
  for (let run = 0; run < RUNS; run++) {
    const setup = botBattle(7000, 7, "prokhorovka", 1200);
    setup.seats = setup.seats.map((s, i) => ({ ...s, playerId: 100 + i, name: `Player ${i}`, bot: undefined }));
    const room = new Room(1, setup, owner);
    const count = (d: string | Uint8Array) => {
      sent += typeof d === "string" ? d.length : d.byteLength;
    };
    const seats = setup.seats.map((_, i) => room.join({ send: count, close() {} }, 100 + i));
    for (let k = 0; k < ticks && !room.state.ended; k++) {
      for (let i = 0; i < seats.length; i++) room.message(seats[i], inputFor(k + 1, i, room.state.tick));
      const t0 = performance.now();
      room.tick();
      const us = (performance.now() - t0) * 1000;
      if (us < least[k]) least[k] = us;
      if (run === 0) firstRun.push(us);
      counted++;
    }
  }
  // The first 100 ticks of each run warm the code up (and the first run compiles it).
  const own = least.slice(100).filter(Number.isFinite);
  console.log(
    `1. tick of a 7 v 7 room of 14 connected players (inputs taken, simulation, spotting, 14 views coded), ${own.length} ticks, least of ${RUNS} runs: median ${pct(own, 0.5).toFixed(1)} µs, p99 ${pct(own, 0.99).toFixed(1)} µs, max ${Math.max(...own).toFixed(0)} µs; one run's wall time: median ${pct(firstRun.slice(100), 0.5).toFixed(1)} µs, p99 ${pct(firstRun.slice(100), 0.99).toFixed(1)} µs`,
  );
  console.log(`   views in process: ${(((sent / counted / 14) * 20) / 1024).toFixed(2)} KB/s a player`);
}

// ——— 2 and 3. the app ———
const N = Number(values.rooms);
const seconds = Number(values.seconds);
const dir = mkdtempSync(join(tmpdir(), "tk-bench-battle-"));
const port = 20000 + Math.floor(Math.random() * 20000);
const url = `http://127.0.0.1:${port}`;
// --profile DIR: the server writes a CPU profile (markdown) there when it stops.
const profile = process.env.BENCH_PROFILE_DIR
  ? ["--cpu-prof", "--cpu-prof-md", `--cpu-prof-dir=${process.env.BENCH_PROFILE_DIR}`]
  : [];
const server = spawn(process.execPath, [...profile, "edge/bun.ts"], {
  env: { ...process.env, PORT: String(port), HOST: "127.0.0.1", DATA_DIR: dir, SEED_PLAYERS: "1", SEED_DAYS: "1" },
  stdio: ["ignore", "pipe", "inherit"],
});
await new Promise<void>((ok, fail) => {
  server.stdout.on("data", (d: Buffer) => String(d).includes("Tankodrome ready") && ok());
  server.on("exit", (code) => fail(new Error(`server exited ${code}`)));
});
const db = createClient({ url: `file:${dir}/tankodrome.db` });
await db.execute("PRAGMA busy_timeout = 10000");
const sha256 = (s: string) => createHash("sha256").update(s).digest("hex");
async function session(kind: "admin" | "player", id: number) {
  const token = randomBytes(24).toString("base64url");
  const csrf = randomBytes(18).toString("base64url");
  const now = Date.now();
  await db.execute({
    sql: "insert into sessions (token_hash, kind, subject_id, csrf_token, locale, created_at, last_seen_at, expires_at) values (?, ?, ?, ?, 'en', ?, ?, ?)",
    args: [sha256(token), kind, id, csrf, now, now, now + 3_600_000],
  });
  return { token, csrf };
}
const headers = (s: { token: string; csrf: string }, kind = "tk_player") => ({
  cookie: `${kind}=${s.token}`,
  "x-csrf-token": s.csrf,
  accept: "application/json",
  "content-type": "application/json",
});
// Battles of 7 a side formed from players only (nobody waits out the longest wait), long enough not to end.
const adminId = Number(
  (
    await db.execute({
      sql: "insert into admins (username, email, password_hash, role, active, created_at) values ('bench', 'bench@example.com', '-', 'operator', 1, ?) returning id",
      args: [Date.now()],
    })
  ).rows[0].id,
);
const admin = headers(await session("admin", adminId), "tk_admin");
const current = (await (await fetch(`${url}/admin/battleOptions/`, { headers: admin })).json()) as {
  current: { version: number; value: Record<string, unknown> };
};
const saved = await fetch(`${url}/admin/battleOptions/save`, {
  method: "POST",
  headers: admin,
  body: JSON.stringify({
    value: { ...current.current.value, roundSeconds: 1200, teamSize: 7, maxWaitSeconds: 600, tierSpread: 3 },
    baseVersion: current.current.version,
  }),
});
if (saved.status !== 200) throw new Error(`battle options: ${saved.status} ${await saved.text()}`);
const players: { token: string; battleId: number; h: Record<string, string> }[] = [];
for (let i = 0; i < N * 14; i++) {
  const r = await db.execute({
    sql: "insert into players (nickname, email, country, platform, source, locale, level, created_at) values (?, ?, 'DE', 'web', 'organic', 'en', 1, ?) returning id",
    args: [`Bench${i}`, `bench${i}@example.com`, Date.now()],
  });
  const s = await session("player", Number(r.rows[0].id));
  players.push({ token: s.token, battleId: 0, h: headers(s) });
}
const garage = (await (await fetch(`${url}/en/play/`, { headers: players[0].h })).json()) as {
  garage: { id: number }[];
};
for (const p of players) {
  const j = await fetch(`${url}/game/play/join`, {
    method: "POST",
    headers: p.h,
    body: JSON.stringify({ tankId: garage.garage[0].id }),
  });
  if (j.status !== 200) throw new Error(`join: ${j.status} ${await j.text()}`);
}
for (let round = 0; round < 60 && players.some((p) => !p.battleId); round++) {
  for (const p of players) {
    if (p.battleId) continue;
    const st = (await (await fetch(`${url}/game/play/status`, { headers: p.h })).json()) as {
      battle: { battleId: number } | null;
    };
    if (st.battle) p.battleId = st.battle.battleId;
  }
  if (players.some((p) => !p.battleId)) await Bun.sleep(500);
}
const battles = new Set(players.map((p) => p.battleId));
if (battles.has(0) || battles.size !== N) throw new Error(`formed ${battles.size} battles for ${N}`);

const cpuOf = () => {
  // utime + stime, in clock ticks (USER_HZ 100) since the process started.
  const f = readFileSync(`/proc/${server.pid}/stat`, "utf8").split(") ")[1].split(" ");
  return (Number(f[11]) + Number(f[12])) / 100;
};
/** CPU seconds by thread name (the JS thread is the process's own name, "bun"; GC, JIT, SQLite, chDB have theirs). */
function threadsOf(pid: number): Map<string, number> {
  const by = new Map<string, number>();
  for (const t of readdirSync(`/proc/${pid}/task`)) {
    try {
      const raw = readFileSync(`/proc/${pid}/task/${t}/stat`, "utf8");
      const name = raw.slice(raw.indexOf("(") + 1, raw.lastIndexOf(")"));
      const f = raw.slice(raw.lastIndexOf(") ") + 2).split(" ");
      const key = t === String(pid) ? "JS thread" : name;
      by.set(key, (by.get(key) ?? 0) + (Number(f[11]) + Number(f[12])) / 100);
    } catch {
      // the thread ended meanwhile
    }
  }
  return by;
}
/** Each thread's share of a core between two readings, largest first. */
const threadShares = (a: Map<string, number>, b: Map<string, number>, seconds: number) =>
  [...b]
    .map(([k, v]) => [k, (v - (a.get(k) ?? 0)) / seconds] as const)
    .filter(([, v]) => v >= 0.001)
    .sort((x, y) => y[1] - x[1])
    .map(([k, v]) => `${k} ${(v * 100).toFixed(1)}%`)
    .join(", ");
// The server's own work with the battles formed but nobody connected (their rooms tick, the store's
// heartbeats, the shipper): the floor under the figure below.
const idle0 = cpuOf();
const idleWall = performance.now();
await Bun.sleep(5000);
const idleShare = (cpuOf() - idle0) / ((performance.now() - idleWall) / 1000);
const plan = join(dir, "clients.json");
writeFileSync(plan, JSON.stringify({ url: `ws://127.0.0.1:${port}`, players, seconds, warmup: Number(values.warmup) }));
const client = spawn(process.execPath, [import.meta.path, "--client", plan], { stdio: ["ignore", "pipe", "inherit"] });
// Listened for at once: the client may end (its own clock) before this process asks.
const clientExit = new Promise((done) => client.on("exit", done));
let out = "";
let connected = () => {};
const ready = new Promise<void>((ok) => (connected = ok));
client.stdout.on("data", (d) => {
  out += d;
  if (out.includes("connected")) connected();
});
await ready;
await Bun.sleep(Number(values.warmup) * 1000);
const cpu0 = cpuOf();
const threads0 = threadsOf(server.pid!);
const wall0 = performance.now();
await Bun.sleep(seconds * 1000);
const share = (cpuOf() - cpu0) / ((performance.now() - wall0) / 1000);
const appThreads = threadShares(threads0, threadsOf(server.pid!), (performance.now() - wall0) / 1000);
await clientExit;
const lines = out
  .trim()
  .split("\n")
  .map((l) => JSON.parse(l));
const { connected: sockets } = lines[0] as { connected: number };
const { bytesPerSecondPerPlayer, viewsPerSecondPerPlayer } = lines[lines.length - 1] as {
  bytesPerSecondPerPlayer: number;
  viewsPerSecondPerPlayer: number;
};
console.log(
  `2. ${N} battles of 14 connected players (${sockets} sockets, 20 inputs a second each) through the app (bun edge/bun.ts, its WebSocket route, store heartbeats) took ${(share * 100).toFixed(1)}% of a core → ${Math.floor(N / share)} battles a core (the same server with nobody connected: ${(idleShare * 100).toFixed(1)}%)`,
);
console.log(`   by thread: ${appThreads}`);
if (viewsPerSecondPerPlayer < 19)
  console.log(
    `   NOT A VALID FIGURE: the players got ${viewsPerSecondPerPlayer.toFixed(1)} views a second, not 20 (the client process or the server fell behind on this machine): measure fewer rooms`,
  );
console.log(
  `3. bytes a second to one player: ${bytesPerSecondPerPlayer} B/s (${(bytesPerSecondPerPlayer / 1024).toFixed(2)} KB/s) in ${viewsPerSecondPerPlayer.toFixed(1)} views a second (20 when every tick reached every player)`,
);
// The app is stopped at once (a SIGTERM would drain its battles first; profiled, it drains, so the
// profile is written at its exit).
server.kill(profile.length ? "SIGTERM" : "SIGKILL");
await new Promise((done) => server.on("exit", done));

// ——— the floor: the same sockets and messages (the views' mean size) on a bare Bun.serve ———
const size = Math.max(8, Math.round(bytesPerSecondPerPlayer / 20));
const bare = spawn(process.execPath, [import.meta.path, "--bare", String(size)], {
  stdio: ["ignore", "pipe", "inherit"],
});
let bareText = "";
const barePort = await new Promise<number>((ok) =>
  bare.stdout.on("data", (d) => {
    bareText += d;
    const m = /"port":(\d+)/.exec(bareText);
    if (m) ok(Number(m[1]));
  }),
);
const barePlan = join(dir, "bare.json");
writeFileSync(
  barePlan,
  JSON.stringify({ url: `ws://127.0.0.1:${barePort}/`, players, seconds, warmup: Number(values.warmup), bare: true }),
);
const bareClient = spawn(process.execPath, [import.meta.path, "--client", barePlan], {
  stdio: ["ignore", "pipe", "inherit"],
});
const bareClientExit = new Promise((done) => bareClient.on("exit", done));
let bareOut = "";
await new Promise<void>((ok) =>
  bareClient.stdout.on("data", (d) => {
    bareOut += d;
    if (bareOut.includes("connected")) ok();
  }),
);
await Bun.sleep(Number(values.warmup) * 1000);
const bareCpu = () => {
  const f = readFileSync(`/proc/${bare.pid}/stat`, "utf8").split(") ")[1].split(" ");
  return (Number(f[11]) + Number(f[12])) / 100;
};
const bc0 = bareCpu();
const bareThreads0 = threadsOf(bare.pid!);
const bw0 = performance.now();
await Bun.sleep(seconds * 1000);
const bareShare = (bareCpu() - bc0) / ((performance.now() - bw0) / 1000);
const bareThreads = threadShares(bareThreads0, threadsOf(bare.pid!), (performance.now() - bw0) / 1000);
await bareClientExit;
bare.kill("SIGKILL");
console.log(
  `   the floor: the same ${players.length} sockets and messages (${size} bytes out, 18 in, 20 a second each) on a bare Bun.serve took ${(bareShare * 100).toFixed(1)}% of a core (${Math.floor(N / bareShare)} "battles" a core): the app's battles cost ${(share / bareShare).toFixed(2)}× the bare sockets`,
);
console.log(`   by thread: ${bareThreads}`);
db.close();
rmSync(dir, { recursive: true, force: true });
process.exit(0);
