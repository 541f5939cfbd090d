// Forms never fall back to the browser's own validation bubble (English, whatever the page's
// language, and unlike our field messages): every <form> in the UI says noValidate, and the
// screen shows the server's or the schema's message under the field instead.
import { expect, test } from "bun:test";
import { readFileSync } from "node:fs";

/** The opening tag of each <form …> in a source file (attributes may hold `{…}` with `>` inside). */
function formTags(source: string): string[] {
  const tags: string[] = [];
  for (const m of source.matchAll(/<form[\s>]/g)) {
    let depth = 0;
    let i = m.index! + 5;
    for (; i < source.length; i++) {
      const c = source[i];
      if (c === "{") depth++;
      else if (c === "}") depth--;
      else if (c === ">" && depth === 0) break;
    }
    tags.push(source.slice(m.index!, i + 1));
  }
  return tags;
}

test("the tag reader sees a form's attributes, arrow functions included", () => {
  expect(formTags(`<form noValidate onSubmit={(e) => go(e)}>x</form><form className="a">`)).toEqual([
    `<form noValidate onSubmit={(e) => go(e)}>`,
    `<form className="a">`,
  ]);
});

test("every form of the UI says noValidate", async () => {
  const missing: string[] = [];
  for await (const file of new Bun.Glob("ui/**/*.tsx").scan(".")) {
    const code = readFileSync(file, "utf8").replace(/^\s*\/\/.*$/gm, "");
    for (const tag of formTags(code)) if (!/\bnoValidate\b/.test(tag)) missing.push(`${file}: ${tag.slice(0, 60)}`);
  }
  expect(missing).toEqual([]);
});
