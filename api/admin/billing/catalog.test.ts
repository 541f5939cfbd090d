import { describe, test, expect, beforeAll, afterAll } from "bun:test";
import { eq } from "drizzle-orm";
import { makeWorld, type TestWorld } from "../../test/fixture.ts";
import { signedInAdmin, signedInPlayer, GOLD_PACK } from "../../test/billing-world.ts";
import { adminLog } from "../../db/schema/index.ts";
import { catalogItems } from "../../db/schema/billing.ts";
import { boostAt, cachedCatalog, loadCatalog, CHECK_EVERY, grantsAt } from "../../domain/billing/catalog.ts";
import { offers } from "../../domain/billing/offers.ts";
import { createDb } from "../../db/index.ts";

describe("Admin: billing catalog", () => {
  let w: TestWorld;
  let admin: Awaited<ReturnType<typeof signedInAdmin>>;
  beforeAll(async () => {
    w = await makeWorld();
    admin = await signedInAdmin(w.deps.db, w.clock.now(), "operator");
  });
  afterAll(() => w.close());

  const send = (method: string, path: string, body?: unknown, headers: Record<string, string> = admin.headers) =>
    w.app.request(path, {
      method,
      headers: { ...headers, "content-type": "application/json", accept: "application/json", "accept-language": "en" },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
  const logCount = async () => (await w.deps.db.select().from(adminLog)).length;

  test("add, edit, save, remove — validated, audited, with the spec's methods", async () => {
    const add = await send("POST", "/admin/billing/catalog/add", GOLD_PACK);
    expect(add.status).toBe(200);
    expect((await send("POST", "/admin/billing/catalog/add", GOLD_PACK)).status).toBe(400);
    const bad = await send("POST", "/admin/billing/catalog/add", {
      ...GOLD_PACK,
      id: "a/b",
      prices: [
        { market: "web", currency: "RUB", amount: -1 },
        { market: "web", currency: "RUB", amount: 5 },
      ],
      grants: { gold: 0 },
    });
    expect(bad.status).toBe(400);
    expect(Object.keys((await bad.json()).error.fields).sort()).toEqual([
      "grants.gold",
      "id",
      "prices.0.amount",
      "prices.1.currency",
    ]);
    const edit = await send("GET", "/admin/billing/catalog/edit/gold_500");
    expect((await edit.json()).item.titleEn).toBe("500 gold");
    expect((await send("GET", "/admin/billing/catalog/edit/nope")).status).toBe(404);
    expect((await send("POST", "/admin/billing/catalog/edit/gold_500")).status).toBe(405);
    const save = await send("POST", "/admin/billing/catalog/save", { ...GOLD_PACK, titleEn: "500 gold!" });
    expect(save.status).toBe(200);
    expect((await send("POST", "/admin/billing/catalog/save", { ...GOLD_PACK, id: "ghost" })).status).toBe(404);
    const logs = await w.deps.db.select().from(adminLog).where(eq(adminLog.targetId, "gold_500"));
    expect(logs.at(-1)!.summary).toContain('titleEn "500 gold" → "500 gold!"');
    await send("POST", "/admin/billing/catalog/add", { ...GOLD_PACK, id: "temp" });
    expect((await send("POST", "/admin/billing/catalog/remove/temp")).status).toBe(405);
    expect((await send("DELETE", "/admin/billing/catalog/remove/temp")).status).toBe(200);
    expect((await send("DELETE", "/admin/billing/catalog/remove/temp")).status).toBe(404);
    const support = await signedInAdmin(w.deps.db, w.clock.now(), "support");
    expect((await send("POST", "/admin/billing/catalog/save", GOLD_PACK, support.headers)).status).toBe(403);
    expect(
      (await send("POST", "/admin/billing/catalog/save", GOLD_PACK, { cookie: admin.headers.cookie })).status,
    ).toBe(403);
  });

  test("an item id with a literal `%` round-trips through the path (decoded once): edit and remove find that item, not another", async () => {
    for (const id of ["50%off", "a%25b", "a%b"])
      expect((await send("POST", "/admin/billing/catalog/add", { ...GOLD_PACK, id })).status).toBe(200);
    for (const id of ["50%off", "a%25b", "a%b"]) {
      const edit = await send("GET", `/admin/billing/catalog/edit/${encodeURIComponent(id)}`);
      expect(edit.status, id).toBe(200);
      expect((await edit.json()).item.id).toBe(id);
    }
    // `a%2525b` names "a%25b"; decoded twice it would have been "a%b".
    const removed = await send("DELETE", "/admin/billing/catalog/remove/a%2525b");
    expect(await removed.json()).toEqual({ removed: "a%25b" });
    expect((await send("GET", "/admin/billing/catalog/edit/a%2525b")).status).toBe(404);
    expect((await (await send("GET", "/admin/billing/catalog/edit/a%25b")).json()).item.id).toBe("a%b");
    for (const id of ["50%off", "a%b"])
      expect((await send("DELETE", `/admin/billing/catalog/remove/${encodeURIComponent(id)}`)).status).toBe(200);
  });

  test("multipliers scale grants in their period; api/catalog/get shows the grants in force", async () => {
    const now = w.clock.now();
    const r = await send("POST", "/admin/billing/multipliers/save", {
      multipliers: [{ currency: "gold", percent: 200, startsAt: now - 1000, endsAt: now + 86_400_000 }],
    });
    expect(r.status).toBe(200);
    expect(
      (
        await send("POST", "/admin/billing/multipliers/save", {
          multipliers: [{ currency: "gold", percent: 200, startsAt: now, endsAt: now - 1 }],
        })
      ).status,
    ).toBe(400);
    const got = await (await send("POST", "/admin/api/catalog/get", { market: "web", country: "RU" })).json();
    const item = got.items.find((i: { id: string }) => i.id === "gold_500");
    expect(item.grantsNow).toEqual({ gold: 1050, silver: 0, premiumDays: 0 });
    expect(grantsAt(item, got.multipliers, now + 2 * 86_400_000).gold).toBe(550);
  });

  test("the shop's x2 badge reads the multiplier the grant uses: base grant only, the bonus never; the largest wins", async () => {
    const now = w.clock.now();
    const ends = now + 86_400_000;
    expect(
      (
        await send("POST", "/admin/billing/multipliers/save", {
          multipliers: [
            { currency: "gold", percent: 150, startsAt: now - 1000, endsAt: now + 3_600_000 },
            { currency: "gold", itemId: "gold_500", percent: 200, startsAt: now - 1000, endsAt: ends },
            { currency: "silver", percent: 300, startsAt: now - 1000, endsAt: ends },
          ],
        })
      ).status,
    ).toBe(200);
    const snap = await loadCatalog(w.deps.db);
    const item = snap.items.find((i) => i.id === "gold_500")!;
    expect(boostAt(item, snap.multipliers, now)).toEqual({
      gold: { percent: 200, endsAt: ends },
      silver: { percent: 300, endsAt: ends },
    });
    expect(grantsAt(item, snap.multipliers, now).gold).toBe(500 * 2 + 50);
    const buyer = await signedInPlayer(w.deps.db, now);
    const [offer] = (await offers(w.deps, buyer.playerId, "web")).filter((o) => o.id === "gold_500");
    // The pack grants no silver: a silver multiplier is no badge on it.
    expect(offer).toMatchObject({
      grants: { gold: 1050 },
      bonusGold: 50,
      boosts: [{ currency: "gold", percent: 200, endsAt: ends }],
    });
    // At its end the period is over: no badge, the plain grant.
    expect(boostAt(item, snap.multipliers, ends).gold).toEqual({ percent: 100, endsAt: null });
    expect(grantsAt(item, snap.multipliers, ends).gold).toBe(550);
    // The next tests expect the one multiplier the test before this one saved.
    await send("POST", "/admin/billing/multipliers/save", {
      multipliers: [{ currency: "gold", percent: 200, startsAt: now - 1000, endsAt: ends }],
    });
  });

  test("export, then import: preview first, then all of it or none", async () => {
    const exp = await send("GET", "/admin/billing/export");
    expect(exp.headers.get("content-disposition")).toContain("billing-catalog-");
    const doc = await exp.json();
    expect(doc.items.map((i: { id: string }) => i.id)).toEqual(["gold_500"]);
    const next = {
      ...doc,
      items: [...doc.items, { ...doc.items[0], id: "gold_1000", grants: { gold: 1000, silver: 0, premiumDays: 0 } }],
    };
    const before = await logCount();
    const preview = await send("POST", "/admin/billing/import", { file: next });
    const p = await preview.json();
    expect(p).toEqual({
      applied: false,
      preview: { added: ["gold_1000"], changed: [], removed: [], multipliers: { before: 1, after: 1 } },
    });
    expect((await w.deps.db.select().from(catalogItems)).length).toBe(1);
    // One bad item: nothing is applied.
    const broken = { ...next, items: [...next.items, { ...doc.items[0], id: "bad", prices: [] }] };
    const refused = await send("POST", "/admin/billing/import", { file: broken, apply: true });
    expect(refused.status).toBe(400);
    expect((await refused.json()).error.message).toContain("items.2.prices");
    expect((await send("POST", "/admin/billing/import", { file: "{not json", apply: true })).status).toBe(400);
    expect((await w.deps.db.select().from(catalogItems)).length).toBe(1);
    expect(await logCount()).toBe(before);
    const applied = await send("POST", "/admin/billing/import", { file: JSON.stringify(next), apply: "1" });
    expect((await applied.json()).applied).toBe(true);
    expect((await w.deps.db.select().from(catalogItems)).length).toBe(2);
    expect(await logCount()).toBe(before + 1);
  });

  test("another instance sees a change within seconds; invalidate makes it reload", async () => {
    const other = createDb(w.deps.client); // a second instance: its own cache
    const t0 = w.clock.now();
    const first = await cachedCatalog(other, t0);
    await send("POST", "/admin/billing/catalog/save", { ...GOLD_PACK, titleEn: "Changed" });
    expect((await cachedCatalog(other, t0 + 100)).version).toBe(first.version);
    const later = await cachedCatalog(other, t0 + CHECK_EVERY + 1);
    expect(later.items.find((i) => i.id === "gold_500")!.titleEn).toBe("Changed");
    const inv = await send("POST", "/admin/billing/invalidate/cache/internal");
    expect((await inv.json()).version).toBe(later.version + 1);
    expect((await cachedCatalog(other, t0 + 2 * CHECK_EVERY + 2)).version).toBe(later.version + 1);
    expect((await send("GET", "/admin/billing/invalidate/cache/facebook")).status).toBe(200);
  });
});
