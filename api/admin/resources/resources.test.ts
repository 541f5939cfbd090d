import { describe, test, expect, beforeAll, afterAll } from "bun:test";
import { eq } from "drizzle-orm";
import { makeWorld, type TestWorld } from "../../test/fixture.ts";
import { signedInAdmin } from "../../test/billing-world.ts";
import { adminLog } from "../../db/schema/index.ts";
import {
  contentCamouflages,
  contentDecals,
  contentModuleTypes,
  contentTanks,
  MODULE_SLOTS,
  NATIONS,
} from "../../db/schema/content.ts";
import type { DbOrTx } from "../../db/index.ts";

// The suite's own catalogue (not the demo world's): 36 tanks over tiers 1-10 and every nation,
// 4 of them premium, two Tigers and a T-34 (id 7); 15 module types; 4 camouflages; 3 decals.
const T34 = 7;
async function catalogue(db: DbOrTx, now: number) {
  const named: Record<number, [string, string]> = {
    [T34]: ["Т-34", "T-34"],
    20: ["Тигр I", "Tiger I"],
    30: ["Тигр II", "Tiger II"],
  };
  await db.insert(contentTanks).values(
    Array.from({ length: 36 }, (_, i) => {
      const id = i + 1;
      const [nameRu, nameEn] = named[id] ?? [`Танк ${id}`, `Tank ${id}`];
      return {
        id,
        nameRu,
        nameEn,
        nation: NATIONS[i % NATIONS.length],
        type: "medium" as const,
        tier: (i % 10) + 1,
        priceSilver: 1000 * id,
        premium: id % 9 === 0,
        hp: 300 + id,
        damage: 50,
        penetration: 60,
        armor: 40,
        speed: 50,
        rateOfFire: 80,
        updatedAt: now,
      };
    }),
  );
  await db.insert(contentModuleTypes).values(
    MODULE_SLOTS.flatMap((slot, s) =>
      [1, 2, 3].map((tier) => ({
        id: s * 3 + tier,
        nameRu: `${slot} ${tier}`,
        nameEn: `${slot} ${tier}`,
        slot,
        tier,
        updatedAt: now,
      })),
    ),
  );
  await db.insert(contentCamouflages).values(
    ["summer", "winter", "desert", "universal"].map((season, i) => ({
      id: i + 1,
      nameRu: `Камуфляж ${i}`,
      nameEn: `Camo ${i}`,
      season: season as "summer",
      updatedAt: now,
    })),
  );
  await db.insert(contentDecals).values(
    [1, 2, 3].map((id) => ({
      id,
      nameRu: `Эмблема ${id}`,
      nameEn: `Emblem ${id}`,
      kind: "emblem" as const,
      updatedAt: now,
    })),
  );
}

describe("Content as resources: tanks, module types, camouflages, decals", () => {
  let w: TestWorld;
  let admin: Awaited<ReturnType<typeof signedInAdmin>>;
  beforeAll(async () => {
    w = await makeWorld();
    await catalogue(w.deps.db, w.clock.now());
    admin = await signedInAdmin(w.deps.db, w.clock.now(), "operator");
  });
  afterAll(() => w.close());
  const send = (path: string, body?: unknown, headers: Record<string, string> = admin.headers) =>
    w.app.request(path, {
      method: "POST",
      headers: { ...headers, "content-type": "application/json", accept: "application/json", "accept-language": "en" },
      body: JSON.stringify(body ?? {}),
    });

  test("the page's data describes the resource for the generic screen", async () => {
    const d = await (
      await w.app.request("/admin/tank/", { headers: { ...admin.headers, accept: "application/json" } })
    ).json();
    expect(d.actions).toEqual({
      list: "/admin/tank/getTanks",
      set: "/admin/tank/setTank",
      remove: "/admin/tank/removeTank",
    });
    expect(d.form.properties.nation.enum).toContain("ussr");
    expect(d.columns).toContain("tier");
    const html = await w.app.request("/admin/decal/", { headers: { ...admin.headers, accept: "text/html" } });
    expect(html.headers.get("content-type")).toContain("text/html");
  });

  test("list: server paging, sorting, filters, text search", async () => {
    const all = await (await send("/admin/tank/getTanks", { size: 10, sort: "tier", dir: "desc" })).json();
    expect(all.rows.length).toBe(10);
    expect(all.total).toBeGreaterThan(30);
    expect(all.rows[0].tier).toBe(10);
    const p2 = await (await send("/admin/tank/getTanks", { size: 10, page: 2, sort: "tier", dir: "desc" })).json();
    expect(p2.rows[0].id).not.toBe(all.rows[0].id);
    const ussr = await (await send("/admin/tank/getTanks", { nation: "ussr", size: 200 })).json();
    expect(ussr.rows.every((t: { nation: string }) => t.nation === "ussr")).toBe(true);
    const prem = await (await send("/admin/tank/getTanks", { premium: "true", size: 200 })).json();
    expect(prem.total).toBeGreaterThan(3);
    expect(prem.rows.every((t: { premium: boolean }) => t.premium)).toBe(true);
    const q = await (await send("/admin/tank/getTanks", { q: "Тигр" })).json();
    expect(q.rows.map((t: { nameEn: string }) => t.nameEn).sort()).toEqual(["Tiger I", "Tiger II"]);
    expect((await (await send("/admin/tank/getTanks", { q: "tiger" })).json()).total).toBe(2);
    expect((await (await send("/admin/tank/getTanks", { q: "100%" })).json()).total).toBe(0);
    expect((await send("/admin/tank/getTanks", { sort: "passwordHash" })).status).toBe(400);
    for (const [p, n] of [
      ["/admin/moduleType/getModulesTypes", 15],
      ["/admin/camouflage/getCamouflages", 4],
      ["/admin/decal/getDecals", 3],
    ] as const)
      expect((await (await send(p, {})).json()).total).toBe(n);
  });

  test("save validates, creates or updates, audits what changed; remove audits; roles and CSRF", async () => {
    const before = (await w.deps.db.select().from(adminLog)).length;
    const bad = await send("/admin/tank/setTank", {
      id: T34,
      nameRu: "",
      nameEn: "T-34",
      nation: "mars",
      type: "medium",
      tier: 12,
      hp: 1,
      damage: 1,
      penetration: 1,
      armor: 1,
      speed: 1,
      rateOfFire: 1,
    });
    expect(bad.status).toBe(400);
    expect(Object.keys((await bad.json()).error.fields).sort()).toEqual(["nameRu", "nation", "tier"]);
    expect((await w.deps.db.select().from(contentTanks).where(eq(contentTanks.id, T34)))[0].nameEn).toBe("T-34");
    const [t34] = await w.deps.db.select().from(contentTanks).where(eq(contentTanks.id, T34));
    const { updatedAt: _u, ...item } = t34;
    expect((await send("/admin/tank/setTank", { ...item, priceSilver: 400_000 })).status).toBe(200);
    const log = await w.deps.db
      .select()
      .from(adminLog)
      .where(eq(adminLog.targetId, String(T34)));
    expect(log.at(-1)!.summary).toBe(`priceSilver ${t34.priceSilver} → 400000`);
    // The same change as data, for the log to show in the viewer's language.
    expect(JSON.parse(log.at(-1)!.details!)).toEqual({
      changes: [{ field: "priceSilver", before: t34.priceSilver, after: 400_000 }],
    });
    const created = await (await send("/admin/tank/setTank", { ...item, id: 999, nameEn: "T-34 test" })).json();
    expect(created.created).toBe(true);
    expect((await send("/admin/tank/removeTank", { id: 999 })).status).toBe(200);
    expect((await send("/admin/tank/removeTank", { id: 999 })).status).toBe(404);
    expect((await w.deps.db.select().from(adminLog)).length).toBe(before + 3);
    const support = await signedInAdmin(w.deps.db, w.clock.now(), "support");
    expect((await send("/admin/decal/getDecals", {}, support.headers)).status).toBe(403);
    expect((await send("/admin/tank/removeTank", { id: T34 }, { cookie: admin.headers.cookie })).status).toBe(403);
    expect((await w.deps.db.select().from(contentTanks).where(eq(contentTanks.id, T34))).length).toBe(1);
  });
});
