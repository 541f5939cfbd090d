// Builds the React app into ui/dist with code splitting and writes manifest.json, which the
// server reads to put the entry script into the HTML shell. Files that import a lingui macro go
// through @lingui/babel-plugin-lingui-macro first (Bun has no babel of its own), which turns
// t`…`, msg`…` and <Trans> into catalogue lookups by id; `bun run ui:build` runs `lingui extract`
// and `lingui compile` before this, so ui/locales/{locale}.ts holds every compiled message.
import { readFileSync, rmSync, writeFileSync } from "node:fs";
import { transformAsync } from "@babel/core";
import type { BunPlugin } from "bun";

const MACRO_IMPORT = /from\s+["']@lingui\/(?:core|react)\/macro["']/;

/** Runs the lingui macro on the files that import one; the others load untouched. */
export const linguiMacros: BunPlugin = {
  name: "lingui-macros",
  setup(build) {
    build.onLoad({ filter: /\/ui\/.*\.[jt]sx?$/ }, async ({ path }) => {
      const code = await Bun.file(path).text();
      const loader = path.endsWith("x") ? "tsx" : "ts";
      if (!MACRO_IMPORT.test(code)) return { contents: code, loader };
      const out = await transformAsync(code, {
        filename: path,
        babelrc: false,
        configFile: false,
        sourceMaps: false,
        parserOpts: { plugins: loader === "tsx" ? ["typescript", "jsx"] : ["typescript"] },
        // Production bundles carry ids only; the texts come from the compiled catalogues.
        plugins: [["@lingui/babel-plugin-lingui-macro", { stripNonEssentialFields: true }]],
      });
      return { contents: out!.code!, loader };
    });
  },
};

/**
 * A screen imports a route's contract (api/contracts/) to call it, but needs only where and how:
 * each contract file is replaced in the bundle by its contracts' descriptors (method, path, auth,
 * kind, mutates), so no page downloads zod or the schemas for a call (the landing stays in its
 * budget). TypeScript still reads the real file, so the call is typed end to end. The helper
 * (api/contracts/contract.ts: types and the request builder, no zod) is bundled as it is; a
 * screen importing anything but contracts from a contract file fails the build (not exported).
 */
export const contractDescriptors: BunPlugin = {
  name: "contract-descriptors",
  setup(build) {
    build.onLoad({ filter: /\/api\/contracts\/.*\.ts$/ }, async ({ path }) => {
      if (path.endsWith("/api/contracts/contract.ts")) return { contents: await Bun.file(path).text(), loader: "ts" };
      const mod = (await import(path)) as Record<string, unknown>;
      const lines = Object.entries(mod).flatMap(([name, c]) => {
        if (typeof c !== "object" || c === null || (c as { contract?: unknown }).contract !== true) return [];
        const { method, path: route, auth, kind, mutates } = c as Record<string, unknown>;
        return [
          `export const ${name} = ${JSON.stringify({ contract: true, method, path: route, auth, kind, mutates })};`,
        ];
      });
      return { contents: lines.join("\n"), loader: "js" };
    });
  },
};

/**
 * wouter reaches React's useSyncExternalStore through the `use-sync-external-store` shim, which
 * on React 18 and later only hands React's own back (its export is
 * `React.useSyncExternalStore ?? shim`): the shim's fallback code is dead weight in every page.
 * Resolved to React's own, ~300 bytes less of gzipped JS on every screen (the landing included).
 */
export const reactOwnStore: BunPlugin = {
  name: "react-own-sync-external-store",
  setup(build) {
    build.onResolve({ filter: /^use-sync-external-store\/shim(\/index\.js)?$/ }, () => ({
      path: "use-sync-external-store",
      namespace: "react-own",
    }));
    build.onLoad({ filter: /.*/, namespace: "react-own" }, () => ({
      contents: 'export { useSyncExternalStore } from "react";',
      loader: "js",
    }));
  },
};

if (import.meta.main) {
  const outdir = new URL("./dist/", import.meta.url).pathname;
  rmSync(outdir, { recursive: true, force: true });
  const result = await Bun.build({
    entrypoints: [new URL("./main.tsx", import.meta.url).pathname],
    outdir,
    splitting: true,
    minify: true,
    target: "browser",
    format: "esm",
    plugins: [contractDescriptors, reactOwnStore, linguiMacros],
    naming: { entry: "[name]-[hash].[ext]", chunk: "chunk-[hash].[ext]", asset: "[name]-[hash].[ext]" },
    define: { "process.env.NODE_ENV": '"production"' },
    // Which sources went into which chunk, and how chunks import each other: ui/budget.test.ts
    // reads it to add up what a page downloads.
    metafile: true,
  });
  if (!result.success) {
    for (const log of result.logs) console.error(log);
    process.exit(1);
  }
  const rel = (p: string) => `/assets/${p.slice(outdir.length)}`;
  const entries = result.outputs.filter((o) => o.kind === "entry-point").map((o) => rel(o.path));
  // The chunks the entry imports statically are listed as scripts too, so the browser fetches
  // them beside the entry instead of after parsing it (one round trip less before the first
  // render); a module runs once however many times it is referenced.
  const staticImports = (file: string) =>
    [
      ...readFileSync(outdir + file.slice("/assets/".length), "utf8").matchAll(/(?:from|import)\s*"\.\/([^"]+\.js)"/g),
    ].map((m) => `/assets/${m[1]}`);
  const scripts = [...entries];
  for (let i = 0; i < scripts.length; i++)
    for (const dep of staticImports(scripts[i])) if (!scripts.includes(dep)) scripts.push(dep);
  // One stylesheet for every page instead of one per chunk (14 render-blocking requests before the
  // first paint on a slow connection): the chunks' CSS in the bundler's order, which is the cascade
  // the separate links had.
  const css = result.outputs
    .filter((o) => o.path.endsWith(".css"))
    .map((o) => readFileSync(o.path, "utf8"))
    .join("\n");
  const cssName = `site-${new Bun.CryptoHasher("sha256").update(css).digest("hex").slice(0, 10)}.css`;
  writeFileSync(`${outdir}/${cssName}`, css);
  const styles = [`/assets/${cssName}`];
  writeFileSync(`${outdir}/manifest.json`, JSON.stringify({ scripts, styles }));
  // The server's renderer of the first pages (ui/ssr.tsx): one module for Bun, Deno and Workers,
  // outside dist (dist is served to browsers).
  const ssrDir = new URL("./ssr-dist/", import.meta.url).pathname;
  rmSync(ssrDir, { recursive: true, force: true });
  const ssr = await Bun.build({
    entrypoints: [new URL("./ssr.tsx", import.meta.url).pathname],
    outdir: ssrDir,
    splitting: false,
    minify: true,
    target: "browser",
    format: "esm",
    plugins: [contractDescriptors, linguiMacros],
    naming: { entry: "[name].[ext]", asset: "[name]-[hash].[ext]" },
    define: { "process.env.NODE_ENV": '"production"' },
  });
  if (!ssr.success) {
    for (const log of ssr.logs) console.error(log);
    process.exit(1);
  }
  // Kept beside dist, not in it: the server answers every file of dist under /assets/.
  writeFileSync(new URL("./build-meta.json", import.meta.url).pathname, JSON.stringify(result.metafile));
  console.log(`ui built: ${result.outputs.length} files`);
}
