// The demo notifications: one active and delivered to the players of level 3 and up, one
// scheduled draft, one finished chat announcement whose deliveries were withdrawn.
import { test, expect } from "bun:test";
import { eq, gte, count } from "drizzle-orm";
import { makeWorld } from "../../test/fixture.ts";
import { rng } from "./world.ts";
import { notificationsStep } from "./notifications.ts";
import { notifications, playerNotifications, players } from "../schema/index.ts";
import { registerPlayer } from "../../domain/players.ts";

test("demo notifications: statuses as described, the active one delivered to matching players only", async () => {
  const w = await makeWorld();
  try {
    const db = w.deps.db;
    const now = w.clock.now();
    const ids: number[] = [];
    for (let i = 0; i < 4; i++)
      ids.push(
        (
          await registerPlayer(db, {
            nickname: `Demo${i}`,
            country: "RU",
            platform: "web",
            source: "organic",
            locale: "ru",
            at: now - 5 * 86_400_000,
          })
        ).playerId,
      );
    await db.update(players).set({ level: 5 }).where(gte(players.id, ids[2]));
    await notificationsStep({ db, r: rng(1), playerIds: ids, opts: { players: 4, days: 10, now } });
    const rows = await db.select().from(notifications);
    expect(rows.map((n) => [n.channel, n.status])).toEqual([
      ["inbox", "active"],
      ["inbox", "draft"],
      ["chat", "finished"],
    ]);
    const delivered = await db.select().from(playerNotifications).where(eq(playerNotifications.kind, "notification"));
    expect(delivered.map((d) => d.playerId).sort()).toEqual([ids[2], ids[3]]);
    expect(
      (
        await db
          .select({ n: count() })
          .from(playerNotifications)
          .where(eq(playerNotifications.kind, "chatNotification"))
      )[0].n,
    ).toBe(0);
  } finally {
    await w.close();
  }
});
