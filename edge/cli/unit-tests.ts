// `npm test`'s unit tests: the whole tree on the defaults (libSQL's client, our router) and api +
// warehouse again on Bun's SQLite driver and Hono's stock router, side by side. Each is a `bun
// test` process running its files one after another, and a good part of a test's time is spent
// waiting (servers starting, sockets, timers): the whole tree runs as two shards, so three
// processes share the two cores (docs/contributing.md, "Tests"). Paths given on the command line
// run in one process. Each run's output is printed whole when it ends, so runs never interleave.
import { spawn } from "node:child_process";

type Run = { name: string; args: string[]; env: Record<string, string> };

const paths = process.argv.slice(2);
const defaults: Run[] = paths.length
  ? [{ name: "defaults", args: ["test", "--timeout", "30000", ...paths], env: {} }]
  : [1, 2].map((k) => ({
      name: `defaults, shard ${k}/2`,
      args: ["test", "--timeout", "30000", `--shard=${k}/2`],
      env: {},
    }));

const runs: Run[] = [
  ...defaults,
  {
    name: "bun:sqlite + stock router",
    args: ["test", "--timeout", "30000", "api", "warehouse"],
    env: { TK_SQLITE_DRIVER: "bun", TK_ROUTER: "stock" },
  },
];

function run({ name, args, env }: Run): Promise<number> {
  return new Promise((done) => {
    const started = Date.now();
    const child = spawn(process.execPath, args, { env: { ...process.env, ...env }, stdio: ["ignore", "pipe", "pipe"] });
    const out: Buffer[] = [];
    child.stdout.on("data", (b: Buffer) => out.push(b));
    child.stderr.on("data", (b: Buffer) => out.push(b));
    child.on("close", (code, signal) => {
      const seconds = Math.round((Date.now() - started) / 1000);
      process.stdout.write(`\n===== unit tests, ${name}: bun ${args.join(" ")} =====\n`);
      process.stdout.write(Buffer.concat(out));
      process.stdout.write(
        `===== ${name}: ${code === 0 ? "passed" : `FAILED (${signal ?? code})`} in ${seconds} s =====\n`,
      );
      done(code ?? 1);
    });
  });
}

const codes = await Promise.all(runs.map(run));
process.exit(codes.every((c) => c === 0) ? 0 : 1);
