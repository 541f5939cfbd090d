// A player's progression as operators handle it (/admin/player/{id}/crews, /dailyTasks, /quests):
// crew members (hire or set level, XP and skill; dismiss), the day's tasks (set progress —
// reaching the target completes and pays once —, replace one with another template, draw the open
// ones again) and quest progress. The rules are domain/progression.ts, the ones a battle's end
// uses; each change writes its admin log row in its transaction and answers the tab again.
import { and, asc, eq } from "drizzle-orm";
import type { DbOrTx, Tx } from "../db/index.ts";
import {
  contentCrews,
  contentDailyTasks,
  playerCrewMembers,
  playerDailyTasks,
  playerQuests,
} from "../db/schema/progression.ts";
import { audit, valuesOf, type AuditDetails } from "./audit.ts";
import { type AdminActor, type Call, transact } from "./context.ts";
import { fieldError, notFound } from "./errors.ts";
import { playerOr404 } from "./players.ts";
import {
  dailyTasksOf,
  dismissCrewMember,
  hireCrewMember,
  questDefinitions,
  redrawTasks,
  replaceTask,
  setCrewMember,
  setQuestState,
  setTaskProgress,
  xpToNext,
} from "./progression.ts";

type Locale = "ru" | "en";
type ByPlayer = { playerId: number; locale: Locale };
const named = (locale: Locale, r: { nameRu: string; nameEn: string }) => (locale === "en" ? r.nameEn : r.nameRu);
const head = (p: { id: number; nickname: string; level: number; gold: number; silver: number }) => ({
  id: p.id,
  nickname: p.nickname,
  level: p.level,
  gold: p.gold,
  silver: p.silver,
});

async function crewsOf(db: DbOrTx, playerId: number, locale: Locale) {
  const p = await playerOr404(db, playerId);
  const roles = await db.select().from(contentCrews).orderBy(asc(contentCrews.sortOrder), asc(contentCrews.id));
  const members = new Map(
    (await db.select().from(playerCrewMembers).where(eq(playerCrewMembers.playerId, p.id))).map((m) => [m.crewId, m]),
  );
  return {
    player: head(p),
    rows: roles.flatMap((r) => {
      const m = members.get(r.id);
      return m
        ? [
            {
              crewId: r.id,
              role: r.role,
              name: named(locale, r),
              level: m.level,
              levelCap: r.levelCap,
              xp: m.xp,
              xpToNext: m.level >= r.levelCap ? 0 : xpToNext(r, m.level),
              skillLevel: m.skillLevel,
              hiredAt: m.hiredAt,
            },
          ]
        : [];
    }),
    roles: roles.map((r) => ({
      id: r.id,
      role: r.role,
      name: named(locale, r),
      levelCap: r.levelCap,
      hired: members.has(r.id),
    })),
  };
}

async function tasksOf(db: DbOrTx, playerId: number, at: number, locale: Locale) {
  const p = await playerOr404(db, playerId);
  const tasks = await dailyTasksOf(db, p.id, at);
  const templates = await db.select().from(contentDailyTasks).orderBy(asc(contentDailyTasks.id));
  const byId = new Map(templates.map((t) => [t.id, t]));
  return {
    player: head(p),
    rows: tasks.map((t) => {
      const tpl = byId.get(t.taskId);
      return {
        id: t.id,
        day: t.day,
        taskId: t.taskId,
        name: tpl ? named(locale, tpl) : null,
        kind: t.kind,
        tankType: t.tankType,
        progress: t.progress,
        target: t.target,
        rewardCurrency: t.rewardCurrency,
        rewardAmount: t.rewardAmount,
        completedAt: t.completedAt,
      };
    }),
    templates: templates
      .filter((t) => t.active)
      .map((t) => ({ id: t.id, name: named(locale, t), kind: t.kind, minLevel: t.minLevel, maxLevel: t.maxLevel })),
  };
}

async function questsOf(db: DbOrTx, playerId: number, locale: Locale) {
  const p = await playerOr404(db, playerId);
  const defs = await questDefinitions(db);
  const states = new Map(
    (await db.select().from(playerQuests).where(eq(playerQuests.playerId, p.id))).map((s) => [s.questKey, s]),
  );
  return {
    player: head(p),
    rows: defs.map((q) => {
      const s = states.get(q.key);
      const step = s?.step ?? 0;
      return {
        key: q.key,
        name: named(locale, q),
        steps: q.steps.length,
        step,
        progress: s?.progress ?? 0,
        target: step < q.steps.length ? q.steps[step].target : 0,
        stepKind: step < q.steps.length ? q.steps[step].kind : null,
        reward: q.reward,
        completedAt: s?.completedAt ?? null,
        minLevel: q.minLevel,
      };
    }),
  };
}

/** The player's crew members and the roles to hire. */
export const playerCrews = ({ ctx, input }: Call<ByPlayer>) => crewsOf(ctx.db, input.playerId, input.locale);

/** Hires a crew member, or sets a hired one's level (within the role's cap), XP (below the next level) and skill. */
export async function saveCrewMember({
  ctx,
  input: s,
}: Call<ByPlayer & { crewId: number; level?: number; xp: number; skillLevel: number }, AdminActor>) {
  await transact(ctx, async (ctx) => {
    const tx = ctx.db;
    const p = await playerOr404(tx, s.playerId);
    const [role] = await tx.select().from(contentCrews).where(eq(contentCrews.id, s.crewId)).limit(1);
    if (!role) throw fieldError({ crewId: { id: "validation.pattern" } });
    const level = s.level ?? 1;
    if (level > role.levelCap) throw fieldError({ level: { id: "validation.max", values: [role.levelCap] } });
    const [before] = await tx
      .select()
      .from(playerCrewMembers)
      .where(and(eq(playerCrewMembers.playerId, p.id), eq(playerCrewMembers.crewId, s.crewId)))
      .limit(1);
    const at = ctx.clock.now();
    const xp = level >= role.levelCap ? 0 : Math.min(s.xp, xpToNext(role, level) - 1);
    const member = { playerId: p.id, crewId: s.crewId, level, xp, skillLevel: s.skillLevel, at };
    if (before) await setCrewMember(tx, member, before);
    else await hireCrewMember(tx, { ...member, source: "admin" });
    await audit(ctx, {
      action: "player.crews.save",
      targetType: "player",
      targetId: p.id,
      summary: before
        ? `${role.role}: level ${before.level} → ${level}, xp ${before.xp} → ${xp}, skill ${before.skillLevel} → ${s.skillLevel}`
        : `hired ${role.role} at level ${level}`,
      details: before
        ? {
            scope: role.role,
            changes: [
              { field: "level", before: before.level, after: level },
              { field: "xp", before: before.xp, after: xp },
              { field: "skillLevel", before: before.skillLevel, after: s.skillLevel },
            ],
          }
        : { scope: role.role, changes: [{ field: "level", after: level }] },
    });
  });
  return crewsOf(ctx.db, s.playerId, s.locale);
}

/** Dismisses a crew member (404 when the player has none of that role). */
export async function dismissPlayerCrew({ ctx, input: s }: Call<ByPlayer & { crewId: number }, AdminActor>) {
  await transact(ctx, async (ctx) => {
    const p = await playerOr404(ctx.db, s.playerId);
    const gone = await dismissCrewMember(ctx.db, p.id, s.crewId, "admin", ctx.clock.now());
    if (!gone) throw notFound();
    await audit(ctx, {
      action: "player.crews.remove",
      targetType: "player",
      targetId: p.id,
      summary: `dismissed crew ${s.crewId} (level ${gone.level}, skill ${gone.skillLevel})`,
      details: {
        changes: [
          { field: "crewId", before: s.crewId, after: null },
          { field: "level", before: gone.level, after: null },
        ],
      },
    });
  });
  return crewsOf(ctx.db, s.playerId, s.locale);
}

/** The player's tasks of the day; looking draws the day when it has not been drawn yet (as their first battle would). */
export const playerDailyTaskList = ({ ctx, input }: Call<ByPlayer>) =>
  transact(ctx, (ctx) => tasksOf(ctx.db, input.playerId, ctx.clock.now(), input.locale));

export type TaskChange =
  | { action: "edit"; id: number; progress: number }
  | { action: "replaceWith"; id: number; taskId: number }
  | { action: "updateTasks" };

async function openTask(tx: Tx, playerId: number, id: number, field: "progress" | "id") {
  const [t] = await tx
    .select()
    .from(playerDailyTasks)
    .where(and(eq(playerDailyTasks.id, id), eq(playerDailyTasks.playerId, playerId)))
    .limit(1);
  if (!t) throw notFound();
  if (t.completedAt !== null) throw fieldError({ [field]: { id: "content.taskCompleted" } });
  return t;
}

async function applyTaskChange(
  tx: Tx,
  playerId: number,
  c: TaskChange,
  at: number,
): Promise<{ summary: string; details: AuditDetails }> {
  if (c.action === "edit") {
    const t = await openTask(tx, playerId, c.id, "progress");
    const r = await setTaskProgress(tx, t, c.progress, at);
    const after = `${Math.min(c.progress, t.target)}/${t.target}`;
    return {
      summary: `task #${t.id} (${t.kind}) progress ${t.progress} → ${after}${r.paid ? `, completed, paid ${t.rewardAmount} ${t.rewardCurrency}` : ""}`,
      details: {
        scope: t.kind,
        changes: [
          { field: "progress", before: `${t.progress}/${t.target}`, after },
          ...(r.paid
            ? [
                { field: "completed", after: true },
                { field: "reward", after: { amount: t.rewardAmount, currency: t.rewardCurrency } },
              ]
            : []),
        ],
      },
    };
  }
  if (c.action === "replaceWith") {
    const t = await openTask(tx, playerId, c.id, "id");
    const [tpl] = await tx.select().from(contentDailyTasks).where(eq(contentDailyTasks.id, c.taskId)).limit(1);
    if (!tpl) throw fieldError({ taskId: { id: "validation.pattern" } });
    const [dup] = await tx
      .select()
      .from(playerDailyTasks)
      .where(
        and(
          eq(playerDailyTasks.playerId, playerId),
          eq(playerDailyTasks.day, t.day),
          eq(playerDailyTasks.taskId, c.taskId),
        ),
      )
      .limit(1);
    if (dup) throw fieldError({ taskId: { id: "validation.unique" } });
    await replaceTask(tx, playerId, t.id, c.taskId, at);
    return {
      summary: `task #${t.id}: template ${t.taskId} → ${c.taskId}`,
      details: {
        changes: [
          { field: "task", before: t.kind, after: tpl.kind },
          { field: "taskId", before: t.taskId, after: c.taskId },
        ],
      },
    };
  }
  const rows = await redrawTasks(tx, playerId, at);
  return {
    summary: `open tasks drawn again: ${rows.map((r) => r.taskId).join(", ")}`,
    details: valuesOf({ taskIds: rows.map((r) => r.taskId).join(", ") }),
  };
}

/** One change to the player's tasks of the day, audited; answers the day's tasks. */
export function changeDailyTasks({ ctx, input }: Call<ByPlayer & { change: TaskChange }, AdminActor>) {
  return transact(ctx, async (ctx) => {
    const p = await playerOr404(ctx.db, input.playerId);
    const { summary, details } = await applyTaskChange(ctx.db, p.id, input.change, ctx.clock.now());
    await audit(ctx, {
      action: `player.dailyTasks.${input.change.action}`,
      targetType: "player",
      targetId: p.id,
      summary,
      details,
    });
    return tasksOf(ctx.db, p.id, ctx.clock.now(), input.locale);
  });
}

/** The quests with the player's step and progress in each. */
export const playerQuestList = ({ ctx, input }: Call<ByPlayer>) => questsOf(ctx.db, input.playerId, input.locale);

/** Sets a quest's step and progress; finishing the last step pays its reward once. */
export async function savePlayerQuest({
  ctx,
  input: s,
}: Call<ByPlayer & { key: string; step: number; progress: number }, AdminActor>) {
  await transact(ctx, async (ctx) => {
    const p = await playerOr404(ctx.db, s.playerId);
    const q = (await questDefinitions(ctx.db)).find((x) => x.key === s.key);
    if (!q) throw fieldError({ key: { id: "validation.pattern" } });
    if (s.step > q.steps.length) throw fieldError({ step: { id: "validation.max", values: [q.steps.length] } });
    const r = await setQuestState(ctx.db, p.id, q, s.step, s.progress, ctx.clock.now());
    await audit(ctx, {
      action: "player.quests.save",
      targetType: "player",
      targetId: p.id,
      summary: `quest ${q.key}: step ${s.step}/${q.steps.length}, progress ${s.progress}${r.completed ? ", completed" : ""}`,
      details: {
        scope: q.key,
        changes: [
          { field: "step", after: `${s.step}/${q.steps.length}` },
          { field: "progress", after: s.progress },
          { field: "completed", after: r.completed },
        ],
      },
    });
  });
  return questsOf(ctx.db, s.playerId, s.locale);
}
