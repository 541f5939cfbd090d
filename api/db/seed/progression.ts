// Demo world: the progression catalogue (crews, decorations, module upgrades, bots, daily task
// templates, the quests option) and every player's starting crew (the free roles, as a new player
// gets them at registration); some have bought skill training. Runs before the battles step, whose battle ends
// then move the players' daily tasks, quests and crew XP through the real path.
import { and, eq } from "drizzle-orm";
import type { WorldStep } from "../demo.ts";
import {
  contentCrews,
  contentDecorations,
  contentModuleUpgrades,
  contentBots,
  contentDailyTasks,
} from "../schema/progression.ts";
import { options } from "../schema/system.ts";
import { players } from "../schema/players.ts";
import {
  crewSchema,
  decorationSchema,
  moduleUpgradeSchema,
  botSchema,
  dailyTaskSchema,
  questsShape,
  DEMO_CREWS,
  DEMO_DECORATIONS,
  DEMO_MODULE_UPGRADES,
  DEMO_BOTS,
  DEMO_DAILY_TASKS,
  DEMO_QUESTS,
} from "../../domain/progression-content.ts";
import { buyCrewUpgrade, hireStartingCrew } from "../../domain/progression.ts";
import { CREW_ROLES } from "../schema/progression.ts";

export const progressionStep: WorldStep = async ({ db, r, playerIds, opts }) => {
  const at = opts.now - opts.days * 86_400_000;
  const json = (keys: string[], o: Record<string, unknown>) => ({
    ...o,
    ...Object.fromEntries(keys.map((k) => [k, JSON.stringify(o[k])])),
  });
  await db.transaction(async (tx) => {
    for (const c of DEMO_CREWS)
      await tx
        .insert(contentCrews)
        .values({
          ...json(["groups", "gains", "upgrades", "speedups"], crewSchema.parse(c)),
          updatedAt: at,
        } as typeof contentCrews.$inferInsert)
        .onConflictDoNothing();
    for (const d of DEMO_DECORATIONS)
      await tx
        .insert(contentDecorations)
        .values({
          ...json(["groups"], decorationSchema.parse(d)),
          updatedAt: at,
        } as typeof contentDecorations.$inferInsert)
        .onConflictDoNothing();
    for (const u of DEMO_MODULE_UPGRADES)
      await tx
        .insert(contentModuleUpgrades)
        .values({ ...moduleUpgradeSchema.parse(u), updatedAt: at } as typeof contentModuleUpgrades.$inferInsert)
        .onConflictDoNothing();
    for (const b of DEMO_BOTS)
      await tx
        .insert(contentBots)
        .values({ ...botSchema.parse(b), updatedAt: at } as typeof contentBots.$inferInsert)
        .onConflictDoNothing();
    for (const t of DEMO_DAILY_TASKS)
      await tx
        .insert(contentDailyTasks)
        .values({ ...dailyTaskSchema.parse(t), updatedAt: at } as typeof contentDailyTasks.$inferInsert)
        .onConflictDoNothing();
    const [q] = await tx
      .select({ id: options.id })
      .from(options)
      .where(and(eq(options.scope, "server"), eq(options.key, "quests"), eq(options.variant, "default")))
      .limit(1);
    if (!q)
      await tx.insert(options).values({
        scope: "server",
        key: "quests",
        variant: "default",
        value: JSON.stringify(questsShape.parse(DEMO_QUESTS)),
        share: 0,
        version: 1,
        updatedAt: at,
      });
  });
  // Every player starts with the free roles at their registration (the path a new player takes:
  // the catalogue did not exist yet when the world's players registered); a few bought training
  // (silver) or sped it up (gold). Trained members hired from the school or academy come after the
  // battles (crewHiresStep, api/db/seed/economy.ts), and battles level the rest up.
  const wanted = new Set(playerIds);
  const rows = (
    await db
      .select({ id: players.id, createdAt: players.createdAt, silver: players.silver, gold: players.gold })
      .from(players)
  ).filter((p) => wanted.has(p.id));
  for (let i = 0; i < rows.length; i += 200) {
    await db.transaction(async (tx) => {
      for (const p of rows.slice(i, i + 200)) {
        await hireStartingCrew(tx, p.id, p.createdAt);
        if (r.next() < 0.2 && p.silver >= 10_000)
          await buyCrewUpgrade(tx, p.id, r.int(1, CREW_ROLES.length), "silver", p.createdAt + 3_600_000);
        else if (r.next() < 0.05 && p.gold >= 50)
          await buyCrewUpgrade(tx, p.id, r.int(1, CREW_ROLES.length), "gold", p.createdAt + 3_600_000);
      }
    });
  }
};
