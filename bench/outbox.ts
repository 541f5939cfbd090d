// bun bench/outbox.ts [--events 1000000] [--rounds 3] [--batch 100000]
// Outbox → chDB shipping in events per second (claim, read, per-table dedup-token insert, mark
// shipped), sustained over `events` per round, against two baselines measured in the same
// rounds on the same kind of events:
//   raw JSONEachRow: the same events inserted straight into chDB as JSONEachRow lines in batches
//     of 20,000 — the insert path the shipper used before (102k/s shipped vs 107k/s raw);
//   raw compact: the same events as the JSONCompactEachRow lines the outbox now holds, in
//     batches of the shipper's size, straight into chDB — the ceiling of the new path.
// Each variant runs once per round, interleaved; medians over the rounds are printed.
import { z } from "zod";
import { parseArgs } from "node:util";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { createBunSqliteClient } from "../edge/bun-sqlite-client.ts";
import { withWriteLock } from "../api/db/write-lock.ts";
import { migrate } from "../api/db/migrate.ts";
import { openChdbWarehouse } from "../warehouse/adapters/chdb.ts";
import { migrateWarehouse } from "../warehouse/migrate.ts";
import { DEFAULT_BATCH_SIZE, drainOutbox } from "../warehouse/shipper.ts";
import { EVENT_COLUMNS, eventLine, newEventId, toCHDateTime, type EventRow } from "../warehouse/events.ts";
import type { Warehouse } from "../warehouse/port.ts";

const NRow = z.object({ n: z.number() });

const { values } = parseArgs({
  options: {
    events: { type: "string", default: "1000000" },
    rounds: { type: "string", default: "3" },
    batch: { type: "string", default: String(DEFAULT_BATCH_SIZE) },
  },
});
const N = Number(values.events);
const rounds = Number(values.rounds);
const batch = Number(values.batch);
const dir = mkdtempSync(join(tmpdir(), "tk-bench-outbox-"));
const client = withWriteLock(createBunSqliteClient(join(dir, "outbox.db")));
await migrate(client);
const wh = await openChdbWarehouse(join(dir, "chdb"), "bench");
await migrateWarehouse(wh);

// Counts the time spent inside the warehouse's inserts while the shipper runs.
let insertMs = 0;
const timed: Warehouse = {
  ...wh,
  kind: wh.kind,
  database: wh.database,
  query: (s, p, r) => wh.query(s, p, r),
  command: (s, p) => wh.command(s, p),
  stream: (s, p, f) => wh.stream(s, p, f),
  ping: () => wh.ping(),
  close: () => wh.close(),
  async insertLines(table, lines, opts) {
    const t = performance.now();
    await wh.insertLines(table, lines, opts);
    insertMs += performance.now() - t;
  },
};

const t = Date.UTC(2026, 0, 1);
let serial = 0;
const event = (): EventRow<"currency_movements"> => {
  const i = serial++;
  return {
    event_id: newEventId(),
    ts: toCHDateTime(t + (i % 2_000_000) * 1000),
    player_id: (i % 50_000) + 1,
    currency: i % 3 ? "silver" : "gold",
    delta: (i % 7) - 3 || 1,
    balance_after: i % 10_000,
    reason: ["battle.reward", "shop.tank", "repair"][i % 3],
    ref: "",
    player_level: (i % 30) + 1,
    seq: i + 1,
  };
};

async function fillOutbox() {
  // As committed transactions would (emit's line), not timed.
  for (let i = 0; i < N; i += 5000) {
    const stmts = [];
    for (let j = i; j < Math.min(N, i + 5000); j++) {
      const e = event();
      stmts.push({
        sql: 'INSERT INTO outbox (event_id, "table", row, created_at) VALUES (?, ?, ?, ?)',
        args: [e.event_id, "currency_movements", eventLine("currency_movements", e), Date.now()],
      });
    }
    await client.batch(stmts, "write");
  }
}

async function rawInsert(lines: string[], size: number, opts: Parameters<Warehouse["insertLines"]>[2], tag: string) {
  const payloads: string[] = [];
  for (let i = 0; i < lines.length; i += size) payloads.push(lines.slice(i, i + size).join("\n"));
  const t0 = performance.now();
  for (const [k, p] of payloads.entries())
    await wh.insertLines("currency_movements", p, { ...opts, dedupToken: `${tag}:${k}` });
  return N / ((performance.now() - t0) / 1000);
}

const results = {
  shipper: [] as number[],
  insertShare: [] as number[],
  rawJson: [] as number[],
  rawCompact: [] as number[],
};
let expected = 0;
for (let r = 0; r < rounds; r++) {
  await fillOutbox();
  insertMs = 0;
  const t0 = performance.now();
  const shipped = await drainOutbox(client, timed, batch);
  const ms = performance.now() - t0;
  if (shipped.shipped !== N) throw new Error(`shipped ${shipped.shipped}, expected ${N}`);
  results.shipper.push(N / (ms / 1000));
  results.insertShare.push(insertMs / ms);

  const json: string[] = [];
  for (let i = 0; i < N; i++) json.push(JSON.stringify(event()));
  results.rawJson.push(await rawInsert(json, 20_000, {}, `json${r}`));
  const compact: string[] = [];
  for (let i = 0; i < N; i++) compact.push(eventLine("currency_movements", event()));
  results.rawCompact.push(
    await rawInsert(
      compact,
      batch,
      { format: "JSONCompactEachRow", columns: EVENT_COLUMNS.currency_movements },
      `compact${r}`,
    ),
  );
  expected += 3 * N;
  const line = (xs: number[]) => Math.round(xs[xs.length - 1]).toLocaleString("en");
  console.log(
    `round ${r + 1}: shipper ${line(results.shipper)} events/s (inserts ${(100 * results.insertShare[r]).toFixed(0)}% of its time), raw JSONEachRow ${line(results.rawJson)}, raw compact ${line(results.rawCompact)}`,
  );
}

const [{ n }] = await wh.query("SELECT count() AS n FROM currency_movements", {}, NRow);
if (n !== expected) throw new Error(`counted ${n}, expected ${expected}`);
const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];
const ship = median(results.shipper);
const fmt = (x: number) => Math.round(x).toLocaleString("en");
console.log(
  `\nmedians over ${rounds} rounds of ${N.toLocaleString("en")} events (batches of ${batch.toLocaleString("en")}):`,
);
console.log(
  `outbox → chDB shipper:                       ${fmt(ship)} events/s (inserts ${(100 * median(results.insertShare)).toFixed(0)}% of its time, libSQL claim/read/mark the rest)`,
);
console.log(
  `raw chDB insert, JSONEachRow, batches of 20k: ${fmt(median(results.rawJson))} events/s  → ratio shipper / this ${(ship / median(results.rawJson)).toFixed(2)}`,
);
console.log(
  `raw chDB insert, same compact lines:          ${fmt(median(results.rawCompact))} events/s  → ratio shipper / this ${(ship / median(results.rawCompact)).toFixed(2)}`,
);
console.log(
  ship >= 200_000
    ? "goal reached: ≥ 200,000 events/s sustained"
    : `below the 200,000 events/s goal by ${fmt(200_000 - ship)} events/s`,
);
await wh.close();
client.close();
rmSync(dir, { recursive: true, force: true });
