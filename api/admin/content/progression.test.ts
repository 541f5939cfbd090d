// The progression content areas through their routes: what the resources mechanism gives each
// description (sections, composite keys, export/import with preview, cache invalidation), the
// whole-document tank and options data with backups, the UI's texts, and the per-player routes.
import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { count, eq } from "drizzle-orm";
import { makeWorld, type TestWorld } from "../../test/fixture.ts";
import { signInAdmin, signInPlayer, type Actor } from "../../test/sign-in.ts";
import { rng } from "../../db/seed/world.ts";
import { contentStep } from "../../domain/content.ts";
import { progressionStep } from "../../db/seed/progression.ts";
import { adminLog } from "../../db/schema/access.ts";
import { contentBots, contentTanks } from "../../db/schema/index.ts";
import { botProfiles } from "../../domain/progression.ts";

let w: TestWorld;
let admin: Actor;
let support: Actor;
let playerId: number;

beforeAll(async () => {
  w = await makeWorld();
  playerId = (await signInPlayer(w)).playerId;
  const ctx = { db: w.deps.db, r: rng(3), playerIds: [playerId], opts: { players: 1, days: 1, now: w.clock.now() } };
  await contentStep(ctx);
  await progressionStep(ctx);
  admin = await signInAdmin(w, "admin");
  support = await signInAdmin(w, "support");
}, 60_000);
afterAll(() => w.close());

const get = (url: string, who: Actor = admin) =>
  w.app.request(url, { headers: who.headers({ "accept-language": "en" }) });
const post = (url: string, body: unknown = {}, who: Actor = admin) =>
  w.app.request(url, { method: "POST", headers: who.headers({ "accept-language": "en" }), body: JSON.stringify(body) });
const logRows = async () => (await w.deps.db.select({ n: count() }).from(adminLog))[0].n;

describe("bots: list, set, cache, export, import", () => {
  test("get pages and sorts on the server; set validates with the spec's messages", async () => {
    const list = await (await post("/admin/bots/get", { sort: "aggression", dir: "desc", size: 3 })).json();
    expect(list.rows.length).toBe(3);
    expect(list.total).toBe(8);
    expect(list.rows[0].aggression).toBe(90);
    const bad = await post("/admin/bots/set", {
      name: "X",
      minTier: 5,
      maxTier: 3,
      aimError: 10,
      reactionMs: 10,
      aggression: 50,
    });
    expect(bad.status).toBe(400);
    const err = (await bad.json()).error;
    expect(err.fields.name).toBe("Please enter at least 2 characters.");
    expect(err.fields.reactionMs).toBe("Please enter a value greater than or equal to 50.");
    const dup = await post("/admin/bots/set", { name: "Ас", aimError: 10, reactionMs: 300, aggression: 50 });
    expect(dup.status).toBe(400);
    expect((await dup.json()).error.fields.name).toBe("Please make sure the value is unique.");
  });

  test("a saved bot reaches battles' read at once (the cache is bumped in the same transaction)", async () => {
    const before = await botProfiles(w.deps.db, 2, w.clock.now());
    expect(before.some((b) => b.name === "Tester")).toBe(false);
    const r = await post("/admin/bots/set", {
      name: "Tester",
      minTier: 1,
      maxTier: 3,
      aimError: 20,
      reactionMs: 400,
      aggression: 40,
      weight: 5,
    });
    expect(r.status).toBe(200);
    const after = await botProfiles(w.deps.db, 2, w.clock.now());
    expect(after.find((b) => b.name === "Tester")?.reactionMs).toBe(400);
    expect((await botProfiles(w.deps.db, 9, w.clock.now())).some((b) => b.name === "Tester")).toBe(false);
    expect((await post("/admin/bots/invalidateCache")).status).toBe(200);
  });

  test("export, a bad import changes nothing, a good one previews then applies", async () => {
    const exp = await get("/admin/bots/export");
    expect(exp.headers.get("content-disposition")).toContain("bot-");
    const doc = await exp.json();
    expect(doc.format).toBe("tankodrome.bot");
    const logs = await logRows();
    const broken = {
      ...doc,
      items: doc.items.map((b: { id: number }, i: number) =>
        i === 1 ? { ...b, aggression: 900 } : { ...b, aggression: 1 },
      ),
    };
    const bad = await post("/admin/bots/import", { file: broken, apply: true });
    expect(bad.status).toBe(400);
    expect((await bad.json()).error.message).toContain("2, aggression");
    expect((await w.deps.db.select().from(contentBots).where(eq(contentBots.aggression, 1))).length).toBe(0);
    const good = {
      ...doc,
      items: [
        ...doc.items.map((b: { id: number; name: string }) => (b.name === "Ас" ? { ...b, weight: 50 } : b)),
        { id: 99, name: "Imported", aimError: 5, reactionMs: 200, aggression: 80 },
      ],
    };
    const preview = await (await post("/admin/bots/import", { file: good })).json();
    expect(preview).toEqual({
      applied: false,
      added: [99],
      changed: [{ id: 7, summary: "weight 5 → 50", changes: [{ field: "weight", before: 5, after: 50 }] }],
      unchanged: doc.items.length - 1,
    });
    expect(await logRows()).toBe(logs);
    expect((await w.deps.db.select().from(contentBots).where(eq(contentBots.id, 99))).length).toBe(0);
    const applied = await (await post("/admin/bots/import", { file: good, apply: true })).json();
    expect(applied.applied).toBe(true);
    expect((await w.deps.db.select().from(contentBots).where(eq(contentBots.id, 99)))[0].name).toBe("Imported");
    expect(await logRows()).toBe(logs + 1);
  });
});

describe("crews and decorations: an item page with sections", () => {
  test("control/{id} answers the item; each section saves its own part, validated whole", async () => {
    const page = await (await get("/admin/crews/control/2")).json();
    expect(page.item.role).toBe("gunner");
    expect(page.item.gains.win).toBe(110);
    expect((await get("/admin/crews/control/999")).status).toBe(404);
    const gains = await post("/admin/crews/save/gains", { id: 2, gains: { win: 150, draw: 90, loss: 60 } });
    expect(gains.status).toBe(200);
    expect((await (await get("/admin/crews/control/2")).json()).item.gains).toEqual({ win: 150, draw: 90, loss: 60 });
    const bad = await post("/admin/crews/save/upgrades/prices", {
      id: 2,
      upgrades: [
        { level: 1, priceSilver: 10 },
        { level: 1, priceSilver: 20 },
      ],
    });
    expect(bad.status).toBe(400);
    expect((await bad.json()).error.fields["upgrades.1.level"]).toBe("Please make sure the value is unique.");
    const neg = await post("/admin/crews/save/speedup/upgrades/prices", {
      id: 2,
      speedups: [{ level: 1, priceGold: -5 }],
    });
    expect((await neg.json()).error.fields["speedups.0.priceGold"]).toBe(
      "Please enter a value greater than or equal to 0.",
    );
  });

  test("general settings without an id creates; a role is unique; a hired role cannot be removed", async () => {
    const taken = await post("/admin/crews/save/general/settings", {
      role: "gunner",
      nameRu: "Второй",
      nameEn: "Second",
    });
    expect(taken.status).toBe(400);
    const hired = await post("/admin/crews/remove", { id: 1 });
    expect(hired.status).toBe(409);
    const deco = await post("/admin/decorations/save/general/settings", {
      kind: "flag",
      nameRu: "Новый",
      nameEn: "New",
    });
    expect(deco.status).toBe(200);
    const id = (await deco.json()).item.id;
    expect(
      (await post("/admin/decorations/save/groups/prices", { id, groups: [{ days: 7, priceSilver: 1000 }] })).status,
    ).toBe(200);
    expect((await (await get(`/admin/decorations/control/${id}`)).json()).item.groups).toEqual([
      { days: 7, priceSilver: 1000, priceGold: 0 },
    ]);
    expect((await post("/admin/decorations/remove", { id })).status).toBe(200);
  });
});

test("module upgrades: the slot and level pair is unique", async () => {
  const clash = await post("/admin/moduleUpgrade/setModulesUpgrades", {
    slot: "gun",
    level: 2,
    stat: "damage",
    bonus: 1,
  });
  expect(clash.status).toBe(400);
  expect((await clash.json()).error.fields.level).toBe("Please make sure the value is unique.");
  const ok = await post("/admin/moduleUpgrade/setModulesUpgrades", {
    slot: "gun",
    level: 6,
    stat: "damage",
    bonus: 20,
    priceGold: 900,
  });
  expect(ok.status).toBe(200);
});

describe("daily task templates", () => {
  test("play_class needs a tank class; export and import round-trip", async () => {
    const bad = await post("/admin/dailyTasks/edit", {
      kind: "play_class",
      nameRu: "x",
      nameEn: "x",
      target: 2,
      rewardCurrency: "silver",
      rewardAmount: 10,
    });
    expect((await bad.json()).error.fields.tankType).toBe("This field is required.");
    const doc = await (await get("/admin/dailyTasks/export")).json();
    const r = await (await post("/admin/dailyTasks/import", { file: doc })).json();
    expect(r).toEqual({ applied: false, added: [], changed: [], unchanged: doc.items.length });
  });
});

describe("tankData and optionsData: whole documents, diff first, backups kept", () => {
  test("an import shows its difference, applies with a backup, and the backup restores", async () => {
    const doc = await (await get("/admin/tankData/exportData")).json();
    expect(doc.tanks.length).toBeGreaterThan(30);
    const broken = { ...doc, tanks: [...doc.tanks, { ...doc.tanks[0] }] };
    const bad = await post("/admin/tankData/importData", { file: broken, apply: true });
    expect(bad.status).toBe(400);
    const next = {
      ...doc,
      tanks: doc.tanks
        .filter((t: { id: number }) => t.id !== 2)
        .map((t: { id: number; hp: number }) => (t.id === 1 ? { ...t, hp: t.hp + 1 } : t)),
    };
    const preview = await (await post("/admin/tankData/importData", { file: next })).json();
    expect(preview.applied).toBe(false);
    expect(preview.changes.tanks.removed).toEqual(["2"]);
    expect(preview.changes.tanks.changed[0].key).toBe("1");
    expect((await w.deps.db.select().from(contentTanks).where(eq(contentTanks.id, 2))).length).toBe(1);
    const applied = await (await post("/admin/tankData/importData", { file: next, apply: true })).json();
    expect(applied.backupId).toBeGreaterThan(0);
    expect((await w.deps.db.select().from(contentTanks).where(eq(contentTanks.id, 2))).length).toBe(0);
    const db = await (await post("/admin/api/tanksdb/get", {}, support)).json();
    expect(db.tanks.some((t: { id: number }) => t.id === 2)).toBe(false);
    const list = await (await get("/admin/tankData/backUpData")).json();
    expect(list.backups[0].reason).toBe("before-import");
    const restored = await (await post(`/admin/tankData/backUpData`, { restore: applied.backupId })).json();
    expect(restored.changes.tanks.added).toEqual(["2"]);
    expect((await w.deps.db.select().from(contentTanks).where(eq(contentTanks.id, 2))).length).toBe(1);
    expect(
      (await (await post("/admin/api/tanksdb/get", {}, support)).json()).tanks.some((t: { id: number }) => t.id === 2),
    ).toBe(true);
  });

  test("options: quests are checked by their shape", async () => {
    const page = await (await get("/admin/optionsData/")).json();
    expect(page.sections).toEqual(["options", "battle"]);
    const taken = await (await post("/admin/optionsData/backUpData", { note: "before test" })).json();
    const doc = await (await get(`/admin/optionsData/backUpData?id=${taken.backupId}`)).json();
    const quests = doc.options.find((o: { key: string }) => o.key === "quests");
    const broken = {
      ...doc,
      options: doc.options.map((o: { key: string }) => (o === quests ? { ...quests, value: [{ key: "x" }] } : o)),
    };
    const bad = await post("/admin/optionsData/importData", { file: broken });
    expect(bad.status).toBe(400);
    expect((await bad.json()).error.message).toContain("options 1");
  });
});

describe("per-player progression", () => {
  test("crews: hire, set level, dismiss", async () => {
    const page = await (await get(`/admin/player/${playerId}/crews`)).json();
    expect(page.rows.length).toBe(5);
    const saved = await (
      await post(`/admin/player/${playerId}/crews/save`, { crewId: 3, level: 4, xp: 10, skillLevel: 2 })
    ).json();
    expect(saved.rows.find((r: { crewId: number }) => r.crewId === 3)).toMatchObject({
      level: 4,
      xp: 10,
      skillLevel: 2,
    });
    expect((await post(`/admin/player/${playerId}/crews/save`, { crewId: 3, level: 40 })).status).toBe(400);
    const removed = await (await post(`/admin/player/${playerId}/crews/remove`, { crewId: 3 })).json();
    expect(removed.rows.length).toBe(4);
    expect((await post(`/admin/player/${playerId}/crews/save`, { crewId: 3 }, support)).status).toBe(403);
  });

  test("daily tasks: the day is drawn, edited to completion pays once, replaced, drawn again", async () => {
    const page = await (await get(`/admin/player/${playerId}/dailyTasks`)).json();
    expect(page.rows.length).toBe(3);
    const [first, second] = page.rows;
    const done = await (
      await post(`/admin/player/${playerId}/dailyTasks/edit`, { id: first.id, progress: first.target })
    ).json();
    expect(done.rows[0].completedAt).not.toBeNull();
    expect((await post(`/admin/player/${playerId}/dailyTasks/edit`, { id: first.id, progress: 0 })).status).toBe(400);
    const other = page.templates.find(
      (t: { id: number }) => !page.rows.some((r: { taskId: number }) => r.taskId === t.id),
    );
    const replaced = await (
      await post(`/admin/player/${playerId}/dailyTasks/replaceWith`, { id: second.id, taskId: other.id })
    ).json();
    expect(replaced.rows.find((r: { id: number }) => r.id === second.id).taskId).toBe(other.id);
    const redrawn = await (await post(`/admin/player/${playerId}/dailyTasks/updateTasks`)).json();
    expect(redrawn.rows.length).toBe(3);
    expect(redrawn.rows.some((r: { id: number }) => r.id === first.id)).toBe(true);
  });

  test("quests: listed from the quests option, saved to completion", async () => {
    const page = await (await get(`/admin/player/${playerId}/quests`)).json();
    expect(page.rows.map((q: { key: string }) => q.key)).toContain("first-steps");
    const done = await (await post(`/admin/player/${playerId}/quests/save`, { key: "first-steps", step: 3 })).json();
    expect(done.rows.find((q: { key: string }) => q.key === "first-steps").completedAt).not.toBeNull();
    expect((await post(`/admin/player/${playerId}/quests/save`, { key: "nope", step: 0 })).status).toBe(400);
  });
});

describe("translation", () => {
  test("the project's texts come in; an edit reaches /texts at once; export gives PO", async () => {
    const imported = await post("/admin/translation/importFromProject");
    expect(imported.status).toBe(200);
    expect((await imported.json()).added).toBeGreaterThan(100);
    const list = await (await get("/admin/translation/io?locale=ru&q=Save&size=5")).json();
    expect(list.rows.length).toBeGreaterThan(0);
    const key = list.rows[0].key;
    const saved = await post("/admin/translation/io", { locale: "ru", key, text: "Сохранить {name}!" });
    expect(saved.status).toBe(200);
    const texts = await (await w.app.request("/texts/ru")).json();
    expect(texts[key]).toEqual(["Сохранить ", ["name"], "!"]);
    const edited = await (await get("/admin/translation/io?locale=ru&status=edited")).json();
    expect(edited.total).toBe(1);
    const po = await (await get("/admin/translation/export?locale=ru")).text();
    expect(po).toContain('msgstr "Сохранить {name}!"');
  });

  test("the texts sort by the column the screen's table asks for, either way", async () => {
    await post("/admin/translation/importFromProject");
    const sources = async (query: string) =>
      ((await (await get(`/admin/translation/io?locale=ru&size=50&${query}`)).json()).rows as { source: string }[]).map(
        (r) => r.source,
      );
    const byCode = (a: string, b: string) => (a < b ? -1 : a > b ? 1 : 0);
    const desc = await sources("sort=source&dir=desc");
    expect(desc.length).toBe(50);
    expect(desc).toEqual([...desc].sort(byCode).reverse());
    expect(desc).not.toEqual(await sources("sort=source&dir=asc"));
    // By status (the row's, by its name): an edited text comes before the project's own.
    const first = (await (await get("/admin/translation/io?locale=ru&size=1&sort=source&dir=desc")).json()).rows[0];
    await post("/admin/translation/io", { locale: "ru", key: first.key, text: "Первым по статусу" });
    const statuses = async (dir: string) =>
      (
        (await (await get(`/admin/translation/io?locale=ru&size=200&sort=status&dir=${dir}`)).json()).rows as {
          key: string;
          status: string;
        }[]
      ).map((r) => r.status);
    const up = await statuses("asc");
    expect(up).toEqual([...up].sort(byCode));
    expect(up[0]).toBe("edited");
    const down = await statuses("desc");
    expect(down).toEqual([...down].sort(byCode).reverse());
    expect((await get("/admin/translation/io?locale=ru&sort=nope")).status).toBe(400);
  });
});
