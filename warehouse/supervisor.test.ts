import { expect, test } from "bun:test";
import { openChdbWarehouse } from "./adapters/chdb.ts";
import { superviseWarehouse } from "./supervisor.ts";
import type { Warehouse } from "./port.ts";

test("an attempt that never settles (its request ended, on Workers) is retried by a nudge once it is stale", async () => {
  let clock = 0;
  let opens = 0;
  const real = await openChdbWarehouse(process.env.TK_TEST_CHDB_DIR!, `tk_sup_${process.pid}_${Date.now()}`);
  const s = superviseWarehouse({
    kind: "chdb",
    database: real.database,
    now: () => clock,
    // The first open hangs for ever, as an attempt whose request context is gone does.
    open: () => (++opens === 1 ? new Promise<Warehouse>(() => undefined) : Promise.resolve(real)),
  });
  try {
    expect(s.status().state).toBe("starting");
    // While the attempt is fresh, a nudge waits for it rather than starting another.
    let settled = false;
    void s.nudge(30_000).then(() => (settled = true));
    await Bun.sleep(20);
    expect(settled).toBe(false);
    expect(opens).toBe(1);
    clock = 31_000;
    await s.nudge(30_000);
    expect(opens).toBe(2);
    expect(s.status().state).toBe("ready");
    expect(await s.warehouse.ping()).toBe(true);
    // Ready: a nudge does nothing.
    await s.nudge(0);
    expect(opens).toBe(2);
  } finally {
    await s.stop();
  }
});
