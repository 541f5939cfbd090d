// The economy of the battles played here (issue 30; the curve and its check: docs/decisions/economy.md).
// A battle pays experience and silver by the tank's tier and the player's performance in it:
//   performance = 0.25 + 0.75 × (damage dealt ÷ the hit points of a medium tank of the tier in battle)
//                 + 0.25 × kills + capture points ÷ 100, within 0..3
//   experience = result × perf × (150 + 200 × min(tier, 5))         (win ×1.5, draw ×1.1, loss ×1)
//   silver     = result × perf × 900 × 2^(tier − 1)                 (the next tank costs ~2.4× the last)
// so a typical battle (a quarter of the losers' and winners' hit points dealt by each tank, 0.75
// kills) pays about the same share of the next tier at every tier, and experience — what gates the
// next tier through the player's level — the same number of battles a tier from tier IV on.
// Pure: no I/O. `economyCurve` plays a player's way up the catalogue with these rules.
import { BATTLE_RULES, battleCost, levelFor } from "./battles.ts";

export { ECONOMY, tierHp, performance, earningsFor, typicalPay, fitTask } from "./economy-rules.ts";
import { ECONOMY, tierHp, earningsFor } from "./economy-rules.ts";

/** A typical battle at a tier: its stats, and what it pays on average over wins, losses and draws (silver net of costs). */
export function typicalBattle(tier: number) {
  const t = ECONOMY.typical;
  const stats = { damage: t.damageShare * tierHp(tier), kills: t.kills, capture: t.capture };
  const loss = 1 - t.win - t.draw;
  let experience = 0,
    silver = 0;
  for (const [result, share] of [
    ["win", t.win],
    ["draw", t.draw],
    ["loss", loss],
  ] as const) {
    const e = earningsFor(tier, result, stats);
    const cost = battleCost(tier, result);
    experience += share * e.experience;
    silver += share * (e.silver - cost.repair - cost.ammo);
  }
  return { stats, experience: Math.round(experience), silver: Math.round(silver) };
}

export interface CatalogueTank {
  tier: number;
  priceSilver: number;
  requiredLevel: number;
  premium?: boolean;
}

/** Experience the player needs in all to reach a level (battles.ts levelFor's inverse). */
export const experienceFor = (level: number) => BATTLE_RULES.levelStep * (level - 1) ** 2;

/**
 * A player's way up the catalogue, playing typical battles in the best tank they have: at each tier,
 * how many battles until the next tier's cheapest silver tank is both allowed (its level) and paid
 * for, and where the battles' silver and experience stand. `premium`: with a premium account.
 */
export function economyCurve(catalogue: CatalogueTank[], o: { premium?: boolean } = {}) {
  const bonus = o.premium ? 1 + BATTLE_RULES.premiumBonus : 1;
  const rows: {
    tier: number;
    battles: number;
    total: number;
    experiencePerBattle: number;
    silverPerBattle: number;
    nextPrice: number;
    nextLevel: number;
    gate: "level" | "silver";
  }[] = [];
  let experience = 0,
    silver = 0,
    total = 0;
  const tiers = [...new Set(catalogue.filter((t) => !t.premium).map((t) => t.tier))].sort((a, b) => a - b);
  for (const tier of tiers) {
    const next = catalogue
      .filter((t) => !t.premium && t.tier === tier + 1)
      .sort((a, b) => a.priceSilver - b.priceSilver)[0];
    if (!next) break;
    const b = typicalBattle(tier);
    const xp = Math.round(b.experience * bonus);
    // The premium's silver is on the battle's pay (not its costs).
    const sv = Math.round(b.silver + (bonus - 1) * (b.silver + battleCost(tier, "loss").ammo));
    let n = 0,
      byLevel = 0,
      bySilver = 0;
    while ((levelFor(experience) < next.requiredLevel || silver < next.priceSilver) && n < 100_000) {
      experience += xp;
      silver += sv;
      n++;
      if (levelFor(experience) < next.requiredLevel) byLevel = n;
      if (silver < next.priceSilver) bySilver = n;
    }
    const gate: "level" | "silver" = byLevel >= bySilver ? "level" : "silver";
    silver -= next.priceSilver;
    total += n;
    rows.push({
      tier,
      battles: n,
      total,
      experiencePerBattle: xp,
      silverPerBattle: sv,
      nextPrice: next.priceSilver,
      nextLevel: next.requiredLevel,
      gate,
    });
  }
  return rows;
}
