// Budgets of the built bundle (run `bun ui/build.ts` first), in gzipped JS a page downloads:
// - the public entry and every chunk it imports statically: no echarts, no markdown-it;
// - the public landing (entry, public shell, landing screen, the public ru catalogue — the larger):
//   ≤ 100 KB;
// - every metrics screen (entry, admin shell, the screen's chunk, the admin's ru catalogues — the
//   shell's and the metrics area's, ui/admin-catalogues.ts —, and the
//   lazy chart chunks it fetches to draw its charts: ChartCanvas and the kinds of chart it shows):
//   ≤ METRICS_BUDGET.
// What a page downloads is read from the build's metafile (ui/build-meta.json: which sources
// went into which chunk and how chunks import each other): a screen's chunk and the chunks it
// imports statically, found by the source file the screen is written in.
import { test, expect } from "bun:test";
import { existsSync, readFileSync } from "node:fs";
import { gzipSync } from "node:zlib";
import { reachable } from "./reachable.ts";

const dist = new URL("./dist/", import.meta.url).pathname;
const metaPath = new URL("./build-meta.json", import.meta.url).pathname;
const built = existsSync(`${dist}manifest.json`) && existsSync(metaPath);

interface Meta {
  outputs: Record<string, { inputs: Record<string, unknown>; imports: { path: string; kind: string }[] }>;
}
const meta = (): Meta => JSON.parse(readFileSync(metaPath, "utf8"));
const name = (p: string) => p.replace(/^\.\//, "");

/** The chunks and every chunk they import statically. */
const closure = (m: Meta, files: string[]) =>
  reachable(files, (file) =>
    (m.outputs[`./${file}`]?.imports ?? []).filter((i) => i.kind === "import-statement").map((i) => name(i.path)),
  );
/** The chunks holding a source file matching the pattern. */
const holding = (m: Meta, source: RegExp) =>
  Object.keys(m.outputs)
    .filter((o) => o.endsWith(".js") && Object.keys(m.outputs[o].inputs).some((i) => source.test(i)))
    .map(name);
const entry = () =>
  (JSON.parse(readFileSync(`${dist}manifest.json`, "utf8")) as { scripts: string[] }).scripts.map((s) =>
    s.replace(/^\/assets\//, ""),
  );
const gzipped = (files: Iterable<string>) =>
  [...files].reduce((n, f) => n + gzipSync(readFileSync(dist + f)).length, 0);
const kb = (n: number) => `${(n / 1024).toFixed(1)} KB`;

function page(m: Meta, sources: RegExp[]): Set<string> {
  const files = [...entry()];
  for (const s of sources) {
    const found = holding(m, s);
    expect({ source: String(s), found: found.length > 0 }).toEqual({ source: String(s), found: true });
    files.push(...found);
  }
  return closure(m, files);
}

test.skipIf(!built)("public entry carries neither echarts nor markdown-it", () => {
  const files = closure(meta(), entry());
  expect(files.size).toBeGreaterThan(0);
  for (const file of files) {
    const text = readFileSync(dist + file, "utf8");
    expect({ file, echarts: /echarts/i.test(text), markdownIt: /markdown-it|linkify/i.test(text) }).toEqual({
      file,
      echarts: false,
      markdownIt: false,
    });
  }
  console.log(`public entry: ${files.size} file(s), ${kb(gzipped(files))} gzipped`);
});

test.skipIf(!built)("the public landing downloads at most 100 KB of gzipped JS, without markdown-it", () => {
  const m = meta();
  const files = page(m, [
    /^ui\/shell\/PublicShell\.tsx$/,
    /^ui\/areas\/player\/LandingPage\.tsx$/,
    /^ui\/locales\/ru\.public\.ts$/,
  ]);
  for (const f of files)
    expect({ f, markdownIt: Object.keys(m.outputs[`./${f}`].inputs).some((i) => /markdown-it/.test(i)) }).toEqual({
      f,
      markdownIt: false,
    });
  const size = gzipped(files);
  console.log(`public landing: ${files.size} file(s), ${kb(size)} gzipped`);
  expect(size).toBeLessThanOrEqual(100 * 1024);
});

/** A metrics screen's budget (see ui/README.md, "Bundle budgets", for what it is made of). */
const METRICS_BUDGET = 325 * 1024;
const metricsRoutes = new URL("./areas/metrics/routes.ts", import.meta.url).pathname;
/** Every metrics screen's source file, from the area's routes. */
const metricsScreens = () => [
  ...new Set(
    [...readFileSync(metricsRoutes, "utf8").matchAll(/import\("\.\/(dashboards\/\w+\.tsx)"\)/g)].map(
      (m) => `ui/areas/metrics/${m[1]}`,
    ),
  ),
];
/** The chart kinds' chunks (ui/components/chart-kinds/*.ts) a screen's charts fetch: the metrics kit's LineChart draws
 * lines, bars and stacked bars, its ShareChart bars too, and a <Chart spec={{ kind }}> its kind. */
function chartKinds(source: string): string[] {
  const text = readFileSync(new URL(`../${source}`, import.meta.url).pathname, "utf8");
  const kinds = new Set<string>();
  if (/<LineChart\b/.test(text)) kinds.add("cartesian");
  if (/<ShareChart\b/.test(text)) kinds.add("cartesian");
  for (const [, k] of text.matchAll(/kind:\s*"(\w+)"/g)) kinds.add(k === "heatmap" ? k : "cartesian");
  return [...kinds];
}
const escapeRe = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");

test.skipIf(!built)("every metrics screen downloads at most 325 KB of gzipped JS, its charts included", () => {
  const m = meta();
  const screens = metricsScreens();
  expect(screens.length).toBeGreaterThan(10);
  const sizes: [string, number][] = [];
  for (const source of screens) {
    const kinds = chartKinds(source);
    // Every metrics screen draws a chart: its size must count echarts.
    expect({ source, kinds: kinds.length > 0 }).toEqual({ source, kinds: true });
    const files = page(m, [
      /^ui\/shell\/AdminShell\.tsx$/,
      new RegExp(`^${escapeRe(source)}$`),
      /^ui\/locales\/ru\.admin\.ts$/,
      /^ui\/locales\/ru\.area\.metrics\.ts$/,
      /^ui\/components\/ChartCanvas\.tsx$/,
      ...kinds.map((k) => new RegExp(`^ui/components/chart-kinds/${k}\\.ts$`)),
    ]);
    sizes.push([`${source.replace(/.*\//, "")} (${kinds.join(", ")})`, gzipped(files)]);
  }
  sizes.sort((a, b) => b[1] - a[1]);
  console.log(`metrics screens, heaviest first: ${sizes.map(([s, n]) => `${s} ${kb(n)}`).join("; ")}`);
  for (const [screen, size] of sizes)
    expect({ screen, size: kb(size), within: size <= METRICS_BUDGET }).toEqual({
      screen,
      size: kb(size),
      within: true,
    });
});
