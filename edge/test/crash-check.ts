// TEST ONLY (edge/crash.test.ts): opens a stopped server's data directory in a process of its own
// (chDB allows one data directory per process), ships what is left in the outbox, and prints
// what the crash test checks, as JSON:
//   missing       acknowledged player ids (argv[3], a file of ids) not in the store
//   ledgerDiffs   players whose balance differs from the sum of their ledger entries
//   outboxVsWarehouse  per event table: event ids in the outbox but not in the warehouse, and the reverse
//   rollupDiffs   rollups whose figures differ from the same figures recomputed from the raw events
import { readFileSync } from "node:fs";
import { z } from "zod";
import { readEnv } from "../config.ts";
import { openClient, openWarehouse } from "../boot.ts";
import { migrateWarehouse } from "../../warehouse/migrate.ts";
import { drainOutbox } from "../../warehouse/shipper.ts";
import { WAREHOUSE_TABLES } from "../../warehouse/events.ts";
import { rollups } from "../../warehouse/migrations/0002_metrics_rollups.ts";

const [dir, idsFile] = process.argv.slice(2);
const env = readEnv({ DATA_DIR: dir, SEED_PLAYERS: "0" });
const client = await openClient(env);
const wh = await openWarehouse(env);
await migrateWarehouse(wh);
await drainOutbox(client, wh);

const acknowledged = readFileSync(idsFile, "utf8").split("\n").filter(Boolean).map(Number);
const present = new Set((await client.execute("SELECT id FROM players")).rows.map((r) => Number(r.id)));
const missing = acknowledged.filter((id) => !present.has(id));

const ledgerDiffs = (
  await client.execute(`SELECT p.id, p.gold, p.silver,
      coalesce((SELECT sum(delta) FROM ledger_entries l WHERE l.player_id = p.id AND l.currency = 'gold'), 0) AS lg,
      coalesce((SELECT sum(delta) FROM ledger_entries l WHERE l.player_id = p.id AND l.currency = 'silver'), 0) AS ls
    FROM players p`)
).rows.filter((r) => Number(r.gold) !== Number(r.lg) || Number(r.silver) !== Number(r.ls)).map((r) => Number(r.id));

const idRow = z.object({ event_id: z.string() });
const outboxVsWarehouse: Record<string, { notInWarehouse: number; notInOutbox: number; outbox: number }> = {};
for (const table of WAREHOUSE_TABLES) {
  const inOutbox = new Set((await client.execute({ sql: 'SELECT event_id FROM outbox WHERE "table" = ?', args: [table] })).rows.map((r) => String(r.event_id)));
  const inWarehouse = new Set((await wh.query(`SELECT toString(event_id) AS event_id FROM ${table}`, {}, idRow)).map((r) => r.event_id));
  outboxVsWarehouse[table] = {
    outbox: inOutbox.size,
    notInWarehouse: [...inOutbox].filter((id) => !inWarehouse.has(id)).length,
    notInOutbox: [...inWarehouse].filter((id) => !inOutbox.has(id)).length,
  };
}

// Each rollup after merges (FINAL) against its own SELECT over the raw events, aggregate states finalized.
const anyRow = z.record(z.string(), z.unknown());
const rollupDiffs: string[] = [];
const figures: Record<string, number> = {};
for (const r of rollups) {
  const exists = await wh.query("SELECT count() AS n FROM system.tables WHERE database = currentDatabase() AND name = {t:String}", { t: r.table }, z.object({ n: z.number() }));
  if (!exists[0].n) continue;
  const cols = await wh.query("SELECT name, type FROM system.columns WHERE database = currentDatabase() AND table = {t:String} ORDER BY position", { t: r.table }, z.object({ name: z.string(), type: z.string() }));
  const exprs = cols.map((c) => (c.type.startsWith("AggregateFunction") ? `toString(finalizeAggregation(${c.name})) AS ${c.name}` : `toString(${c.name}) AS ${c.name}`)).join(", ");
  // A summing rollup drops rows whose sums are all zero when it merges; so does the comparison.
  const stored = await wh.query(`SELECT ${exprs} FROM ${r.table} FINAL ORDER BY ALL`, {}, anyRow);
  const fresh = await wh.query(`SELECT ${exprs} FROM (${r.select}) ORDER BY ALL`, {}, anyRow);
  figures[r.table] = stored.length;
  if (JSON.stringify(stored) !== JSON.stringify(fresh)) rollupDiffs.push(r.table);
}
// The DAU and retention rollups of 0003/0004 against the raw activity.
const same = async (name: string, rollup: string, raw: string) => {
  const row = z.object({ k: z.string(), n: z.number() });
  const a = JSON.stringify(await wh.query(rollup, {}, row));
  const b = JSON.stringify(await wh.query(raw, {}, row));
  if (a !== b) rollupDiffs.push(name);
};
await same("active_days", "SELECT toString(day) AS k, toUInt64(groupBitmapMerge(players)) AS n FROM active_days GROUP BY day ORDER BY day", "SELECT toString(toDate(ts)) AS k, uniqExact(player_id) AS n FROM activity GROUP BY toDate(ts) ORDER BY toDate(ts)");
await same("active_monthly", "SELECT toString(month) AS k, toUInt64(groupBitmapMerge(players)) AS n FROM active_monthly GROUP BY month ORDER BY month", "SELECT toString(toStartOfMonth(ts)) AS k, uniqExact(player_id) AS n FROM activity GROUP BY toStartOfMonth(ts) ORDER BY toStartOfMonth(ts)");
await same("retention_weekly", "SELECT concat(toString(cohort_week), ' ', toString(week)) AS k, toUInt64(groupBitmapMerge(players)) AS n FROM retention_weekly GROUP BY cohort_week, week ORDER BY cohort_week, week", "SELECT concat(toString(toMonday(reg_ts)), ' ', toString(toMonday(ts))) AS k, uniqExact(player_id) AS n FROM activity GROUP BY toMonday(reg_ts), toMonday(ts) ORDER BY toMonday(reg_ts), toMonday(ts)");

console.log(JSON.stringify({ acknowledged: acknowledged.length, players: present.size, missing, ledgerDiffs, outboxVsWarehouse, rollupDiffs, figures }));
await wh.close();
client.close();
process.exit(0);
