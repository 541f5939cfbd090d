// The progression enums a browser needs too (quest steps, rewards, tank classes): a constants file
// (no drizzle), so the back office can load them through api/domain/quests-shape.ts.
export const TANK_TYPES = ["light", "medium", "heavy", "td", "spg"] as const;
export const DAILY_TASK_KINDS = [
  "win_battles",
  "play_battles",
  "deal_damage",
  "destroy_tanks",
  "earn_silver",
  "play_class",
] as const;
export const REWARD_CURRENCIES = ["silver", "gold"] as const;
