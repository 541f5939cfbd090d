// What each tank earns and costs per battle. Definition: over the battles of the period (UTC
// days of the battle's timestamp), per tank: battles fought, wins, silver earned, silver spent
// (repairs, ammunition), gold earned and experience; per battle = total / battles (rounded to
// 2 decimals); net silver = earned - spent. Read from the rollup tank_daily.
import { z } from "zod";
import type { Warehouse } from "../port.ts";
import { type Period, DAY_RANGE, periodParams } from "./period.ts";

export const TankEarnRowSchema = z.object({
  tank_id: z.number(),
  battles: z.number(),
  wins: z.number(),
  silver_earned: z.number(),
  silver_spent: z.number(),
  gold_earned: z.number(),
  experience: z.number(),
});
export type TankEarnRow = z.infer<typeof TankEarnRowSchema>;

export const tanksEarnsSql = `SELECT tank_id, toUInt64(sum(battles)) AS battles, toUInt64(sum(wins)) AS wins, toInt64(sum(silver_earned)) AS silver_earned,
  toInt64(sum(silver_spent)) AS silver_spent, toInt64(sum(gold_earned)) AS gold_earned, toInt64(sum(experience)) AS experience
  FROM tank_daily WHERE ${DAY_RANGE} GROUP BY tank_id ORDER BY tank_id`;

const per = (v: number, n: number) => (n === 0 ? 0 : Math.round((v / n) * 100) / 100);

/**
 * Per tank: battles, wins and silver, with per-battle figures. `names` (the catalogue's, in the
 * reader's language: api/domain/tank-names.ts) names each tank; one gone from the catalogue reads
 * "#id".
 */
export async function tanksEarns(wh: Warehouse, p: Period, names: ReadonlyMap<number, string> = new Map()) {
  const rows = await wh.query(tanksEarnsSql, periodParams(p), TankEarnRowSchema);
  return {
    period: p,
    tanks: rows.map((r) => ({
      ...r,
      tank_name: names.get(r.tank_id) ?? `#${r.tank_id}`,
      silver_net: r.silver_earned - r.silver_spent,
      win_rate: per(r.wins * 100, r.battles),
      earned_per_battle: per(r.silver_earned, r.battles),
      spent_per_battle: per(r.silver_spent, r.battles),
      net_per_battle: per(r.silver_earned - r.silver_spent, r.battles),
      gold_per_battle: per(r.gold_earned, r.battles),
      experience_per_battle: per(r.experience, r.battles),
    })),
  };
}
