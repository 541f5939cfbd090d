// npm run liveops:settle [-- --data-dir DIR]
// Settles every live-event period that has ended now — what the maintenance timer does every 5
// minutes (edge/boot.ts) — for an operator who will not wait (after an outage, before a report)
// and for the journeys. Each period in its own transaction; a settled one pays nothing again
// (docs/decisions/liveops.md). Prints one line per period settled.
import { parseArgs } from "node:util";
import process from "node:process";
import { readEnv } from "../config.ts";
import { openClient } from "../boot.ts";
import { systemClock } from "../../api/deps.ts";
import { createDb } from "../../api/db/index.ts";
import { migrate } from "../../api/db/migrate.ts";
import { systemCtx } from "../../api/domain/context.ts";
import { settleDue } from "../../api/domain/liveops/tournaments.ts";

const { values } = parseArgs({ options: { "data-dir": { type: "string" } } });
const env = readEnv({ ...process.env, ...(values["data-dir"] ? { DATA_DIR: values["data-dir"] } : {}) });
const client = await openClient(env);
try {
  await migrate(client);
  const settled = await settleDue({ ctx: systemCtx(createDb(client), systemClock) });
  for (const s of settled)
    console.log(
      `event ${s.eventId} period ${new Date(s.periodStart).toISOString()}: ${s.entries} entries, ${s.paid} prizes paid${s.replayed ? " (settled before)" : ""}`,
    );
  console.log(`${settled.length} periods settled`);
} catch (e) {
  console.error(String(e));
  process.exitCode = 1;
} finally {
  client.close();
}
