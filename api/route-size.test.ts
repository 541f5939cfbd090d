// Route files stay readable (issue 26): a `register…(app)` function registers one path group and
// hands the work to the domain, so none runs over MAX_LINES lines. A longer one is split by path
// group (one function per group, or a file named by its path), not put on a list: there is none.
import { test, expect } from "bun:test";
import { Glob } from "bun";

const MAX_LINES = 80;

/** A function (or arrow) named register… whose first parameter is `app`. */
const REGISTER =
  /^([ \t]*)(?:export\s+)?(?:(?:async\s+)?function\s+(register\w*)\s*(?:<[^>]*>)?\s*\(\s*app\b|(?:const|let)\s+(register\w*)\s*(?::[^=]+)?=\s*(?:async\s*)?\(\s*app\b)/gm;

/** Every register…(app) function of a source text, with its length in lines (first to closing brace). */
function registerFunctions(text: string): { name: string; line: number; lines: number }[] {
  const lines = text.split("\n");
  const startOf = (offset: number) => text.slice(0, offset).split("\n").length - 1;
  const found: { name: string; line: number; lines: number }[] = [];
  for (const m of text.matchAll(REGISTER)) {
    const indent = m[1];
    const first = startOf(m.index);
    // The function ends at the first later line that is its indentation and a closing brace.
    let last = first + 1;
    while (last < lines.length && !new RegExp(`^${indent}\\}`).test(lines[last])) last++;
    found.push({ name: m[2] ?? m[3], line: first + 1, lines: last - first + 1 });
  }
  return found;
}

test(`no register…(app) function in api/ is over ${MAX_LINES} lines`, async () => {
  const long: string[] = [];
  let seen = 0;
  for await (const file of new Glob("api/**/*.{ts,tsx}").scan(".")) {
    if (/\.test\.tsx?$/.test(file)) continue;
    for (const f of registerFunctions(await Bun.file(file).text())) {
      seen++;
      if (f.lines > MAX_LINES) long.push(`${f.name} (${file}:${f.line}) is ${f.lines} lines`);
    }
  }
  expect(seen).toBeGreaterThan(40); // the scan finds the route files at all
  expect(long).toEqual([]);
});

test("the size rule measures a planted register function", () => {
  const body = Array.from({ length: 85 }, (_, i) => `  route(app, c${i}, h);`).join("\n");
  const text = [
    "import x from 'y';",
    `export function registerLong(app: Hono<HonoEnv>) {\n${body}\n}`,
    "function registerShort(app: Hono<HonoEnv>) {\n  if (x) {\n  }\n}",
    "export const registerArrow = (app: Hono<HonoEnv>) => {\n  route(app, a, h);\n};",
    "export function registerWrapped(\n  app: Hono<HonoEnv>,\n  deps: Deps,\n) {\n  route(app, a, h);\n}",
    "function helper(app: Hono<HonoEnv>) {\n}",
  ].join("\n");
  expect(registerFunctions(text)).toEqual([
    { name: "registerLong", line: 2, lines: 87 },
    { name: "registerShort", line: 89, lines: 4 },
    { name: "registerArrow", line: 93, lines: 3 },
    { name: "registerWrapped", line: 96, lines: 6 },
  ]);
});
