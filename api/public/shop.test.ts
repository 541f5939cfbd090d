import { describe, test, expect, beforeAll, afterAll } from "bun:test";
import { and, eq, sql } from "drizzle-orm";
import { makeWorld, type TestWorld } from "../test/fixture.ts";
import { registerPlayer } from "../domain/players.ts";
import { applyLedger } from "../domain/ledger.ts";
import { contentStep } from "../domain/content.ts";
import { rng } from "../db/seed/world.ts";
import { SESSION_LIMITS } from "../http/session.ts";
import { randomToken, sha256Hex } from "../domain/tokens.ts";
import { eventFromLine } from "../../warehouse/events.ts";
import {
  sessions,
  players,
  outbox,
  contentTanks,
  contentConsumables,
  contentCamouflages,
  playerItems,
} from "../db/schema/index.ts";

describe("Player site: shop", () => {
  let w: TestWorld;
  const mk = async (nickname: string, level = 1, gold = 0, silver = 0) => {
    const now = w.clock.now();
    const { playerId } = await registerPlayer(w.deps.db, {
      nickname,
      country: "RU",
      platform: "web",
      source: "organic",
      // Its requests are in English, and a player's saved language is the answers' (api/http/session.ts).
      locale: "en",
      at: now,
    });
    await w.deps.db.update(players).set({ level }).where(eq(players.id, playerId));
    if (gold)
      await w.deps.db.transaction((tx) =>
        applyLedger(tx, { playerId, currency: "gold", delta: gold, reason: "test.credit", at: now }),
      );
    if (silver)
      await w.deps.db.transaction((tx) =>
        applyLedger(tx, { playerId, currency: "silver", delta: silver, reason: "test.credit", at: now }),
      );
    const token = randomToken();
    const csrf = randomToken(24);
    await w.deps.db.insert(sessions).values({
      tokenHash: await sha256Hex(token),
      kind: "player",
      subjectId: playerId,
      csrfToken: csrf,
      locale: "en",
      createdAt: now,
      lastSeenAt: now,
      expiresAt: now + SESSION_LIMITS.player.absolute,
    });
    const headers = (extra: Record<string, string> = {}) => ({
      cookie: `tk_player=${token}`,
      "x-csrf-token": csrf,
      "content-type": "application/json",
      accept: "application/json",
      "accept-language": "en",
      ...extra,
    });
    return { id: playerId, headers };
  };
  const shop = (
    p: { headers: (e?: Record<string, string>) => Record<string, string> },
    body: unknown,
    extra: Record<string, string> = {},
  ) => w.app.request("/public/profile/shop", { method: "POST", headers: p.headers(extra), body: JSON.stringify(body) });
  const bal = async (id: number) =>
    (await w.deps.db.select({ g: players.gold, s: players.silver }).from(players).where(eq(players.id, id)))[0];

  beforeAll(async () => {
    w = await makeWorld();
    await contentStep({ db: w.deps.db, r: rng(1), playerIds: [], opts: { players: 0, days: 1, now: w.clock.now() } });
    // The camouflages these tests buy are their own, whatever the demo content holds.
    [goldCamo] = await w.deps.db
      .insert(contentCamouflages)
      .values({
        nameRu: "Тест золото",
        nameEn: "Test gold",
        season: "universal",
        priceGold: 500,
        updatedAt: w.clock.now(),
      })
      .returning();
    [silverCamo] = await w.deps.db
      .insert(contentCamouflages)
      .values({
        nameRu: "Тест серебро",
        nameEn: "Test silver",
        season: "summer",
        priceSilver: 1200,
        updatedAt: w.clock.now(),
      })
      .returning();
  });
  let goldCamo: typeof contentCamouflages.$inferSelect;
  let silverCamo: typeof contentCamouflages.$inferSelect;
  afterAll(() => w.close());

  test("lists the catalogue; buys a tank for silver once, at the server's price, idempotently", async () => {
    const [tank] = await w.deps.db
      .select()
      .from(contentTanks)
      .where(sql`${contentTanks.priceSilver} > 0`)
      .orderBy(contentTanks.requiredLevel)
      .limit(1);
    expect(tank).toBeDefined();
    const p = await mk("Buyer", tank.requiredLevel, 0, tank.priceSilver);
    const list = await (await shop(p, {})).json();
    expect(list.items.length).toBeGreaterThan(0);
    // A tank's card draws its class and nation and shows its figures.
    expect(list.items.find((i: { type: string; id: number }) => i.type === "tank" && i.id === tank.id)).toMatchObject({
      tier: tank.tier,
      nation: tank.nation,
      tankType: tank.type,
      stats: { hp: tank.hp, damage: tank.damage, penetration: tank.penetration, armor: tank.armor, speed: tank.speed },
    });
    const before = await bal(p.id);
    const r = await shop(p, {
      type: "tank",
      itemId: tank.id,
      currency: "silver",
      requestId: "buy-tank-0001",
      price: 1,
    });
    expect(r.status).toBe(200);
    const j = await r.json();
    expect(j).toMatchObject({ price: tank.priceSilver, currency: "silver", replayed: false });
    expect((await bal(p.id)).s).toBe(before.s - tank.priceSilver);
    const again = await (
      await shop(p, { type: "tank", itemId: tank.id, currency: "silver", requestId: "buy-tank-0001" })
    ).json();
    expect(again.replayed).toBe(true);
    expect((await bal(p.id)).s).toBe(before.s - tank.priceSilver);
    const owned = await shop(p, { type: "tank", itemId: tank.id, currency: "silver", requestId: "buy-tank-0002" });
    expect(owned.status).toBe(409);
    expect((await owned.json()).error.message).toBe("You already own this item.");
    const itemEvents = (
      await w.deps.db.select({ row: outbox.row }).from(outbox).where(sql`${outbox.table} = 'items'`)
    ).map((r) => eventFromLine("items", r.row));
    expect(itemEvents.filter((e) => e.player_id === p.id).length).toBe(1);
  });

  test("refusals: level, funds, currency, missing item, bad input, no CSRF; consumables stack", async () => {
    const p = await mk("Refused", 1, 0);
    const [high] = await w.deps.db.select().from(contentTanks).where(sql`${contentTanks.requiredLevel} > 1`).limit(1);
    const lvl = await shop(p, {
      type: "tank",
      itemId: high.id,
      currency: high.priceSilver > 0 ? "silver" : "gold",
      requestId: "lvl-000001",
    });
    expect(lvl.status).toBe(403);
    expect((await shop(p, { type: "tank", itemId: 99999, requestId: "none-000001" })).status).toBe(404);
    expect((await shop(p, { type: "tank" })).status).toBe(400);
    expect((await shop(p, { type: "boat", itemId: 1, requestId: "boat-000001" })).status).toBe(400);
    expect(
      (await shop(p, { type: "tank", itemId: high.id, requestId: "csrf-000001" }, { "x-csrf-token": "" })).status,
    ).toBe(403);
    const [cons] = await w.deps.db
      .select()
      .from(contentConsumables)
      .where(and(sql`${contentConsumables.priceSilver} > 0`, eq(contentConsumables.requiredLevel, 1)))
      .limit(1);
    const rich = await mk("Stacker", 30, 0, cons.priceSilver * 3);
    expect(
      (
        await shop(rich, {
          type: "consumable",
          itemId: cons.id,
          currency: "silver",
          quantity: 2,
          requestId: "cons-000001",
        })
      ).status,
    ).toBe(200);
    expect(
      (
        await shop(rich, {
          type: "consumable",
          itemId: cons.id,
          currency: "silver",
          quantity: 1,
          requestId: "cons-000002",
        })
      ).status,
    ).toBe(200);
    const [row] = await w.deps.db
      .select()
      .from(playerItems)
      .where(and(eq(playerItems.playerId, rich.id), eq(playerItems.itemType, "consumable")));
    expect(row.quantity).toBe(3);
    const poor = await shop(p, { type: "camouflage", itemId: goldCamo.id, currency: "gold", requestId: "camo-000001" });
    expect(poor.status).toBe(409);
    expect((await poor.json()).error.code).toBe("insufficient_funds");
    expect((await w.deps.db.select().from(playerItems).where(eq(playerItems.playerId, p.id))).length).toBe(0);
  });

  test("gifting a shop item: the sender pays, the receiver owns it once, is notified", async () => {
    const camo = silverCamo;
    const giver = await mk("ItemGiver", 5, 0, camo.priceSilver * 2);
    const taker = await mk("ItemTaker", 5);
    const before = await bal(giver.id);
    const send = (requestId: string) =>
      w.app.request("/public/profile/gift", {
        method: "POST",
        headers: giver.headers(),
        body: JSON.stringify({ to: taker.id, kind: "camouflage", itemId: camo.id, requestId }),
      });
    expect((await send("item-gift-01")).status).toBe(200);
    expect((await bal(giver.id)).s).toBe(before.s - camo.priceSilver);
    const [row] = await w.deps.db
      .select()
      .from(playerItems)
      .where(and(eq(playerItems.playerId, taker.id), eq(playerItems.itemType, "camouflage")));
    expect(row.itemId).toBe(camo.id);
    expect((await send("item-gift-02")).status).toBe(409);
    expect((await bal(giver.id)).s).toBe(before.s - camo.priceSilver);
  });
});
