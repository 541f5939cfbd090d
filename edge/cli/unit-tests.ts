// `npm test`'s unit tests: the whole tree on the defaults (libSQL's client, our router) and api +
// warehouse again on Bun's SQLite driver and Hono's stock router, the two runs side by side.
// Each is one `bun test` process running its files one after another on one core; run in turn
// they left the machine's second core idle for most of the suite (docs/contributing.md, "Tests").
// Each run's output is printed whole when it ends, so the two never interleave line by line.
import { spawn } from "node:child_process";

type Run = { name: string; args: string[]; env: Record<string, string> };

const runs: Run[] = [
  { name: "defaults", args: ["test", "--timeout", "30000", ...process.argv.slice(2)], env: {} },
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
