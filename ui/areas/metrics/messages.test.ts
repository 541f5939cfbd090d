import { test, expect } from "bun:test";
import { messages } from "./messages.ts";

test("every metrics screen string exists in ru and en with the same placeholders", () => {
  const ph = (s: string) => [...s.matchAll(/\{(\w+)\}/g)].map((m) => m[1]).sort().join();
  expect(Object.keys(messages.ru).sort()).toEqual(Object.keys(messages.en).sort());
  for (const [id, en] of Object.entries(messages.en)) {
    const ru = (messages.ru as Record<string, string>)[id];
    expect(ru.trim().length, id).toBeGreaterThan(0);
    expect(ph(ru), id).toBe(ph(en));
  }
});

test("every message id the screens use is in the catalogue", async () => {
  const files = ["screens.tsx", "kit.tsx", "routes.ts"];
  const used = new Set<string>();
  for (const f of files) {
    const text = await Bun.file(new URL(`./${f}`, import.meta.url)).text();
    for (const m of text.matchAll(/"(metrics\.[A-Za-z0-9.]+)"/g)) used.add(m[1]);
  }
  const missing = [...used].filter((id) => !(id in messages.en) && !id.endsWith("."));
  expect(missing).toEqual([]);
});
