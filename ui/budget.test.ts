// Budgets of the built bundle (run `bun ui/build.ts` first): what a visitor of the public site
// downloads before any lazy screen — the entry and every chunk it imports statically — must stay
// under 150 KB gzipped and must not carry echarts (charts) or markdown-it (the markdown editor and
// renderer), which only their own lazy chunks may load.
import { test, expect } from "bun:test";
import { existsSync, readFileSync } from "node:fs";
import { gzipSync } from "node:zlib";

const dist = new URL("./dist/", import.meta.url).pathname;
const staticImports = (code: string) =>
  [...code.matchAll(/(?:from|import)\s*"\.\/([^"]+\.js)"/g)].map((m) => m[1]);

function entryClosure(): string[] {
  const manifest = JSON.parse(readFileSync(`${dist}manifest.json`, "utf8")) as { scripts: string[] };
  const seen = new Set<string>();
  const todo = manifest.scripts.map((s) => s.replace(/^\/assets\//, ""));
  while (todo.length) {
    const file = todo.pop()!;
    if (seen.has(file)) continue;
    seen.add(file);
    todo.push(...staticImports(readFileSync(dist + file, "utf8")));
  }
  return [...seen];
}

test.skipIf(!existsSync(`${dist}manifest.json`))("public entry stays under 150 KB gzipped without echarts or markdown-it", () => {
  const files = entryClosure();
  expect(files.length).toBeGreaterThan(0);
  let gzipped = 0;
  for (const file of files) {
    const code = readFileSync(dist + file);
    gzipped += gzipSync(code).length;
    const text = code.toString("utf8");
    expect({ file, echarts: /echarts/i.test(text), markdownIt: /markdown-it|linkify/i.test(text) }).toEqual({ file, echarts: false, markdownIt: false });
  }
  console.log(`public entry: ${files.length} file(s), ${(gzipped / 1024).toFixed(1)} KB gzipped`);
  expect(gzipped).toBeLessThanOrEqual(150 * 1024);
});
