// Every UI message must exist in ru and in en with the same placeholders: the lingui catalogues
// (ui/**/locales/{ru,en}.po, written by `lingui extract` in `bun run ui:build`).
import { test, expect } from "bun:test";
import { Glob } from "bun";
import PO from "pofile";

const placeholders = (s: string) =>
  [...s.matchAll(/\{(\w+)/g)]
    .map((m) => m[1])
    .sort()
    .join();
const key = (item: { msgctxt?: string | null; msgid: string }) => `${item.msgctxt ?? ""}\u0004${item.msgid}`;

test("lingui catalogues: every message translated in ru and en, placeholders alike", async () => {
  const problems: string[] = [];
  let catalogues = 0;
  for await (const ruPath of new Glob("ui/**/locales/ru.po").scan(".")) {
    catalogues++;
    const enPath = ruPath.replace(/ru\.po$/, "en.po");
    const [ru, en] = await Promise.all(
      [ruPath, enPath].map(async (p) => PO.parse(await Bun.file(p).text()).items.filter((i) => !i.obsolete)),
    );
    const enByKey = new Map(en.map((i) => [key(i), i]));
    const ruKeys = new Set(ru.map(key));
    for (const item of ru) {
      const text = item.msgstr[0] ?? "";
      const source = enByKey.get(key(item));
      if (!text) problems.push(`${ruPath}: "${item.msgid}" has no ru translation`);
      else if (placeholders(text) !== placeholders(item.msgid))
        problems.push(`${ruPath}: "${item.msgid}" placeholders differ in ru`);
      if (!source?.msgstr[0]) problems.push(`${enPath}: "${item.msgid}" has no en text`);
    }
    for (const item of en) if (!ruKeys.has(key(item))) problems.push(`${ruPath}: "${item.msgid}" is missing`);
  }
  expect(catalogues).toBeGreaterThan(0);
  expect(problems).toEqual([]);
});

test("one English text in two catalogues means the same in ru (or takes a context)", async () => {
  // The compiled catalogue of a locale merges every area's, and a message's id is made from its
  // English and context, so two areas' same text must agree on its translation.
  const seen = new Map<string, { file: string; ru: string }>();
  const problems: string[] = [];
  for await (const file of new Glob("ui/**/locales/ru.po").scan(".")) {
    for (const item of PO.parse(await Bun.file(file).text()).items) {
      const before = seen.get(key(item));
      const ru = item.msgstr[0] ?? "";
      // An empty one is reported by the test above.
      if (before?.ru && ru && before.ru !== ru)
        problems.push(`"${item.msgid}": "${before.ru}" in ${before.file}, "${ru}" in ${file} — add a context to one`);
      seen.set(key(item), { file, ru });
    }
  }
  expect(problems).toEqual([]);
});
