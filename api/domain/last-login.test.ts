// A login recorded as activity is the player's last sign-in: the admin's "last sign-in" column and
// "signed in during the last 30 days" read it (the demo world's logins go through here too).
import { describe, test, expect, beforeAll, afterAll } from "bun:test";
import { eq } from "drizzle-orm";
import { makeWorld, type TestWorld } from "../test/fixture.ts";
import { registerPlayer, recordActivity } from "./players.ts";
import { players } from "../db/schema/players.ts";

describe("last sign-in", () => {
  let w: TestWorld;
  beforeAll(async () => {
    w = await makeWorld();
  });
  afterAll(() => w.close());

  test("a login sets it, a later one moves it, an older one or a battle does not", async () => {
    const db = w.deps.db;
    const t0 = w.clock.now();
    const { playerId } = await registerPlayer(db, {
      nickname: "Returner",
      country: "RU",
      platform: "web",
      source: "organic",
      locale: "ru",
      at: t0,
    });
    const last = async () =>
      (await db.select({ at: players.lastLoginAt }).from(players).where(eq(players.id, playerId)))[0].at;
    expect(await last()).toBeNull();
    await db.transaction((tx) => recordActivity(tx, playerId, "login", t0 + 1_000));
    expect(await last()).toBe(t0 + 1_000);
    await db.transaction((tx) => recordActivity(tx, playerId, "login", t0 + 5_000));
    await db.transaction((tx) => recordActivity(tx, playerId, "login", t0 + 2_000));
    await db.transaction((tx) => recordActivity(tx, playerId, "battle", t0 + 9_000));
    expect(await last()).toBe(t0 + 5_000);
  });
});
