// api/ and warehouse/ run on Bun, Deno and Workers: they may use Web-standard APIs only.
import { test, expect } from "bun:test";
import { Glob } from "bun";

const FORBIDDEN = [
  /from\s+["'](bun|node):/,
  /from\s+["']bun["']/,
  /import\(\s*["'](bun|node):/,
  /\bDeno\./,
  /\bBun\./,
  /\bprocess\.(env|argv|exit)/,
  /require\(/,
];

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

// The request boundary is typed (docs/contributing.md): a handler gets its path parameters from
// its route's `params` schema, never by reading them itself — `Number(c.req.param("id"))` turns
// 0, 2^53 or 400 digits into a query on a NaN or a rounded id instead of the spec's 400.
test("no handler in api/ reads a path parameter itself: only the router validates c.req.param()", async () => {
  const offenders: string[] = [];
  for await (const file of new Glob("api/**/*.{ts,tsx}").scan(".")) {
    // The payment providers' stand-ins imitate the providers' own APIs (plain Hono apps, not our routes).
    if (
      file.endsWith(".test.ts") ||
      file.startsWith("api/test/") ||
      file.startsWith("api/billing/test-standins/") ||
      file === "api/http/router.ts"
    )
      continue;
    const lines = (await Bun.file(file).text()).split("\n");
    lines.forEach((line, i) => {
      if (/\breq\.param\(/.test(line)) offenders.push(`${file}:${i + 1}: ${line.trim().slice(0, 100)}`);
    });
  }
  expect(offenders).toEqual([]);
});
