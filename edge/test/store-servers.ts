// TEST ONLY: the test-only store servers (a libSQL server, a ClickHouse-HTTP bridge onto chDB), each
// in a process of its own, for tests that run several instances against them: in the test's own
// process chDB's synchronous calls and the test's clients would hold up every instance's queries.
//   bun edge/test/store-servers.ts libsql <file>      → prints "listening <url>"
//   bun edge/test/store-servers.ts clickhouse <dir>   → prints "listening <url>"
import { spawn } from "node:child_process";
import { join } from "node:path";

export interface StoreServer {
  url: string;
  stop(): Promise<void>;
}

/** Starts one store server in a child process; resolves with its address once it listens. */
export function spawnStoreServer(kind: "libsql" | "clickhouse", path: string): Promise<StoreServer> {
  const root = new URL("../..", import.meta.url).pathname;
  const proc = spawn(join(root, "node_modules/.bin/bun"), [join(root, "edge/test/store-servers.ts"), kind, path], {
    cwd: root,
    stdio: ["ignore", "pipe", "inherit"],
  });
  const exited = new Promise<void>((r) => proc.on("exit", () => r()));
  return new Promise((resolve, reject) => {
    let out = "";
    proc.stdout?.on("data", (d) => {
      out += String(d);
      const m = /listening (\S+)/.exec(out);
      if (m)
        resolve({
          url: m[1],
          stop: async () => {
            proc.kill("SIGKILL");
            await exited;
          },
        });
    });
    void exited.then(() => reject(new Error(`the ${kind} server exited: ${out}`)));
  });
}

if (import.meta.main) {
  const [kind, path] = process.argv.slice(2);
  if (kind === "libsql") {
    const { startLibsqlHttpServer } = await import("./libsql-http-server.ts");
    console.log(`listening ${startLibsqlHttpServer(path).url}`);
  } else if (kind === "clickhouse") {
    const { startClickHouseHttpBridge } = await import("./clickhouse-http-bridge.ts");
    console.log(`listening ${startClickHouseHttpBridge(path).url}`);
  } else {
    console.error("usage: store-servers.ts libsql <file> | clickhouse <dir>");
    process.exit(2);
  }
}
