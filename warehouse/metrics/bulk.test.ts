// The benchmark world generator: believable and self-consistent (every event belongs to a
// registered player and happens after the registration; money signs follow the status), and
// the dashboards answer on it.
import { z } from "zod";
import { describe, test, expect, beforeAll, afterAll } from "bun:test";
import { makeWorld, type TestWorld } from "../../api/test/fixture.ts";
import { buildBulkWorld, settleRollups, SHARE } from "../bulk.ts";
import { division } from "./division.ts";
import { paymentsData } from "./payments.ts";
import { resolvePeriod } from "./period.ts";

const END = Date.UTC(2026, 10, 20, 12);
let w: TestWorld;
let counts: Record<string, number>;

beforeAll(async () => {
  w = await makeWorld({ now: END });
  counts = await buildBulkWorld(w.deps.warehouse, {
    players: 2_000,
    events: 100_000,
    days: 90,
    end: END,
    seed: 7,
    chunk: 30_000,
  });
  await settleRollups(w.deps.warehouse);
}, 120_000);
afterAll(() => w?.close());

const one = async (sql: string) => (await w.deps.warehouse.query(sql, {}, z.object({ n: z.number() })))[0]!.n;

describe("bulk world", () => {
  test("sizes follow the shares", async () => {
    expect(counts.registrations).toBe(2_000);
    expect(counts.activity).toBe(100_000 * SHARE.activity);
    expect(await one("SELECT toUInt64(count()) AS n FROM battles")).toBe(100_000 * SHARE.battles);
    expect(await one("SELECT toUInt64(uniqExact(player_id)) AS n FROM registrations")).toBe(2_000);
  });

  test("every event belongs to a registered player and comes after the registration, inside the world's span", async () => {
    for (const t of ["activity", "battles", "currency_movements", "items", "payments", "ad_views"]) {
      const bad =
        await one(`SELECT toUInt64(count()) AS n FROM ${t} AS e LEFT JOIN registrations AS r ON r.player_id = e.player_id
        WHERE r.player_id = 0 OR e.ts < r.ts OR e.ts > toDateTime64(${END / 1000}, 3, 'UTC')`);
      expect([t, bad]).toEqual([t, 0]);
    }
    const reg = await one(
      `SELECT toUInt64(count()) AS n FROM activity AS a INNER JOIN registrations AS r ON r.player_id = a.player_id WHERE a.reg_ts != r.ts OR a.country != r.country`,
    );
    expect(reg).toBe(0);
  });

  test("money: paid is positive, refunds and chargebacks negative, in USD cents", async () => {
    expect(
      await one(
        "SELECT toUInt64(countIf(status = 'paid' AND amount_usd_cents <= 0) + countIf(status != 'paid' AND amount_usd_cents >= 0)) AS n FROM payments",
      ),
    ).toBe(0);
    expect(await one("SELECT toUInt64(countIf(status = 'paid')) AS n FROM payments")).toBeGreaterThan(
      counts.payments * 0.85,
    );
  });

  test("the dashboards answer on it", async () => {
    const gold = await division(w.deps.warehouse, "gold");
    expect(gold.players).toBeGreaterThan(1000);
    const pay = await paymentsData(w.deps.warehouse, resolvePeriod({ year: 2026 }, END, "yearly"), "market");
    expect(pay.total.revenue).toBe(await one("SELECT toInt64(sum(amount_usd_cents)) AS n FROM payments"));
  });
});
