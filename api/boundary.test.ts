// api/ and warehouse/ run on Bun, Deno and Workers: they may use Web-standard APIs only.
import { test, expect } from "bun:test";
import { Glob } from "bun";

const FORBIDDEN = [/from\s+["'](bun|node):/, /from\s+["']bun["']/, /import\(\s*["'](bun|node):/, /\bDeno\./, /\bBun\./, /\bprocess\.(env|argv|exit)/, /require\(/];

test("api/ and warehouse/ import no runtime-specific API (tests and their fixtures aside)", async () => {
  const offenders: string[] = [];
  for (const dir of ["api", "warehouse"]) {
    for await (const file of new Glob(`${dir}/**/*.{ts,tsx}`).scan(".")) {
      if (file.endsWith(".test.ts") || file.startsWith("api/test/")) continue;
      const text = await Bun.file(file).text();
      for (const re of FORBIDDEN) if (re.test(text)) offenders.push(`${file}: ${re}`);
    }
  }
  expect(offenders).toEqual([]);
});
