// The result screen's report of a battle of a player's (GET /game/play/report/:battleId): what the
// end paid (and the premium's share), the level before and after, the day's tasks it completed, what
// the crew gained (all as settlePlayer wrote them in the battle's timeline), and the next goals —
// the next level's experience and the cheapest next module of the battle's tank.
import { and, desc, eq, inArray } from "drizzle-orm";
import type { DbOrTx } from "../db/index.ts";
import { battles, battlePlayers, battleEvents } from "../db/schema/battles.ts";
import { battleRooms } from "../db/schema/arena.ts";
import { players } from "../db/schema/players.ts";
import { contentCrews, contentDailyTasks } from "../db/schema/progression.ts";
import { AppError } from "./errors.ts";
import { BATTLE_RULES, resultDetails } from "./battles.ts";
import { modulesOf } from "./modules.ts";

export async function battleReport(db: DbOrTx, playerId: number, battleId: number, locale: "ru" | "en") {
  const [r] = await db
    .select({ status: battles.status, bp: battlePlayers })
    .from(battlePlayers)
    .innerJoin(battles, eq(battles.id, battlePlayers.battleId))
    .where(and(eq(battlePlayers.battleId, battleId), eq(battlePlayers.playerId, playerId)))
    .limit(1);
  if (!r) throw new AppError("not_found", "arena.notYourBattle");
  const [[me], [room], details, stopped] = await Promise.all([
    db
      .select({ level: players.level, experience: players.experience })
      .from(players)
      .where(eq(players.id, playerId))
      .limit(1),
    db.select({ outcome: battleRooms.outcome }).from(battleRooms).where(eq(battleRooms.battleId, battleId)).limit(1),
    resultDetails(db, battleId),
    db
      .select({ details: battleEvents.details })
      .from(battleEvents)
      .where(and(eq(battleEvents.battleId, battleId), eq(battleEvents.kind, "stop")))
      .limit(1),
  ]);
  const d = details.get(playerId) ?? {};
  const [taskNames, crewNames] = await Promise.all([
    d.tasks?.length
      ? db
          .select({ id: contentDailyTasks.id, ru: contentDailyTasks.nameRu, en: contentDailyTasks.nameEn })
          .from(contentDailyTasks)
          .where(
            inArray(
              contentDailyTasks.id,
              d.tasks.map((t) => t.taskId),
            ),
          )
      : [],
    d.crew?.length
      ? db
          .select({ id: contentCrews.id, ru: contentCrews.nameRu, en: contentCrews.nameEn })
          .from(contentCrews)
          .where(
            inArray(
              contentCrews.id,
              d.crew.map((c) => c.crewId),
            ),
          )
      : [],
  ]);
  const named = (rows: { id: number; ru: string; en: string }[], id: number, fallback: string) => {
    const row = rows.find((x) => x.id === id);
    return row ? (locale === "en" ? row.en : row.ru) : fallback;
  };
  const outcome = room?.outcome ? (JSON.parse(room.outcome) as { reason?: string }) : null;
  const reason = outcome?.reason ?? (stopped.length ? "stopped" : null);
  // The next goals: the next level, and the battle's tank's cheapest next module.
  const level = me?.level ?? 1;
  const nextLevel =
    level < BATTLE_RULES.maxLevel
      ? {
          level: level + 1,
          experienceLeft: Math.max(0, BATTLE_RULES.levelStep * level * level - (me?.experience ?? 0)),
        }
      : null;
  const mods = await modulesOf(db, playerId, r.bp.tankId);
  const candidates = mods.slots.flatMap((s) => (s.next ? [{ slot: s.slot, ...s.next }] : []));
  candidates.sort(
    (a, b) =>
      Math.max(0, a.battlesNeeded - mods.battles) - Math.max(0, b.battlesNeeded - mods.battles) ||
      a.priceSilver - b.priceSilver,
  );
  const m = candidates[0];
  return {
    battleId,
    status: r.status,
    result: r.bp.result,
    reason,
    experience: r.bp.experience,
    silver: r.bp.silverEarned,
    silverSpent: r.bp.silverSpent,
    kills: r.bp.kills,
    damage: r.bp.damage,
    ratingDelta: r.bp.ratingDelta,
    levelBefore: d.levelBefore ?? level,
    level: d.level ?? level,
    premiumExperience: d.premiumExperience ?? 0,
    premiumSilver: d.premiumSilver ?? 0,
    afk: d.afk === true,
    tasks: (d.tasks ?? []).map((t) => ({
      name: named(taskNames, t.taskId, t.kind),
      rewardCurrency: t.rewardCurrency,
      rewardAmount: t.rewardAmount,
    })),
    crew: (d.crew ?? []).map((c) => ({
      name: named(crewNames, c.crewId, c.role),
      xp: c.xp,
      levelFrom: c.levelFrom,
      levelTo: c.levelTo,
    })),
    next: {
      level: nextLevel,
      module: m
        ? {
            slot: m.slot,
            level: m.level,
            stat: m.stat,
            bonus: m.bonus,
            priceSilver: m.priceSilver,
            priceGold: m.priceGold,
            battlesLeft: Math.max(0, m.battlesNeeded - mods.battles),
          }
        : null,
    },
  };
}

/** The player's last battle that ended (the hangar shows its result once, on the player's return). */
export async function lastEndedBattle(db: DbOrTx, playerId: number) {
  const [b] = await db
    .select({ battleId: battles.id, endedAt: battles.endedAt })
    .from(battlePlayers)
    .innerJoin(battles, eq(battles.id, battlePlayers.battleId))
    .where(and(eq(battlePlayers.playerId, playerId), eq(battles.status, "finished")))
    .orderBy(desc(battles.endedAt))
    .limit(1);
  return b ? { battleId: b.battleId, endedAt: b.endedAt ?? 0 } : null;
}
