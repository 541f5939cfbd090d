// The layers point one way (docs/contributing.md): edge → api/http & areas → api/domain → api/db.
// Read from the code's own imports (type-only imports count too: they tie the files' meaning).
import { test, expect } from "bun:test";
import { Glob } from "bun";
import { dirname, join, normalize } from "node:path";

/** Every source file of api/ (tests and their fixtures aside) with the files of this tree it imports. */
async function importGraph(): Promise<Map<string, string[]>> {
  const graph = new Map<string, string[]>();
  for await (const file of new Glob("api/**/*.{ts,tsx}").scan(".")) {
    if (file.endsWith(".test.ts") || file.startsWith("api/test/")) continue;
    const text = await Bun.file(file).text();
    const targets: string[] = [];
    for (const m of text.matchAll(
      /(?:^|\n)\s*(?:import|export)\s[^;]*?from\s+["'](\.[^"']+)["']|import\(\s*["'](\.[^"']+)["']\s*\)|(?:^|\n)\s*import\s+["'](\.[^"']+)["']/g,
    )) {
      const spec = m[1] ?? m[2] ?? m[3];
      targets.push(normalize(join(dirname(file), spec)));
    }
    graph.set(file, targets);
  }
  return graph;
}

const RULES: { from: RegExp; to: RegExp; why: string }[] = [
  {
    from: /^api\/domain\//,
    to: /^api\/(http|admin|public|billing|identity)\/|^api\/game\/(?!sim\/)/,
    why: "domain rules depend on the db port and nothing above (api/game/sim is a pure library: it imports nothing of api/)",
  },
  { from: /^api\/domain\//, to: /^api\/db\/seed\//, why: "the seed sits above the areas it seeds" },
  {
    from: /^api\/db\/schema\//,
    to: /^api\/(domain|http|admin|public|game|billing|identity)\//,
    why: "tables depend on nothing above the db",
  },
  {
    from: /^api\/(admin|public|game|billing|identity|http|domain)\//,
    to: /^api\/db\/seed\//,
    why: "areas never import the seed",
  },
];

test("no import runs against the layers", async () => {
  const graph = await importGraph();
  const offenders: string[] = [];
  for (const [file, targets] of graph)
    for (const t of targets)
      for (const r of RULES) if (r.from.test(file) && r.to.test(t)) offenders.push(`${file} -> ${t} (${r.why})`);
  expect(offenders).toEqual([]);
});

/** Cycles tolerated for now (none): a new cycle fails the test. */
const KNOWN_CYCLES: string[][] = [];

test("no import cycle in api/", async () => {
  const graph = await importGraph();
  // Tarjan's strongly connected components: a component of more than one file is a cycle.
  let index = 0;
  const idx = new Map<string, number>();
  const low = new Map<string, number>();
  const stack: string[] = [];
  const on = new Set<string>();
  const cycles: string[][] = [];
  const visit = (v: string) => {
    idx.set(v, index);
    low.set(v, index++);
    stack.push(v);
    on.add(v);
    for (const w of graph.get(v) ?? []) {
      if (!graph.has(w)) continue;
      if (!idx.has(w)) {
        visit(w);
        low.set(v, Math.min(low.get(v)!, low.get(w)!));
      } else if (on.has(w)) low.set(v, Math.min(low.get(v)!, idx.get(w)!));
    }
    if (low.get(v) === idx.get(v)) {
      const scc: string[] = [];
      let w: string;
      do {
        w = stack.pop()!;
        on.delete(w);
        scc.push(w);
      } while (w !== v);
      if (scc.length > 1) cycles.push(scc.sort());
    }
  };
  for (const v of graph.keys()) if (!idx.has(v)) visit(v);
  const key = (c: string[]) => c.join(" ");
  expect(cycles.map(key).sort()).toEqual(KNOWN_CYCLES.map(key).sort());
});
