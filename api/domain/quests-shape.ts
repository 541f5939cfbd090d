// The `quests` server option's shape (docs/decisions/progression.md): chains of steps, each a
// daily-task kind and target, with a reward for finishing the chain. Zod and constants only, so
// the back office's quest editor validates with the same rules the save route checks.
import { z } from "zod";
import { DAILY_TASK_KINDS, REWARD_CURRENCIES, TANK_TYPES } from "../db/schema/progression-kinds.ts";
export { DAILY_TASK_KINDS, REWARD_CURRENCIES, TANK_TYPES };

const name = z.string().trim().min(1).max(80);
const int = (min: number, max: number) => z.coerce.number().int().min(min).max(max);

export const QUEST_KEY_PATTERN = /^[a-z0-9_-]{2,40}$/;
export const MAX_QUESTS = 100;
export const MAX_QUEST_STEPS = 20;

export const questStepShape = z.strictObject({
  kind: z.enum(DAILY_TASK_KINDS),
  target: int(1, 10_000_000),
  tankType: z.enum(TANK_TYPES).optional(),
});
export const questShape = z.strictObject({
  key: z.string().regex(QUEST_KEY_PATTERN),
  nameRu: name,
  nameEn: name,
  minLevel: int(1, 100).default(1),
  steps: z.array(questStepShape).min(1).max(MAX_QUEST_STEPS),
  reward: z.strictObject({ currency: z.enum(REWARD_CURRENCIES), amount: int(1, 1_000_000) }),
});

export const questsShape = z
  .array(questShape)
  .max(MAX_QUESTS)
  .superRefine((rows, ctx) => {
    // A key must not repeat: answered as validation.unique on the repeat.
    const seen = new Set<string>();
    rows.forEach((r, i) => {
      if (seen.has(r.key)) ctx.addIssue({ code: "custom", path: [i, "key"], params: { rule: "unique" } });
      seen.add(r.key);
    });
  });
