// The same contract for every Warehouse adapter: embedded chDB always, a ClickHouse server
// over HTTP when CLICKHOUSE_URL is set (ClickHouse 24.8 or newer).
import { z } from "zod";
import { describe, test, expect, afterAll } from "bun:test";
import { createClient } from "@clickhouse/client";
import { openChdbWarehouse } from "./chdb.ts";
import { openClickHouseWarehouse } from "./clickhouse.ts";
import { migrateWarehouse } from "../migrate.ts";
import { warehouseMigrations } from "../migrations/index.ts";
import { newEventId, toCHDateTime } from "../events.ts";
import type { Warehouse } from "../port.ts";

const NRow = z.object({ n: z.number() });
const NCRow = z.object({ n: z.number(), c: z.string() });

const adapters: [string, () => Promise<Warehouse>][] = [
  ["chdb", () => openChdbWarehouse(process.env.TK_TEST_CHDB_DIR!, `port_${process.pid}_${Date.now()}`)],
];
const url = process.env.CLICKHOUSE_URL;
if (url) {
  adapters.push([
    "clickhouse-http",
    async () => {
      const settings = {
        url,
        username: process.env.CLICKHOUSE_USER ?? "default",
        password: process.env.CLICKHOUSE_PASSWORD ?? "",
        database: `tk_port_${Date.now()}`,
      };
      const admin = createClient({ url, username: settings.username, password: settings.password });
      await admin.command({ query: `CREATE DATABASE IF NOT EXISTS ${settings.database}` });
      await admin.close();
      return openClickHouseWarehouse(createClient({ ...settings }) as never, settings);
    },
  ]);
} else {
  test.skip("clickhouse-http adapter (set CLICKHOUSE_URL to run it against a server)", () => {});
}

for (const [name, open] of adapters) {
  describe(`Warehouse port: ${name}`, () => {
    let wh: Warehouse;
    afterAll(async () => {
      await wh.command(`DROP DATABASE IF EXISTS ${wh.database}`);
      await wh.close();
    });

    test("migrations apply once", async () => {
      wh = await open();
      expect(await migrateWarehouse(wh)).toEqual(warehouseMigrations.map((m) => m.version));
      expect(await migrateWarehouse(wh)).toEqual([]);
    });

    test("a batch inserted twice with the same token counts once", async () => {
      const lines = Array.from({ length: 3 }, (_, i) =>
        JSON.stringify({
          event_id: newEventId(),
          ts: toCHDateTime(Date.UTC(2026, 0, 1, i)),
          player_id: i + 1,
          country: "RU",
          platform: "web",
          source: "organic",
          locale: "ru",
        }),
      ).join("\n");
      await wh.insertLines("registrations", lines, { dedupToken: "t1" });
      await wh.insertLines("registrations", lines, { dedupToken: "t1" });
      const [{ n }] = await wh.query("SELECT count() AS n FROM registrations", {}, NRow);
      expect(n).toBe(3);
    });

    test("JSONCompactEachRow lines go to the named columns; names that are not plain identifiers are refused", async () => {
      const lines = [
        JSON.stringify([newEventId(), toCHDateTime(Date.UTC(2026, 0, 2)), 10, "lobby", "vk_ads"]),
        JSON.stringify([newEventId(), toCHDateTime(Date.UTC(2026, 0, 3)), 11, "shop", "organic"]),
      ].join("\n");
      const columns = ["event_id", "ts", "player_id", "placement", "campaign"];
      await wh.insertLines("ad_views", lines, { dedupToken: "c1", format: "JSONCompactEachRow", columns });
      await wh.insertLines("ad_views", lines, { dedupToken: "c1", format: "JSONCompactEachRow", columns });
      const rows = await wh.query(
        "SELECT player_id, campaign, placement, kind FROM ad_views ORDER BY player_id",
        {},
        z.object({ player_id: z.number(), campaign: z.string(), placement: z.string(), kind: z.string() }),
      );
      expect(rows).toEqual([
        { player_id: 10, campaign: "vk_ads", placement: "lobby", kind: "" },
        { player_id: 11, campaign: "organic", placement: "shop", kind: "" },
      ]);
      await expect(wh.insertLines("ad_views", lines, { format: "JSONCompactEachRow" })).rejects.toThrow(
        "need their columns",
      );
      await expect(wh.insertLines("ad_views; DROP TABLE x", lines)).rejects.toThrow("invalid warehouse name");
      await expect(
        wh.insertLines("ad_views", lines, { format: "JSONCompactEachRow", columns: ["event_id", "ts) SELECT 1 --"] }),
      ).rejects.toThrow("invalid warehouse name");
    });

    test("parameters are bound server-side, numbers come back as numbers", async () => {
      const rows = await wh.query(
        "SELECT count() AS n, any(country) AS c FROM registrations WHERE player_id >= {min:UInt64} AND country = {country:String}",
        { min: 2, country: "RU'; DROP TABLE registrations; --" },
        NCRow,
      );
      expect(rows).toEqual([{ n: 0, c: "" }]);
      const [{ n }] = await wh.query(
        "SELECT count() AS n FROM registrations WHERE player_id >= {min:UInt64}",
        { min: 2 },
        NRow,
      );
      expect(n).toBe(2);
    });

    test("results stream in the asked format", async () => {
      const text = await new Response(
        wh.stream("SELECT player_id FROM registrations ORDER BY player_id", {}, "CSVWithNames"),
      ).text();
      expect(text).toBe('"player_id"\n1\n2\n3\n');
    });

    test("a result of many blocks streams with its header once, every row in order", async () => {
      // Large enough for several blocks (chDB streams a block at a time and names the columns on each).
      const n = 300_000;
      for (const format of ["CSVWithNames", "TSVWithNamesAndTypes"]) {
        const text = await new Response(
          wh.stream("SELECT number AS k, toString(number * 2) AS v FROM numbers({n:UInt64}) ORDER BY k", { n }, format),
        ).text();
        const lines = text.split("\n");
        const head = format === "CSVWithNames" ? ['"k","v"'] : ["k\tv", "UInt64\tString"];
        expect(lines.slice(0, head.length)).toEqual(head);
        const rows = lines.slice(head.length, -1);
        expect(rows.length).toBe(n);
        expect(rows[0]).toBe(format === "CSVWithNames" ? '0,"0"' : "0\t0");
        expect(rows[n - 1]).toBe(format === "CSVWithNames" ? `${n - 1},"${(n - 1) * 2}"` : `${n - 1}\t${(n - 1) * 2}`);
        expect(lines.filter((l) => l === head[0]).length).toBe(1);
      }
    });

    test("a JSONEachRow stream of many blocks is one object per line", async () => {
      const text = await new Response(
        wh.stream("SELECT number AS k FROM numbers(300000) ORDER BY k", {}, "JSONEachRow"),
      ).text();
      const lines = text.trimEnd().split("\n");
      expect(lines.length).toBe(300_000);
      expect(lines.map((l) => JSON.parse(l).k)).toEqual(Array.from({ length: 300_000 }, (_, i) => i));
    });

    test("a statement with its own SETTINGS clause, or a trailing semicolon, streams too", async () => {
      for (const sql of [
        "SELECT number AS n FROM numbers(3) ORDER BY n SETTINGS max_threads = 1",
        "SELECT number AS n FROM numbers(3) ORDER BY n;\n",
        "SELECT number AS n FROM (SELECT * FROM numbers(3) SETTINGS max_threads = 1) ORDER BY n",
      ]) {
        expect(await new Response(wh.stream(sql, {}, "CSV")).text()).toBe("0\n1\n2\n");
      }
    });

    test("ping answers", async () => {
      expect(await wh.ping()).toBe(true);
    });
  });
}
