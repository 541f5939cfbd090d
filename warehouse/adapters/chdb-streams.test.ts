// chDB runs one streamed query per session and nothing beside it: a query, an insert or another
// stream started meanwhile ended the open stream ("No active streaming query"), and a CSV export
// was reset mid-answer. Streams now take the session to themselves while chDB makes their blocks.
import { test, expect } from "bun:test";
import { z } from "zod";
import { openChdbWarehouse } from "./chdb.ts";

const SQL = "SELECT number, toString(number * 7) AS s FROM numbers(300000)";
const EXPECTED_LINES = 300_000 + 2; // header + rows + the final newline's empty string

test("40 concurrent streams with queries beside them: every stream ends complete", async () => {
  const wh = await openChdbWarehouse(process.env.TK_TEST_CHDB_DIR!, `streams_${process.pid}_${Date.now()}`);
  try {
    const read = () => new Response(wh.stream(SQL, {}, "CSVWithNames")).text().then((t) => t.split("\n").length);
    const query = () =>
      wh.query("SELECT count() AS n FROM numbers(100000)", {}, z.object({ n: z.number() })).then((r) => r[0].n);
    const results = await Promise.all([
      ...Array.from({ length: 20 }, read),
      query(),
      query(),
      ...Array.from({ length: 20 }, read),
      query(),
    ]);
    expect(results).toEqual([
      ...Array(20).fill(EXPECTED_LINES),
      100000,
      100000,
      ...Array(20).fill(EXPECTED_LINES),
      100000,
    ]);
  } finally {
    await wh.command(`DROP DATABASE IF EXISTS ${wh.database}`);
    await wh.close();
  }
}, 120_000);

test("a stream read slowly is not cut off by queries and other streams made while it is open", async () => {
  const wh = await openChdbWarehouse(process.env.TK_TEST_CHDB_DIR!, `streams2_${process.pid}_${Date.now()}`);
  try {
    const reader = wh.stream("SELECT number FROM numbers(2000000)", {}, "CSVWithNames").getReader();
    let bytes = (await reader.read()).value!.length;
    for (let i = 0; i < 5; i++) await wh.query("SELECT 1 AS x", {}, z.object({ x: z.number() }));
    expect(await new Response(wh.stream("SELECT 1 AS x", {}, "CSVWithNames")).text()).toBe('"x"\n1\n');
    for (;;) {
      const r = await reader.read();
      if (r.done) break;
      bytes += r.value.length;
    }
    const [{ n }] = await wh.query(
      "SELECT sum(length(toString(number)) + 1) + 9 AS n FROM numbers(2000000)",
      {},
      z.object({ n: z.number() }),
    );
    expect(bytes).toBe(n);
  } finally {
    await wh.command(`DROP DATABASE IF EXISTS ${wh.database}`);
    await wh.close();
  }
}, 120_000);
