// The economy's curve (docs/decisions/economy.md) checked by its simulation: a player's way up the
// demo catalogue in typical battles takes a sensible, growing number of battles a tier; premium
// shortens it; every tier pays; the daily tasks fit the player's tier.
import { describe, expect, test } from "bun:test";
import { economyCurve, earningsFor, typicalBattle, fitTask, tierHp } from "./economy.ts";
import { DEMO_TANKS } from "./content.ts";

const catalogue = DEMO_TANKS.map((t) => ({
  tier: Number(t.tier),
  priceSilver: Number(t.priceSilver ?? 0),
  requiredLevel: Number(t.requiredLevel),
  premium: Boolean(t.premium),
}));

describe("the curve", () => {
  test("each tier of the demo catalogue takes 4–40 typical battles, no fewer than the tier before; 130–170 battles to tier VIII", () => {
    const rows = economyCurve(catalogue);
    expect(rows.map((r) => r.tier)).toEqual([1, 2, 3, 4, 5, 6, 7]);
    for (const [i, r] of rows.entries()) {
      expect(r.battles).toBeGreaterThanOrEqual(4);
      expect(r.battles).toBeLessThanOrEqual(40);
      if (i > 0) expect(r.battles).toBeGreaterThanOrEqual(rows[i - 1].battles);
      expect(r.silverPerBattle).toBeGreaterThan(0);
    }
    expect(rows.at(-1)?.total).toBeGreaterThanOrEqual(130);
    expect(rows.at(-1)?.total).toBeLessThanOrEqual(170);
  });

  test("a premium account takes a third fewer battles", () => {
    const plain = economyCurve(catalogue).at(-1)?.total ?? 0;
    const premium = economyCurve(catalogue, { premium: true }).at(-1)?.total ?? 0;
    expect(premium).toBeLessThan(plain * 0.75);
    expect(premium).toBeGreaterThan(plain * 0.55);
  });

  test("pay grows with performance and the result: idle damage and kills pay little, a win half again", () => {
    const none = earningsFor(5, "loss", { damage: 0, kills: 0, capture: 0 });
    const good = earningsFor(5, "loss", { damage: tierHp(5), kills: 2, capture: 0 });
    const won = earningsFor(5, "win", { damage: tierHp(5), kills: 2, capture: 0 });
    expect(good.silver).toBeGreaterThan(none.silver * 5);
    expect(won.silver).toBe(Math.round(good.silver * 1.5));
    expect(typicalBattle(5).silver).toBeGreaterThan(typicalBattle(4).silver);
  });
});

describe("daily tasks fitted to the tier", () => {
  const task = (kind: string, target: number, rewardAmount: number) => ({
    kind,
    target,
    rewardCurrency: "silver",
    rewardAmount,
  });
  test("a tier-I player draws no task beyond a few battles there; a tier-V one may", () => {
    expect(fitTask(task("deal_damage", 8_000, 25_000), 1)).toBeNull();
    expect(fitTask(task("deal_damage", 2_000, 8_000), 1)).not.toBeNull();
    expect(fitTask(task("deal_damage", 8_000, 25_000), 5)).not.toBeNull();
    expect(fitTask(task("earn_silver", 20_000, 7_000), 1)).toBeNull();
  });
  test("a silver reward is at most three typical battles' pay at the tier", () => {
    const fitted = fitTask(task("play_battles", 3, 15_000), 1);
    expect(fitted?.rewardAmount).toBeLessThanOrEqual(3 * 1_300);
    expect(fitTask(task("play_battles", 3, 5_000), 5)?.rewardAmount).toBe(5_000);
    expect(fitTask({ ...task("play_battles", 3, 50), rewardCurrency: "gold" }, 1)?.rewardAmount).toBe(50);
  });
});
