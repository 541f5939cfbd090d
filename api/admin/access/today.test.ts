// The start page's figures at a glance: online players, today's registrations, payments and
// revenue, running battles, each with its last 14 days.
import { describe, test, expect, beforeAll, afterAll } from "bun:test";
import { makeWorld, type TestWorld } from "../../test/fixture.ts";
import { signInAdmin } from "../../test/sign-in.ts";
import { registerPlayer } from "../../domain/players.ts";
import { GOLD_PACK, putItem } from "../../test/billing-world.ts";
import { createOrder, settlePaid } from "../../domain/billing/provider-orders.ts";
import { toUsdCents } from "../../billing/money.ts";
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
    // Paid orders go the real way (a provider's payment settles them and emits its payment event),
    // so the tile reads what the Payments screen reads; a pending order is none.
    await putItem(db, GOLD_PACK, NOW - 3 * DAY);
    const order = async (currency: "RUB" | "USD", paidAt: number | null, n: number) => {
      const o = await createOrder(db, {
        playerId: a.playerId,
        itemId: GOLD_PACK.id,
        provider: "stripe",
        market: "web",
        currency,
        at: paidAt ?? NOW,
      });
      if (paidAt !== null)
        await settlePaid(db, {
          provider: "stripe",
          orderId: o.id,
          providerTxId: `pi_today_${n}`,
          amountMinor: o.amountMinor,
          currency,
          source: "callback",
          at: paidAt,
        });
    };
    await order("RUB", NOW - 3_600_000, 1);
    await order("RUB", NOW - 600_000, 2);
    await order("USD", NOW - 600_000, 3);
    await order("USD", NOW - 2 * DAY, 4);
    await order("USD", null, 5);
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
    await w.ship();
    const op = await signInAdmin(w, "support", "glance");
    const r = await w.app.request("/admin/index", { headers: op.headers() });
    expect(r.status).toBe(200);
    const { today } = (await r.json()) as {
      today: {
        since: number;
        online: number;
        registrations: { today: number; days: number[] };
        payments: { today: number; days: number[]; revenueUsdCents: number; revenueDays: number[] };
        dau: { today: number; days: number[] };
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
    // Net revenue in USD cents at billing's fixed rates, as the Payments screen sums it.
    expect(today.payments.revenueUsdCents).toBe(2 * toUsdCents(9900, "RUB") + 199);
    expect(today.payments.revenueDays.slice(-3)).toEqual([199, 0, 2 * toUsdCents(9900, "RUB") + 199]);
    // DAU: the players with activity today (registered today, and the buyer who paid today).
    expect(today.dau.today).toBe(2);
    expect(today.dau.days).toHaveLength(TODAY_DAYS);
    expect(today.battles.running).toBe(1);
    expect(today.battles.days.slice(-2)).toEqual([1, 1]);
  });
});
