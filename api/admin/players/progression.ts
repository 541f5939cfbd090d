// /admin/player/{id}/crews, /dailyTasks and /quests: a player's crew members (hire or set level,
// XP and skill; dismiss), the day's tasks (set progress — reaching the target completes and pays
// once —, replace one with another template, draw the open ones again) and quest progress. The
// rules are api/domain/progression.ts, the ones a battle's end uses. Every change audited in its transaction.
import type { Context, Hono } from "hono";
import { z } from "zod";
import { and, asc, eq } from "drizzle-orm";
import type { HonoEnv } from "../../http/env.ts";
import type { DbOrTx, Tx } from "../../db/index.ts";
import { page, route } from "../../http/router.ts";
import * as f from "../../domain/fields.ts";
import { audit, valuesOf, type AuditDetails } from "../../http/audit.ts";
import { fieldError, notFound } from "../../domain/errors.ts";
import {
  contentCrews,
  contentDailyTasks,
  playerCrewMembers,
  playerDailyTasks,
  playerQuests,
} from "../../db/schema/progression.ts";
import {
  dailyTasksOf,
  dismissCrewMember,
  hireCrewMember,
  setCrewMember,
  questDefinitions,
  redrawTasks,
  replaceTask,
  setQuestState,
  setTaskProgress,
  xpToNext,
} from "../../domain/progression.ts";
import { OPERATOR, SUPPORT, byPlayer } from "./shared.ts";
import { playerOr404 } from "../../domain/players.ts";

const P = "/admin/player/:playerId{[0-9]+}";
const player = (p: { id: number; nickname: string; level: number; gold: number; silver: number }) => ({
  id: p.id,
  nickname: p.nickname,
  level: p.level,
  gold: p.gold,
  silver: p.silver,
});

async function crewsOf(db: DbOrTx, playerId: number, locale: "ru" | "en") {
  const p = await playerOr404(db, playerId);
  const roles = await db.select().from(contentCrews).orderBy(asc(contentCrews.sortOrder), asc(contentCrews.id));
  const members = new Map(
    (await db.select().from(playerCrewMembers).where(eq(playerCrewMembers.playerId, playerId))).map((m) => [
      m.crewId,
      m,
    ]),
  );
  return {
    player: player(p),
    rows: roles
      .filter((r) => members.has(r.id))
      .map((r) => {
        const m = members.get(r.id)!;
        return {
          crewId: r.id,
          role: r.role,
          name: locale === "en" ? r.nameEn : r.nameRu,
          level: m.level,
          levelCap: r.levelCap,
          xp: m.xp,
          xpToNext: m.level >= r.levelCap ? 0 : xpToNext(r, m.level),
          skillLevel: m.skillLevel,
          hiredAt: m.hiredAt,
        };
      }),
    roles: roles.map((r) => ({
      id: r.id,
      role: r.role,
      name: locale === "en" ? r.nameEn : r.nameRu,
      levelCap: r.levelCap,
      hired: members.has(r.id),
    })),
  };
}

async function tasksOf(db: DbOrTx, playerId: number, at: number, locale: "ru" | "en") {
  const p = await playerOr404(db, playerId);
  const tasks = await dailyTasksOf(db, playerId, at);
  const templates = await db.select().from(contentDailyTasks).orderBy(asc(contentDailyTasks.id));
  const name = (id: number) => {
    const t = templates.find((x) => x.id === id);
    return t ? (locale === "en" ? t.nameEn : t.nameRu) : `#${id}`;
  };
  return {
    player: player(p),
    rows: tasks.map((t) => ({
      id: t.id,
      day: t.day,
      taskId: t.taskId,
      name: name(t.taskId),
      kind: t.kind,
      tankType: t.tankType,
      progress: t.progress,
      target: t.target,
      rewardCurrency: t.rewardCurrency,
      rewardAmount: t.rewardAmount,
      completedAt: t.completedAt,
    })),
    templates: templates
      .filter((t) => t.active)
      .map((t) => ({
        id: t.id,
        name: locale === "en" ? t.nameEn : t.nameRu,
        kind: t.kind,
        minLevel: t.minLevel,
        maxLevel: t.maxLevel,
      })),
  };
}

async function questsOf(db: DbOrTx, playerId: number, locale: "ru" | "en") {
  const p = await playerOr404(db, playerId);
  const defs = await questDefinitions(db);
  const states = new Map(
    (await db.select().from(playerQuests).where(eq(playerQuests.playerId, playerId))).map((s) => [s.questKey, s]),
  );
  return {
    player: player(p),
    rows: defs.map((q) => {
      const s = states.get(q.key);
      const step = s?.step ?? 0;
      return {
        key: q.key,
        name: locale === "en" ? q.nameEn : q.nameRu,
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

const crewSave = z.object({
  crewId: f.id(),
  level: f.optional(f.int(1, 100)),
  xp: f.optional(f.int(0, 100_000_000)).default(0),
  skillLevel: f.optional(f.int(0, 100)).default(0),
});
const crewRemove = z.object({ crewId: f.id() });
const taskEdit = z.object({ id: f.id(), progress: f.int(0, 10_000_000) });
const taskReplace = z.object({ id: f.id(), taskId: f.id() });
const questSave = z.object({
  key: f.text(2, 40),
  step: f.int(0, 20),
  progress: f.optional(f.int(0, 10_000_000)).default(0),
});

export function registerPlayerProgression(app: Hono<HonoEnv>) {
  const now = (c: Context<HonoEnv>) => c.var.deps.clock.now();
  page(app, { path: `${P}/crews`, ...SUPPORT }, { params: byPlayer }, async (c, v) =>
    c.json(await crewsOf(c.var.deps.db, v.playerId, c.var.locale)),
  );
  route(
    app,
    { method: "POST", path: `${P}/crews/save`, ...OPERATOR, mutates: true },
    { params: byPlayer, input: crewSave },
    async (c, s) => {
      const { db } = c.var.deps;
      await db.transaction(async (tx) => {
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
        const at = now(c);
        const xp = level >= role.levelCap ? 0 : Math.min(s.xp, xpToNext(role, level) - 1);
        if (before)
          await setCrewMember(
            tx,
            { playerId: p.id, crewId: s.crewId, level, xp, skillLevel: s.skillLevel, at },
            before,
          );
        else
          await hireCrewMember(tx, {
            playerId: p.id,
            crewId: s.crewId,
            level,
            xp,
            skillLevel: s.skillLevel,
            at,
            source: "admin",
          });
        await audit(c, tx, {
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
      return c.json(await crewsOf(db, s.playerId, c.var.locale));
    },
  );
  route(
    app,
    { method: "POST", path: `${P}/crews/remove`, ...OPERATOR, mutates: true },
    { params: byPlayer, input: crewRemove },
    async (c, s) => {
      const { db } = c.var.deps;
      await db.transaction(async (tx) => {
        const p = await playerOr404(tx, s.playerId);
        const gone = await dismissCrewMember(tx, p.id, s.crewId, "admin", now(c));
        if (!gone) throw notFound();
        await audit(c, tx, {
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
      return c.json(await crewsOf(db, s.playerId, c.var.locale));
    },
  );

  // Looking at a player's day draws it when it has not been drawn yet (as their first battle would).
  page(app, { path: `${P}/dailyTasks`, ...SUPPORT }, { params: byPlayer }, async (c, v) =>
    c.json(await c.var.deps.db.transaction((tx) => tasksOf(tx, v.playerId, now(c), c.var.locale))),
  );
  const taskChange = <S extends z.ZodType>(
    path: "edit" | "replaceWith" | "updateTasks",
    schema: S,
    apply: (
      tx: Tx,
      playerId: number,
      input: z.output<S>,
      at: number,
    ) => Promise<{ summary: string; details: AuditDetails }>,
  ) =>
    route(
      app,
      { method: "ANY", path: `${P}/dailyTasks/${path}`, ...OPERATOR, mutates: true },
      { params: byPlayer, input: schema },
      async (c, s) => {
        const { db } = c.var.deps;
        return c.json(
          await db.transaction(async (tx) => {
            const p = await playerOr404(tx, s.playerId);
            const { summary, details } = await apply(tx, p.id, s, now(c));
            await audit(c, tx, {
              action: `player.dailyTasks.${path}`,
              targetType: "player",
              targetId: p.id,
              summary,
              details,
            });
            return tasksOf(tx, p.id, now(c), c.var.locale);
          }),
        );
      },
    );
  taskChange("edit", taskEdit, async (tx, playerId, s, at) => {
    const [t] = await tx
      .select()
      .from(playerDailyTasks)
      .where(and(eq(playerDailyTasks.id, s.id), eq(playerDailyTasks.playerId, playerId)))
      .limit(1);
    if (!t) throw notFound();
    if (t.completedAt !== null) throw fieldError({ progress: { id: "content.taskCompleted" } });
    const r = await setTaskProgress(tx, t, s.progress, at);
    return {
      summary: `task #${t.id} (${t.kind}) progress ${t.progress} → ${Math.min(s.progress, t.target)}/${t.target}${r.paid ? `, completed, paid ${t.rewardAmount} ${t.rewardCurrency}` : ""}`,
      details: {
        scope: t.kind,
        changes: [
          {
            field: "progress",
            before: `${t.progress}/${t.target}`,
            after: `${Math.min(s.progress, t.target)}/${t.target}`,
          },
          ...(r.paid
            ? [
                { field: "completed", after: true },
                { field: "reward", after: { amount: t.rewardAmount, currency: t.rewardCurrency } },
              ]
            : []),
        ],
      },
    };
  });
  taskChange("replaceWith", taskReplace, async (tx, playerId, s, at) => {
    const [t] = await tx
      .select()
      .from(playerDailyTasks)
      .where(and(eq(playerDailyTasks.id, s.id), eq(playerDailyTasks.playerId, playerId)))
      .limit(1);
    if (!t) throw notFound();
    if (t.completedAt !== null) throw fieldError({ id: { id: "content.taskCompleted" } });
    const [tpl] = await tx.select().from(contentDailyTasks).where(eq(contentDailyTasks.id, s.taskId)).limit(1);
    if (!tpl) throw fieldError({ taskId: { id: "validation.pattern" } });
    const [dup] = await tx
      .select()
      .from(playerDailyTasks)
      .where(
        and(
          eq(playerDailyTasks.playerId, playerId),
          eq(playerDailyTasks.day, t.day),
          eq(playerDailyTasks.taskId, s.taskId),
        ),
      )
      .limit(1);
    if (dup) throw fieldError({ taskId: { id: "validation.unique" } });
    await replaceTask(tx, playerId, t.id, s.taskId, at);
    return {
      summary: `task #${t.id}: template ${t.taskId} → ${s.taskId}`,
      details: {
        changes: [
          { field: "task", before: t.kind, after: tpl.kind },
          { field: "taskId", before: t.taskId, after: s.taskId },
        ],
      },
    };
  });
  taskChange("updateTasks", z.object({}), async (tx, playerId, _s, at) => {
    const rows = await redrawTasks(tx, playerId, at);
    return {
      summary: `open tasks drawn again: ${rows.map((r) => r.taskId).join(", ")}`,
      details: valuesOf({ taskIds: rows.map((r) => r.taskId).join(", ") }),
    };
  });

  page(app, { path: `${P}/quests`, ...SUPPORT }, { params: byPlayer }, async (c, v) =>
    c.json(await questsOf(c.var.deps.db, v.playerId, c.var.locale)),
  );
  route(
    app,
    { method: "ANY", path: `${P}/quests/save`, ...OPERATOR, mutates: true },
    { params: byPlayer, input: questSave },
    async (c, s) => {
      const { db } = c.var.deps;
      await db.transaction(async (tx) => {
        const p = await playerOr404(tx, s.playerId);
        const q = (await questDefinitions(tx)).find((x) => x.key === s.key);
        if (!q) throw fieldError({ key: { id: "validation.pattern" } });
        if (s.step > q.steps.length) throw fieldError({ step: { id: "validation.max", values: [q.steps.length] } });
        const r = await setQuestState(tx, p.id, q, s.step, s.progress, now(c));
        await audit(c, tx, {
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
      return c.json(await questsOf(db, s.playerId, c.var.locale));
    },
  );
}
