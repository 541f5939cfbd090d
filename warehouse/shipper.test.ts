import { z } from "zod";
import { describe, test, expect, beforeAll, afterAll } from "bun:test";
import { makeWorld, type TestWorld } from "../api/test/fixture.ts";
import { emitMany } from "../api/domain/outbox.ts";
import { EVENT_COLUMNS, WAREHOUSE_TABLES, eventFromLine, newEventId, toCHDateTime } from "./events.ts";
import { shipOnce, drainOutbox, outboxBacklog, startShipper } from "./shipper.ts";
import type { Warehouse } from "./port.ts";

const NRow = z.object({ n: z.number() });
const NameRow = z.object({ name: z.string() });
const EventIdTsRegTsRow = z.object({ event_id: z.string(), ts: z.string(), reg_ts: z.string() });

function events(n: number, at = Date.UTC(2026, 0, 1)) {
  return Array.from({ length: n }, (_, i) => ({
    event_id: newEventId(),
    ts: toCHDateTime(at + i),
    player_id: i + 1,
    kind: "login",
    country: "RU",
    platform: "web",
    reg_ts: toCHDateTime(at),
  }));
}
const countActivity = async (w: TestWorld) =>
  Number((await w.deps.warehouse.query("SELECT count() AS n FROM activity", {}, NRow))[0].n);

/** A warehouse that fails on demand, standing in for a ClickHouse that is down or a crash mid-batch. */
function flaky(real: Warehouse) {
  const state = { down: false, failAfterInserts: -1 };
  const wh: Warehouse = {
    ...real,
    kind: real.kind,
    database: real.database,
    query: (s, p, r) => real.query(s, p, r),
    command: (s, p) => real.command(s, p),
    stream: (s, p, f) => real.stream(s, p, f),
    ping: () => real.ping(),
    close: () => real.close(),
    async insertLines(table, lines, opts) {
      if (state.down) throw new Error("connection refused");
      await real.insertLines(table, lines, opts);
      if (state.failAfterInserts === 0) throw new Error("crashed after the insert, before the mark");
      state.failAfterInserts--;
    },
  };
  return { wh, state };
}

describe("outbox shipper", () => {
  let w: TestWorld;
  beforeAll(async () => void (w = await makeWorld()));
  afterAll(() => w.close());

  test("events wait while the warehouse is down and arrive once it is back", async () => {
    const { wh, state } = flaky(w.deps.warehouse);
    await emitMany(w.deps.db, "activity", events(1000));
    state.down = true;
    await expect(drainOutbox(w.deps.client, wh)).rejects.toThrow("connection refused");
    expect(await outboxBacklog(w.deps.client)).toBe(1000);
    expect(await countActivity(w)).toBe(0);
    state.down = false;
    await drainOutbox(w.deps.client, wh);
    expect(await outboxBacklog(w.deps.client)).toBe(0);
    expect(await countActivity(w)).toBe(1000);
  });

  test("a crash between the insert and the mark never double-counts", async () => {
    const before = await countActivity(w);
    const { wh, state } = flaky(w.deps.warehouse);
    await emitMany(w.deps.db, "activity", events(500));
    await emitMany(
      w.deps.db,
      "registrations",
      Array.from({ length: 20 }, (_, i) => ({
        event_id: newEventId(),
        ts: toCHDateTime(Date.UTC(2026, 0, 2)),
        player_id: i + 1,
        country: "RU",
        platform: "web",
        source: "organic",
        locale: "ru",
      })),
    );
    state.failAfterInserts = 0; // the first table's insert lands, then the process "dies"
    await expect(shipOnce(w.deps.client, wh)).rejects.toThrow("crashed");
    // More events arrive before the retry; they must not change the retried batch.
    await emitMany(w.deps.db, "activity", events(7));
    state.failAfterInserts = -1;
    await drainOutbox(w.deps.client, wh);
    expect(await countActivity(w)).toBe(before + 507);
    const regs = await w.deps.warehouse.query("SELECT count() AS n FROM registrations", {}, NRow);
    expect(Number(regs[0].n)).toBe(20);
  });

  test("every event table's columns are EVENT_COLUMNS, in order (the outbox lines' layout)", async () => {
    for (const table of WAREHOUSE_TABLES) {
      const cols = await w.deps.warehouse.query(
        "SELECT name FROM system.columns WHERE database = currentDatabase() AND table = {table:String} ORDER BY position",
        { table },
        NameRow,
      );
      expect(cols.map((c) => c.name)).toEqual([...EVENT_COLUMNS[table]]);
    }
  });

  test("emit stores the compact line; lines stored as JSONEachRow objects before it still ship", async () => {
    const before = await countActivity(w);
    const [e] = events(1, Date.UTC(2026, 1, 1));
    await emitMany(w.deps.db, "activity", [e]);
    const stored = await w.deps.client.execute({
      sql: "SELECT row FROM outbox WHERE event_id = ?",
      args: [e.event_id],
    });
    const line = String(stored.rows[0].row);
    expect(line.startsWith("[")).toBe(true);
    expect(eventFromLine("activity", line)).toEqual(e);
    // A row an older version wrote: the JSONEachRow object.
    const [old] = events(1, Date.UTC(2026, 1, 2));
    await w.deps.client.execute({
      sql: 'INSERT INTO outbox (event_id, "table", row, created_at) VALUES (?, ?, ?, ?)',
      args: [old.event_id, "activity", JSON.stringify(old), Date.now()],
    });
    expect(await drainOutbox(w.deps.client, w.deps.warehouse)).toEqual({ shipped: 2, batches: 1 });
    expect(await countActivity(w)).toBe(before + 2);
    const got = await w.deps.warehouse.query(
      "SELECT toString(event_id) AS event_id, toString(ts) AS ts, toString(reg_ts) AS reg_ts FROM activity WHERE has({ids:Array(String)}, toString(event_id)) ORDER BY ts",
      { ids: [e.event_id, old.event_id] },
      EventIdTsRegTsRow,
    );
    expect(got).toEqual([
      { event_id: e.event_id, ts: e.ts, reg_ts: e.reg_ts },
      { event_id: old.event_id, ts: old.ts, reg_ts: old.reg_ts },
    ]);
  });

  test("batches larger than one read: the read-ahead ships every row once, in several batches", async () => {
    const before = await countActivity(w);
    await emitMany(w.deps.db, "activity", events(2500));
    await emitMany(
      w.deps.db,
      "registrations",
      Array.from({ length: 30 }, (_, i) => ({
        event_id: newEventId(),
        ts: toCHDateTime(Date.UTC(2026, 0, 3)),
        player_id: 100 + i,
        country: "DE",
        platform: "ios",
        source: "vk_ads",
        locale: "en",
      })),
    );
    await emitMany(w.deps.db, "activity", events(1100));
    expect(await drainOutbox(w.deps.client, w.deps.warehouse, 1000)).toEqual({ shipped: 3630, batches: 4 });
    expect(await outboxBacklog(w.deps.client)).toBe(0);
    expect(await countActivity(w)).toBe(before + 3600);
    const regs = await w.deps.warehouse.query(
      "SELECT count() AS n FROM registrations WHERE player_id >= 100",
      {},
      NRow,
    );
    expect(Number(regs[0].n)).toBe(30);
  });

  test("under load, events reach ClickHouse within 2 s of their commit", async () => {
    const shipper = startShipper({ client: w.deps.client, warehouse: w.deps.warehouse, intervalMs: 200 });
    try {
      const before = await countActivity(w);
      const t0 = Date.now();
      for (let i = 0; i < 20; i++) {
        await emitMany(w.deps.db, "activity", events(1000));
        shipper.nudge();
      }
      const committed = Date.now();
      let seen = before;
      while (seen < before + 20_000 && Date.now() - committed < 5000) {
        await new Promise((r) => setTimeout(r, 50));
        seen = await countActivity(w);
      }
      expect(seen).toBe(before + 20_000);
      expect(Date.now() - committed).toBeLessThan(2000);
      expect(committed - t0).toBeGreaterThan(0);
    } finally {
      await shipper.stop();
    }
  });
});
