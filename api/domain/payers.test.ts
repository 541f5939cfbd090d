// Defect (issue 31): a manual gold credit made a non-payer a "payer". An operator's compensation
// is an order of provider "manual" (no money), yet offers counted paid-or-refunded orders of any
// provider, notifications paid ones of any provider, and the start page counted the credit as a
// paid order and summed revenue per original currency while Payments showed net USD without it.
// One definition now (docs/decisions/payer-and-revenue.md): a payer has kept at least one payment
// made through a provider; revenue is what providers paid, net of refunds, in USD; compensations
// count as neither. Offers, notifications and the start page are checked against it here.
import { describe, test, expect, beforeAll, afterAll } from "bun:test";
import { makeWorld, type TestWorld } from "../test/fixture.ts";
import { signInAdmin } from "../test/sign-in.ts";
import { registerPlayer } from "./players.ts";
import { offersFor } from "./offers.ts";
import { changeStatus, findNotification } from "./notifications.ts";
import { isPayer } from "./payers.ts";
import { specialOffers } from "../db/schema/offers.ts";
import { notifications, notificationContents } from "../db/schema/notifications.ts";
import { orders } from "../db/schema/billing.ts";
import { GOLD_PACK, putItem } from "../test/billing-world.ts";
import { createOrder, settlePaid } from "./billing/provider-orders.ts";
import { manualCredit } from "./billing/orders.ts";
import { toUsdCents } from "../billing/money.ts";
import { paymentsData } from "../../warehouse/metrics/payments.ts";
import { resolvePeriod } from "../../warehouse/metrics/period.ts";

const NOW = Date.UTC(2026, 10, 20, 15, 0, 0);
const DAY = 86_400_000;

describe("one definition of a payer and of revenue", () => {
  let w: TestWorld;
  const id: Record<"credited" | "paying" | "refunded" | "never", number> = {
    credited: 0,
    paying: 0,
    refunded: 0,
    never: 0,
  };
  beforeAll(async () => {
    w = await makeWorld({ now: NOW });
    const db = w.deps.db;
    await putItem(db, GOLD_PACK, NOW - DAY);
    for (const k of Object.keys(id) as (keyof typeof id)[])
      id[k] = (
        await registerPlayer(db, {
          nickname: `p_${k}`,
          country: "RU",
          platform: "web",
          source: "organic",
          locale: "en",
          at: NOW - 2 * DAY,
        })
      ).playerId;
    // An operator's compensation: gold through a "manual" order, no money.
    const admin = await signInAdmin(w, "admin", "payersop");
    void admin;
    await db.transaction((tx) =>
      manualCredit(tx, {
        playerId: id.credited,
        grants: { gold: 500, silver: 0, premiumDays: 0 },
        reason: "no gold after payment",
        adminId: 1,
        at: NOW - 3_600_000,
      }),
    );
    // A real payment through a provider, today.
    const o = await createOrder(db, {
      playerId: id.paying,
      itemId: GOLD_PACK.id,
      provider: "stripe",
      market: "web",
      currency: "RUB",
      at: NOW - 2 * 3_600_000,
    });
    await settlePaid(db, {
      provider: "stripe",
      orderId: o.id,
      providerTxId: "pi_payers_1",
      amountMinor: o.amountMinor,
      currency: o.currency,
      source: "callback",
      at: NOW - 2 * 3_600_000,
    });
    // A payment that was refunded: the money went back.
    await db.insert(orders).values({
      playerId: id.refunded,
      itemId: GOLD_PACK.id,
      provider: "stripe",
      market: "web",
      country: "RU",
      platform: "web",
      amountMinor: 9900,
      currency: "RUB",
      grants: "{}",
      status: "refunded",
      providerTxId: "pi_payers_2",
      createdAt: NOW - DAY,
      updatedAt: NOW - DAY,
      paidAt: NOW - DAY,
    });
  });
  afterAll(() => w.close());

  test("isPayer: a kept provider payment only", async () => {
    expect(await isPayer(w.deps.db, id.paying)).toBe(true);
    expect(await isPayer(w.deps.db, id.credited)).toBe(false);
    expect(await isPayer(w.deps.db, id.refunded)).toBe(false);
    expect(await isPayer(w.deps.db, id.never)).toBe(false);
  });

  test("offers: a compensated or refunded player sees the non-payers' offer, never the payers'", async () => {
    const offer = (audience: "payers" | "nonPayers", titleEn: string) => ({
      titleRu: titleEn,
      titleEn,
      grants: JSON.stringify({ gold: 0, silver: 100, premiumDays: 0, items: [] }),
      priceGold: 10,
      startsAt: NOW - DAY,
      endsAt: NOW + DAY,
      audience,
      createdAt: NOW - DAY,
      updatedAt: NOW - DAY,
    });
    await w.deps.db.insert(specialOffers).values([offer("payers", "For payers"), offer("nonPayers", "For newcomers")]);
    const seen = async (playerId: number) =>
      (await offersFor(w.deps.db, playerId, "en", NOW)).offers.map((o) => o.title).sort();
    expect(await seen(id.paying)).toEqual(["For payers"]);
    expect(await seen(id.credited)).toEqual(["For newcomers"]);
    expect(await seen(id.refunded)).toEqual(["For newcomers"]);
    expect(await seen(id.never)).toEqual(["For newcomers"]);
  });

  test("notifications: 'payers only' reaches the paying player alone", async () => {
    const db = w.deps.db;
    const reached = async (payers: "payers" | "nonPayers") => {
      const [n] = await db
        .insert(notifications)
        .values({
          channel: "inbox",
          name: `to ${payers}`,
          status: "draft",
          startsAt: NOW - DAY,
          endsAt: NOW + DAY,
          payers,
          createdAt: NOW,
          updatedAt: NOW,
        })
        .returning();
      await db.insert(notificationContents).values(
        (["ru", "en"] as const).map((lang) => ({
          notificationId: n.id,
          lang,
          title: "T",
          body: "B",
          updatedAt: NOW,
        })),
      );
      const row = await findNotification(db, "inbox", n.id);
      if (!row) throw new Error("the notification was just inserted");
      const { delivered } = await db.transaction((tx) => changeStatus(tx, row, "active", NOW));
      return delivered;
    };
    expect(await reached("payers")).toBe(1);
    // The admin made by signInAdmin is not a player: four players, one paying.
    expect(await reached("nonPayers")).toBe(3);
  });

  test("start page: a compensation is not a paid order; revenue today is the Payments screen's net USD", async () => {
    await w.ship();
    const op = await signInAdmin(w, "support", "payersglance");
    const r = await (await w.app.request("/admin/index", { headers: op.headers() })).json();
    expect(r.today.payments.today).toBe(1);
    const metrics = await paymentsData(
      w.deps.warehouse,
      resolvePeriod({ year: 2026, month: 11, day: 20 }, NOW),
      "market",
    );
    expect(metrics.total.revenue).toBe(toUsdCents(9900, "RUB"));
    expect(r.today.payments.revenueUsdCents).toBe(metrics.total.revenue);
  });
});
