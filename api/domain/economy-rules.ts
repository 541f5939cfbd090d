// The economy's rules that need nothing but the battle's figures (economy.ts has the whole of it and
// its curve; progression.ts fits the daily tasks with these, and cannot import battles.ts: a cycle).
import { SIM } from "../game/sim/rules.ts";

export const ECONOMY = {
  xpBase: 150,
  xpPerTier: 200,
  /** The tier from which the experience a battle pays stops growing. */
  xpTierCap: 5,
  silverBase: 900,
  silverGrowth: 2,
  /** What a typical battle gives each tank (the bench measures it: bench/bot-battles.ts). */
  typical: { damageShare: 0.9, kills: 0.66, capture: 8, win: 0.44, draw: 0.12 },
  /** A daily task must be doable in this many typical battles of the player's tier… */
  taskBattles: 6,
  /** …and pays at most this many typical battles' silver. */
  taskRewardBattles: 3,
} as const;

/** A medium tank's hit points in battle at a tier (the catalogue's curve × the battle's scale). */
export const tierHp = (tier: number) => (150 + 120 * tier) * SIM.hpScale;

export function performance(tier: number, s: { damage: number; kills: number; capture: number }) {
  const p = 0.25 + (0.75 * s.damage) / tierHp(tier) + 0.25 * s.kills + s.capture / 100;
  return Math.max(0, Math.min(3, p));
}

const resultK = (result: "win" | "loss" | "draw") => (result === "win" ? 1.5 : result === "draw" ? 1.1 : 1);

export function earningsFor(
  tier: number,
  result: "win" | "loss" | "draw",
  s: { damage: number; kills: number; capture: number },
) {
  const k = resultK(result) * performance(tier, s);
  const experience = Math.min(
    10_000,
    Math.round(k * (ECONOMY.xpBase + ECONOMY.xpPerTier * Math.min(tier, ECONOMY.xpTierCap))),
  );
  const silver = Math.min(1_000_000, Math.round(k * ECONOMY.silverBase * ECONOMY.silverGrowth ** (tier - 1)));
  return { experience, silver };
}

/** A typical battle's damage and silver pay (before costs) at a tier, over its wins, losses and draws. */
export function typicalPay(tier: number) {
  const t = ECONOMY.typical;
  const stats = { damage: t.damageShare * tierHp(tier), kills: t.kills, capture: t.capture };
  const k = t.win * 1.5 + t.draw * 1.1 + (1 - t.win - t.draw);
  const perf = performance(tier, stats);
  return {
    damage: stats.damage,
    silver: k * perf * ECONOMY.silverBase * ECONOMY.silverGrowth ** (tier - 1),
    winShare: t.win,
    kills: t.kills,
  };
}

/**
 * A daily task fitted to the player's tier: doable in ECONOMY.taskBattles typical battles there
 * (null when it is not), its silver reward at most ECONOMY.taskRewardBattles typical battles' pay.
 */
export function fitTask<T extends { kind: string; target: number; rewardCurrency: string; rewardAmount: number }>(
  task: T,
  tier: number,
): T | null {
  const pay = typicalPay(tier);
  const n = ECONOMY.taskBattles;
  const per: Record<string, number> = {
    play_battles: 1,
    play_class: 1,
    win_battles: pay.winShare,
    deal_damage: pay.damage,
    destroy_tanks: pay.kills,
    earn_silver: pay.silver,
  };
  const each = per[task.kind];
  if (each !== undefined && task.target > n * each) return null;
  if (task.rewardCurrency !== "silver") return task;
  const most = Math.max(100, Math.round((ECONOMY.taskRewardBattles * pay.silver) / 100) * 100);
  return { ...task, rewardAmount: Math.min(task.rewardAmount, most) };
}
