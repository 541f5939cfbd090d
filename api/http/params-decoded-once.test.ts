// Hono decodes path parameters (c.req.param(), and so a route's `params` schema) and the query
// once. A handler that decodes them again reads `%2541` as `A` and fails on a literal `%`
// (`%25`): no code in api/ calls decodeURI/decodeURIComponent but the places below, each
// decoding something Hono has not. (Behaviour: the access and catalog tests send `%25` and
// `%2541` in their paths.)
import { test, expect } from "bun:test";
import { Glob } from "bun";

const ALLOWED: Record<string, string> = {
  // The raw request URL's path, to answer 400 when it is not valid %-encoding.
  "app.ts": "decodeURIComponent(url.slice(start, q < 0 ? undefined : q));",
  // Robokassa's Receipt is URL-encoded JSON sent URL-encoded once more, as Robokassa specifies.
  "billing/test-standins/robokassa.ts": "receipt = JSON.parse(decodeURIComponent(q.Receipt));",
};

test("nothing in api/ decodes a path parameter or a query value again", async () => {
  const root = new URL("../", import.meta.url).pathname;
  const found: string[] = [];
  for await (const file of new Glob("**/*.ts").scan({ cwd: root })) {
    if (file.endsWith(".test.ts")) continue;
    const lines = (await Bun.file(root + file).text()).split("\n");
    lines.forEach((line, i) => {
      if (/\bdecodeURI(Component)?\s*\(/.test(line) && !line.trim().startsWith("//") && ALLOWED[file] !== line.trim())
        found.push(`api/${file}:${i + 1}: ${line.trim()}`);
    });
  }
  expect(found).toEqual([]);
});
