// The demo world's battles and economy go the real way: stats and ledger in the store, battles
// rows in the warehouse that tanksEarns reads, a few battles left running (some stuck).
import { z } from "zod";
import { test, expect } from "bun:test";
import { count, eq, gt, sql } from "drizzle-orm";
import { makeWorld } from "../../test/fixture.ts";
import { buildWorld } from "./world.ts";
import { battles, battlePlayers } from "../schema/battles.ts";
import { players } from "../schema/players.ts";
import { ledgerEntries } from "../schema/ledger.ts";
import { shopPurchases } from "../schema/inventory.ts";
import { countStuckBattles } from "../../domain/battles.ts";
import { tanksEarns } from "../../../warehouse/metrics/tanks_earns.ts";

const MissingRow = z.object({ missing: z.number() });

test("demo battles feed stats, the ledger and the warehouse (tanksEarns has rows); purchases, gifts and transfers happen", async () => {
  const w = await makeWorld();
  try {
    const now = w.clock.now();
    await buildWorld(w.deps.db, { players: 120, days: 30, now, seed: 11 });
    const db = w.deps.db;
    const [{ ended }] = await db.select({ ended: count() }).from(battles).where(eq(battles.status, "finished"));
    expect(ended).toBeGreaterThan(50);
    expect(await countStuckBattles(db, now)).toBeGreaterThan(0);
    const [{ rows: seats, sumBattles }] = await db
      .select({ rows: count(), sumBattles: sql<number>`(select sum(battles) from players)` })
      .from(battlePlayers)
      .where(sql`${battlePlayers.result} is not null`);
    expect(Number(sumBattles)).toBe(seats);
    const [{ leveled }] = await db.select({ leveled: count() }).from(players).where(gt(players.level, 1));
    expect(leveled).toBeGreaterThan(0);
    const reasons = new Set(
      (await db.selectDistinct({ reason: ledgerEntries.reason }).from(ledgerEntries)).map((r) => r.reason),
    );
    for (const r of ["battle.reward", "battle.repair", "battle.ammo", "transfer.out", "gift.out"])
      expect(reasons).toContain(r);
    expect([...reasons].some((r) => r.startsWith("shop."))).toBe(true);
    expect((await db.select({ n: count() }).from(shopPurchases))[0].n).toBeGreaterThan(0);
    await w.ship();
    const d = new Date(now);
    const month = tanksEarns(w.deps.warehouse, {
      kind: "monthly",
      year: d.getUTCFullYear(),
      month: d.getUTCMonth() + 1,
      unit: "day",
      from: new Date(Date.UTC(d.getUTCFullYear(), d.getUTCMonth(), 1)).toISOString().slice(0, 10),
      to: new Date(Date.UTC(d.getUTCFullYear(), d.getUTCMonth() + 1, 1)).toISOString().slice(0, 10),
    });
    const { tanks } = await month;
    expect(tanks.length).toBeGreaterThan(0);
    expect(tanks.reduce((s, t) => s + Number(t.battles), 0)).toBeGreaterThan(0);
    expect(tanks.some((t) => Number(t.silver_spent) > 0)).toBe(true);
    // Every demo player is active on their install day (DAU, retention's day 0), as the game
    // API's registrations are: before, a player whose first login fell on the next UTC day was not.
    const [{ missing }] = await w.deps.warehouse.query(
      `SELECT count() AS missing FROM registrations AS r
       LEFT JOIN (SELECT DISTINCT player_id, toDate(ts) AS day FROM activity) AS a ON a.player_id = r.player_id AND a.day = toDate(r.ts)
       WHERE a.player_id = 0`,
      {},
      MissingRow,
    );
    expect(Number(missing)).toBe(0);
  } finally {
    await w.close();
  }
}, 240_000);
