import { z } from "zod";
import { describe, test, expect, beforeAll, afterAll } from "bun:test";
import { and, eq, sum } from "drizzle-orm";
import { makeWorld, type TestWorld } from "../test/fixture.ts";
import { registerPlayer, STARTING_BALANCE } from "./players.ts";
import { applyLedger } from "./ledger.ts";
import { players } from "../db/schema/players.ts";
import { ledgerEntries } from "../db/schema/ledger.ts";

const NRow = z.object({ n: z.number() });

describe("ledger", () => {
  let w: TestWorld;
  let playerId: number;
  beforeAll(async () => {
    w = await makeWorld();
    ({ playerId } = await registerPlayer(w.deps.db, {
      nickname: "Ledger",
      country: "RU",
      platform: "web",
      source: "organic",
      locale: "ru",
      at: w.clock.now(),
    }));
  });
  afterAll(() => w.close());

  const balance = async () =>
    (await w.deps.db.select({ gold: players.gold }).from(players).where(eq(players.id, playerId)))[0].gold;

  test("registration grants the starting balance through the ledger", async () => {
    expect(await balance()).toBe(STARTING_BALANCE.gold);
  });

  test("a debit never takes the balance below zero and changes nothing when refused", async () => {
    await expect(
      w.deps.db.transaction((tx) =>
        applyLedger(tx, { playerId, currency: "gold", delta: -(STARTING_BALANCE.gold + 1), reason: "test", at: 1 }),
      ),
    ).rejects.toMatchObject({ code: "insufficient_funds" });
    expect(await balance()).toBe(STARTING_BALANCE.gold);
  });

  test("concurrent debits never double-spend; the ledger sums to the balance", async () => {
    const results = await Promise.allSettled(
      Array.from({ length: 30 }, (_, i) =>
        w.deps.db.transaction((tx) =>
          applyLedger(tx, { playerId, currency: "gold", delta: -2, reason: "test.spend", ref: String(i), at: 2 }),
        ),
      ),
    );
    const ok = results.filter((r) => r.status === "fulfilled").length;
    expect(ok).toBe(Math.floor(STARTING_BALANCE.gold / 2));
    expect(await balance()).toBe(STARTING_BALANCE.gold - ok * 2);
    const [{ total }] = await w.deps.db
      .select({ total: sum(ledgerEntries.delta) })
      .from(ledgerEntries)
      .where(and(eq(ledgerEntries.playerId, playerId), eq(ledgerEntries.currency, "gold")));
    expect(Number(total)).toBe(await balance());
  });

  test("an idempotency key applies a change once", async () => {
    const first = await w.deps.db.transaction((tx) =>
      applyLedger(tx, { playerId, currency: "silver", delta: 100, reason: "test.credit", idempotencyKey: "k1", at: 3 }),
    );
    const again = await w.deps.db.transaction((tx) =>
      applyLedger(tx, { playerId, currency: "silver", delta: 100, reason: "test.credit", idempotencyKey: "k1", at: 3 }),
    );
    expect(again).toEqual({ ...first, replayed: true });
  });

  test("every ledger row reaches the warehouse exactly once", async () => {
    await w.ship();
    const [{ n }] = await w.deps.warehouse.query(
      "SELECT count() AS n FROM currency_movements WHERE player_id = {p:UInt64}",
      { p: playerId },
      NRow,
    );
    const rows = await w.deps.db.select().from(ledgerEntries).where(eq(ledgerEntries.playerId, playerId));
    expect(Number(n)).toBe(rows.length);
  });

  test("each movement carries its entry's id as seq; the warehouse's current balances are the store's, though 15 debits shared a millisecond", async () => {
    await w.ship();
    const entries = await w.deps.db
      .select({ seq: ledgerEntries.id, balance_after: ledgerEntries.balanceAfter })
      .from(ledgerEntries)
      .where(eq(ledgerEntries.playerId, playerId))
      .orderBy(ledgerEntries.id);
    const events = await w.deps.warehouse.query(
      "SELECT seq, balance_after FROM currency_movements WHERE player_id = {p:UInt64} ORDER BY seq",
      { p: playerId },
      z.object({ seq: z.number(), balance_after: z.number() }),
    );
    expect(events).toEqual(entries);
    const [p] = await w.deps.db
      .select({ gold: players.gold, silver: players.silver })
      .from(players)
      .where(eq(players.id, playerId));
    const current = await w.deps.warehouse.query(
      "SELECT currency, balance FROM balances_current_v2 FINAL WHERE player_id = {p:UInt64} ORDER BY currency",
      { p: playerId },
      z.object({ currency: z.string(), balance: z.number() }),
    );
    expect(current).toEqual([
      { currency: "gold", balance: p.gold },
      { currency: "silver", balance: p.silver },
    ]);
  });
});
