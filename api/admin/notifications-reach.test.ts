// Issue 31: a notification says how many players it will reach before it is activated (by the
// same rule activation delivers by), then how many have it and how many read it; what it
// delivers reaches the game's hangar (/public/inbox) and is marked read from there.
import { describe, test, expect, beforeAll, afterAll } from "bun:test";
import { eq } from "drizzle-orm";
import { makeWorld, type TestWorld } from "../test/fixture.ts";
import { signInAdmin, type Actor } from "../test/sign-in.ts";
import { signedInPlayer } from "../test/billing-world.ts";
import { players } from "../db/schema/players.ts";

const HOUR = 3_600_000;
const DAY = 24 * HOUR;

describe("a notification's reach: audience before activation, delivered, read; the hangar reads it", () => {
  let w: TestWorld;
  let op: Actor;
  const p: Awaited<ReturnType<typeof signedInPlayer>>[] = [];
  let id: number;
  beforeAll(async () => {
    w = await makeWorld();
    for (const level of [5, 20, 50]) {
      const player = await signedInPlayer(w.deps.db, w.clock.now());
      await w.deps.db.update(players).set({ level, locale: "ru" }).where(eq(players.id, player.playerId));
      p.push(player);
    }
    op = await signInAdmin(w, "operator", "reachop");
  });
  afterAll(() => w.close());
  const admin = async (path: string, body: unknown) => {
    const r = await w.app.request(`/admin/notification/${path}`, {
      method: "POST",
      headers: op.headers({ "accept-language": "en" }),
      body: JSON.stringify(body),
    });
    expect(r.status, await r.clone().text()).toBe(200);
    return (await r.json()) as Record<string, any>;
  };
  const hangar = async (who: (typeof p)[number], path = "/public/inbox", body?: unknown) => {
    const r = await w.app.request(path, {
      method: body ? "POST" : "GET",
      headers: {
        ...who.headers,
        accept: "application/json",
        "content-type": "application/json",
        "accept-language": "ru",
      },
      body: body ? JSON.stringify(body) : undefined,
    });
    expect(r.status, await r.clone().text()).toBe(200);
    return (await r.json()) as Record<string, any>;
  };

  test("the audience is counted before activation and equals what activation delivers", async () => {
    const now = w.clock.now();
    const { notification } = await admin("save/notification", {
      name: "Weekend x2",
      startsAt: now - DAY,
      endsAt: now + 2 * HOUR,
      levelMin: 10,
    });
    id = notification.id;
    for (const lang of ["ru", "en"])
      await admin("save/content", { notificationId: id, lang, title: `x2 ${lang}`, body: `Gold x2 (${lang})` });
    const before = await admin("load/notification", { id });
    expect(before).toMatchObject({ audience: 2, delivered: 0, read: 0 });
    const activated = await admin("save/status", { id, status: "active" });
    expect(activated.delivered).toBe(before.audience);
    expect(await admin("load/notification", { id })).toMatchObject({ audience: 0, delivered: 2, read: 0 });
  });

  test("the hangar lists it in the player's language, marks it read; the read count follows", async () => {
    const mine = await hangar(p[1]);
    expect(mine.unread).toBe(1);
    expect(mine.items[0]).toMatchObject({ notificationId: id, title: "x2 ru", body: "Gold x2 (ru)", read: false });
    expect((await hangar(p[0])).items).toEqual([]);
    expect((await hangar(p[1], "/public/inbox/read", { ids: [mine.items[0].id] })).marked).toBe(1);
    expect((await hangar(p[1], "/public/inbox?unread=true")).items).toEqual([]);
    expect(await admin("load/notification", { id })).toMatchObject({ delivered: 2, read: 1 });
    const list = await admin("load/list", {});
    expect(list.rows.find((r: { id: number }) => r.id === id)).toMatchObject({ delivered: 2, read: 1 });
    // Past its end the hangar no longer lists it.
    w.clock.advance(3 * HOUR);
    expect((await hangar(p[2])).items).toEqual([]);
  });
});
