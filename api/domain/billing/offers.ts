// What a player can buy and where they pay from: the player's country (the provider's currency
// when the player names none) and the catalog's items on sale in a market now, with their prices.
import { eq } from "drizzle-orm";
import type { Deps } from "../../deps.ts";
import { players } from "../../db/schema/players.ts";
import { boostAt, cachedCatalog, grantsAt, isAvailable } from "./catalog.ts";

export async function playerCountry(deps: Deps, playerId: number): Promise<string> {
  const [p] = await deps.db.select({ country: players.country }).from(players).where(eq(players.id, playerId)).limit(1);
  return p?.country ?? "";
}

/** What the signed-in player can buy in a market now: items with their prices and grants in force. */
export async function offers(deps: Deps, playerId: number, market: "web" | "rustore" | "app_store" | "google_play") {
  const [p] = await deps.db
    .select({ country: players.country, platform: players.platform })
    .from(players)
    .where(eq(players.id, playerId))
    .limit(1);
  if (!p) return [];
  const now = deps.clock.now();
  const snap = await cachedCatalog(deps.db, now);
  return snap.items
    .filter((i) => isAvailable(i, market, p, now))
    .map((i) => ({
      id: i.id,
      title: { ru: i.titleRu, en: i.titleEn },
      grants: grantsAt(i, snap.multipliers, now),
      // What a multiplier in force scales (the shop's "x2" badge): the base grant only, not the bonus.
      bonusGold: i.bonusGold,
      boosts: (["gold", "silver"] as const)
        .map((currency) => ({ currency, ...boostAt(i, snap.multipliers, now)[currency] }))
        .filter((b) => b.percent > 100 && i.grants[b.currency] > 0)
        .map((b) => ({ currency: b.currency, percent: b.percent, endsAt: b.endsAt ?? now })),
      prices: i.prices.filter((x) => x.market === market).map(({ currency, amount }) => ({ currency, amount })),
    }));
}
