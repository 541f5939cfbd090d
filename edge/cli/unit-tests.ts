// `npm test`'s unit tests: the whole tree on the defaults (libSQL's client, our router) and api +
// warehouse again on Bun's SQLite driver and Hono's stock router, side by side. Each is a `bun
// test` process running its files one after another, and a good part of a test's time is spent
// waiting (servers starting, sockets, timers): the whole tree runs as two shards, so three
// processes share the two cores (docs/contributing.md, "Tests"). Paths given on the command line
// run in one process. Each run's output is printed whole once all have ended, so runs never interleave.
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

type Ended = { name: string; args: string[]; code: number; output: string; seconds: number };

function run({ name, args, env }: Run): Promise<Ended> {
  return new Promise((done) => {
    const started = Date.now();
    const child = spawn(process.execPath, args, { env: { ...process.env, ...env }, stdio: ["ignore", "pipe", "pipe"] });
    const out: Buffer[] = [];
    child.stdout.on("data", (b: Buffer) => out.push(b));
    child.stderr.on("data", (b: Buffer) => out.push(b));
    child.on("close", (code, signal) => {
      const seconds = Math.round((Date.now() - started) / 1000);
      process.stdout.write(
        `===== ${name}: ${code === 0 ? "passed" : `FAILED (${signal ?? code})`} in ${seconds} s =====\n`,
      );
      done({ name, args, code: code ?? 1, output: Buffer.concat(out).toString(), seconds });
    });
  });
}

// A CI log is often read from its end: the runs that failed are printed last, and after them a
// summary of every failed test with its file, so the tail always says what broke.
const ended = await Promise.all(runs.map(run));
const failed = ended.filter((e) => e.code !== 0);
for (const e of [...ended.filter((e) => e.code === 0), ...failed]) {
  process.stdout.write(`\n===== unit tests, ${e.name}: bun ${e.args.join(" ")} =====\n${e.output}`);
  process.stdout.write(`===== ${e.name}: ${e.code === 0 ? "passed" : `FAILED (${e.code})`} in ${e.seconds} s =====\n`);
}
if (failed.length) {
  process.stdout.write("\n===== what failed =====\n");
  for (const e of failed) {
    let file = "";
    const lines: string[] = [];
    for (const line of e.output.split("\n")) {
      // bun ends its output with a summary that repeats the failed tests under no file: stop there.
      if (/^\d+ tests? failed:$/.test(line)) break;
      if (/^\S.*\.test\.tsx?:$/.test(line)) file = line.slice(0, -1);
      else if (line.startsWith("(fail)")) lines.push(`${file}: ${line}`);
    }
    process.stdout.write(
      `${e.name}: exit ${e.code}\n${lines.length ? lines.join("\n") : "(no failed test named: see its output above)"}\n`,
    );
  }
}
process.exit(failed.length ? 1 : 0);
