// Crash test: the server as `npm start` runs it (bun edge/bun.ts on an embedded libSQL file and
// chDB) takes writes under load and is killed with SIGKILL several times, restarted after each.
// The load is what feeds every dashboard: players registering through the game API, battles
// started and ended by a battle server (rewards through the ledger, experience), silver spent in
// the shop (items) and gold bought through Robokassa's TEST MODE stand-in (the player's order,
// the payment page, its signed Result callback; payments). Then, in a process of its own
// (edge/test/crash-check.ts): every acknowledged write is in the store, every balance equals the
// sum of its ledger entries, the warehouse holds exactly the outbox's events by event id, and
// every dashboard rollup, none of them empty, equals its recomputation from the raw events.
// Bounded to ~30 s of load and restarts (plus a one-player demo world for the catalogue).
import { test, expect } from "bun:test";
import { spawn, type ChildProcess } from "node:child_process";
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";

const root = new URL("..", import.meta.url).pathname;
const bun = join(root, "node_modules/.bin/bun");
const KEY = "crash-test-game-key-0123456789";
const KILLS = 4;

async function freePort(): Promise<number> {
  const s = Bun.serve({ port: 0, hostname: "127.0.0.1", fetch: () => new Response() });
  const port = s.port!;
  s.stop(true);
  return port;
}

function start(dir: string, port: number): Promise<ChildProcess> {
  const proc = spawn(bun, ["edge/bun.ts"], {
    cwd: root,
    // The first start seeds a demo world of one player: the catalogue (tanks, consumables, the gold
    // packs) the load buys from. TEST MODE (payments through the stand-ins) is on: a loopback host.
    env: {
      ...process.env,
      PORT: String(port),
      HOST: "127.0.0.1",
      DATA_DIR: dir,
      SEED_PLAYERS: "1",
      SEED_DAYS: "1",
      GAME_API_KEY: KEY,
      PAYMENTS_TEST_MODE: "1",
    },
    stdio: ["ignore", "pipe", "pipe"],
  });
  return new Promise((resolve, reject) => {
    let out = "";
    const timer = setTimeout(() => reject(new Error(`the server did not start: ${out}`)), 60_000);
    proc.stdout!.on("data", (d) => {
      out += String(d);
      if (out.includes("ready at")) {
        clearTimeout(timer);
        resolve(proc);
      }
    });
    proc.stderr!.on("data", (d) => void (out += String(d)));
    proc.on("exit", (code) => reject(new Error(`the server exited (${code}) before it was ready: ${out}`)));
  });
}

/** What the server acknowledged: each id was answered as done, so it must survive any crash after. */
interface Acknowledged {
  player: number[];
  battle: number[];
  purchase: number[];
  order: number[];
}

const game = { authorization: `Bearer ${KEY}`, "content-type": "application/json" };

async function json<T>(res: Response, ok: number[] = [200, 201]): Promise<T> {
  if (!ok.includes(res.status)) {
    await res.body?.cancel();
    throw new Error(`answered ${res.status}`);
  }
  return (await res.json()) as T;
}

/**
 * One player's journey; `kind` picks how far it goes: 0 registers; 1 also plays a battle
 * (start + end, as a battle server reports it); 2 also signs in on the site by the game's link,
 * buys a consumable for silver and 100 gold through Robokassa's stand-in (order, payment page,
 * Pay: the stand-in calls our Result URL; the return page says whether the order is paid).
 * Each step that answered is acknowledged; a step cut off by the kill is not.
 */
async function journey(base: string, n: number, kind: number, ack: Acknowledged) {
  const reg = await fetch(`${base}/game/api/players/register`, {
    method: "POST",
    headers: game,
    body: JSON.stringify({
      network: "device",
      uid: `crash-${n}`,
      nickname: `Crash${n}`,
      country: ["RU", "DE", "US"][n % 3],
      platform: "web",
    }),
  });
  const { playerId } = await json<{ playerId: number }>(reg);
  ack.player.push(playerId);
  if (kind === 1) {
    const start = await fetch(`${base}/game/api/battles/start`, {
      method: "POST",
      headers: game,
      body: JSON.stringify({
        mode: "standard",
        map: "prokhorovka",
        players: [{ playerId, tankId: [1, 21, 41][Math.floor(n / 3) % 3] }],
      }),
    });
    const { battleId } = await json<{ battleId: number }>(start);
    const result = {
      playerId,
      result: ["win", "loss", "draw"][n % 3],
      experience: 50 + (n % 200),
      silver: 300 + (n % 700),
      kills: n % 4,
      damage: 100 * (n % 9),
      durationS: 120 + (n % 300),
    };
    await json(
      await fetch(`${base}/game/api/battles/end`, {
        method: "POST",
        headers: game,
        body: JSON.stringify({ battleId, results: [result] }),
      }),
    );
    ack.battle.push(battleId);
  } else if (kind === 2) {
    const link = await json<{ url: string }>(
      await fetch(`${base}/game/api/players/site-token`, {
        method: "POST",
        headers: game,
        body: JSON.stringify({ playerId }),
      }),
    );
    const page = await fetch(link.url);
    const csrf = /name="tk-csrf" content="([^"]+)"/.exec(await page.text())?.[1];
    const cookie = page.headers
      .getSetCookie()
      .map((c) => c.split(";")[0])
      .join("; ");
    if (!csrf || !cookie) throw new Error("no session from the sign-in link");
    const player = { cookie, "x-csrf-token": csrf, accept: "application/json", "content-type": "application/json" };
    const bought = await json<{ purchaseId: number }>(
      await fetch(`${base}/public/profile/shop`, {
        method: "POST",
        headers: player,
        body: JSON.stringify({
          type: "consumable",
          itemId: 1,
          currency: "silver",
          quantity: 1,
          requestId: `crash-${n}`,
        }),
      }),
    );
    ack.purchase.push(bought.purchaseId);
    const { order, url } = await json<{ order: { id: number }; url: string }>(
      await fetch(`${base}/billing/order/start`, {
        method: "POST",
        headers: player,
        body: JSON.stringify({ provider: "robokassa", item_id: "gold_100" }),
      }),
    );
    await (await fetch(url)).text(); // the stand-in's payment page: the invoice exists from here
    const pay = await fetch(new URL(`pay/${order.id}`, url), { method: "POST", redirect: "manual" });
    await pay.body?.cancel();
    const back = pay.headers.get("location");
    if (pay.status !== 302 || !back) throw new Error(`pay answered ${pay.status}`);
    const view = await json<{ order: { status: string } }>(
      await fetch(new URL(back, base), { headers: { accept: "application/json" } }),
    );
    if (view.order.status === "paid") ack.order.push(order.id);
  }
}

test("SIGKILL under load, restarted several times: acknowledged writes kept, ledger = balances, warehouse = outbox by event id, rollups = raw events", async () => {
  const dir = mkdtempSync(join(tmpdir(), "tk-crash-"));
  const port = await freePort();
  const base = `http://127.0.0.1:${port}`;
  const acknowledged: Acknowledged = { player: [], battle: [], purchase: [], order: [] };
  let seq = 0;
  let errors = 0;
  try {
    for (let round = 0; round <= KILLS; round++) {
      const proc = await start(dir, port);
      const exited = new Promise((r) => proc.on("exit", r));
      let running = true;
      // 8 writers, each player on a journey of its own: a registration, a battle or a purchase
      // (each a store transaction with its ledger entries and outbox events).
      const writer = async () => {
        while (running) {
          const n = ++seq;
          try {
            await journey(base, n, n % 3, acknowledged);
          } catch {
            errors++; // the connection died with the server: not acknowledged
            await Bun.sleep(5);
          }
        }
      };
      const writers = Array.from({ length: 8 }, writer);
      await Bun.sleep(round === KILLS ? 1500 : 1500 + Math.floor(Math.random() * 1500));
      if (round < KILLS) {
        proc.kill("SIGKILL");
        await exited;
        running = false;
        await Promise.all(writers);
      } else {
        running = false;
        await Promise.all(writers);
        proc.kill("SIGTERM");
        await exited;
      }
    }
    for (const [kind, ids] of Object.entries(acknowledged))
      expect({ kind, some: ids.length > 0 }).toEqual({ kind, some: true });
    const idsFile = join(dir, "acknowledged.json");
    writeFileSync(idsFile, JSON.stringify(acknowledged));
    const check = Bun.spawnSync([bun, "edge/test/crash-check.ts", dir, idsFile], {
      cwd: root,
      env: { ...process.env, TK_TEST_CHDB_DIR: "" },
    });
    const text = check.stdout.toString().trim().split("\n").at(-1) ?? "";
    if (check.exitCode !== 0) throw new Error(`crash-check failed: ${check.stderr.toString()}`);
    const result = JSON.parse(text);
    const acks = Object.entries(acknowledged)
      .map(([k, v]) => `${v.length} ${k}s`)
      .join(", ");
    console.log(
      `crash test: ${KILLS} kills; acknowledged ${acks}; ${result.players} players, ${errors} journeys cut off; events ${JSON.stringify(Object.fromEntries(Object.entries(result.outboxVsWarehouse as Record<string, { outbox: number }>).map(([t, r]) => [t, r.outbox])))}; rollup rows ${JSON.stringify(result.figures)}; current balances ${result.balances.compared} compared, ${result.balances.tiedAtLatest} with their latest movement sharing its millisecond, ${result.balances.wrongCount} wrong`,
    );
    expect(result.missing).toEqual({ player: [], battle: [], purchase: [], order: [] });
    expect(result.ledgerDiffs).toEqual([]);
    // Every current balance in the warehouse is the store's, ties within a millisecond included.
    expect({ wrongCount: result.balances.wrongCount, wrong: result.balances.wrong }).toEqual({
      wrongCount: 0,
      wrong: [],
    });
    expect(result.balances.compared).toBeGreaterThan(0);
    for (const [table, r] of Object.entries(
      result.outboxVsWarehouse as Record<string, { notInWarehouse: number; notInOutbox: number }>,
    )) {
      expect({ table, ...r }).toEqual({ table, ...r, notInWarehouse: 0, notInOutbox: 0 });
    }
    expect(result.outboxVsWarehouse.registrations.outbox).toBe(result.players);
    // The load's own events are among those checked: each acknowledged battle, purchase and order wrote one.
    expect(result.outboxVsWarehouse.battles.outbox).toBeGreaterThanOrEqual(acknowledged.battle.length);
    expect(result.outboxVsWarehouse.items.outbox).toBeGreaterThanOrEqual(acknowledged.purchase.length);
    expect(result.outboxVsWarehouse.payments.outbox).toBeGreaterThanOrEqual(acknowledged.order.length);
    // Every rollup was compared on rows, none on an empty table.
    expect(Object.entries(result.figures as Record<string, number>).filter(([, rows]) => rows === 0)).toEqual([]);
    expect(result.uncovered).toEqual([]);
    expect(result.rollupDiffs).toEqual([]);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}, 180_000);
