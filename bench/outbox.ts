// bun bench/outbox.ts [--events 400000]
// Outbox → chDB shipping in events per second (claim, read, per-table dedup-token insert, mark
// shipped), against the same lines inserted straight into chDB (the baseline), in one run.
import { parseArgs } from "node:util";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { createBunSqliteClient } from "../edge/bun-sqlite-client.ts";
import { withWriteLock } from "../api/db/write-lock.ts";
import { migrate } from "../api/db/migrate.ts";
import { openChdbWarehouse } from "../warehouse/adapters/chdb.ts";
import { migrateWarehouse } from "../warehouse/migrate.ts";
import { drainOutbox } from "../warehouse/shipper.ts";
import { newEventId, toCHDateTime } from "../warehouse/events.ts";

const { values } = parseArgs({ options: { events: { type: "string", default: "400000" } } });
const N = Number(values.events);
const dir = mkdtempSync(join(tmpdir(), "tk-bench-outbox-"));
const client = withWriteLock(createBunSqliteClient(join(dir, "outbox.db")));
await migrate(client);
const wh = await openChdbWarehouse(join(dir, "chdb"), "bench");
await migrateWarehouse(wh);

const t = Date.UTC(2026, 0, 1);
const row = (i: number) =>
  JSON.stringify({ event_id: newEventId(), ts: toCHDateTime(t + i * 1000), player_id: (i % 50_000) + 1, currency: i % 3 ? "silver" : "gold", delta: (i % 7) - 3 || 1, balance_after: i % 10_000, reason: ["battle.reward", "shop.tank", "repair"][i % 3], ref: "", player_level: (i % 30) + 1 });

// Fill the outbox as committed transactions would (not timed).
for (let i = 0; i < N; i += 5000) {
  const stmts = [];
  for (let j = i; j < Math.min(N, i + 5000); j++) {
    const line = row(j);
    stmts.push({ sql: 'INSERT INTO outbox (event_id, "table", row, created_at) VALUES (?, ?, ?, ?)', args: [JSON.parse(line).event_id, "currency_movements", line, Date.now()] });
  }
  await client.batch(stmts, "write");
}

const t0 = performance.now();
const shipped = await drainOutbox(client, wh);
const shipSec = (performance.now() - t0) / 1000;

// Baseline: the same volume as raw JSONEachRow inserts of the same batch size, no outbox.
const lines: string[] = [];
for (let i = 0; i < N; i++) lines.push(row(N + i));
const t1 = performance.now();
for (let i = 0; i < N; i += 20_000) await wh.insertLines("currency_movements", lines.slice(i, i + 20_000).join("\n"), { dedupToken: `raw:${i}` });
const rawSec = (performance.now() - t1) / 1000;

const [{ n }] = await wh.query<{ n: number }>("SELECT count() AS n FROM currency_movements");
if (n !== 2 * N || shipped.shipped !== N) throw new Error(`counted ${n}, shipped ${shipped.shipped}, expected ${2 * N} / ${N}`);
console.log(`outbox → chDB: ${N} events in ${shipSec.toFixed(2)} s = ${Math.round(N / shipSec)} events/s (${shipped.batches} batches)`);
console.log(`raw chDB insert of the same lines: ${Math.round(N / rawSec)} events/s`);
console.log(`ratio shipper / raw insert: ${(rawSec / shipSec).toFixed(2)}`);
await wh.close();
client.close();
rmSync(dir, { recursive: true, force: true });
