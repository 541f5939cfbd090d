// The live events' calendar: tournaments, multipliers and offer windows with their periods and
// clashes (api/contracts/admin/liveops.ts, docs/decisions/liveops.md).
import type { ScreenDef } from "../registry.ts";
import { msg } from "@lingui/core/macro";

export const screens: ScreenDef[] = [
  {
    path: "/admin/liveops/",
    shell: "admin",
    group: "content",
    title: msg`Live events`,
    load: () => import("./CalendarPage.tsx"),
  },
];
