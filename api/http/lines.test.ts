import { test, expect } from "bun:test";
import { linesOf } from "./lines.ts";

const streamOf = (...chunks: Uint8Array[]) =>
  new ReadableStream<Uint8Array>({
    start(c) {
      for (const chunk of chunks) c.enqueue(chunk);
      c.close();
    },
  });

test("lines split across chunks (a character's bytes too) come whole, each chunk's complete lines at once, the last without a newline at the end", async () => {
  const bytes = new TextEncoder().encode('{"a":1}\n{"b":"Танк"}\n\n  {"c":3} \n{"d":4}');
  const cut = bytes.indexOf(0xd0) + 1; // inside "Т"
  const got: string[][] = [];
  for await (const lines of linesOf(streamOf(bytes.slice(0, 3), bytes.slice(3, cut), bytes.slice(cut))))
    got.push(lines);
  expect(got).toEqual([[], ['{"a":1}'], ['{"b":"Танк"}', '{"c":3}'], ['{"d":4}']]);
});

test("an empty stream and a stream of newlines give no line", async () => {
  const all = async (s: ReadableStream<Uint8Array>) => (await Array.fromAsync(linesOf(s))).flat();
  expect(await all(streamOf())).toEqual([]);
  expect(await all(streamOf(new TextEncoder().encode("\n \n")))).toEqual([]);
});
