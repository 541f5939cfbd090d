// Built-in bot profiles and catalogue-like tanks: the defaults bots play by until operators
// define profiles in /admin/bots/, and the tanks tests and the bench fill battles with.
import type { BattleSetup, BotProfile, TankSpec } from "./types.ts";

export const DEFAULT_BOT_PROFILES: BotProfile[] = [
  { name: "Recruit", aimError: 6, reactionMs: 900, aggression: 0.35 },
  { name: "Gunner", aimError: 3.5, reactionMs: 600, aggression: 0.55 },
  { name: "Veteran", aimError: 2, reactionMs: 400, aggression: 0.7 },
  { name: "Ace", aimError: 1.2, reactionMs: 250, aggression: 0.85 },
];

/** The built-in profiles' crew levels, by name (api/game/sim/crew.ts botCrewBonus). */
export const DEFAULT_BOT_CREW_LEVELS: Record<string, number> = { Recruit: 1, Gunner: 3, Veteran: 6, Ace: 10 };

/** A tank of the demo catalogue's shape (api/domain/content.ts) for a tier and type. */
export function specFor(tankId: number, tier: number, type: "light" | "medium" | "heavy" | "td" = "medium"): TankSpec {
  const k = {
    light: [0.8, 0.7, 1.0, 0.5, 1.4],
    medium: [1, 1, 1, 1, 1],
    heavy: [1.35, 1.3, 1.05, 1.6, 0.7],
    td: [0.85, 1.45, 1.3, 0.9, 0.8],
  }[type];
  return {
    tankId,
    name: `${type} ${tier}`,
    tier,
    type,
    hp: Math.round((150 + tier * 120) * k[0]),
    damage: Math.round((30 + tier * 28) * k[1]),
    penetration: Math.round((35 + tier * 22) * k[2]),
    armor: Math.round((15 + tier * 18) * k[3]),
    speed: Math.round(58 - tier * 1.5 + (k[4] - 1) * 20),
    rateOfFire: Math.round(160 - tier * 10),
  };
}

/** A battle of bots only, `size` a side, mixed types around `tier`. */
export function botBattle(seed: number, size = 7, map = "prokhorovka", roundSeconds = 300, tier = 5): BattleSetup {
  const types = ["medium", "heavy", "light", "td"] as const;
  const seats = [];
  for (let i = 0; i < size * 2; i++) {
    const team = (i % 2) as 0 | 1;
    const type = types[Math.floor(i / 2) % types.length];
    seats.push({
      team,
      playerId: null,
      name: `Bot ${i + 1}`,
      tank: specFor(100 + i, tier, type),
      bot: DEFAULT_BOT_PROFILES[Math.floor(i / 2) % DEFAULT_BOT_PROFILES.length],
    });
  }
  return { seed, map, roundSeconds, seats };
}
