// /admin/player/{id}/crews, /dailyTasks and /quests: each route is one call on its contract
// (api/contracts/admin/player/progression.ts) over api/domain/player-progression.ts.
import type { Hono } from "hono";
import type { HonoEnv } from "../../http/env.ts";
import { page, route } from "../../http/router.ts";
import * as pr from "../../contracts/admin/player/progression.ts";
import {
  changeDailyTasks,
  dismissPlayerCrew,
  playerCrews,
  playerDailyTaskList,
  playerQuestList,
  saveCrewMember,
  savePlayerQuest,
} from "../../domain/player-progression.ts";

export function registerPlayerProgression(app: Hono<HonoEnv>) {
  page(app, pr.crewsPage, (c, input, ctx) => playerCrews({ ctx, input: { ...input, locale: c.var.locale } }));
  route(app, pr.crewsSave, (c, input, ctx) => saveCrewMember({ ctx, input: { ...input, locale: c.var.locale } }));
  route(app, pr.crewsRemove, (c, input, ctx) => dismissPlayerCrew({ ctx, input: { ...input, locale: c.var.locale } }));

  page(app, pr.dailyTasksPage, (c, input, ctx) =>
    playerDailyTaskList({ ctx, input: { ...input, locale: c.var.locale } }),
  );
  route(app, pr.dailyTasksEdit, (c, { playerId, ...v }, ctx) =>
    changeDailyTasks({ ctx, input: { playerId, locale: c.var.locale, change: { action: "edit", ...v } } }),
  );
  route(app, pr.dailyTasksReplaceWith, (c, { playerId, ...v }, ctx) =>
    changeDailyTasks({ ctx, input: { playerId, locale: c.var.locale, change: { action: "replaceWith", ...v } } }),
  );
  route(app, pr.dailyTasksUpdate, (c, { playerId }, ctx) =>
    changeDailyTasks({ ctx, input: { playerId, locale: c.var.locale, change: { action: "updateTasks" } } }),
  );

  page(app, pr.questsPage, (c, input, ctx) => playerQuestList({ ctx, input: { ...input, locale: c.var.locale } }));
  route(app, pr.questsSave, (c, input, ctx) => savePlayerQuest({ ctx, input: { ...input, locale: c.var.locale } }));
}
