// `npm start`'s UI step: builds the UI (`bun run ui:build`) only when its sources changed since the
// last build, so a restart serves within about a second instead of spending ~5 s rebuilding the
// same bundle. The sources are everything the build reads: ui/ (less its outputs), api/ (the UI
// imports contracts and rules from it), the lingui and package settings; their contents are hashed
// after each build into ui/dist/.sources, and a start whose hash matches (with the outputs there)
// skips the build. TK_UI_BUILD=1 always builds.
import { spawnSync } from "node:child_process";
import { existsSync, readFileSync, readdirSync, statSync, writeFileSync } from "node:fs";
import { join, relative } from "node:path";

const root = new URL("../..", import.meta.url).pathname;
const stamp = join(root, "ui/dist/.sources");
/** What the build writes: never an input. */
const OUTPUTS = [/^ui\/dist\//, /^ui\/ssr-dist\//, /^ui\/locales\//, /^ui\/build-meta\.json$/];
const SOURCE = /\.(ts|tsx|js|jsx|css|po|json|svg|html|md)$/;

function files(dir: string, out: string[] = []): string[] {
  for (const name of readdirSync(dir)) {
    if (name === "node_modules" || name.startsWith(".")) continue;
    const path = join(dir, name);
    const rel = relative(root, path);
    if (OUTPUTS.some((o) => o.test(rel))) continue;
    if (statSync(path).isDirectory()) files(path, out);
    else if (SOURCE.test(name)) out.push(rel);
  }
  return out;
}

/** A hash of every source's path and contents (sorted: the same tree, the same hash). */
export function sourcesHash(): string {
  const list = [...files(join(root, "ui")), ...files(join(root, "api"))].sort();
  for (const extra of ["lingui.config.ts", "package.json", "package-lock.json", "tsconfig.json"])
    if (existsSync(join(root, extra))) list.push(extra);
  const h = new Bun.CryptoHasher("sha256");
  for (const f of list) {
    h.update(f);
    h.update(readFileSync(join(root, f)));
  }
  return h.digest("hex");
}

if (import.meta.main) {
  const t0 = performance.now();
  const before = sourcesHash();
  const built =
    existsSync(join(root, "ui/dist/manifest.json")) &&
    existsSync(join(root, "ui/ssr-dist/ssr.js")) &&
    existsSync(join(root, "ui/locales/en.ts"));
  if (process.env.TK_UI_BUILD !== "1" && built && existsSync(stamp) && readFileSync(stamp, "utf8") === before) {
    console.log(`UI up to date (sources unchanged; checked in ${Math.round(performance.now() - t0)} ms)`);
    process.exit(0);
  }
  const r = spawnSync("bun", ["run", "ui:build"], { cwd: root, stdio: "inherit" });
  if (r.status !== 0) process.exit(r.status ?? 1);
  // The build rewrites the catalogues it extracts: the stamp is of the tree as the build left it.
  writeFileSync(stamp, sourcesHash());
}
