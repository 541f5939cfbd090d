import { describe, test, expect, beforeAll, afterAll } from "bun:test";
import { and, eq, sql } from "drizzle-orm";
import { makeWorld, type TestWorld } from "../test/fixture.ts";
import { playerSpeaks, signInAdmin, signInPlayer, type Actor } from "../test/sign-in.ts";
import { contentStep } from "../domain/content.ts";
import { rng } from "../db/seed/world.ts";
import { applyLedger } from "../domain/ledger.ts";
import { DEMO_CATALOG } from "../billing/demo.ts";
import { putCatalog } from "../domain/billing/catalog.ts";
import { offersStep } from "../db/seed/offers.ts";
import {
  players,
  playerItems,
  offerPurchases,
  ledgerEntries,
  contentConsumables,
  contentTanks,
  adminLog,
  orders,
} from "../db/schema/index.ts";

const HOUR = 3_600_000;
const DAY = 24 * HOUR;

describe("Special offers", () => {
  let w: TestWorld;
  let op: Actor;
  let support: Actor;
  let consumableId: number;
  let tankId: number;
  beforeAll(async () => {
    w = await makeWorld();
    await contentStep({ db: w.deps.db, r: rng(1), playerIds: [], opts: { players: 0, days: 1, now: w.clock.now() } });
    await putCatalog(w.deps.db, DEMO_CATALOG, w.clock.now());
    op = await signInAdmin(w, "operator");
    support = await signInAdmin(w, "support");
    consumableId = (await w.deps.db.select().from(contentConsumables).limit(1))[0].id;
    tankId = (await w.deps.db.select().from(contentTanks).limit(1))[0].id;
  }, 60_000);
  afterAll(() => w.close());

  const save = (body: Record<string, unknown>, who = op, lang = "en") =>
    w.app.request("/admin/specialOfferOptions/save", {
      method: "POST",
      headers: who.headers({ "accept-language": lang }),
      body: JSON.stringify(body),
    });
  const base = () => ({
    titleRu: "Набор новичка",
    titleEn: "Starter pack",
    grants: {
      silver: 50_000,
      premiumDays: 3,
      items: [
        { type: "consumable", id: consumableId, count: 5 },
        { type: "tank", id: tankId },
      ],
    },
    priceGold: 100,
    startsAt: new Date(w.clock.now() - HOUR).toISOString(),
    endsAt: new Date(w.clock.now() + DAY).toISOString(),
    perPlayerLimit: 1,
  });
  const create = async (extra: Record<string, unknown> = {}) => {
    const r = await save({ ...base(), ...extra });
    expect(r.status).toBe(200);
    return (await r.json()).offer.id as number;
  };
  const richPlayer = async (gold = 1000, opts: Parameters<typeof signInPlayer>[1] = {}) => {
    const p = await signInPlayer(w, opts);
    // Brings the balance to exactly `gold` (a new player starts with some).
    const delta =
      gold - (await w.deps.db.select({ g: players.gold }).from(players).where(eq(players.id, p.playerId)))[0].g;
    if (delta)
      await w.deps.db.transaction((tx) =>
        applyLedger(tx, { playerId: p.playerId, currency: "gold", delta, reason: "test.credit", at: w.clock.now() }),
      );
    return p;
  };
  const offers = async (p: Actor, body: unknown = {}, lang = "en") =>
    w.app.request("/public/profile/offers", {
      method: "POST",
      headers: p.headers({ "accept-language": lang }),
      body: JSON.stringify(body),
    });
  const gold = async (id: number) =>
    (await w.deps.db.select({ g: players.gold }).from(players).where(eq(players.id, id)))[0].g;

  test("operators save offers; the rules are checked with clear messages and nothing is written", async () => {
    const bad = async (body: Record<string, unknown>, field: string, message: string, lang = "en") => {
      const r = await save({ ...base(), ...body }, op, lang);
      expect(r.status).toBe(400);
      expect((await r.json()).error.fields[field]).toBe(message);
    };
    await bad(
      { endsAt: new Date(w.clock.now() - 2 * HOUR).toISOString() },
      "endsAt",
      "The end must be after the start.",
    );
    await bad({ minLevel: 10, maxLevel: 5 }, "maxLevel", "Наибольший уровень не может быть меньше наименьшего.", "ru");
    await bad({ billingItemId: "gold_500" }, "priceGold", "Give a price in gold or a billing item, not both.");
    await bad(
      { priceGold: undefined, billingItemId: "gold_500" },
      "grants",
      "Billing cannot grant shop items or an offer's own bundle yet: an offer paid with money grants what its billing item grants.",
    );
    await bad(
      { priceGold: undefined, billingItemId: "nope", grants: {} },
      "billingItemId",
      "No such billing item: nope.",
    );
    await bad(
      { grants: { items: [{ type: "tank", id: 99999 }] } },
      "grants",
      "No such item in the catalogue: tank #99999.",
    );
    await bad({ grants: {} }, "grants", "An offer must grant something.");
    await bad({ grants: "{not json" }, "grants", "Please check this value.");
    await bad({ countries: ["Russia"] }, "countries.0", "Please check this value.");
    expect((await save(base(), support)).status).toBe(403);
    const page = await (await w.app.request("/admin/specialOfferOptions/", { headers: op.headers() })).json();
    expect(page.offers).toEqual([]);
    expect(page.billingItems.length).toBe(DEMO_CATALOG.length);
    const id = await create();
    const edit = await save({ ...base(), id, titleEn: "Starter pack II" });
    expect((await edit.json()).changed).toEqual(["titleEn"]);
    const [log] = await w.deps.db
      .select()
      .from(adminLog)
      .where(and(eq(adminLog.targetType, "offer"), eq(adminLog.targetId, String(id))))
      .orderBy(sql`${adminLog.id} desc`)
      .limit(1);
    expect(log.summary).toBe("changed titleEn");
  });

  test("a player sees offers meant for them with the time left; takes one with gold: debit and grants in one go, idempotent", async () => {
    const id = await create({ titleEn: "Weekend pack", minLevel: 1, maxLevel: 100 });
    const hidden = await create({ titleEn: "Veterans", minLevel: 50 });
    const iosOnly = await create({ titleEn: "iOS", platforms: ["ios"] });
    const payers = await create({ titleEn: "For payers", audience: "payers" });
    const p = await richPlayer(1000);
    const list = await (await offers(p)).json();
    const ids = list.offers.map((o: { id: number }) => o.id);
    expect(ids).toContain(id);
    expect(ids).not.toContain(hidden);
    expect(ids).not.toContain(iosOnly);
    expect(ids).not.toContain(payers);
    const mine = list.offers.find((o: { id: number }) => o.id === id);
    expect(mine.remainingMs).toBe(DAY);
    expect(mine.grants.items[0].name).toBeTruthy();

    const r = await offers(p, { offerId: id, requestId: "take-0000001" });
    expect(r.status).toBe(200);
    expect((await r.json()).replayed).toBe(false);
    expect(await gold(p.playerId)).toBe(900);
    const [pl] = await w.deps.db.select().from(players).where(eq(players.id, p.playerId));
    expect(pl.silver).toBeGreaterThanOrEqual(50_000);
    expect(pl.premiumUntil).toBe(w.clock.now() + 3 * DAY);
    const items = await w.deps.db.select().from(playerItems).where(eq(playerItems.playerId, p.playerId));
    expect(items.find((i) => i.itemType === "consumable")?.quantity).toBe(5);
    expect(items.find((i) => i.itemType === "tank")?.quantity).toBe(1);
    const again = await (await offers(p, { offerId: id, requestId: "take-0000001" })).json();
    expect(again.replayed).toBe(true);
    expect(await gold(p.playerId)).toBe(900);
    // Limit 1: gone from the list, a second take refused.
    expect(again.offers.map((o: { id: number }) => o.id)).not.toContain(id);
    await playerSpeaks(w, p.playerId, "ru");
    const over = await offers(p, { offerId: id, requestId: "take-0000002" }, "ru");
    await playerSpeaks(w, p.playerId, "en");
    expect(over.status).toBe(409);
    expect((await over.json()).error.message).toBe("Вы уже взяли это предложение максимальное число раз (1).");
    expect((await offers(p, { offerId: hidden, requestId: "take-0000003" })).status).toBe(404);
    expect((await offers(p, { offerId: id })).status).toBe(400);
  });

  test("refused before the start, after the end, without enough gold; the clock is the server's", async () => {
    const later = await create({ titleEn: "Later", startsAt: new Date(w.clock.now() + HOUR).toISOString() });
    const soon = await create({
      titleEn: "Soon over",
      endsAt: new Date(w.clock.now() + HOUR).toISOString(),
      perPlayerLimit: 3,
    });
    const p = await richPlayer(150);
    expect((await (await offers(p)).json()).offers.map((o: { id: number }) => o.id)).not.toContain(later);
    const early = await offers(p, { offerId: later, requestId: "early-000001" });
    expect(early.status).toBe(409);
    expect((await early.json()).error.message).toBe("This offer has not started yet.");
    expect((await offers(p, { offerId: soon, requestId: "soon-0000001" })).status).toBe(200);
    const poor = await offers(p, { offerId: soon, requestId: "soon-0000002" });
    expect(poor.status).toBe(409);
    expect(await w.deps.db.select().from(offerPurchases).where(eq(offerPurchases.requestId, "soon-0000002"))).toEqual(
      [],
    );
    const start = w.clock.now();
    w.clock.set(start + HOUR);
    const late = await offers(p, { offerId: soon, requestId: "soon-0000003" });
    w.clock.set(start); // sessions idle out otherwise
    expect(late.status).toBe(409);
    expect((await late.json()).error.message).toBe("This offer has ended.");
  });

  test("20 concurrent takes of a limit-1 offer credit once", async () => {
    const id = await create({
      titleEn: "Race",
      endsAt: new Date(w.clock.now() + DAY).toISOString(),
      grants: { gold: 500 },
      priceGold: 10,
    });
    const p = await richPlayer(1000);
    const answers = await Promise.all(
      Array.from({ length: 20 }, (_, i) => offers(p, { offerId: id, requestId: `race-${String(i).padStart(6, "0")}` })),
    );
    const codes = answers.map((a) => a.status).sort();
    expect(codes.filter((c) => c === 200).length).toBe(1);
    expect(codes.filter((c) => c === 409).length).toBe(19);
    expect(await gold(p.playerId)).toBe(1000 - 10 + 500);
    const grants = await w.deps.db
      .select()
      .from(ledgerEntries)
      .where(and(eq(ledgerEntries.playerId, p.playerId), eq(ledgerEntries.reason, "offer.grant")));
    expect(grants.length).toBe(1);
  });

  test("an offer sold for money names its billing item and billing's purchase address; taking it for gold is refused", async () => {
    const id = await create({
      titleEn: "Premium month",
      priceGold: undefined,
      billingItemId: "premium_30",
      grants: {},
    });
    const p = await richPlayer(100);
    const o = (await (await offers(p)).json()).offers.find((x: { id: number }) => x.id === id);
    expect(o.billingItem).toMatchObject({ id: "premium_30", buyUrl: "/public/profile/paymentMethods?item=premium_30" });
    expect(o.grants.premiumDays).toBe(30);
    const r = await offers(p, { offerId: id, requestId: "money-000001" });
    expect(r.status).toBe(409);
    expect((await r.json()).error.message).toBe("This offer is paid with money: buy it through the payment methods.");
    // Paid once in the window with limit 1: no longer listed.
    const now = w.clock.now();
    await w.deps.db.insert(orders).values({
      playerId: p.playerId,
      itemId: "premium_30",
      provider: "stripe",
      market: "web",
      country: "RU",
      platform: "web",
      amountMinor: 499,
      currency: "USD",
      grants: "{}",
      status: "paid",
      createdAt: now,
      updatedAt: now,
      paidAt: now,
    });
    expect((await (await offers(p)).json()).offers.map((x: { id: number }) => x.id)).not.toContain(id);
  });

  test("invalidateCache: audited, and a change made behind the cache shows at once", async () => {
    const p = await richPlayer(10);
    const id = await create({ titleEn: "Cached" });
    expect((await (await offers(p)).json()).offers.map((x: { id: number }) => x.id)).toContain(id);
    await w.deps.db.run(sql`update special_offers set active = 0 where id = ${id}`);
    expect(
      (await w.app.request("/admin/specialOfferOptions/invalidateCache", { method: "POST", headers: op.headers() }))
        .status,
    ).toBe(200);
    expect((await (await offers(p)).json()).offers.map((x: { id: number }) => x.id)).not.toContain(id);
    const [log] = await w.deps.db
      .select()
      .from(adminLog)
      .where(eq(adminLog.action, "/admin/specialOfferOptions/invalidateCache"));
    expect(log).toBeDefined();
  });

  test("the demo step seeds offers a save would accept, some visible to a new player", async () => {
    const before = (await (await w.app.request("/admin/specialOfferOptions/", { headers: op.headers() })).json()).offers
      .length;
    await offersStep({ db: w.deps.db, r: rng(3), playerIds: [], opts: { players: 0, days: 1, now: w.clock.now() } });
    const page = await (await w.app.request("/admin/specialOfferOptions/", { headers: op.headers() })).json();
    expect(page.offers.length - before).toBe(4);
    for (const o of page.offers.filter(
      (x: { titleEn: string }) =>
        ["Recruit pack", "A week of premium", "Gold for regulars"].includes(x.titleEn) ||
        x.titleEn.endsWith("at a discount"),
    )) {
      const { id, taken, createdAt, updatedAt, ...input } = o;
      void taken;
      void createdAt;
      void updatedAt;
      const r = await save({
        ...input,
        id,
        priceGold: input.priceGold ?? undefined,
        billingItemId: input.billingItemId ?? undefined,
      });
      expect(r.status).toBe(200);
    }
    await w.app.request("/admin/specialOfferOptions/invalidateCache", { method: "POST", headers: op.headers() });
    const p = await richPlayer(0);
    const titles = (await (await offers(p)).json()).offers.map((o: { title: string }) => o.title);
    expect(titles).toContain("Recruit pack");
    expect(titles).toContain("A week of premium");
  });
});
