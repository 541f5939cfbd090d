import { describe, test, expect, beforeAll, afterAll } from "bun:test";
import { and, eq, sql } from "drizzle-orm";
import { makeWorld, type TestWorld } from "../../test/fixture.ts";
import { signInAdmin, type Actor } from "../../test/sign-in.ts";
import { registerPlayer } from "../../domain/players.ts";
import { applyLedger } from "../../domain/ledger.ts";
import { contentStep } from "../../domain/content.ts";
import { rng } from "../../db/seed/world.ts";
import {
  players,
  playerItems,
  contentTanks,
  contentConsumables,
  adminLog,
  ledgerEntries,
} from "../../db/schema/index.ts";

describe("Admin: a player's tanks and purchases on their behalf", () => {
  let w: TestWorld;
  let support: Actor;
  let operator: Actor;
  let playerId: number;
  let tank: typeof contentTanks.$inferSelect;

  beforeAll(async () => {
    w = await makeWorld();
    await contentStep({ db: w.deps.db, r: rng(1), playerIds: [], opts: { players: 0, days: 1, now: w.clock.now() } });
    support = await signInAdmin(w, "support");
    operator = await signInAdmin(w, "operator");
    ({ playerId } = await registerPlayer(w.deps.db, {
      nickname: "Owner",
      country: "RU",
      platform: "web",
      source: "organic",
      locale: "ru",
      at: w.clock.now(),
    }));
    [tank] = await w.deps.db
      .select()
      .from(contentTanks)
      .where(sql`${contentTanks.priceSilver} > 0 and ${contentTanks.active}`)
      .orderBy(contentTanks.requiredLevel)
      .limit(1);
  }, 60_000);
  afterAll(() => w.close());

  const call = (who: Actor, path: string, body: unknown) =>
    w.app.request(path, {
      method: "POST",
      headers: who.headers({ "accept-language": "en" }),
      body: JSON.stringify(body),
    });
  const owned = async () =>
    (
      await w.deps.db
        .select()
        .from(playerItems)
        .where(and(eq(playerItems.playerId, playerId), eq(playerItems.itemType, "tank")))
    ).map((i) => i.itemId);
  const me = async () => (await w.deps.db.select().from(players).where(eq(players.id, playerId)))[0];

  test("grant a tank free of charge (audited), refuse a second grant, set it current, take it away", async () => {
    const before = await me();
    const base = `/admin/player/${playerId}/tanks`;
    expect((await call(support, `${base}/save`, { tankId: tank.id })).status).toBe(403);
    expect((await call(operator, `${base}/save`, { tankId: "x" })).status).toBe(400);
    expect((await call(operator, `${base}/save`, { tankId: 999999 })).status).toBe(404);
    expect((await call(operator, `/admin/player/999999/tanks/save`, { tankId: tank.id })).status).toBe(404);
    expect((await w.app.request(`${base}/save`, { headers: operator.headers() })).status).toBe(405);
    const r = await call(operator, `${base}/save`, { tankId: tank.id });
    expect(r.status).toBe(200);
    expect(((await r.json()) as { rows: { id: number }[] }).rows.map((t) => t.id)).toEqual([tank.id]);
    expect(await owned()).toEqual([tank.id]);
    const after = await me();
    expect([after.gold, after.silver]).toEqual([before.gold, before.silver]);
    expect((await w.deps.db.select().from(adminLog).where(eq(adminLog.action, "player.tanks.save")))[0].targetId).toBe(
      String(playerId),
    );
    const again = await call(operator, `${base}/save`, { tankId: tank.id });
    expect(again.status).toBe(409);
    expect(((await again.json()) as { error: { message: string } }).error.message).toBe(
      "The player already owns this tank.",
    );
    expect((await call(operator, `${base}/setCurrent`, { tankId: tank.id })).status).toBe(200);
    expect((await me()).currentTankId).toBe(tank.id);
    const page = (await (await w.app.request(base, { headers: support.headers() })).json()) as {
      rows: { id: number; current: boolean }[];
      catalogue: unknown[];
    };
    expect(page.rows[0].current).toBe(true);
    expect(page.catalogue.length).toBeGreaterThan(0);
    expect((await call(operator, `${base}/remove`, { tankId: tank.id })).status).toBe(200);
    expect(await owned()).toEqual([]);
    expect((await me()).currentTankId).toBeNull();
    expect((await call(operator, `${base}/remove`, { tankId: tank.id })).status).toBe(409);
    expect((await call(operator, `${base}/setCurrent`, { tankId: tank.id })).status).toBe(409);
  });

  test("an operator buys a tank and consumables with the player's currency through the shop", async () => {
    const now = w.clock.now();
    await w.deps.db.update(players).set({ level: 30 }).where(eq(players.id, playerId));
    const base = `/admin/player/${playerId}/shop`;
    let r = await call(operator, `${base}/buyTank`, { tankId: tank.id, currency: "silver" });
    expect(r.status).toBe(409);
    expect(((await r.json()) as { error: { message: string } }).error.message).toContain("Not enough");
    await w.deps.db.transaction((tx) =>
      applyLedger(tx, { playerId, currency: "silver", delta: tank.priceSilver, reason: "test.credit", at: now }),
    );
    expect((await call(operator, `${base}/buyTank`, { tankId: tank.id, currency: "copper" })).status).toBe(400);
    r = await call(operator, `${base}/buyTank`, { tankId: tank.id, currency: "silver", requestId: "support-1234" });
    expect(r.status).toBe(200);
    expect(((await r.json()) as { price: number }).price).toBe(tank.priceSilver);
    expect(await owned()).toEqual([tank.id]);
    expect((await me()).silver).toBe(5000);
    const replay = await call(operator, `${base}/buyTank`, {
      tankId: tank.id,
      currency: "silver",
      requestId: "support-1234",
    });
    expect(((await replay.json()) as { replayed: boolean }).replayed).toBe(true);
    expect(await w.deps.db.select().from(adminLog).where(eq(adminLog.action, "player.shop.buyTank"))).toHaveLength(1);
    const [cons] = await w.deps.db
      .select()
      .from(contentConsumables)
      .where(sql`${contentConsumables.priceSilver} > 0 and ${contentConsumables.active}`)
      .limit(1);
    expect(
      (await call(operator, `${base}/buyConsumable`, { consumableId: cons.id, currency: "silver", quantity: 101 }))
        .status,
    ).toBe(400);
    await w.deps.db.transaction((tx) =>
      applyLedger(tx, { playerId, currency: "silver", delta: 2 * cons.priceSilver, reason: "test.credit", at: now }),
    );
    r = await call(operator, `${base}/buyConsumable`, { consumableId: cons.id, currency: "silver", quantity: 2 });
    expect(r.status).toBe(200);
    const ledger = await w.deps.db
      .select()
      .from(ledgerEntries)
      .where(and(eq(ledgerEntries.playerId, playerId), eq(ledgerEntries.reason, "shop.consumable")));
    expect(ledger.map((l) => l.delta)).toEqual([-2 * cons.priceSilver]);
    const shop = (await (await w.app.request(base, { headers: support.headers() })).json()) as {
      items: { type: string; id: number; owned: number }[];
    };
    expect(shop.items.find((i) => i.type === "consumable" && i.id === cons.id)!.owned).toBe(2);
  });
});
