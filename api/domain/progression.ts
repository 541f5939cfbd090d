// Progression rules (docs/decisions/progression.md): bot profiles as battles read them, each
// player's daily tasks (drawn by weight for their level, one set per UTC day), quests, and crew XP.
// A battle's end moves all of it through progressAfterBattle, called by endBattleIn in the battle's
// own transaction — the one path /game/api/battles/end and the real-time battle share. A task or
// quest pays its reward through the ledger once: its completion is claimed by a conditional
// UPDATE (completed_at is null) and the ledger entry carries an idempotency key of its own.
import { and, asc, eq, inArray, isNull, sql } from "drizzle-orm";
import { z } from "zod";
import type { Db, DbOrTx, Tx } from "../db/index.ts";
import {
  contentBots,
  contentCrews,
  contentDailyTasks,
  playerCrewMembers,
  playerDailyTasks,
  playerQuests,
} from "../db/schema/progression.ts";
import { contentTanks } from "../db/schema/content.ts";
import { players } from "../db/schema/players.ts";
import { options } from "../db/schema/system.ts";
import type { BattleResult } from "../db/schema/battles.ts";
import { applyLedger, type Currency } from "./ledger.ts";
import { emit, emitMany } from "./outbox.ts";
import { ledgerEntries } from "../db/schema/ledger.ts";
import { AppError, fieldError } from "./errors.ts";
import "./crew-messages.ts";
import { cachedContent } from "./content-cache.ts";
import { crewGainsSchema, crewGroupSchema, questsShape, type BotProfile, type Quest } from "./progression-content.ts";
import { newEventId, toCHDateTime } from "../../warehouse/events.ts";
import { nextRandom } from "../game/sim/rng.ts";
import { playerItems } from "../db/schema/inventory.ts";
import { fitTask } from "./economy-rules.ts";

export const PROGRESSION_RULES = {
  /** Tasks every player gets each UTC day. */
  dailyTasksPerDay: 3,
} as const;

// ——— Bots ———

/** Every active bot profile (cached per instance; /admin/bots/ saves and invalidateCache reload it). */
export function allBotProfiles(db: Db, now?: number): Promise<BotProfile[]> {
  return cachedContent(
    db,
    "bots",
    async (d) =>
      (await d
        .select()
        .from(contentBots)
        .where(eq(contentBots.active, true))
        .orderBy(asc(contentBots.id))) as BotProfile[],
    now,
  );
}

/**
 * The bot profiles that may fill a battle of this tank tier, for the battle to pick from by weight
 * (pickBotProfile). Fields: name, aimError (tenths of a degree), reactionMs, aggression 0–100, weight.
 */
export async function botProfiles(db: Db, tier: number, now?: number): Promise<BotProfile[]> {
  return (await allBotProfiles(db, now)).filter((b) => b.minTier <= tier && tier <= b.maxTier && b.weight > 0);
}

/** One profile drawn by weight with a number in [0, 1) (the battle's seeded random). */
export function pickBotProfile(profiles: BotProfile[], random: number): BotProfile | undefined {
  const total = profiles.reduce((s, p) => s + p.weight, 0);
  let r = random * total;
  for (const p of profiles) if ((r -= p.weight) < 0) return p;
  return profiles[profiles.length - 1];
}

// ——— Shared helpers ———

export const dayOf = (at: number) => new Date(at).toISOString().slice(0, 10);

/** FNV-1a of a text: the seed of a player's draw of the day (the same draw every time it is made). */
function seedOf(text: string): number {
  let h = 0x811c9dc5;
  for (let i = 0; i < text.length; i++) h = Math.imul(h ^ text.charCodeAt(i), 0x01000193);
  return h >>> 0;
}
/** The seeded generator of the simulation (mulberry32), as a function. */
function random(seed: number) {
  const state = { rng: seed };
  return () => nextRandom(state);
}

type ProgressEvent =
  | "task_completed"
  | "crew_hired"
  | "crew_level_up"
  | "crew_level_set"
  | "upgrade_bought"
  | "quest_completed";
async function progressEvent(
  tx: DbOrTx,
  kind: ProgressEvent,
  playerId: number,
  itemId: string | number,
  value: number,
  at: number,
) {
  const [p] = await tx.select({ level: players.level }).from(players).where(eq(players.id, playerId)).limit(1);
  await emit(tx, "progression", {
    event_id: newEventId(),
    ts: toCHDateTime(at),
    player_id: playerId,
    kind,
    item_id: String(itemId),
    value,
    player_level: p?.level ?? 1,
  });
}

/** What one battle adds to a task of this kind. */
export interface BattleFacts {
  result: BattleResult;
  kills: number;
  damage: number;
  silver: number;
  tankType: string | null;
}
export function stepOf(kind: string, tankType: string | null | undefined, b: BattleFacts): number {
  switch (kind) {
    case "win_battles":
      return b.result === "win" ? 1 : 0;
    case "play_battles":
      return 1;
    case "deal_damage":
      return b.damage;
    case "destroy_tanks":
      return b.kills;
    case "earn_silver":
      return b.silver;
    case "play_class":
      return tankType && b.tankType === tankType ? 1 : 0;
    default:
      return 0;
  }
}

// ——— Daily tasks ———

export type PlayerTask = typeof playerDailyTasks.$inferSelect;

/** Draws `n` templates by weight without repeats among those fitting the level, the same way for the same seed. */
export function drawTasks<T extends { id: number; weight: number }>(templates: T[], n: number, seed: number): T[] {
  const next = random(seed);
  const pool = templates.filter((t) => t.weight > 0);
  const out: T[] = [];
  while (out.length < n && pool.length) {
    const total = pool.reduce((s, t) => s + t.weight, 0);
    let r = next() * total;
    let i = pool.findIndex((t) => (r -= t.weight) < 0);
    if (i < 0) i = pool.length - 1;
    out.push(pool.splice(i, 1)[0]);
  }
  return out;
}

/**
 * The templates a player may draw today: of their level, and fitted to the highest tier they have
 * (economy-rules.ts fitTask: doable in a few typical battles there, a silver reward of at most a few
 * battles' pay). When none fits, the level's templates as they are.
 */
async function eligibleTemplates(tx: DbOrTx, playerId: number, level: number) {
  const [all, tier] = await Promise.all([
    tx.select().from(contentDailyTasks).where(eq(contentDailyTasks.active, true)).orderBy(asc(contentDailyTasks.id)),
    topTier(tx, playerId),
  ]);
  const mine = all.filter((t) => t.minLevel <= level && level <= t.maxLevel);
  const fitted = mine.flatMap((t) => {
    const f = fitTask(t, tier);
    return f ? [f] : [];
  });
  return fitted.length ? fitted : mine;
}

/** The highest tier among the player's tanks (the free tier-I ones at least). */
async function topTier(tx: DbOrTx, playerId: number): Promise<number> {
  const [r] = await tx
    .select({ tier: sql<number | null>`max(${contentTanks.tier})` })
    .from(playerItems)
    .innerJoin(contentTanks, eq(contentTanks.id, playerItems.itemId))
    .where(and(eq(playerItems.playerId, playerId), eq(playerItems.itemType, "tank")));
  return Math.max(1, r?.tier ?? 1);
}

const copyTerms = (playerId: number, day: string, t: typeof contentDailyTasks.$inferSelect) => ({
  playerId,
  day,
  taskId: t.id,
  kind: t.kind,
  target: t.target,
  tankType: t.tankType,
  progress: 0,
  rewardCurrency: t.rewardCurrency,
  rewardAmount: t.rewardAmount,
});

/** The player's tasks of the day, drawn now if the day has none yet. */
export async function dailyTasksOf(tx: DbOrTx, playerId: number, at: number): Promise<PlayerTask[]> {
  const day = dayOf(at);
  const have = await tx
    .select()
    .from(playerDailyTasks)
    .where(and(eq(playerDailyTasks.playerId, playerId), eq(playerDailyTasks.day, day)))
    .orderBy(asc(playerDailyTasks.id));
  if (have.length) return have;
  const [p] = await tx.select({ level: players.level }).from(players).where(eq(players.id, playerId)).limit(1);
  if (!p) return [];
  const drawn = drawTasks(
    await eligibleTemplates(tx, playerId, p.level),
    PROGRESSION_RULES.dailyTasksPerDay,
    seedOf(`${playerId}:${day}`),
  );
  if (!drawn.length) return [];
  await tx
    .insert(playerDailyTasks)
    .values(drawn.map((t) => copyTerms(playerId, day, t)))
    .onConflictDoNothing();
  return tx
    .select()
    .from(playerDailyTasks)
    .where(and(eq(playerDailyTasks.playerId, playerId), eq(playerDailyTasks.day, day)))
    .orderBy(asc(playerDailyTasks.id));
}

/**
 * Sets a task's progress (capped at its target); reaching the target completes it and pays its
 * reward through the ledger — once: the completion is claimed by the UPDATE's `completed_at is null`.
 */
export async function setTaskProgress(
  tx: Tx,
  task: PlayerTask,
  progress: number,
  at: number,
): Promise<{ completed: boolean; paid: boolean }> {
  const value = Math.max(0, Math.min(task.target, progress));
  if (task.completedAt !== null) return { completed: true, paid: false };
  await tx
    .update(playerDailyTasks)
    .set({ progress: value })
    .where(and(eq(playerDailyTasks.id, task.id), isNull(playerDailyTasks.completedAt)));
  if (value < task.target) return { completed: false, paid: false };
  const [claimed] = await tx
    .update(playerDailyTasks)
    .set({ completedAt: at })
    .where(and(eq(playerDailyTasks.id, task.id), isNull(playerDailyTasks.completedAt)))
    .returning({ id: playerDailyTasks.id });
  if (!claimed) return { completed: true, paid: false };
  const paid = await applyLedger(tx, {
    playerId: task.playerId,
    currency: task.rewardCurrency as Currency,
    delta: task.rewardAmount,
    reason: "daily_task.reward",
    ref: `daily_task:${task.id}`,
    idempotencyKey: `daily_task:${task.id}`,
    at,
  });
  await progressEvent(tx, "task_completed", task.playerId, task.taskId, task.rewardAmount, at);
  return { completed: true, paid: !paid.replayed };
}

/** Replaces one of the player's open tasks of the day with another template (an operator's act). */
export async function replaceTask(
  tx: Tx,
  playerId: number,
  taskRowId: number,
  templateId: number,
  at: number,
): Promise<PlayerTask> {
  const [row] = await tx
    .select()
    .from(playerDailyTasks)
    .where(and(eq(playerDailyTasks.id, taskRowId), eq(playerDailyTasks.playerId, playerId)))
    .limit(1);
  if (!row) throw new Error("not_found");
  const [t] = await tx.select().from(contentDailyTasks).where(eq(contentDailyTasks.id, templateId)).limit(1);
  if (!t) throw new Error("template");
  const [updated] = await tx
    .update(playerDailyTasks)
    .set({ ...copyTerms(playerId, row.day, t), completedAt: null })
    .where(eq(playerDailyTasks.id, row.id))
    .returning();
  void at;
  return updated;
}

/** Draws the day's tasks again: the open ones go, the completed ones stay, the day is filled up again. */
export async function redrawTasks(tx: Tx, playerId: number, at: number): Promise<PlayerTask[]> {
  const day = dayOf(at);
  await tx
    .delete(playerDailyTasks)
    .where(
      and(eq(playerDailyTasks.playerId, playerId), eq(playerDailyTasks.day, day), isNull(playerDailyTasks.completedAt)),
    );
  const kept = await tx
    .select()
    .from(playerDailyTasks)
    .where(and(eq(playerDailyTasks.playerId, playerId), eq(playerDailyTasks.day, day)));
  const [p] = await tx.select({ level: players.level }).from(players).where(eq(players.id, playerId)).limit(1);
  const templates = (await eligibleTemplates(tx, playerId, p?.level ?? 1)).filter(
    (t) => !kept.some((k) => k.taskId === t.id),
  );
  const drawn = drawTasks(
    templates,
    PROGRESSION_RULES.dailyTasksPerDay - kept.length,
    seedOf(`${playerId}:${day}:${at}`),
  );
  if (drawn.length)
    await tx
      .insert(playerDailyTasks)
      .values(drawn.map((t) => copyTerms(playerId, day, t)))
      .onConflictDoNothing();
  return tx
    .select()
    .from(playerDailyTasks)
    .where(and(eq(playerDailyTasks.playerId, playerId), eq(playerDailyTasks.day, day)))
    .orderBy(asc(playerDailyTasks.id));
}

// ——— Quests (definitions: the `quests` server option, default variant) ———

export async function questDefinitions(db: DbOrTx): Promise<Quest[]> {
  const [row] = await db
    .select({ value: options.value })
    .from(options)
    .where(and(eq(options.scope, "server"), eq(options.key, "quests"), eq(options.variant, "default")))
    .limit(1);
  if (!row) return [];
  const r = questsShape.safeParse(JSON.parse(row.value));
  return r.success ? r.data : [];
}

/** Sets a quest's state; finishing its last step pays its reward once. */
export async function setQuestState(
  tx: Tx,
  playerId: number,
  quest: Quest,
  step: number,
  progress: number,
  at: number,
): Promise<{ completed: boolean }> {
  const done = step >= quest.steps.length;
  const s = Math.min(step, quest.steps.length);
  const p = done ? 0 : Math.max(0, Math.min(progress, quest.steps[s].target));
  const [before] = await tx
    .select()
    .from(playerQuests)
    .where(and(eq(playerQuests.playerId, playerId), eq(playerQuests.questKey, quest.key)))
    .limit(1);
  if (before?.completedAt != null) return { completed: true };
  if (before)
    await tx
      .update(playerQuests)
      .set({ step: s, progress: p, updatedAt: at })
      .where(and(eq(playerQuests.playerId, playerId), eq(playerQuests.questKey, quest.key)));
  else await tx.insert(playerQuests).values({ playerId, questKey: quest.key, step: s, progress: p, updatedAt: at });
  if (!done) return { completed: false };
  const [claimed] = await tx
    .update(playerQuests)
    .set({ completedAt: at })
    .where(
      and(eq(playerQuests.playerId, playerId), eq(playerQuests.questKey, quest.key), isNull(playerQuests.completedAt)),
    )
    .returning({ k: playerQuests.questKey });
  if (claimed) {
    await applyLedger(tx, {
      playerId,
      currency: quest.reward.currency,
      delta: quest.reward.amount,
      reason: "quest.reward",
      ref: `quest:${quest.key}`,
      idempotencyKey: `quest:${playerId}:${quest.key}`,
      at,
    });
    await progressEvent(tx, "quest_completed", playerId, quest.key, quest.reward.amount, at);
  }
  return { completed: true };
}

// ——— Crews ———

/** XP a member of a role needs to go from `level` to the next. */
export const xpToNext = (crew: { xpBase: number; xpGrowth: number }, level: number) =>
  Math.round(crew.xpBase * (crew.xpGrowth / 100) ** (level - 1));

/** Adds XP to a member, raising levels up to the role's cap (XP beyond the cap is not kept). */
export function addXp(
  crew: { xpBase: number; xpGrowth: number; levelCap: number },
  level: number,
  xp: number,
  gain: number,
): { level: number; xp: number } {
  let l = level;
  let x = xp + gain;
  while (l < crew.levelCap && x >= xpToNext(crew, l)) x -= xpToNext(crew, l++);
  return l >= crew.levelCap ? { level: crew.levelCap, xp: 0 } : { level: l, xp: x };
}

async function gainCrewXp(tx: Tx, playerId: number, result: BattleResult, at: number) {
  const gained: BattleProgressed["crew"] = [];
  const members = await tx
    .select({ m: playerCrewMembers, c: contentCrews })
    .from(playerCrewMembers)
    .innerJoin(contentCrews, eq(contentCrews.id, playerCrewMembers.crewId))
    .where(eq(playerCrewMembers.playerId, playerId));
  for (const { m, c } of members) {
    const gains = crewGainsSchema.safeParse(JSON.parse(c.gains));
    const gain = gains.success ? gains.data[result] : 0;
    if (gain <= 0 || m.level >= c.levelCap) continue;
    const next = addXp(c, m.level, m.xp, gain);
    await tx
      .update(playerCrewMembers)
      .set({ level: next.level, xp: next.xp, updatedAt: at })
      .where(and(eq(playerCrewMembers.playerId, playerId), eq(playerCrewMembers.crewId, c.id)));
    for (let l = m.level + 1; l <= next.level; l++) await progressEvent(tx, "crew_level_up", playerId, c.id, l, at);
    gained.push({ crewId: c.id, role: c.role, xp: gain, levelFrom: m.level, levelTo: next.level });
  }
  return gained;
}

/** Trains a member's skill one level: silver at the upgrade price, or gold at the speed-up price. */
export async function buyCrewUpgrade(
  tx: Tx,
  playerId: number,
  crewId: number,
  pay: "silver" | "gold",
  at: number,
): Promise<{ skillLevel: number }> {
  return trainCrewSkill(tx, { playerId, crewId, pay, at });
}

/**
 * A player trains a crew member's skill one level (POST /game/play/crew/train), paid through the
 * ledger once: `level`, when given, is the level being bought — a request for a level already
 * reached is a replay and answers the member as it is, without paying again; the request id is the
 * ledger's idempotency key besides. The member's row moves only from the level the price was read
 * at (compare and set), so two requests at once cannot both train and pay.
 */
export async function trainCrewSkill(
  tx: Tx,
  r: { playerId: number; crewId: number; pay: "silver" | "gold"; level?: number; requestId?: string; at: number },
): Promise<{ crewId: number; skillLevel: number; paid: number; replayed: boolean }> {
  const [row] = await tx
    .select({ m: playerCrewMembers, c: contentCrews })
    .from(playerCrewMembers)
    .innerJoin(contentCrews, eq(contentCrews.id, playerCrewMembers.crewId))
    .where(and(eq(playerCrewMembers.playerId, r.playerId), eq(playerCrewMembers.crewId, r.crewId)))
    .limit(1);
  if (!row) throw fieldError({ crewId: { id: "crew.notHired" } });
  const current = row.m.skillLevel;
  const key = r.requestId ? `crew.train:${r.requestId}` : undefined;
  if (key) {
    const [seen] = await tx
      .select({ id: ledgerEntries.id })
      .from(ledgerEntries)
      .where(and(eq(ledgerEntries.playerId, r.playerId), eq(ledgerEntries.idempotencyKey, key)))
      .limit(1);
    if (seen) return { crewId: r.crewId, skillLevel: current, paid: 0, replayed: true };
  }
  if (r.level !== undefined && r.level <= current)
    return { crewId: r.crewId, skillLevel: current, paid: 0, replayed: true };
  const level = current + 1;
  if (r.level !== undefined && r.level !== level)
    throw fieldError({ level: { id: "crew.nextLevel", values: [level] } });
  const prices = z
    .array(z.object({ level: z.number(), priceSilver: z.number().optional(), priceGold: z.number().optional() }))
    .catch([])
    .parse(JSON.parse(r.pay === "silver" ? row.c.upgrades : row.c.speedups));
  const price = prices.find((u) => u.level === level);
  if (!price) {
    // Nothing further on either list: fully trained; only on the other: not sold for this currency.
    const other = z
      .array(z.object({ level: z.number() }))
      .catch([])
      .parse(JSON.parse(r.pay === "silver" ? row.c.speedups : row.c.upgrades));
    throw fieldError(
      other.some((u) => u.level === level) ? { pay: { id: "crew.notSold" } } : { crewId: { id: "crew.fullyTrained" } },
    );
  }
  const amount = (r.pay === "silver" ? price.priceSilver : price.priceGold) ?? 0;
  const moved = await tx
    .update(playerCrewMembers)
    .set({ skillLevel: level, updatedAt: r.at })
    .where(
      and(
        eq(playerCrewMembers.playerId, r.playerId),
        eq(playerCrewMembers.crewId, r.crewId),
        eq(playerCrewMembers.skillLevel, current),
      ),
    )
    .returning({ skillLevel: playerCrewMembers.skillLevel });
  if (!moved.length) throw new AppError("conflict", "error.conflict", [], 409);
  if (amount > 0)
    await applyLedger(tx, {
      playerId: r.playerId,
      currency: r.pay,
      delta: -amount,
      reason: "crew.upgrade",
      ref: `crew:${r.crewId}:${level}`,
      idempotencyKey: key,
      at: r.at,
    });
  await progressEvent(tx, "upgrade_bought", r.playerId, `crew:${r.crewId}`, level, r.at);
  return { crewId: r.crewId, skillLevel: level, paid: amount, replayed: false };
}

// ——— The battle's end ———

export interface BattleProgress extends BattleFacts {
  playerId: number;
  tankId: number;
}

/**
 * What a player's battle result moves besides stats and rewards: the day's tasks, the quests and the
 * crew's XP. Called once per player by endBattleIn, inside the battle's transaction (a replayed end
 * never reaches it: the battle is claimed first).
 */
/** What a battle moved: the day's tasks it completed and what each crew member gained. */
export interface BattleProgressed {
  tasks: { taskId: number; kind: string; rewardCurrency: string; rewardAmount: number }[];
  crew: { crewId: number; role: string; xp: number; levelFrom: number; levelTo: number }[];
}

export async function progressAfterBattle(
  tx: Tx,
  b: Omit<BattleProgress, "tankType">,
  at: number,
): Promise<BattleProgressed> {
  const done: BattleProgressed["tasks"] = [];
  const [tank] = await tx
    .select({ type: contentTanks.type })
    .from(contentTanks)
    .where(eq(contentTanks.id, b.tankId))
    .limit(1);
  const facts: BattleFacts = { ...b, tankType: tank?.type ?? null };
  for (const task of await dailyTasksOf(tx, b.playerId, at)) {
    if (task.completedAt !== null) continue;
    const step = stepOf(task.kind, task.tankType, facts);
    if (step <= 0) continue;
    const moved = await setTaskProgress(tx, task, task.progress + step, at);
    if (moved.completed)
      done.push({
        taskId: task.taskId,
        kind: task.kind,
        rewardCurrency: task.rewardCurrency,
        rewardAmount: task.rewardAmount,
      });
  }
  const quests = await questDefinitions(tx);
  if (quests.length) {
    const [p] = await tx.select({ level: players.level }).from(players).where(eq(players.id, b.playerId)).limit(1);
    const states = new Map(
      (
        await tx
          .select()
          .from(playerQuests)
          .where(
            and(
              eq(playerQuests.playerId, b.playerId),
              inArray(
                playerQuests.questKey,
                quests.map((q) => q.key),
              ),
            ),
          )
      ).map((s) => [s.questKey, s]),
    );
    for (const q of quests) {
      const s = states.get(q.key);
      if (s?.completedAt != null || (p?.level ?? 1) < q.minLevel) continue;
      let step = s?.step ?? 0;
      let progress = (s?.progress ?? 0) + stepOf(q.steps[step].kind, q.steps[step].tankType, facts);
      if (progress === (s?.progress ?? 0) && s) continue;
      if (progress >= q.steps[step].target) {
        step++;
        progress = 0;
      }
      await setQuestState(tx, b.playerId, q, step, progress, at);
    }
  }
  const crew = await gainCrewXp(tx, b.playerId, b.result, at);
  return { tasks: done, crew };
}

/**
 * Hires a member of a crew role for a player at a level: the row and, in the same transaction, its
 * events — `items` +1 (item_type "crew", item_id the role's id: the crews metric's owners) and
 * `crew_hired` (value: the level it starts at). False (nothing written) when the player has one.
 */
export async function hireCrewMember(
  tx: DbOrTx,
  m: { playerId: number; crewId: number; level: number; xp?: number; skillLevel?: number; at: number; source: string },
): Promise<boolean> {
  const [hired] = await tx
    .insert(playerCrewMembers)
    .values({
      playerId: m.playerId,
      crewId: m.crewId,
      level: m.level,
      xp: m.xp ?? 0,
      skillLevel: m.skillLevel ?? 0,
      hiredAt: m.at,
      updatedAt: m.at,
    })
    .onConflictDoNothing()
    .returning({ crewId: playerCrewMembers.crewId });
  if (!hired) return false;
  await crewItemEvent(tx, m.playerId, m.crewId, 1, m.source, m.at);
  await progressEvent(tx, "crew_hired", m.playerId, m.crewId, m.level, m.at);
  return true;
}

/** Dismisses a member (its row goes; `items` −1 for the crews metric). The removed row, or undefined. */
export async function dismissCrewMember(tx: DbOrTx, playerId: number, crewId: number, source: string, at: number) {
  const [gone] = await tx
    .delete(playerCrewMembers)
    .where(and(eq(playerCrewMembers.playerId, playerId), eq(playerCrewMembers.crewId, crewId)))
    .returning();
  if (gone) await crewItemEvent(tx, playerId, crewId, -1, source, at);
  return gone;
}

/** Sets a member's level, XP and skill (an operator's act); a changed level is a `crew_level_set` event. */
export async function setCrewMember(
  tx: DbOrTx,
  m: { playerId: number; crewId: number; level: number; xp: number; skillLevel: number; at: number },
  before: { level: number },
) {
  await tx
    .update(playerCrewMembers)
    .set({ level: m.level, xp: m.xp, skillLevel: m.skillLevel, updatedAt: m.at })
    .where(and(eq(playerCrewMembers.playerId, m.playerId), eq(playerCrewMembers.crewId, m.crewId)));
  if (m.level !== before.level) await progressEvent(tx, "crew_level_set", m.playerId, m.crewId, m.level, m.at);
}

function crewItemEvent(tx: DbOrTx, playerId: number, crewId: number, delta: 1 | -1, source: string, at: number) {
  return emit(tx, "items", {
    event_id: newEventId(),
    ts: toCHDateTime(at),
    player_id: playerId,
    item_type: "crew",
    item_id: String(crewId),
    delta,
    source,
  });
}

/**
 * Hires a role's member from one of its hire groups ("school", "academy"…): pays the group's price
 * through the ledger (refused with insufficient_funds, changing nothing), dismisses the member the
 * player had for that role (items −1) and hires one at the group's start level (items +1,
 * crew_hired). The player's act of hiring a trained member; the demo world uses it.
 */
export async function hireFromGroup(
  tx: Tx,
  playerId: number,
  crewId: number,
  group: string,
  at: number,
): Promise<{ level: number }> {
  const [role] = await tx
    .select()
    .from(contentCrews)
    .where(and(eq(contentCrews.id, crewId), eq(contentCrews.active, true)))
    .limit(1);
  const groups = role ? z.array(crewGroupSchema).safeParse(JSON.parse(role.groups)) : undefined;
  const g = groups?.success ? groups.data.find((x) => x.group === group) : undefined;
  if (!role || !g) throw new Error("no such crew group");
  for (const [currency, price] of [
    ["silver", g.priceSilver],
    ["gold", g.priceGold],
  ] as const)
    if (price > 0)
      await applyLedger(tx, {
        playerId,
        currency,
        delta: -price,
        reason: "crew.hire",
        ref: `crew:${crewId}:${group}`,
        at,
      });
  await dismissCrewMember(tx, playerId, crewId, group, at);
  const level = Math.min(role.levelCap, g.startLevel);
  await hireCrewMember(tx, { playerId, crewId, level, at, source: group });
  return { level };
}

/**
 * A new player's crew: every active role that can be hired for free (a hire group priced 0 silver
 * and 0 gold — the demo catalogue's "recruit"), at that group's start level. Called by
 * registerPlayer in the registration's transaction; a catalogue without free groups hires nobody.
 */
export async function hireStartingCrew(tx: DbOrTx, playerId: number, at: number): Promise<number> {
  const roles = await tx
    .select()
    .from(contentCrews)
    .where(eq(contentCrews.active, true))
    .orderBy(asc(contentCrews.sortOrder), asc(contentCrews.id));
  const starts = roles.flatMap((r) => {
    const groups = z.array(crewGroupSchema).safeParse(JSON.parse(r.groups));
    const free = (groups.success ? groups.data : []).filter((g) => g.priceSilver === 0 && g.priceGold === 0);
    return free.length
      ? [{ crewId: r.id, level: Math.min(r.levelCap, Math.min(...free.map((g) => g.startLevel))) }]
      : [];
  });
  if (!starts.length) return 0;
  // One insert and two batched emits: registration (and the demo world's thousands of them) stays cheap.
  const hired = await tx
    .insert(playerCrewMembers)
    .values(
      starts.map((m) => ({
        playerId,
        crewId: m.crewId,
        level: m.level,
        xp: 0,
        skillLevel: 0,
        hiredAt: at,
        updatedAt: at,
      })),
    )
    .onConflictDoNothing()
    .returning({ crewId: playerCrewMembers.crewId, level: playerCrewMembers.level });
  if (!hired.length) return 0;
  const [p] = await tx.select({ level: players.level }).from(players).where(eq(players.id, playerId)).limit(1);
  const ts = toCHDateTime(at);
  await emitMany(
    tx,
    "items",
    hired.map((m) => ({
      event_id: newEventId(),
      ts,
      player_id: playerId,
      item_type: "crew",
      item_id: String(m.crewId),
      delta: 1,
      source: "starter",
    })),
  );
  await emitMany(
    tx,
    "progression",
    hired.map((m) => ({
      event_id: newEventId(),
      ts,
      player_id: playerId,
      kind: "crew_hired",
      item_id: String(m.crewId),
      value: m.level,
      player_level: p?.level ?? 1,
    })),
  );
  return hired.length;
}
