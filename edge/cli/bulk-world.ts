// bun edge/cli/bulk-world.ts --players 1000000 --events 100000000 [--days 365] [--data-dir DIR] [--seed 42]
// Generates the BENCHMARK world inside ClickHouse (INSERT … SELECT FROM numbers()), bypassing
// the outbox on purpose. For benchmarks only: it writes events no player produced.
import { parseArgs } from "node:util";
import { readEnv } from "../config.ts";
import { buildBulkWorld, settleRollups } from "../../warehouse/bulk.ts";
import { migrateWarehouse } from "../../warehouse/migrate.ts";
import { openWarehouse } from "../boot.ts";

const { values } = parseArgs({
  options: {
    players: { type: "string", default: "1000000" },
    events: { type: "string", default: "100000000" },
    days: { type: "string", default: "365" },
    seed: { type: "string", default: "42" },
    "data-dir": { type: "string" },
  },
});
const env = readEnv({ ...process.env, ...(values["data-dir"] ? { DATA_DIR: values["data-dir"] } : {}) });
const wh = await openWarehouse(env);
await migrateWarehouse(wh);
const t0 = performance.now();
let last = 0;
const counts = await buildBulkWorld(wh, {
  players: Number(values.players),
  events: Number(values.events),
  days: Number(values.days),
  end: Date.now(),
  seed: Number(values.seed),
  onProgress(table, done, total) {
    if (performance.now() - last > 2000 || done === total) {
      last = performance.now();
      console.log(`${table} ${done}/${total}`);
    }
  },
});
const total = Object.values(counts).reduce((s, n) => s + n, 0);
const s = (performance.now() - t0) / 1000;
console.log(`bulk world: ${total} rows in ${s.toFixed(1)} s (${Math.round(total / s)} rows/s)`, counts);
const t1 = performance.now();
await settleRollups(wh);
console.log(`rollups merged in ${((performance.now() - t1) / 1000).toFixed(1)} s`);
await wh.close();
