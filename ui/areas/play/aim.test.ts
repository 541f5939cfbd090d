// A scripted shooter aims at where the browser's drawing has a crossing target and fires, through
// the delay proxy on 127.0.0.1 (e2e/delay-proxy.ts) at 0 and 100 ms of round trip: with lag
// compensation it hits as often at 100 ms as at 0. The room is the server's own (arena/room.ts,
// ticking 20 times a second on a Bun WebSocket), the shooter's drawing is the page's own
// (engine.ts BattleView: views decoded, the others interpolated by NetClock) and its inputs carry
// the tick it drew the others at, as the page's do. A control run claims to see the present (its
// view tick ahead of the server's): judged now, the same aim misses, so the test can fail.
import { afterAll, expect, test } from "bun:test";
import { Room, type RoomOwner, type Seat } from "../../../api/game/arena/room.ts";
import { botBattle } from "../../../api/game/sim/fixtures.ts";
import { SIM } from "../../../api/game/sim/rules.ts";
import { setInput } from "../../../api/game/sim/sim.ts";
import { decodePing, encodeInput, encodePing, OP } from "../../../api/game/sim/wire.ts";
import { delayProxy } from "../../../e2e/delay-proxy.ts";
import { BattleView, type Hello } from "./engine.ts";

const owner: RoomOwner = { finish: async () => null, stopped: async () => {} };
const servers: { stop(force?: boolean): void }[] = [];
afterAll(() => {
  for (const s of servers) s.stop(true);
});

/** The shooter at (100, 55); the target crosses its line of fire 60 m east, north and south in turn (90 m each way, clear of the base). */
const SHOOTER = { x: 100, y: 55 };
const LANE = { x: 160, from: 10, to: 100 };
/** 25 m/s (90 km/h): in the ~135 ms a view is behind at 100 ms of round trip it moves 3.4 m, more than its radius. */
const SPEED = 25;

interface Score {
  shots: number;
  hits: number;
  lagAsked: number[];
}

/** One run: a room served on a WebSocket, the shooter connected through a proxy of `rtt` ms. */
async function run(rtt: number, seconds: number, claimPresent = false): Promise<Score> {
  const setup = botBattle(11, 1, "steppe", 600);
  setup.seats = setup.seats.map((s, i) => ({ ...s, playerId: 10 + i, name: `P${i}`, bot: undefined }));
  const room = new Room(1, setup, owner);
  const st = room.state;
  st.map = { ...st.map, obstacles: [], bushes: [] };
  const [me, target] = st.tanks;
  Object.assign(me, { ...SHOOTER, hull: 0, turret: 0, dispersion: 0, turretRate: 100, reloadTicks: 5, sight: 300 });
  Object.assign(target, { x: LANE.x, y: LANE.from, hull: Math.PI / 2, maxSpeed: SPEED, v: SPEED, armour: 0 });
  setInput(st, 1, { throttle: 1, turn: 0, aim: 0, fire: false });

  const seats = new Map<object, Seat>();
  const server = Bun.serve({
    port: 0,
    hostname: "127.0.0.1",
    fetch: (req, srv) => (srv.upgrade(req) ? undefined : new Response("no", { status: 400 })),
    websocket: {
      open(ws) {
        seats.set(ws, room.join({ send: (d) => ws.send(d), close: () => ws.close() }, 10));
      },
      message(ws, data) {
        const seat = seats.get(ws);
        if (seat) room.message(seat, typeof data === "string" ? data : new Uint8Array(data));
      },
    },
  });
  servers.push(server);
  const ticking = setInterval(() => {
    // The target turns about at each end of its lane (at once, keeping its speed).
    if ((target.y >= LANE.to && Math.sin(target.hull) > 0) || (target.y <= LANE.from && Math.sin(target.hull) < 0))
      target.hull += Math.PI;
    target.v = SPEED;
    room.tick();
    target.hp = target.maxHp;
  }, 50);

  const proxy = await delayProxy(`http://127.0.0.1:${server.port}`, rtt);
  const ws = new WebSocket(proxy.url.replace("http", "ws"));
  ws.binaryType = "arraybuffer";
  let view: BattleView | null = null;
  ws.onmessage = (e) => {
    if (typeof e.data === "string") {
      const m = JSON.parse(e.data) as { type: string };
      if (m.type === "hello") view = new BattleView(m as Hello);
      return;
    }
    const b = new Uint8Array(e.data as ArrayBuffer);
    if (b[0] === OP.PING) ws.send(encodePing(OP.PONG, decodePing(b, OP.PING) ?? 0));
    else if (b[0] === OP.VIEW) view?.push(b, performance.now());
  };
  await new Promise<void>((ok) => {
    ws.onopen = () => ok();
  });

  // The shooter's client tick: draw, lead the drawn target by its drawn velocity, fire held.
  let seq = 0;
  let last: { x: number; y: number; at: number } | null = null;
  const shooting = setInterval(() => {
    const v = view;
    const newest = v?.latest();
    if (!v || !newest) return;
    const now = performance.now();
    const drawn = v.frame(now)?.tanks[1];
    let aim = 0;
    let fire = false;
    if (drawn?.alive) {
      const vel = last
        ? { x: (drawn.x - last.x) / ((now - last.at) / 1000), y: (drawn.y - last.y) / ((now - last.at) / 1000) }
        : null;
      last = { x: drawn.x, y: drawn.y, at: now };
      if (vel) {
        let ax = drawn.x,
          ay = drawn.y;
        for (let i = 0; i < 3; i++) {
          const flight = (Math.hypot(ax - SHOOTER.x, ay - SHOOTER.y) - SIM.tankRadius - 1.2) / SIM.shellSpeed;
          ax = drawn.x + vel.x * flight;
          ay = drawn.y + vel.y * flight;
        }
        aim = Math.round(Math.atan2(ay - SHOOTER.y, ax - SHOOTER.x) * 1000);
        fire = true;
      }
    }
    const seen = claimPresent ? (newest.tick + 20) * 100 : Math.round(v.drawnTick * 100);
    ws.send(encodeInput({ seq: ++seq, throttle: 0, turn: 0, aim, fire, ack: newest.tick, view: seen }));
  }, 50);

  // Two seconds to settle (the first round trips measured), then the score.
  await Bun.sleep(2000);
  const from = { shots: me.shots, hits: me.hits, records: room.inputs.length };
  await Bun.sleep(seconds * 1000);
  const score: Score = {
    shots: me.shots - from.shots,
    hits: me.hits - from.hits,
    lagAsked: room.inputs
      .slice(from.records)
      .filter((r) => r[1] === 0)
      .map((r) => Number(r[7] ?? 0)),
  };
  clearInterval(shooting);
  clearInterval(ticking);
  ws.close();
  await proxy.close();
  server.stop(true);
  return score;
}

test(
  "a shooter aiming at the drawn crossing target hits as often through a 100 ms proxy as without it",
  async () => {
    const direct = await run(0, 18);
    const far = await run(100, 18);
    const present = await run(100, 12, true);
    const rate = (s: Score) => s.hits / Math.max(1, s.shots);
    const lags = (s: Score) => {
      const l = s.lagAsked.filter((x) => x > 0).sort((a, b) => a - b);
      return `lag ${l.length ? `${l[0] / 2}–${l[l.length - 1] / 2} ms, median ${l[l.length >> 1] / 2} ms` : "none"}`;
    };
    console.log(
      `aimed at the drawn target: 0 ms ${direct.hits}/${direct.shots} (${(rate(direct) * 100).toFixed(0)} %, ${lags(direct)}), 100 ms ${far.hits}/${far.shots} (${(rate(far) * 100).toFixed(0)} %, ${lags(far)}); judged at the present through 100 ms: ${present.hits}/${present.shots} (${(rate(present) * 100).toFixed(0)} %)`,
    );
    expect(direct.shots).toBeGreaterThan(40);
    expect(far.shots).toBeGreaterThan(40);
    expect(rate(direct)).toBeGreaterThan(0.5);
    // Within noise: two binomial rates of ~70 % over ~70 shots differ by ≤ 0.2 about 99 % of the time.
    expect(Math.abs(rate(far) - rate(direct))).toBeLessThanOrEqual(0.2);
    // Without the rewind the same aim misses most of the time.
    expect(rate(present)).toBeLessThan(rate(direct) - 0.25);
  },
  // Real time on a shared machine: one retry. The room ticks on a plain 50 ms timer, so a loaded
  // machine slows the battle rather than bunching its ticks (bunched ticks run out of inputs and
  // repeat the last aim: at load average 40 a run of 0 ms fell to 19 %). Still, at load 40+ the
  // control hit: ticks that late make every lag small (seen: 80 % judged at the present).
  { timeout: 120_000, retry: 1 },
);
