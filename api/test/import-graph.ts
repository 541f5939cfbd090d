// A tree's own imports read from its code (static, type-only and dynamic ones alike: each ties the
// files' meaning, and a lazy screen's import is how the bundle reaches it), and the cycles among
// them, for the layers tests of api/ (api/layers.test.ts) and ui/ (ui/layers.test.ts).
import { Glob } from "bun";
import { dirname, join, normalize } from "node:path";

const IMPORT =
  /(?:^|\n)\s*(?:import|export)\s[^;]*?from\s+["'](\.[^"']+)["']|import\(\s*["'](\.[^"']+)["']\s*\)|(?:^|\n)\s*import\s+["'](\.[^"']+)["']/g;

/** Every source file matching `pattern` (tests and what `skip` names aside) with the files of the tree it imports. */
export async function importGraph(pattern: string, skip: (file: string) => boolean): Promise<Map<string, string[]>> {
  const graph = new Map<string, string[]>();
  for await (const file of new Glob(pattern).scan(".")) {
    if (/\.test\.tsx?$/.test(file) || skip(file)) continue;
    const text = await Bun.file(file).text();
    const targets: string[] = [];
    for (const m of text.matchAll(IMPORT)) targets.push(normalize(join(dirname(file), m[1] ?? m[2] ?? m[3])));
    graph.set(file, targets);
  }
  return graph;
}

/** The import cycles: Tarjan's strongly connected components of more than one file, each sorted. */
export function importCycles(graph: Map<string, string[]>): string[][] {
  let index = 0;
  const idx = new Map<string, number>();
  const low = new Map<string, number>();
  const stack: string[] = [];
  const on = new Set<string>();
  const cycles: string[][] = [];
  const lowOf = (v: string) => low.get(v) ?? 0;
  const visit = (v: string) => {
    idx.set(v, index);
    low.set(v, index++);
    stack.push(v);
    on.add(v);
    for (const w of graph.get(v) ?? []) {
      if (!graph.has(w)) continue;
      const seen = idx.get(w);
      if (seen === undefined) {
        visit(w);
        low.set(v, Math.min(lowOf(v), lowOf(w)));
      } else if (on.has(w)) low.set(v, Math.min(lowOf(v), seen));
    }
    if (low.get(v) === idx.get(v)) {
      const scc: string[] = [];
      let w: string | undefined;
      do {
        w = stack.pop();
        if (w === undefined) break;
        on.delete(w);
        scc.push(w);
      } while (w !== v);
      if (scc.length > 1) cycles.push(scc.sort());
    }
  };
  for (const v of graph.keys()) if (!idx.has(v)) visit(v);
  return cycles;
}
