// The billing part of the demo world: a catalog, and purchases made through the real crediting
// path (order priced from the catalog → pending → paid through settlePaid → a few refunded
// through the ledger), so the metrics see believable revenue: a few percent of players pay,
// in several markets, currencies, items and countries. Deterministic for the world's seed.
import type { WorldStep } from "../db/demo.ts";
import { playerOrigin } from "../domain/players.ts";
import { type itemSchema, putCatalog, type Market } from "../domain/billing/catalog.ts";
import {
  createOrder,
  markPending,
  reportMovements,
  settlePaid,
  wholeRefund,
} from "../domain/billing/provider-orders.ts";
import type { z } from "zod";

type Item = z.input<typeof itemSchema>;
const rub = (n: number) => n * 100;
const item = (
  id: string,
  ru: string,
  en: string,
  gold: number,
  bonus: number,
  r: number,
  usd: number,
  eur: number,
  extra: Partial<Item> = {},
): Item => ({
  id,
  titleRu: ru,
  titleEn: en,
  grants: { gold, silver: 0, premiumDays: 0 },
  bonusGold: bonus,
  prices: [
    { market: "web", currency: "RUB", amount: rub(r) },
    { market: "web", currency: "USD", amount: usd },
    { market: "web", currency: "EUR", amount: eur },
    { market: "rustore", currency: "RUB", amount: rub(r) },
    { market: "app_store", currency: "USD", amount: usd },
    { market: "app_store", currency: "EUR", amount: eur },
    { market: "google_play", currency: "USD", amount: usd },
  ],
  ...extra,
});

export const DEMO_CATALOG: Item[] = [
  item("gold_100", "100 золота", "100 gold", 100, 0, 29, 49, 49, { sortOrder: 1 }),
  item("gold_500", "500 золота", "500 gold", 500, 50, 149, 199, 189, { sortOrder: 2 }),
  item("gold_1200", "1200 золота", "1200 gold", 1200, 200, 299, 399, 379, { sortOrder: 3 }),
  item("gold_3000", "3000 золота", "3000 gold", 3000, 750, 749, 999, 949, { sortOrder: 4 }),
  {
    ...item("premium_30", "Премиум на 30 дней", "30 days of premium", 0, 0, 399, 499, 479, { sortOrder: 5 }),
    grants: { gold: 0, silver: 0, premiumDays: 30 },
  },
  {
    ...item("silver_1m", "1 000 000 серебра", "1,000,000 silver", 0, 0, 99, 149, 139, { sortOrder: 6 }),
    grants: { gold: 0, silver: 1_000_000, premiumDays: 0 },
  },
];

const EUR = new Set(["DE", "FR", "PL"]);
const RUBLE = new Set(["RU", "KZ", "BY"]);

/** The provider, market and currency a player of this country and platform pays with. */
function channel(
  country: string,
  platform: string,
  pick: number,
): { provider: string; market: Market; currency: string } {
  if (platform === "ios") return { provider: "apple", market: "app_store", currency: EUR.has(country) ? "EUR" : "USD" };
  if (platform === "android")
    return RUBLE.has(country)
      ? { provider: "rustore", market: "rustore", currency: "RUB" }
      : { provider: "ecommpay", market: "web", currency: EUR.has(country) ? "EUR" : "USD" };
  if (RUBLE.has(country))
    return pick < 0.75
      ? { provider: "robokassa", market: "web", currency: "RUB" }
      : { provider: "ecommpay", market: "web", currency: "RUB" };
  return pick < 0.6
    ? { provider: "stripe", market: "web", currency: EUR.has(country) ? "EUR" : "USD" }
    : { provider: "paypal", market: "web", currency: EUR.has(country) ? "EUR" : "USD" };
}

export const billingStep: WorldStep = async ({ db, r, playerIds, opts }) => {
  const start = opts.now - opts.days * 86_400_000;
  await putCatalog(db, DEMO_CATALOG, start);
  const weights = [
    ["gold_100", 25],
    ["gold_500", 35],
    ["gold_1200", 18],
    ["gold_3000", 7],
    ["premium_30", 10],
    ["silver_1m", 5],
  ] as const;
  for (const playerId of playerIds) {
    // A few percent pay; some of them again and again.
    if (r.next() > 0.045) continue;
    const p = await playerOrigin(db, playerId);
    const purchases = r.weighted([
      [1, 55],
      [2, 20],
      [3, 12],
      [5, 8],
      [9, 5],
    ] as const);
    for (let k = 0; k < purchases; k++) {
      const at = Math.floor(p.createdAt + r.next() ** 1.5 * (opts.now - p.createdAt - 60_000));
      if (at <= p.createdAt) continue;
      const ch = channel(p.country, p.platform, r.next());
      const order = await createOrder(db, {
        playerId,
        itemId: r.weighted(weights),
        provider: ch.provider,
        market: ch.market,
        currency: ch.currency,
        at,
      });
      await markPending(db, order.id, `demo-ref-${order.id}`, at);
      // One attempt in ten is abandoned and stays pending/cancelled in the history, unpaid.
      if (r.next() < 0.1) continue;
      const paidAt = at + r.int(20_000, 600_000);
      await settlePaid(db, {
        provider: ch.provider,
        orderId: order.id,
        providerTxId: `demo-${ch.provider}-${order.id}`,
        amountMinor: order.amountMinor,
        currency: order.currency,
        source: "seed",
        at: Math.min(paidAt, opts.now - 1000),
      });
      if (r.next() < 0.03) {
        const back = r.next() < 0.3 ? "chargeback" : "refund";
        await reportMovements(
          db,
          {
            provider: ch.provider,
            orderId: order.id,
            source: "seed",
            at: Math.min(paidAt + r.int(3_600_000, 10 * 86_400_000), opts.now - 500),
          },
          [
            back === "chargeback"
              ? { kind: "chargeback", key: `chargeback:demo-${order.id}`, amountMinor: order.amountMinor }
              : wholeRefund(order),
          ],
        );
      }
    }
  }
};
