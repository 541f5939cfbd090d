import { test, expect } from "bun:test";
import { makeWorld } from "../test/fixture.ts";
import { contentStep, putContent, DEMO_KITS, tankSchema } from "./content.ts";
import { rng } from "../db/seed/world.ts";
import {
  contentTanks,
  contentConsumables,
  contentCamouflages,
  contentDecals,
  contentModuleTypes,
  contentKits,
} from "../db/schema/content.ts";
import { eq } from "drizzle-orm";

test("the demo catalogue: every kind seeded, kits refer to real items, re-running changes nothing", async () => {
  const w = await makeWorld();
  try {
    const db = w.deps.db;
    const ctx = { db, r: rng(1), playerIds: [], opts: { players: 0, days: 30, now: w.clock.now() } };
    await contentStep(ctx);
    await contentStep(ctx);
    const tanks = await db.select().from(contentTanks);
    expect(tanks.length).toBeGreaterThan(30);
    expect(tanks.some((t) => t.premium && t.priceGold > 0 && t.priceSilver === 0)).toBe(true);
    expect(new Set(tanks.map((t) => t.nation)).size).toBeGreaterThan(5);
    expect(new Set(tanks.map((t) => t.tier)).size).toBeGreaterThan(6);
    const ids = {
      tank: new Set(tanks.map((t) => t.id)),
      consumable: new Set((await db.select().from(contentConsumables)).map((x) => x.id)),
      camouflage: new Set((await db.select().from(contentCamouflages)).map((x) => x.id)),
      decal: new Set((await db.select().from(contentDecals)).map((x) => x.id)),
      module: new Set((await db.select().from(contentModuleTypes)).map((x) => x.id)),
    };
    expect(ids.consumable.size).toBeGreaterThan(10);
    expect(ids.module.size).toBe(25);
    const kits = await db.select().from(contentKits);
    expect(kits.length).toBe(DEMO_KITS.length);
    for (const k of kits)
      for (const i of JSON.parse(k.items)) expect(ids[i.kind as keyof typeof ids].has(i.id)).toBe(true);
  } finally {
    await w.close();
  }
}, 60_000);

test("a bad item is rejected whole and writes nothing", async () => {
  const w = await makeWorld();
  try {
    const good = {
      id: 900,
      nameRu: "Тест",
      nameEn: "Test",
      nation: "ussr",
      type: "light",
      tier: 1,
      hp: 100,
      damage: 10,
      penetration: 10,
      armor: 1,
      speed: 50,
      rateOfFire: 100,
    };
    expect(tankSchema.safeParse({ ...good, tier: 11 }).success).toBe(false);
    await expect(putContent(w.deps.db, "tank", [good, { ...good, id: 901, priceGold: -1 }], 0)).rejects.toThrow();
    expect(await w.deps.db.select().from(contentTanks).where(eq(contentTanks.id, 900))).toEqual([]);
  } finally {
    await w.close();
  }
}, 60_000);
