// The hangar's x2 badges read what the grants use: a running LiveOps multiplier (multipliersNow,
// applied at a battle's end) and the shop's multiplier on a pack's base gold (boostAt), each with
// the end of its period; nothing once they end.
import { afterAll, beforeAll, expect, test } from "bun:test";
import { makeWorld, type TestWorld } from "../test/fixture.ts";
import { signInPlayer } from "../test/sign-in.ts";
import { liveEvents } from "../db/schema/liveops.ts";
import { catalogMultipliers } from "../db/schema/billing.ts";
import { GOLD_PACK, putItem } from "../test/billing-world.ts";
import { dropCachedCatalog } from "../domain/billing/catalog.ts";

let w: TestWorld;
beforeAll(async () => {
  w = await makeWorld();
});
afterAll(() => w.close());

test("GET /public/boosts: the battle's and the shop's multipliers running now, until their ends", async () => {
  const p = await signInPlayer(w, { country: "US" });
  const get = async () => (await w.app.request("/public/boosts", { headers: p.headers() })).json();
  expect(await get()).toEqual({ battle: [], shop: [] });

  const now = w.clock.now();
  const end = now + 2 * 3_600_000;
  const iso = (ms: number) => new Date(ms).toISOString().slice(0, 16);
  await w.deps.db.insert(liveEvents).values({
    kind: "multiplier",
    titleRu: "x2 серебра",
    titleEn: "x2 silver",
    multiplied: "silver",
    multiplierPct: 200,
    schedule: JSON.stringify({
      kind: "fixed",
      periods: [{ start: iso(now - 60_000), end: iso(end) }],
      timeZone: "UTC",
    }),
    createdAt: now,
    updatedAt: now,
  });
  await putItem(w.deps.db, GOLD_PACK, now);
  await w.deps.db
    .insert(catalogMultipliers)
    .values({ itemId: null, currency: "gold", percent: 300, startsAt: now - 1000, endsAt: end, updatedAt: now });
  dropCachedCatalog(w.deps.db);

  expect(await get()).toEqual({
    battle: [{ multiplied: "silver", percent: 200, endsAt: Date.parse(`${iso(end)}:00Z`) }],
    shop: [{ currency: "gold", percent: 300, endsAt: end }],
  });
  w.clock.set(end + 60_000);
  dropCachedCatalog(w.deps.db);
  expect(await get()).toEqual({ battle: [], shop: [] });
  expect((await w.app.request("/public/boosts")).status).toBe(401);
});
