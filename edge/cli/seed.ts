// npm run seed -- --players N --days D [--data-dir DIR]: builds a demo world into DATA_DIR
// through the domain code and ships its events to the warehouse.
import { parseArgs } from "node:util";
import { readEnv } from "../config.ts";
import { boot } from "../boot.ts";
import { buildWorld } from "../../api/db/seed/world.ts";
import { drainOutbox } from "../../warehouse/shipper.ts";

const { values } = parseArgs({
  options: {
    players: { type: "string", default: "2000" },
    days: { type: "string", default: "60" },
    "data-dir": { type: "string" },
    seed: { type: "string", default: "42" },
  },
});
const env = readEnv({ ...process.env, ...(values["data-dir"] ? { DATA_DIR: values["data-dir"] } : {}) });
const booted = await boot(env);
const t0 = performance.now();
let last = 0;
const result = await buildWorld(booted.deps.db, {
  players: Number(values.players),
  days: Number(values.days),
  now: Date.now(),
  seed: Number(values.seed),
  onProgress(done, total) {
    if (performance.now() - last > 2000 || done === total) {
      last = performance.now();
      console.log(`players ${done}/${total}`);
    }
  },
});
await booted.shipper.stop();
const shipped = await drainOutbox(booted.deps.client, booted.deps.warehouse);
console.log(
  `world: ${result.players} players in ${((performance.now() - t0) / 1000).toFixed(1)} s; ${shipped.shipped} events shipped`,
);
await booted.close();
