import { describe, test, expect, beforeAll, afterAll } from "bun:test";
import { makeWorld, type TestWorld } from "../../test/fixture.ts";
import { signedInAdmin } from "../../test/billing-world.ts";
import { adminLog } from "../../db/schema/index.ts";
import { contentConsumables, contentKits } from "../../db/schema/content.ts";
import { contentStep } from "../../domain/content.ts";
import { rng } from "../../db/seed/world.ts";

describe("Content edited as whole lists: consumables, non-consumables, kits", () => {
  let w: TestWorld;
  let admin: Awaited<ReturnType<typeof signedInAdmin>>;
  beforeAll(async () => {
    w = await makeWorld();
    await contentStep({ db: w.deps.db, r: rng(1), playerIds: [], opts: { players: 0, days: 1, now: w.clock.now() } });
    admin = await signedInAdmin(w.deps.db, w.clock.now(), "operator");
  });
  afterAll(() => w.close());
  const send = (method: string, path: string, body?: unknown) =>
    w.app.request(path, {
      method,
      headers: {
        ...admin.headers,
        "content-type": "application/json",
        accept: "application/json",
        "accept-language": "en",
      },
      body: body === undefined ? undefined : JSON.stringify(body),
    });

  test("page data, preview changes nothing, save applies added/changed/removed with one audit row", async () => {
    const page = await (await send("GET", "/admin/consumables/")).json();
    expect(page.items.length).toBe(10);
    expect(page.items.every((i: { consumable: boolean }) => i.consumable)).toBe(true);
    const non = await (await send("GET", "/admin/nonConsumables/")).json();
    expect(non.items.length).toBe(3);
    const items = page.items
      .slice(1)
      .map((i: { id: number; priceSilver: number }) => (i.id === 3 ? { ...i, priceSilver: 3500 } : i));
    items.push({ id: 50, nameRu: "Кола", nameEn: "Cola", kind: "food", effect: 10, priceGold: 5 });
    const logs = (await w.deps.db.select().from(adminLog)).length;
    const preview = await (await send("POST", "/admin/consumables/save", { items, preview: true })).json();
    expect(preview.added.map((a: { id: number }) => a.id)).toEqual([50]);
    expect(preview.removed).toEqual([1]);
    expect(preview.changed).toEqual([
      { id: 3, summary: "priceSilver 3000 → 3500", changes: [{ field: "priceSilver", before: 3000, after: 3500 }] },
    ]);
    expect((await w.deps.db.select().from(contentConsumables)).length).toBe(13);
    expect((await w.deps.db.select().from(adminLog)).length).toBe(logs);
    expect((await send("POST", "/admin/consumables/save", { items })).status).toBe(200);
    const after = (await (await send("GET", "/admin/consumables/")).json()).items;
    expect(after.map((i: { id: number }) => i.id).sort((a: number, b: number) => a - b)).toEqual([
      2, 3, 4, 5, 6, 7, 8, 9, 10, 50,
    ]);
    expect((await w.deps.db.select().from(adminLog)).at(-1)!.summary).toBe(
      "added 50; #3: priceSilver 3000 → 3500; removed 1",
    );
    // Non-consumables were not touched by the consumables' save.
    expect((await (await send("GET", "/admin/nonConsumables/")).json()).items.length).toBe(3);
  });

  test("one bad item rejects the whole list; a duplicate or foreign id is refused; kits save is POST only", async () => {
    const before = await w.deps.db.select().from(contentConsumables);
    const items = (await (await send("GET", "/admin/consumables/")).json()).items;
    const bad = await send("POST", "/admin/consumables/save", {
      items: [...items.slice(1), { ...items[0], kind: "laser" }],
    });
    expect(bad.status).toBe(400);
    expect(Object.keys((await bad.json()).error.fields)).toEqual([`items.${items.length - 1}.kind`]);
    expect((await send("POST", "/admin/consumables/save", { items: [...items, items[0]] })).status).toBe(400);
    // 11 is the gun rammer, a non-consumable.
    expect((await send("POST", "/admin/consumables/save", { items: [...items, { ...items[0], id: 11 }] })).status).toBe(
      400,
    );
    expect(await w.deps.db.select().from(contentConsumables)).toEqual(before);
    const kits = (await (await send("GET", "/admin/kits/")).json()).items;
    expect(kits[0].items[0]).toEqual({ kind: "consumable", id: 1, count: 5 });
    expect((await send("GET", "/admin/kits/save")).status).toBe(405);
    const saved = await send("POST", "/admin/kits/save", {
      items: kits.map((k: { id: number; priceGold: number }) => (k.id === 2 ? { ...k, priceGold: 199 } : k)),
    });
    expect((await saved.json()).changed).toEqual([
      { id: 2, summary: "priceGold 250 → 199", changes: [{ field: "priceGold", before: 250, after: 199 }] },
    ]);
    expect((await w.deps.db.select().from(contentKits)).find((k) => k.id === 2)!.priceGold).toBe(199);
  });
});
