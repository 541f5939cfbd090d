import { describe, test, expect, beforeAll, afterAll } from "bun:test";
import { eq } from "drizzle-orm";
import { makeWorld, type TestWorld } from "../../test/fixture.ts";
import { signInAdmin, type Actor } from "../../test/sign-in.ts";
import { registerPlayer } from "../../domain/players.ts";
import { putItem, GOLD_PACK } from "../../test/billing-world.ts";
import { createOrder, markPending, settlePaid } from "../../domain/billing/provider-orders.ts";
import { players } from "../../db/schema/index.ts";

const DAY = 86_400_000;

describe("Admin: players statistics", () => {
  let w: TestWorld;
  let support: Actor;
  const ids: number[] = [];

  beforeAll(async () => {
    w = await makeWorld({ now: Date.UTC(2026, 10, 1, 10) });
    await putItem(w.deps.db, GOLD_PACK, w.clock.now());
    const spec = [
      ["RU", "web"],
      ["RU", "android"],
      ["DE", "web"],
    ] as const;
    for (const [i, [country, platform]] of spec.entries()) {
      ids.push(
        (
          await registerPlayer(w.deps.db, {
            nickname: `Stat${i}`,
            country,
            platform,
            source: "organic",
            locale: "en",
            at: w.clock.now(),
          })
        ).playerId,
      );
      w.clock.advance(DAY);
    }
    await w.deps.db.update(players).set({ lastLoginAt: w.clock.now() }).where(eq(players.id, ids[0]));
    // ids[2] pays twice in USD, ids[0] once in RUB.
    const pay = async (playerId: number, currency: string, n: number) => {
      const o = await createOrder(w.deps.db, {
        playerId,
        itemId: "gold_500",
        provider: "stripe",
        market: "web",
        currency,
        at: w.clock.now(),
      });
      await markPending(w.deps.db, o.id, `ref-${o.id}`, w.clock.now());
      await settlePaid(w.deps.db, {
        provider: "stripe",
        orderId: o.id,
        providerTxId: `tx-${playerId}-${n}`,
        amountMinor: o.amountMinor,
        currency: o.currency,
        source: "callback",
        at: w.clock.now(),
      });
    };
    await pay(ids[2], "USD", 1);
    await pay(ids[2], "USD", 2);
    await pay(ids[0], "RUB", 1);
    support = await signInAdmin(w, "support");
  }, 60_000);
  afterAll(() => w.close());

  const get = async (path: string) => {
    const r = await w.app.request(path, { headers: support.headers({ "accept-language": "ru" }) });
    return { status: r.status, body: (await r.json()) as unknown };
  };

  test("counts by platform, country and level; registrations by day; active players", async () => {
    const r = await get("/admin/playersStats/get/stats?from=01.11.2026&to=30.11.2026");
    expect(r.status).toBe(200);
    const s = r.body as {
      total: number;
      active: number;
      byPlatform: { key: string; players: number }[];
      byCountry: { key: string; players: number }[];
      byLevel: { key: string; players: number }[];
      registrations: { day: string; players: number }[];
    };
    expect(s.total).toBe(3);
    expect(s.active).toBe(1);
    expect(s.byPlatform).toEqual([
      { key: "web", players: 2 },
      { key: "android", players: 1 },
    ]);
    expect(s.byCountry).toEqual([
      { key: "RU", players: 2 },
      { key: "DE", players: 1 },
    ]);
    expect(s.byLevel).toEqual([{ key: "1", players: 3 }]);
    expect(s.registrations).toEqual([
      { day: "2026-11-01", players: 1 },
      { day: "2026-11-02", players: 1 },
      { day: "2026-11-03", players: 1 },
    ]);
    const bad = await get("/admin/playersStats/get/stats?from=30.11.2026&to=01.11.2026");
    expect(bad.status).toBe(400);
    expect((bad.body as { error: { fields: Record<string, string> } }).error.fields.to).toBe(
      "Конец периода не может быть раньше его начала.",
    );
    expect((await get("/admin/playersStats/get/stats?from=31.02.2026")).status).toBe(400);
  });

  test("top payers by the USD value of their paid orders", async () => {
    const r = await get("/admin/playersStats/gets/payers?from=01.11.2026&to=30.11.2026");
    const rows = (r.body as { rows: { playerId: number; usdCents: number; payments: number }[] }).rows;
    expect(rows.map((x) => [x.playerId, x.payments])).toEqual([
      [ids[2], 2],
      [ids[0], 1],
    ]);
    expect(rows[0].usdCents).toBe(398);
    expect((await get("/admin/playersStats/gets/payers?limit=0")).status).toBe(400);
    const page = await get("/admin/playersStats/");
    expect(page.status).toBe(200);
  });
});
