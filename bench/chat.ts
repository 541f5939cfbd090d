// bun bench/chat.ts [--readers 200] [--messages 40] [--port 3104]
// Chat delivery on one instance: the real server (edge/bun.ts) on 127.0.0.1, `readers` signed-in
// players each holding the global room's SSE stream (/public/chat/stream), and `messages`
// messages sent one after another by other players through POST /public/chat/send. Each
// message carries the moment it was sent; every reader notes when it arrived. Prints how many
// readers got every message and the delivery latency (send start → arrival at a reader)
// p50 / p90 / p99 / max over all (message, reader) pairs. Goal: p99 ≤ 100 ms.
import { parseArgs } from "node:util";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";

const { values } = parseArgs({
  options: {
    readers: { type: "string", default: "200" },
    messages: { type: "string", default: "40" },
    port: { type: "string", default: "3104" },
  },
});
const READERS = Number(values.readers);
const MESSAGES = Number(values.messages);
const port = Number(values.port);
const root = new URL("..", import.meta.url).pathname;
const dataDir = mkdtempSync(join(tmpdir(), "tk-bench-chat-"));
const KEY = "bench-game-api-key-0123456789";
const base = `http://127.0.0.1:${port}`;

const proc = Bun.spawn([process.execPath, join(root, "edge/bun.ts")], {
  cwd: root,
  env: {
    ...process.env,
    GAME_API_KEY: KEY,
    PORT: String(port),
    HOST: "127.0.0.1",
    DATA_DIR: dataDir,
    SEED_PLAYERS: "20",
    SEED_DAYS: "1",
  },
  stdout: "pipe",
  stderr: "inherit",
});
{
  const reader = proc.stdout.getReader();
  let out = "";
  while (!out.includes("Tankodrome ready")) {
    const { value, done } = await reader.read();
    if (done) throw new Error("the server exited before it was ready");
    out += new TextDecoder().decode(value);
  }
  reader.releaseLock();
}

interface Player {
  cookie: string;
  csrf: string;
}

let seq = 0;
async function player(): Promise<Player> {
  const n = ++seq;
  const game = (path: string, body: unknown) =>
    fetch(`${base}${path}`, {
      method: "POST",
      headers: { authorization: `Bearer ${KEY}`, "content-type": "application/json" },
      body: JSON.stringify(body),
    });
  const reg = await game("/game/api/players/register", {
    network: "bench",
    uid: `chat-${n}-${Date.now()}`,
    nickname: `Bench${n}x${Math.random().toString(36).slice(2, 6)}`,
    locale: "en",
  });
  const { playerId } = (await reg.json()) as { playerId: number };
  const { token } = (await (await game("/game/api/players/site-token", { playerId })).json()) as { token: string };
  const page = await fetch(`${base}/en/public?token=${encodeURIComponent(token)}`, {
    headers: { accept: "text/html" },
    redirect: "manual",
  });
  const cookie = /tk_player=[^;]+/.exec(page.headers.get("set-cookie") ?? "")![0];
  const csrf = /<meta name="tk-csrf" content="([^"]*)">/.exec(await page.text())![1];
  return { cookie, csrf };
}

try {
  const readers: Player[] = [];
  for (let i = 0; i < READERS; i += 20)
    readers.push(...(await Promise.all(Array.from({ length: Math.min(20, READERS - i) }, player))));
  const writers = await Promise.all(Array.from({ length: MESSAGES }, player));

  // Every reader: the id → arrival time of each message it got.
  const arrivals: Map<number, number>[] = readers.map(() => new Map());
  const sentAt = new Map<number, number>();
  let ready = 0;
  const aborts: AbortController[] = [];
  const streams = readers.map(async (r, i) => {
    const ac = new AbortController();
    aborts.push(ac);
    const res = await fetch(`${base}/public/chat/stream?room=global:en`, {
      headers: { cookie: r.cookie, accept: "text/event-stream" },
      signal: ac.signal,
    });
    const reader = res.body!.getReader();
    const dec = new TextDecoder();
    let buf = "";
    try {
      for (;;) {
        const { value, done } = await reader.read();
        if (done) return;
        const now = performance.now();
        buf += dec.decode(value, { stream: true });
        let k: number;
        while ((k = buf.indexOf("\n\n")) >= 0) {
          const block = buf.slice(0, k);
          buf = buf.slice(k + 2);
          if (block.includes("event: ready")) ready++;
          if (block.includes("event: message")) {
            const data = JSON.parse(/^data: ?(.*)$/m.exec(block)![1]) as { body: string };
            const tag = Number(/#(\d+)/.exec(data.body)?.[1]);
            if (tag) arrivals[i].set(tag, now);
          }
        }
      }
    } catch {
      // aborted at the end
    }
  });
  const t0 = performance.now();
  while (ready < READERS && performance.now() - t0 < 30_000) await Bun.sleep(20);
  if (ready < READERS) throw new Error(`only ${ready} of ${READERS} streams opened`);
  await Bun.sleep(300);

  for (let m = 1; m <= MESSAGES; m++) {
    const w = writers[m - 1];
    const at = performance.now();
    sentAt.set(m, at);
    const res = await fetch(`${base}/public/chat/send`, {
      method: "POST",
      headers: { cookie: w.cookie, "x-csrf-token": w.csrf, "content-type": "application/json" },
      body: JSON.stringify({ room: "global:en", body: `bench message #${m}` }),
    });
    if (res.status !== 201) throw new Error(`send: ${res.status} ${await res.text()}`);
    // Wait until every reader has it (or 2 s), then a pause, so each message is measured alone.
    const until = performance.now() + 2000;
    while (arrivals.some((a) => !a.has(m)) && performance.now() < until) await Bun.sleep(2);
    await Bun.sleep(50);
  }
  await Bun.sleep(500);
  for (const ac of aborts) ac.abort();
  await Promise.allSettled(streams);

  const lat: number[] = [];
  let missing = 0;
  for (const a of arrivals) for (const [m, t0m] of sentAt) a.has(m) ? lat.push(a.get(m)! - t0m) : missing++;
  lat.sort((x, y) => x - y);
  const q = (p: number) => lat[Math.min(lat.length - 1, Math.floor((p / 100) * lat.length))];
  const everyone = [...sentAt.keys()].filter((m) => arrivals.every((a) => a.has(m))).length;
  console.log(
    `chat delivery, one instance: ${READERS} SSE readers, ${MESSAGES} messages (${lat.length} deliveries, ${missing} missing)`,
  );
  console.log(`messages that reached every reader: ${everyone}/${MESSAGES}`);
  console.log(
    `latency ms  p50 ${q(50).toFixed(1)}  p90 ${q(90).toFixed(1)}  p99 ${q(99).toFixed(1)}  max ${lat[lat.length - 1].toFixed(1)}  (goal p99 ≤ 100)`,
  );
} finally {
  proc.kill();
  await proc.exited;
  rmSync(dataDir, { recursive: true, force: true });
}
