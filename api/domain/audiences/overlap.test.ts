// Issue 32, the calendar's "same players": for live events running at the same time, the number of
// players both are meant for now equals a recomputation from plain reads (membership rows, paid
// orders, levels, erasure) — for a saved audience against payers, against everyone, and against
// non-payers; events that do not run together (or are switched off) are not paired.
import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { and, eq, isNull } from "drizzle-orm";
import { makeWorld, type TestWorld } from "../../test/fixture.ts";
import { type Actor, signInAdmin } from "../../test/sign-in.ts";
import { audienceMembers, orders, players } from "../../db/schema/index.ts";

const SATURDAY = Date.parse("2026-11-21T11:00:00Z");
const weekend = { kind: "cron", cron: "0 0 * * 6", durationMinutes: 2880, timeZone: "Europe/Berlin" };
const base = { kind: "tournament", titleRu: "Турнир", fee: 0, bucketSize: 50, prizes: { by: "rank", rows: [] } };

describe("the calendar's players shared by events running together", () => {
  let w: TestWorld;
  let op: Actor;
  beforeAll(async () => {
    w = await makeWorld({ now: SATURDAY });
    op = await signInAdmin(w, "operator");
    const now = w.clock.now();
    const rows = await w.deps.db
      .insert(players)
      .values(
        Array.from({ length: 120 }, (_, i) => ({
          nickname: `p${i}`,
          level: 1 + (i % 25),
          platform: "web",
          country: i % 2 === 0 ? "KZ" : "RU",
          createdAt: now - i * 3_600_000,
          erasedAt: i % 37 === 5 ? now : null,
        })),
      )
      .returning({ id: players.id });
    // Every third player paid; every seventh only got a compensation (not a payer); one refunded.
    for (const [i, p] of rows.entries())
      if (i % 3 === 0 || i % 7 === 0 || i === 4)
        await w.deps.db.insert(orders).values({
          playerId: p.id,
          itemId: "gold_100",
          provider: i % 3 === 0 ? "stripe" : i === 4 ? "stripe" : "manual",
          market: "web",
          country: "RU",
          platform: "web",
          amountMinor: 100,
          currency: "USD",
          grants: "{}",
          status: i === 4 ? "refunded" : "paid",
          createdAt: now,
          updatedAt: now,
        });
  });
  afterAll(() => w.close());

  const post = async (path: string, body: unknown) => {
    const res = await w.app.request(path, {
      method: "POST",
      headers: op.headers({ "accept-language": "en" }),
      body: JSON.stringify(body),
    });
    expect(res.status).toBe(200);
    return res.json();
  };

  test("the counts equal a recomputation from the store; only events running together are paired", async () => {
    const saved = await post("/admin/audiences/save", {
      name: "Kazakhstan",
      definition: { conditions: [{ kind: "country", in: ["KZ"] }] },
    });
    const audienceId = saved.audience.id as number;
    const kz = await post("/admin/liveops/save", {
      ...base,
      titleEn: "Kazakh cup",
      schedule: weekend,
      audience: "saved",
      audienceId,
      minLevel: 3,
      maxLevel: 20,
    });
    const payersXp = await post("/admin/liveops/save", {
      ...base,
      kind: "multiplier",
      multiplied: "xp",
      multiplierPct: 150,
      titleEn: "Payers' XP",
      schedule: weekend,
      audience: "payers",
      minLevel: 10,
    });
    const everyone = await post("/admin/liveops/save", {
      ...base,
      titleEn: "Sunday for all",
      schedule: {
        kind: "fixed",
        periods: [{ start: "2026-11-22T10:00", end: "2026-11-22T18:00" }],
        timeZone: "Europe/Berlin",
      },
      audience: "nonPayers",
      maxLevel: 12,
    });
    // Runs on Wednesdays only: never with the weekend's events.
    const midweek = await post("/admin/liveops/save", {
      ...base,
      titleEn: "Midweek",
      schedule: { ...weekend, cron: "0 12 * * 3", durationMinutes: 120 },
      audience: "all",
    });
    const off = await post("/admin/liveops/save", {
      ...base,
      titleEn: "Switched off",
      schedule: weekend,
      audience: "all",
      active: false,
    });

    // The recomputation: plain reads and a plain filter.
    const ps = (await w.deps.db.select().from(players)).filter((p) => p.erasedAt === null);
    const members = new Set(
      (
        await w.deps.db
          .select({ id: audienceMembers.playerId })
          .from(audienceMembers)
          .where(and(eq(audienceMembers.audienceId, audienceId), isNull(audienceMembers.exitedAt)))
      ).map((m) => m.id),
    );
    const payers = new Set(
      (await w.deps.db.select().from(orders))
        .filter((o) => o.status === "paid" && o.provider !== "manual")
        .map((o) => o.playerId),
    );
    const both = (a: (p: (typeof ps)[number]) => boolean, b: (p: (typeof ps)[number]) => boolean) =>
      ps.filter((p) => a(p) && b(p)).length;
    const inKz = (p: (typeof ps)[number]) => members.has(p.id) && p.level >= 3 && p.level <= 20;
    const inPayersXp = (p: (typeof ps)[number]) => payers.has(p.id) && p.level >= 10;
    const inSunday = (p: (typeof ps)[number]) => !payers.has(p.id) && p.level <= 12;
    const expected = {
      kzPayers: both(inKz, inPayersXp),
      kzSunday: both(inKz, inSunday),
      payersSunday: both(inPayersXp, inSunday),
    };
    expect(expected.kzPayers).toBeGreaterThan(0);
    expect(expected.kzSunday).toBeGreaterThan(0);
    expect(expected.payersSunday).toBe(0);

    const cal = await post("/admin/liveops/calendar", {
      from: Date.parse("2026-11-16T00:00:00Z"),
      to: Date.parse("2026-11-30T00:00:00Z"),
    });
    // Only this test's events (a world may hold others, e.g. the weekly players' tournament).
    const mine = new Set([kz, payersXp, everyone, midweek, off].map((e) => e.event.id as number));
    const together = (id: number) =>
      (cal.events as { event: { id: number }; together: { eventId: number; players: number }[] }[])
        .find((e) => e.event.id === id)!
        .together.filter((o) => mine.has(o.eventId));
    expect(together(kz.event.id)).toEqual([
      { eventId: payersXp.event.id, players: expected.kzPayers },
      { eventId: everyone.event.id, players: expected.kzSunday },
    ]);
    expect(together(payersXp.event.id)).toEqual([
      { eventId: kz.event.id, players: expected.kzPayers },
      { eventId: everyone.event.id, players: 0 },
    ]);
    expect(together(everyone.event.id)).toEqual([
      { eventId: kz.event.id, players: expected.kzSunday },
      { eventId: payersXp.event.id, players: 0 },
    ]);
    expect(together(midweek.event.id)).toEqual([]);
    expect(together(off.event.id)).toEqual([]);
  });
});
