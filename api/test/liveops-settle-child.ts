// A second process for api/domain/liveops/tournaments.test.ts: opens the test's libSQL file and
// settles the due periods, stopping inside the payout's transaction after `stopAfter` prizes
// (prints "paused" and waits to be killed with SIGKILL). Without `stopAfter` it settles and exits.
import { createClient } from "@libsql/client";
import { createDb } from "../db/index.ts";
import { withWriteLock } from "../db/write-lock.ts";
import { systemCtx } from "../domain/context.ts";
import { settleDue } from "../domain/liveops/tournaments.ts";

const [file, nowText, stopAfterText] = process.argv.slice(2);
const now = Number(nowText);
const stopAfter = stopAfterText ? Number(stopAfterText) : Number.POSITIVE_INFINITY;
const client = withWriteLock(
  createClient({ url: `file:${file}`, timeout: 10_000 } as Parameters<typeof createClient>[0]),
);
const ctx = systemCtx(createDb(client), { now: () => now });
const settled = await settleDue({
  ctx,
  afterPrize: async (paid) => {
    if (paid < stopAfter) return;
    process.stdout.write("paused\n");
    await new Promise(() => {}); // until killed
  },
});
process.stdout.write(`${JSON.stringify(settled)}\n`);
client.close();
