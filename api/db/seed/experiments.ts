// The demo world's experiment: a bigger minimap for half of the players at level 3 and above,
// running since two weeks ago (after the system step saved the battle.hud variants).
import type { WorldStep } from "../demo.ts";
import { experiments } from "../schema/experiments.ts";
import { applyShares, toExperiment, type Conditions, type ExperimentVariant } from "../../domain/experiments.ts";

export const experimentsStep: WorldStep = async ({ db, opts }) => {
  const at = opts.now;
  const started = at - 14 * 86_400_000;
  const conditions: Conditions = { levelMin: 3, levelMax: 100, platforms: [], countries: [], percent: 50 };
  const variants: ExperimentVariant[] = [
    { name: "control", weight: 1, optionVariant: "default" },
    { name: "big minimap", weight: 1, optionVariant: "bigMinimap" },
  ];
  const [row] = await db
    .insert(experiments)
    .values({
      name: "Большая мини-карта",
      description: "Растёт ли число побед, если мини-карта крупнее и прицел точкой?",
      status: "running",
      optionScope: "client",
      optionKey: "battle.hud",
      conditions: JSON.stringify(conditions),
      variants: JSON.stringify(variants),
      createdAt: started - 86_400_000,
      updatedAt: started,
      startedAt: started,
    })
    .returning();
  await applyShares(db, toExperiment(row), true, started);
  await db.insert(experiments).values({
    name: "Быстрая очередь",
    description: "Меньший разброс ожидания в подборе для новичков.",
    status: "draft",
    optionScope: "server",
    optionKey: "matchmaking",
    conditions: JSON.stringify({ ...conditions, levelMin: 1, levelMax: 10, percent: 30 }),
    variants: JSON.stringify([
      { name: "control", weight: 2, optionVariant: "default" },
      { name: "fast queue", weight: 1, optionVariant: "fastQueue" },
    ]),
    createdAt: at - 86_400_000,
    updatedAt: at - 86_400_000,
  });
};
