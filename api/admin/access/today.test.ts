// The start page's figures at a glance: online players, today's registrations, payments and
// revenue, running battles, each with its last 14 days.
import { describe, test, expect, beforeAll, afterAll } from "bun:test";
import { makeWorld, type TestWorld } from "../../test/fixture.ts";
import { signInAdmin } from "../../test/sign-in.ts";
import { registerPlayer } from "../../domain/players.ts";
import { orders } from "../../db/schema/billing.ts";
import { battles } from "../../db/schema/battles.ts";
import { sessions } from "../../db/schema/access.ts";
import { TODAY_DAYS } from "./today.ts";

const DAY = 86_400_000;
const NOW = Date.UTC(2026, 10, 20, 15, 0, 0);

describe("Start page: today at a glance", () => {
  let w: TestWorld;
  beforeAll(async () => {
    w = await makeWorld({ now: NOW });
  });
  afterAll(() => w.close());

  test("counts today's registrations, payments, revenue, running battles and players online; 14 days each", async () => {
    const db = w.deps.db;
    const reg = (nickname: string, at: number) =>
      registerPlayer(db, { nickname, country: "RU", platform: "web", source: "organic", locale: "ru", at });
    const a = await reg("TodayOne", NOW - 2 * 3_600_000);
    await reg("TodayTwo", NOW - 60_000);
    await reg("Yesterday", NOW - DAY);
    await reg("LongAgo", NOW - 40 * DAY);
    const order = (amountMinor: number, currency: string, paidAt: number | null, status: "paid" | "pending") =>
      db.insert(orders).values({
        playerId: a.playerId,
        itemId: "gold-100",
        provider: "test",
        market: "web",
        country: "RU",
        platform: "web",
        amountMinor,
        currency,
        grants: "{}",
        status,
        createdAt: paidAt ?? NOW,
        updatedAt: paidAt ?? NOW,
        paidAt,
      });
    await order(19_900, "RUB", NOW - 3_600_000, "paid");
    await order(9_900, "RUB", NOW - 600_000, "paid");
    await order(499, "USD", NOW - 600_000, "paid");
    await order(499, "USD", NOW - 2 * DAY, "paid");
    await order(499, "USD", null, "pending");
    await db.insert(battles).values([
      { mode: "random", map: "steppe", status: "running", startedAt: NOW - 60_000 },
      { mode: "random", map: "steppe", status: "finished", startedAt: NOW - DAY, endedAt: NOW - DAY + 600_000 },
    ]);
    // Online: a player session seen 5 minutes ago; one seen an hour ago is not.
    await db.insert(sessions).values([
      {
        tokenHash: "t1",
        kind: "player",
        subjectId: a.playerId,
        csrfToken: "c1",
        locale: "ru",
        createdAt: NOW - 3_600_000,
        lastSeenAt: NOW - 300_000,
        expiresAt: NOW + DAY,
      },
      {
        tokenHash: "t2",
        kind: "player",
        subjectId: a.playerId + 1,
        csrfToken: "c2",
        locale: "ru",
        createdAt: NOW - 7_200_000,
        lastSeenAt: NOW - 3_600_000,
        expiresAt: NOW + DAY,
      },
    ]);
    const op = await signInAdmin(w, "support", "glance");
    const r = await w.app.request("/admin/index", { headers: op.headers() });
    expect(r.status).toBe(200);
    const { today } = (await r.json()) as {
      today: {
        since: number;
        online: number;
        registrations: { today: number; days: number[] };
        payments: { today: number; days: number[]; revenue: { currency: string; amountMinor: number }[] };
        battles: { running: number; days: number[] };
      };
    };
    expect(today.since).toBe(Date.UTC(2026, 10, 20));
    expect(today.online).toBe(1);
    expect(today.registrations.today).toBe(2);
    expect(today.registrations.days).toHaveLength(TODAY_DAYS);
    expect(today.registrations.days.slice(-2)).toEqual([1, 2]);
    expect(today.registrations.days.reduce((s, n) => s + n, 0)).toBe(3); // 40 days ago is outside
    expect(today.payments.today).toBe(3);
    expect(today.payments.days.slice(-3)).toEqual([1, 0, 3]);
    expect(today.payments.revenue).toEqual([
      { currency: "RUB", amountMinor: 29_800 },
      { currency: "USD", amountMinor: 499 },
    ]);
    expect(today.battles.running).toBe(1);
    expect(today.battles.days.slice(-2)).toEqual([1, 1]);
  });
});
