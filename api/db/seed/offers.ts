// The demo world's special offers: a starter pack for new non-payers, a premium week, a
// discounted premium tank for mid levels, and a money offer for payers (a billing item).
import { and, asc, eq } from "drizzle-orm";
import type { WorldStep } from "../demo.ts";
import { specialOffers } from "../schema/offers.ts";
import { contentTanks, contentConsumables } from "../schema/content.ts";
import { catalogItems } from "../schema/billing.ts";

const DAY = 86_400_000;

export const offersStep: WorldStep = async ({ db, opts }) => {
  const now = opts.now;
  const [premiumTank] = await db
    .select()
    .from(contentTanks)
    .where(and(eq(contentTanks.premium, true), eq(contentTanks.active, true)))
    .orderBy(asc(contentTanks.tier))
    .limit(1);
  const consumables = await db
    .select()
    .from(contentConsumables)
    .where(eq(contentConsumables.active, true))
    .orderBy(asc(contentConsumables.id))
    .limit(2);
  const [billingItem] = await db
    .select({ id: catalogItems.id })
    .from(catalogItems)
    .where(eq(catalogItems.id, "gold_1200"))
    .limit(1);
  const row = (
    o: Partial<typeof specialOffers.$inferInsert> &
      Pick<typeof specialOffers.$inferInsert, "titleRu" | "titleEn" | "grants">,
  ) => ({
    priceGold: null,
    billingItemId: null,
    startsAt: now - DAY,
    endsAt: now + 7 * DAY,
    minLevel: 1,
    maxLevel: 100,
    platforms: "[]",
    countries: "[]",
    audience: "all" as const,
    perPlayerLimit: 1,
    active: true,
    createdAt: now - 2 * DAY,
    updatedAt: now - 2 * DAY,
    ...o,
  });
  const rows = [
    row({
      titleRu: "Набор новобранца",
      titleEn: "Recruit pack",
      priceGold: 49,
      maxLevel: 5,
      audience: "nonPayers",
      grants: JSON.stringify({
        gold: 0,
        silver: 100_000,
        premiumDays: 1,
        items: consumables.map((c) => ({ type: "consumable", id: c.id, count: 5 })),
      }),
    }),
    row({
      titleRu: "Неделя премиума",
      titleEn: "A week of premium",
      priceGold: 150,
      perPlayerLimit: 2,
      endsAt: now + 2 * DAY,
      grants: JSON.stringify({ gold: 0, silver: 0, premiumDays: 7, items: [] }),
    }),
  ];
  if (premiumTank) {
    rows.push(
      row({
        titleRu: `${premiumTank.nameRu} со скидкой`,
        titleEn: `${premiumTank.nameEn} at a discount`,
        priceGold: Math.round(premiumTank.priceGold * 0.7),
        minLevel: 5,
        endsAt: now + 3 * DAY,
        grants: JSON.stringify({
          gold: 0,
          silver: 0,
          premiumDays: 0,
          items: [{ type: "tank", id: premiumTank.id, count: 1 }],
        }),
      }),
    );
  }
  if (billingItem)
    rows.push(
      row({
        titleRu: "Золото для своих",
        titleEn: "Gold for regulars",
        billingItemId: billingItem.id,
        audience: "payers",
        perPlayerLimit: 1,
        grants: JSON.stringify({ gold: 0, silver: 0, premiumDays: 0, items: [] }),
      }),
    );
  await db.insert(specialOffers).values(rows);
};
