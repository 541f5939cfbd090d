// The demo world's ads: Yandex and VK on, AppLovin on for mobile placements, believable caps and
// rewarded-ad silver.
import type { WorldStep } from "../demo.ts";
import { adPlacements } from "../schema/ads.ts";
import { saveAdSettings } from "../../domain/ads.ts";

export const adsStep: WorldStep = async ({ db, opts }) => {
  const at = opts.now;
  await saveAdSettings(
    db,
    {
      networks: { yandex: true, vk: true, applovin: true, admob: false, unity: false },
      caps: { perHour: 4, perDay: 20, minSecondsBetween: 180 },
      rewarded: { silver: 2500, perDay: 5 },
    },
    at,
  );
  await db.insert(adPlacements).values([
    { placement: "garage.rewarded", network: "yandex", enabled: true, capPerDay: 5, reward: 2500, updatedAt: at },
    { placement: "garage.rewarded", network: "applovin", enabled: true, capPerDay: 5, reward: 2500, updatedAt: at },
    { placement: "battle.after", network: "yandex", enabled: true, capPerDay: 8, reward: 0, updatedAt: at },
    { placement: "battle.after", network: "vk", enabled: true, capPerDay: 8, reward: 0, updatedAt: at },
    { placement: "shop.bonus", network: "vk", enabled: true, capPerDay: 3, reward: 5000, updatedAt: at },
    { placement: "daily.double", network: "applovin", enabled: false, capPerDay: 1, reward: 15000, updatedAt: at },
  ]);
};
