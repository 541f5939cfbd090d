// Every UI catalogue must have every message in ru and en, with the same placeholders.
import { test, expect } from "bun:test";
import { Glob } from "bun";

const placeholders = (s: string) => [...s.matchAll(/\{(\w+)/g)].map((m) => m[1]).sort().join();

test("UI catalogues are complete in ru and en", async () => {
  const problems: string[] = [];
  let files = 0;
  for await (const file of new Glob("ui/**/messages.ts").scan(".")) {
    files++;
    const mod = await import(`../${file}`);
    for (const value of Object.values(mod)) {
      const cat = value as { en?: Record<string, string>; ru?: Record<string, string> };
      if (!cat || typeof cat !== "object" || !cat.en || !cat.ru) continue;
      for (const id of new Set([...Object.keys(cat.en), ...Object.keys(cat.ru)])) {
        const en = cat.en[id];
        const ru = cat.ru[id];
        if (!en || !ru) problems.push(`${file}: ${id} lacks ${en ? "ru" : "en"}`);
        else if (placeholders(en) !== placeholders(ru)) problems.push(`${file}: ${id} placeholders differ`);
      }
    }
  }
  expect(files).toBeGreaterThan(0);
  expect(problems).toEqual([]);
});
