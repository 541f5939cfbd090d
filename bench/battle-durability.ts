// bun bench/battle-durability.ts [--rooms 100] [--seconds 5] [--rounds 3]
// What it costs a battle to outlive its process (docs/decisions/battle-server.md): the same rooms run
// by the arena with the input log on (the owner flushes every 400 ms: the inputs since the last
// flush, its lease renewed, a checkpoint every 200 ticks) and off (a heartbeat every 5 s, as before),
// in alternating rounds on the store `npm start` uses (the embedded libSQL file through bun:sqlite).
// Each round: `rooms` fresh 7 v 7 battles (one player each, driven by an input 10 times a second as a
// client sends them, the rest bots) stepped by one 20 Hz timer for `seconds`. Prints, per mode, the
// timer's step of all rooms (median and p99, wall time, the flushes' own work included since the
// store's calls are synchronous on this driver), the process's CPU share and the battles one core
// keeps at 20 Hz (rooms ÷ share), and the ratios on ÷ off. Not the network (bench/battle.ts
// measures sockets and snapshots).
import { parseArgs } from "node:util";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { openClient } from "../edge/boot.ts";
import { readEnv } from "../edge/config.ts";
import { createDb } from "../api/db/index.ts";
import { migrate } from "../api/db/migrate.ts";
import { Arena } from "../api/game/arena/arena.ts";
import type { Room } from "../api/game/arena/room.ts";
import { encodeClient, type Viewer } from "../api/game/arena/contract.ts";
import { botBattle } from "../api/game/sim/fixtures.ts";
import { TICK_HZ } from "../api/game/sim/types.ts";
import type { Deps } from "../api/deps.ts";

const { values } = parseArgs({
  options: {
    rooms: { type: "string", default: "100" },
    seconds: { type: "string", default: "5" },
    rounds: { type: "string", default: "3" },
  },
});
const N = Number(values.rooms);
const SECONDS = Number(values.seconds);
const ROUNDS = Number(values.rounds);

const dir = mkdtempSync(join(tmpdir(), "tk-bench-durability-"));
const client = await openClient(readEnv({ DATA_DIR: dir, SEED_PLAYERS: "0" }));
await migrate(client);
const quiet = { info() {}, warn() {}, error: (m: string, d?: unknown) => console.error(m, d) };
const deps = {
  db: createDb(client),
  client,
  clock: { now: () => Date.now() },
  logger: quiet,
  settings: { publicUrl: "http://127.0.0.1", insecureCookies: true, secrets: {} },
} as unknown as Deps;

const pct = (xs: number[], p: number) => {
  const s = [...xs].sort((a, b) => a - b);
  return s[Math.min(s.length - 1, Math.floor((s.length - 1) * p))];
};
const median = (xs: number[]) => pct(xs, 0.5);
const nobody: Viewer = { send() {}, close() {} };
let seed = 7000;

/** One round: fresh battles in the store, an arena owning them, stepped at 20 Hz for SECONDS. */
async function round(durable: boolean) {
  const arena = new Arena(deps);
  arena.manual = true;
  arena.durable = durable;
  const now = Date.now();
  const rooms: Room[] = [];
  for (let i = 0; i < N; i++) {
    const setup = botBattle(seed++, 7, ["prokhorovka", "himmelsdorf", "malinovka"][i % 3], 300);
    setup.seats[0] = { ...setup.seats[0], playerId: null, name: "Bench", bot: undefined };
    const r = await client.execute({
      sql: "insert into battles (mode, map, status, started_at) values ('random', ?, 'running', ?) returning id",
      args: [setup.map, now],
    });
    const battleId = Number(r.rows[0].id);
    await client.execute({
      sql: "insert into battle_rooms (battle_id, host, setup, heartbeat_at, owner, epoch, lease_until) values (?, '', ?, ?, ?, 1, ?)",
      args: [battleId, JSON.stringify(setup), now, arena.id, now + 2_000],
    });
    const room = arena.open(battleId, setup, now, { owner: arena.id, epoch: 1 });
    // The player's connection (its seat drives slot 0; nobody reads the snapshots here).
    const seat = room.join(nobody, null);
    seat.slot = 0;
    rooms.push(room);
  }
  const steps: number[] = [];
  let k = 0;
  const drive = setInterval(() => {
    k++;
    for (const room of rooms) {
      const seat = [...room.seats][0];
      room.message(
        seat,
        encodeClient("input", { t: k % 7 < 5 ? 1 : -1, r: ((k >> 3) % 3) - 1, a: (k % 63) / 10 - 3.1, f: k % 4 === 0 }),
      );
    }
  }, 100);
  const cpu0 = process.cpuUsage();
  const wall0 = performance.now();
  await new Promise<void>((done) => {
    const timer = setInterval(() => {
      const t0 = performance.now();
      arena.tickAll(Date.now());
      steps.push(performance.now() - t0);
      if (performance.now() - wall0 >= SECONDS * 1000) {
        clearInterval(timer);
        done();
      }
    }, 1000 / TICK_HZ);
  });
  clearInterval(drive);
  await arena.idle();
  const cpu = process.cpuUsage(cpu0);
  const wall = (performance.now() - wall0) / 1000;
  const share = (cpu.user + cpu.system) / 1e6 / wall;
  const logged = Number((await client.execute("select count(*) as n from battle_input_log")).rows[0].n);
  return { p50: median(steps), p99: pct(steps, 0.99), share, perCore: N / share, logged, ticks: rooms[0].state.tick };
}

// A warm-up round of each, then alternating rounds (the machine's speed moves between seconds).
await round(false);
await round(true);
const off: Awaited<ReturnType<typeof round>>[] = [];
const on: Awaited<ReturnType<typeof round>>[] = [];
for (let i = 0; i < ROUNDS; i++) {
  off.push(await round(false));
  on.push(await round(true));
}
const line = (name: string, rs: typeof on) =>
  `${name}: step of ${N} rooms median ${median(rs.map((r) => r.p50)).toFixed(2)} ms, p99 ${median(rs.map((r) => r.p99)).toFixed(2)} ms (rounds: ${rs.map((r) => r.p99.toFixed(2)).join(" ")}); CPU ${(median(rs.map((r) => r.share)) * 100).toFixed(1)}% of a core → ${Math.round(median(rs.map((r) => r.perCore)))} battles a core (rounds: ${rs.map((r) => Math.round(r.perCore)).join(" ")})`;
console.log(`battle durability, ${N} rooms × ${SECONDS} s × ${ROUNDS} rounds each (embedded libSQL, bun:sqlite)`);
console.log(line("log off", off));
console.log(line("log on ", on));
console.log(
  `per battle: tick p99 ${((median(off.map((r) => r.p99)) / N) * 1000).toFixed(1)} → ${((median(on.map((r) => r.p99)) / N) * 1000).toFixed(1)} µs; ratios on ÷ off: step p99 ${(median(on.map((r) => r.p99)) / median(off.map((r) => r.p99))).toFixed(2)}, battles a core ${(median(on.map((r) => r.perCore)) / median(off.map((r) => r.perCore))).toFixed(2)}; log rows written ${on.at(-1)?.logged ?? 0}`,
);
client.close();
rmSync(dir, { recursive: true, force: true });
process.exit(0);
