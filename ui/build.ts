// Builds the React app into ui/dist with code splitting and writes manifest.json, which the
// server reads to put the entry script into the HTML shell.
import { rmSync, writeFileSync } from "node:fs";

const outdir = new URL("./dist/", import.meta.url).pathname;
rmSync(outdir, { recursive: true, force: true });
const result = await Bun.build({
  entrypoints: [new URL("./main.tsx", import.meta.url).pathname],
  outdir,
  splitting: true,
  minify: true,
  target: "browser",
  format: "esm",
  naming: { entry: "[name]-[hash].[ext]", chunk: "chunk-[hash].[ext]", asset: "[name]-[hash].[ext]" },
  define: { "process.env.NODE_ENV": '"production"' },
});
if (!result.success) {
  for (const log of result.logs) console.error(log);
  process.exit(1);
}
const rel = (p: string) => "/assets/" + p.slice(outdir.length);
const scripts = result.outputs.filter((o) => o.kind === "entry-point").map((o) => rel(o.path));
const styles = result.outputs.filter((o) => o.path.endsWith(".css")).map((o) => rel(o.path));
writeFileSync(`${outdir}/manifest.json`, JSON.stringify({ scripts, styles }));
console.log(`ui built: ${result.outputs.length} files`);
