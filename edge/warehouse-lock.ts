// chDB (the embedded warehouse) runs inside one process: a second process opening the same data
// directory cannot use it (before, its metrics answered 503 and /healthz said false, silently).
// The first process marks the directory with its pid; a second one that finds a living owner stops
// at once with a message that says what to do. A mark left by a process that died (kill -9) is
// taken over.
import { readFileSync, unlinkSync, writeFileSync, mkdirSync } from "node:fs";
import { join } from "node:path";
import process from "node:process";

export class WarehouseInUse extends Error {}

const alive = (pid: number) => {
  try {
    process.kill(pid, 0);
    return true;
  } catch (e) {
    return (e as { code?: string }).code === "EPERM";
  }
};

/** Marks `dir` (DATA_DIR) as this process's embedded warehouse; answers the release. Throws WarehouseInUse. */
export function lockEmbeddedWarehouse(dir: string, pid = process.pid): () => void {
  mkdirSync(dir, { recursive: true });
  const path = join(dir, "chdb.pid");
  for (let attempt = 0; attempt < 2; attempt++) {
    try {
      writeFileSync(path, String(pid), { flag: "wx" });
      break;
    } catch (e) {
      if ((e as { code?: string }).code !== "EEXIST") throw e;
      const owner = Number(readFileSync(path, "utf8").trim());
      if (owner === pid) break;
      if (Number.isInteger(owner) && owner > 0 && alive(owner))
        throw new WarehouseInUse(
          `The embedded warehouse (chDB) in ${dir} is open in another process (pid ${owner}); chDB runs in one process only. ` +
            "Stop that process, or give this one a DATA_DIR of its own. More than one process over the same data needs the " +
            "servers: a ClickHouse server (CLICKHOUSE_URL) and a libSQL server (LIBSQL_URL) — see README, 'Many instances'.",
        );
      // Left by a process that is gone: taken over.
      unlinkSync(path);
    }
  }
  return () => {
    try {
      if (Number(readFileSync(path, "utf8").trim()) === pid) unlinkSync(path);
    } catch {
      // already gone
    }
  };
}
