// /admin/player/{id}/crews, /dailyTasks and /quests: a player's crew members (hire or set level,
// XP and skill; dismiss), the day's tasks (set progress, replace one with another template, draw
// the open ones again) and quest progress (api/domain/player-progression.ts). Every change answers
// its tab again.
import { z } from "zod";
import * as f from "../../../domain/fields.ts";
import { CREW_ROLES } from "../../../db/schema/progression.ts";
import { DAILY_TASK_KINDS, REWARD_CURRENCIES, TANK_TYPES } from "../../../db/schema/progression-kinds.ts";
import { contract } from "../../contract.ts";

const S = { auth: "admin", role: "support" } as const;
const O = { auth: "admin", role: "operator" } as const;
const P = "/admin/player/:playerId{[0-9]+}";
const byPlayer = z.object({ playerId: f.id() });
const player = z.object({ id: z.int(), nickname: z.string(), level: z.int(), gold: z.int(), silver: z.int() });

const crews = z.object({
  player,
  rows: z.array(
    z.object({
      crewId: z.int(),
      role: z.enum(CREW_ROLES),
      name: z.string(),
      level: z.int(),
      levelCap: z.int(),
      xp: z.int(),
      xpToNext: z.int(),
      skillLevel: z.int(),
      hiredAt: z.int(),
    }),
  ),
  roles: z.array(
    z.object({ id: z.int(), role: z.enum(CREW_ROLES), name: z.string(), levelCap: z.int(), hired: z.boolean() }),
  ),
});

export const crewsPage = contract({
  method: "ANY",
  path: `${P}/crews`,
  ...S,
  kind: "page",
  params: byPlayer,
  output: crews,
});

/** Hires a crew member or sets a hired one's level, XP and skill. */
export const crewsSave = contract({
  method: "POST",
  path: `${P}/crews/save`,
  ...O,
  mutates: true,
  params: byPlayer,
  input: z.object({
    crewId: f.id(),
    level: f.optional(f.int(1, 100)),
    xp: f.optional(f.int(0, 100_000_000)).default(0),
    skillLevel: f.optional(f.int(0, 100)).default(0),
  }),
  output: crews,
});

export const crewsRemove = contract({
  method: "POST",
  path: `${P}/crews/remove`,
  ...O,
  mutates: true,
  params: byPlayer,
  input: z.object({ crewId: f.id() }),
  output: crews,
});

const tasks = z.object({
  player,
  rows: z.array(
    z.object({
      id: z.int(),
      day: z.string(),
      taskId: z.int(),
      /** The template's name in the request's language; null when the template is gone. */
      name: z.string().nullable(),
      kind: z.enum(DAILY_TASK_KINDS),
      tankType: z.enum(TANK_TYPES).nullable(),
      progress: z.int(),
      target: z.int(),
      rewardCurrency: z.enum(REWARD_CURRENCIES),
      rewardAmount: z.int(),
      completedAt: z.int().nullable(),
    }),
  ),
  templates: z.array(
    z.object({
      id: z.int(),
      name: z.string(),
      kind: z.enum(DAILY_TASK_KINDS),
      minLevel: z.int(),
      maxLevel: z.int(),
    }),
  ),
});

/** The player's tasks of the day (drawn when not drawn yet, as their first battle would). */
export const dailyTasksPage = contract({
  method: "ANY",
  path: `${P}/dailyTasks`,
  ...S,
  kind: "page",
  params: byPlayer,
  output: tasks,
});

/** Sets a task's progress: reaching the target completes it and pays its reward once. */
export const dailyTasksEdit = contract({
  method: "ANY",
  path: `${P}/dailyTasks/edit`,
  ...O,
  mutates: true,
  params: byPlayer,
  input: z.object({ id: f.id(), progress: f.int(0, 10_000_000) }),
  output: tasks,
});

/** Replaces an open task with another template (not one the day already has). */
export const dailyTasksReplaceWith = contract({
  method: "ANY",
  path: `${P}/dailyTasks/replaceWith`,
  ...O,
  mutates: true,
  params: byPlayer,
  input: z.object({ id: f.id(), taskId: f.id() }),
  output: tasks,
});

/** Draws the day's open tasks again. */
export const dailyTasksUpdate = contract({
  method: "ANY",
  path: `${P}/dailyTasks/updateTasks`,
  ...O,
  mutates: true,
  params: byPlayer,
  output: tasks,
});

const quests = z.object({
  player,
  rows: z.array(
    z.object({
      key: z.string(),
      name: z.string(),
      steps: z.int(),
      step: z.int(),
      progress: z.int(),
      target: z.int(),
      stepKind: z.enum(DAILY_TASK_KINDS).nullable(),
      reward: z.object({ currency: z.enum(REWARD_CURRENCIES), amount: z.int() }),
      completedAt: z.int().nullable(),
      minLevel: z.int(),
    }),
  ),
});

export const questsPage = contract({
  method: "ANY",
  path: `${P}/quests`,
  ...S,
  kind: "page",
  params: byPlayer,
  output: quests,
});

/** Sets a quest's step and progress; finishing the last step pays its reward once. */
export const questsSave = contract({
  method: "ANY",
  path: `${P}/quests/save`,
  ...O,
  mutates: true,
  params: byPlayer,
  input: z.object({
    key: f.text(2, 40),
    step: f.int(0, 20),
    progress: f.optional(f.int(0, 10_000_000)).default(0),
  }),
  output: quests,
});
