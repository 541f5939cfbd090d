// A player's current balance in the warehouse (balances_current_v2, migration 0008) is their
// latest movement in the order the store applied them — also when two movements of one currency
// share a millisecond (a battle's reward and its repair cost), whatever order they reach the
// warehouse in, in one block or in two parts, before and after the parts merge.
import { z } from "zod";
import { describe, test, expect, beforeAll, afterAll } from "bun:test";
import { eq } from "drizzle-orm";
import { makeWorld, type TestWorld } from "../api/test/fixture.ts";
import { registerPlayer } from "../api/domain/players.ts";
import { applyLedger } from "../api/domain/ledger.ts";
import { emitMany } from "../api/domain/outbox.ts";
import { players } from "../api/db/schema/players.ts";
import { outbox } from "../api/db/schema/outbox.ts";
import { openChdbWarehouse } from "./adapters/chdb.ts";
import { migrateWarehouse } from "./migrate.ts";
import { warehouseMigrations } from "./migrations/index.ts";
import { newEventId, toCHDateTime, type EventRow } from "./events.ts";

const BalanceRow = z.object({ balance: z.number() });
const CurrentRow = z.object({ player_id: z.number(), seq: z.number(), balance: z.number() });
const T = Date.UTC(2026, 10, 20, 12, 0, 0, 250);

/** The row FINAL answers for the player's currency (one row after merges). */
async function current(w: TestWorld, playerId: number, currency: "gold" | "silver"): Promise<number[]> {
  const rows = await w.deps.warehouse.query(
    "SELECT balance FROM balances_current_v2 FINAL WHERE currency = {c:String} AND player_id = {p:UInt64}",
    { c: currency, p: playerId },
    BalanceRow,
  );
  return rows.map((r) => r.balance);
}

/** A currency movement as the ledger emits it. */
const movement = (
  playerId: number,
  seq: number,
  delta: number,
  balance: number,
  reason: string,
): EventRow<"currency_movements"> => ({
  event_id: newEventId(),
  ts: toCHDateTime(T),
  player_id: playerId,
  currency: "silver",
  delta,
  balance_after: balance,
  reason,
  ref: "battle-1",
  player_level: 3,
  seq,
});

describe("current balances when movements share a millisecond", () => {
  let w: TestWorld;
  beforeAll(async () => void (w = await makeWorld()));
  afterAll(() => w.close());

  test("a battle's reward then its repair in one millisecond: the warehouse shows the balance after the repair, as the store", async () => {
    const { playerId } = await registerPlayer(w.deps.db, {
      nickname: "Tie",
      country: "RU",
      platform: "web",
      source: "organic",
      locale: "ru",
      at: T - 60_000,
    });
    // As a battle's end pays it: one transaction, one `at`.
    await w.deps.db.transaction(async (tx) => {
      await applyLedger(tx, { playerId, currency: "silver", delta: 900, reason: "battle.reward", ref: "b1", at: T });
      await applyLedger(tx, { playerId, currency: "silver", delta: -350, reason: "battle.repair", ref: "b1", at: T });
    });
    const [{ silver }] = await w.deps.db
      .select({ silver: players.silver })
      .from(players)
      .where(eq(players.id, playerId));
    expect(silver).toBe(5_000 + 900 - 350);
    await w.ship();
    expect(await current(w, playerId, "silver")).toEqual([silver]);
    await w.deps.warehouse.command("OPTIMIZE TABLE balances_current_v2 FINAL");
    expect(await current(w, playerId, "silver")).toEqual([silver]);
  });

  // The same two movements (the reward is ledger entry 10, the repair 11, both at T), reaching the
  // warehouse in each order: in one block, and in two inserts (two parts, merged later).
  for (const order of ["reward first", "repair first"] as const) {
    for (const blocks of ["one insert", "two inserts"] as const) {
      test(`${order}, ${blocks}: the repair's balance (the later ledger entry) before and after the merge`, async () => {
        const playerId = 900_000 + (order === "reward first" ? 0 : 10) + (blocks === "one insert" ? 0 : 1);
        const reward = movement(playerId, 10, 900, 5_900, "battle.reward");
        const repair = movement(playerId, 11, -350, 5_550, "battle.repair");
        const rows = order === "reward first" ? [reward, repair] : [repair, reward];
        if (blocks === "one insert") {
          await emitMany(w.deps.db, "currency_movements", rows);
          await w.ship();
        } else {
          for (const row of rows) {
            await emitMany(w.deps.db, "currency_movements", [row]);
            await w.ship();
          }
        }
        expect(await current(w, playerId, "silver")).toEqual([5_550]);
        await w.deps.warehouse.command("OPTIMIZE TABLE balances_current_v2 FINAL");
        expect(await current(w, playerId, "silver")).toEqual([5_550]);
      });
    }
  }

  test("an outbox line written before seq existed ships with seq 0; a movement with a seq replaces it, even one stamped earlier", async () => {
    const playerId = 900_100;
    const old = movement(playerId, 0, 100, 7_000, "battle.reward");
    // The line as the ledger wrote it before 0008: the same values without the last one.
    await w.deps.db.insert(outbox).values({
      eventId: old.event_id,
      table: "currency_movements",
      row: JSON.stringify(Object.values(old).slice(0, -1)),
      createdAt: T,
    });
    await w.ship();
    const read = () =>
      w.deps.warehouse.query(
        "SELECT player_id, seq, balance FROM balances_current_v2 FINAL WHERE player_id = {p:UInt64}",
        { p: playerId },
        CurrentRow,
      );
    expect(await read()).toEqual([{ player_id: playerId, seq: 0, balance: 7_000 }]);
    const [{ n }] = await w.deps.warehouse.query(
      "SELECT count() AS n FROM currency_movements WHERE player_id = {p:UInt64} AND seq = 0",
      { p: playerId },
      z.object({ n: z.number() }),
    );
    expect(n).toBe(1);
    await emitMany(w.deps.db, "currency_movements", [
      { ...movement(playerId, 42, -50, 6_950, "shop.item"), ts: toCHDateTime(T - 5_000) },
    ]);
    await w.ship();
    expect(await read()).toEqual([{ player_id: playerId, seq: 42, balance: 6_950 }]);
  });
});

test("migration 0008 backfills the current balances from the movements already in the warehouse (seq 0: the latest millisecond)", async () => {
  const wh = await openChdbWarehouse(process.env.TK_TEST_CHDB_DIR!, `tk_bal_${process.pid}_${Date.now()}`);
  try {
    await migrateWarehouse(
      wh,
      warehouseMigrations.filter((m) => m.version < 8),
    );
    // Movements as the warehouse held them before 0008: no seq column.
    const before = (playerId: number, ms: number, balance: number) =>
      JSON.stringify([newEventId(), toCHDateTime(T + ms), playerId, "gold", 1, balance, "battle.reward", "", 3]);
    const columns = [
      "event_id",
      "ts",
      "player_id",
      "currency",
      "delta",
      "balance_after",
      "reason",
      "ref",
      "player_level",
    ];
    await wh.insertLines(
      "currency_movements",
      [before(1, 0, 10), before(1, 2_000, 30), before(1, 1_000, 20), before(2, 0, 5)].join("\n"),
      { format: "JSONCompactEachRow", columns },
    );
    expect(
      await migrateWarehouse(
        wh,
        warehouseMigrations.filter((m) => m.version <= 8),
      ),
    ).toEqual([8]);
    const rows = await wh.query(
      "SELECT player_id, seq, balance FROM balances_current_v2 FINAL ORDER BY player_id",
      {},
      CurrentRow,
    );
    expect(rows).toEqual([
      { player_id: 1, seq: 0, balance: 30 },
      { player_id: 2, seq: 0, balance: 5 },
    ]);
    // The table and view of 0003 are gone.
    const left = await wh.query(
      "SELECT name FROM system.tables WHERE database = currentDatabase() AND name LIKE 'balances_current%' ORDER BY name",
      {},
      z.object({ name: z.string() }),
    );
    expect(left.map((t) => t.name)).toEqual(["balances_current_v2", "balances_current_v2_mv"]);
  } finally {
    await wh.command(`DROP DATABASE IF EXISTS ${wh.database}`);
    await wh.close();
  }
});
