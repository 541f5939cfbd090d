// A second process opening an embedded warehouse already open elsewhere stops with a clear message;
// a mark left by a dead process is taken over.
import { test, expect } from "bun:test";
import { spawn } from "node:child_process";
import { mkdtempSync, rmSync, existsSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { lockEmbeddedWarehouse, WarehouseInUse } from "./warehouse-lock.ts";

test("the embedded warehouse is one process's: a second is refused with what to do; a dead owner's mark is taken", async () => {
  const dir = mkdtempSync(join(tmpdir(), "tk-lock-"));
  const other = spawn("sleep", ["30"]);
  try {
    const release = lockEmbeddedWarehouse(dir, other.pid!);
    expect(() => lockEmbeddedWarehouse(dir)).toThrow(WarehouseInUse);
    expect(() => lockEmbeddedWarehouse(dir)).toThrow(/pid \d+.*CLICKHOUSE_URL.*LIBSQL_URL/);
    // The same process again is fine.
    expect(() => lockEmbeddedWarehouse(dir, other.pid!)).not.toThrow();
    other.kill("SIGKILL");
    await new Promise((r) => other.once("exit", r));
    const mine = lockEmbeddedWarehouse(dir);
    release(); // the dead owner's release does not remove this process's mark
    expect(existsSync(join(dir, "chdb.pid"))).toBe(true);
    mine();
    expect(existsSync(join(dir, "chdb.pid"))).toBe(false);
  } finally {
    other.kill("SIGKILL");
    rmSync(dir, { recursive: true, force: true });
  }
});
