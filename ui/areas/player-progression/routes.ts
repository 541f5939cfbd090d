// A player's crew, daily tasks and quests (operators).
import { msg } from "@lingui/core/macro";
import type { ScreenDef } from "../registry.ts";

const mod = () => import("./PlayerProgression.tsx");
export const screens: ScreenDef[] = [
  {
    path: "/admin/player/:playerId/crews",
    shell: "admin",
    title: msg`Player's crew`,
    load: () => mod().then((m) => ({ default: m.CrewsPage })),
  },
  {
    path: "/admin/player/:playerId/dailyTasks",
    shell: "admin",
    title: msg`Player's daily tasks`,
    load: () => mod().then((m) => ({ default: m.DailyTasksPage })),
  },
  {
    path: "/admin/player/:playerId/quests",
    shell: "admin",
    title: msg`Player's quests`,
    load: () => mod().then((m) => ({ default: m.QuestsPage })),
  },
];
