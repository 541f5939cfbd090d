// Defect (issue 31): "New" silently overwrote live content. The generic screen's New form posted
// an item with an id that already existed to the area's set/save route, which updated that row
// (a new "tank" replaced T-26, price 0, toast "Saved"). Creating now says so (?intent=create) and
// never replaces: a taken id is refused under the id field and nothing changes; editing says
// ?intent=edit and never creates. Every area saved through a set/save route is walked here over
// the demo world's rows.
import { describe, test, expect, beforeAll, afterAll } from "bun:test";
import { eq } from "drizzle-orm";
import { makeWorld, type TestWorld } from "../../test/fixture.ts";
import { signedInAdmin } from "../../test/billing-world.ts";
import { buildWorld } from "../../db/seed/world.ts";
import { CONTENT_RESOURCES } from "../../domain/resources/content.ts";
import { PROGRESSION_RESOURCES } from "../../domain/resources/progression.ts";
import { SYSTEM_RESOURCES } from "../system/index.ts";
import { placementArea } from "../../domain/resources/ads.ts";
import { editable, type ResourceDescription } from "../../domain/resources.ts";

const SAVED_BY_SET = [...CONTENT_RESOURCES, ...PROGRESSION_RESOURCES, ...SYSTEM_RESOURCES, placementArea].filter(
  (d) => d.actions.set,
);

describe("New never replaces, Edit never creates (every set/save area)", () => {
  let w: TestWorld;
  let admin: Awaited<ReturnType<typeof signedInAdmin>>;
  beforeAll(async () => {
    w = await makeWorld();
    await buildWorld(w.deps.db, { players: 6, days: 3, now: w.clock.now(), seed: 5 });
    admin = await signedInAdmin(w.deps.db, w.clock.now(), "admin");
  });
  afterAll(() => w.close());
  const send = (d: ResourceDescription, intent: string | undefined, body: unknown, locale = "en") =>
    w.app.request(`${d.base}${d.actions.set}${intent ? `?intent=${intent}` : ""}`, {
      method: "POST",
      headers: {
        ...admin.headers,
        "content-type": "application/json",
        accept: "application/json",
        "accept-language": locale,
      },
      body: JSON.stringify(body),
    });
  const rowOf = async (d: ResourceDescription, id: number) =>
    (await w.deps.db.select().from(d.table).where(eq(d.table.id, id)))[0] as Record<string, unknown> | undefined;

  test("the areas the issue names are all here", () => {
    expect(SAVED_BY_SET.map((d) => d.name).sort()).toEqual(
      [
        "adPlacement",
        "application",
        "bot",
        "camouflage",
        "dailyTask",
        "decal",
        "moduleType",
        "moduleUpgrade",
        "socialNetwork",
        "tank",
        "version",
      ].sort(),
    );
  });

  for (const d of SAVED_BY_SET)
    test(`${d.name}: New with a taken id is refused under the id field and changes nothing`, async () => {
      const [first] = (await w.deps.db.select().from(d.table).limit(1)) as Record<string, unknown>[];
      expect(first).toBeDefined();
      const live = editable(d, first);
      const before = await rowOf(d, live.id as number);
      const res = await send(d, "create", live);
      expect(res.status).toBe(400);
      const body = await res.json();
      expect(body.error.fields.id).toContain(`#${live.id}`);
      expect(await rowOf(d, live.id as number)).toEqual(before);
      const ru = await (await send(d, "create", live, "ru")).json();
      expect(ru.error.fields.id).toContain("уже есть");
      // Edit of an id nobody has: a 404, nothing created.
      const missing = 900_000_001;
      expect((await send(d, "edit", { ...live, id: missing })).status).toBe(404);
      expect(await rowOf(d, missing)).toBeUndefined();
      // Edit of the live item saves it.
      expect((await send(d, "edit", live)).status).toBe(200);
    });
});
