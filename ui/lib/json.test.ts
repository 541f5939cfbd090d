import { test, expect } from "bun:test";
import { parseJson } from "./json.ts";

test("parseJson accepts JSON and explains what is not", () => {
  expect(parseJson('{"a":[1,2]}')).toEqual({ ok: true, value: { a: [1, 2] } });
  const bad = parseJson('{"a":');
  expect(bad.ok).toBe(false);
  expect(!bad.ok && bad.detail.length > 0).toBe(true);
});
