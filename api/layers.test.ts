// The layers point one way (docs/contributing.md): edge → api/http & areas → api/domain → api/db.
// Read from the code's own imports (type-only imports count too: they tie the files' meaning).
import { test, expect } from "bun:test";
import { Glob } from "bun";
import { importCycles, importGraph as graphOf } from "./test/import-graph.ts";

/** Every source file of api/ (tests and their fixtures aside) with the files of this tree it imports. */
const importGraph = () => graphOf("api/**/*.{ts,tsx}", (file) => file.startsWith("api/test/"));

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
  {
    from: /^api\/contracts\//,
    to: /^api\/(http|admin|public|game|billing|identity|i18n)\/|^api\/db\/(?!schema\/)/,
    why: "a route's contract is zod schemas over the domain's vocabulary: the UI and e2e import it, so it never reaches into handlers or the store",
  },
];

const AREA = /^api\/(admin|public|game|billing|identity)\//;
const areaOf = (file: string) => AREA.exec(file)?.[1];

test("no import runs against the layers", async () => {
  const graph = await importGraph();
  const offenders: string[] = [];
  for (const [file, targets] of graph)
    for (const t of targets)
      for (const r of RULES) if (r.from.test(file) && r.to.test(t)) offenders.push(`${file} -> ${t} (${r.why})`);
  expect(offenders).toEqual([]);
});

/** Areas reach the tables through the domain's services, not the schema (ARCHITECTURE §7). */
test("areas do not import the schema: they call the domain", async () => {
  const graph = await importGraph();
  const offenders = [...graph]
    .filter(([file, targets]) => areaOf(file) && targets.some((t) => t.startsWith("api/db/schema/")))
    .map(([file]) => file);
  expect(offenders).toEqual([]);
});

/** An area uses another only through the domain (api/game/sim aside: a pure library). */
test("no area imports another area", async () => {
  const graph = await importGraph();
  const offenders: string[] = [];
  for (const [file, targets] of graph) {
    const from = areaOf(file);
    if (!from) continue;
    for (const t of targets) {
      const to = areaOf(t);
      // api/game/sim is a pure library (the simulation), not the game area's routes.
      if (to && to !== from && !t.startsWith("api/game/sim/")) offenders.push(`${file} -> ${t}`);
    }
  }
  expect(offenders).toEqual([]);
});

/**
 * What in a file's text builds a query: a call of drizzle's builder (`.select(`, `.selectDistinct(`,
 * `.insert(`, `.update(`, `.delete(`, `.$count(`, a relational `.query.x.findMany(`, a raw
 * `db.run(`/`tx.all(`…), whatever its receiver (a Map's `.delete(` counts too: an admin handler has
 * no use for one), and an import of drizzle-orm (its operators build the conditions of a query).
 */
export function queryBuilderUse(text: string): { calls: number; drizzle: boolean } {
  const count = (re: RegExp) => text.match(re)?.length ?? 0;
  const calls =
    count(/\.(?:select|selectDistinct|insert|update|delete|\$count)\s*\(/g) +
    count(/\.query\.\w+\.find(?:First|Many)\s*\(/g) +
    count(/\b(?:db|tx)\s*\.\s*(?:run|all|get|values|execute|batch)\s*\(/g);
  return { calls, drizzle: /\bfrom\s+["']drizzle-orm(?:\/[^"']*)?["']/.test(text) };
}

/**
 * Admin handlers make no query-builder calls: they call the domain's services, `verb({ ctx, input })`
 * (ARCHITECTURE §7, issue 26); nor do they import drizzle-orm (its operators build a query's
 * conditions). A content area's description names its table (api/db/schema) for the mechanism.
 */
test("admin handlers make no query-builder calls: they call services", async () => {
  const problems: string[] = [];
  for await (const file of new Glob("api/admin/**/*.{ts,tsx}").scan(".")) {
    if (/\.test\.tsx?$/.test(file)) continue;
    const { calls, drizzle } = queryBuilderUse(await Bun.file(file).text());
    if (calls)
      problems.push(`${file}: ${calls} query-builder call(s): move them into a domain service verb({ ctx, input })`);
    if (drizzle) problems.push(`${file}: imports drizzle-orm: the query's conditions belong to a domain service`);
  }
  expect(problems).toEqual([]);
});

test("the admin query rule sees a planted query", () => {
  // The rule above fails on these (each planted once in an admin file to watch it fail).
  expect(queryBuilderUse("const [r] = await ctx.db\n  .select({ n: count() })\n  .from(players);").calls).toBe(1);
  expect(queryBuilderUse("await tx.insert(t).values(v); await tx.update(t).set(v); await tx.delete(t);").calls).toBe(3);
  expect(queryBuilderUse("await db.query.players.findFirst({}); await tx.run(sql`select 1`);").calls).toBe(2);
  expect(queryBuilderUse('import { eq } from "drizzle-orm";').drizzle).toBe(true);
  expect(queryBuilderUse('import { listLanguages } from "../../domain/languages.ts";')).toEqual({
    calls: 0,
    drizzle: false,
  });
});

/** Casts and assertions the services' context made needless (a transaction passed as the store, the admin asserted). */
test("no transaction cast to the store, no asserted admin", async () => {
  const found: string[] = [];
  for await (const file of new Glob("{api,edge}/**/*.ts").scan(".")) {
    if (file.endsWith("layers.test.ts")) continue;
    const text = await Bun.file(file).text();
    for (const bad of ["as unknown as Db", "c.var.admin!"]) if (text.includes(bad)) found.push(`${file}: ${bad}`);
  }
  expect(found).toEqual([]);
});

test("no import cycle in api/", async () => {
  expect(importCycles(await importGraph())).toEqual([]);
});
