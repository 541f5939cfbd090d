// The operators' clans and battles screens (spec "Admin: clans and battles").
import type { ScreenDef } from "../registry.ts";
import { msg } from "@lingui/core/macro";

export const screens: ScreenDef[] = [
  {
    path: "/admin/battles/",
    shell: "admin",
    group: "clansBattles",
    title: msg`Battles`,
    load: () => import("./BattlesPage.tsx"),
  },
  {
    path: "/admin/battles/:battleId/events",
    shell: "admin",
    title: msg`Battle`,
    load: () => import("./BattlePage.tsx"),
  },
  {
    path: "/admin/clan/",
    shell: "admin",
    group: "clansBattles",
    title: msg`Clans`,
    load: () => import("./ClansPage.tsx"),
  },
  { path: "/admin/clan/:clanId", shell: "admin", title: msg`Clan`, load: () => import("./ClanPage.tsx") },
  { path: "/admin/clanLog/:clanId", shell: "admin", title: msg`Clan log`, load: () => import("./ClanLogPage.tsx") },
  {
    path: "/admin/clanCounters/:clanId",
    shell: "admin",
    title: msg`Clan counters`,
    load: () => import("./ClanCountersPage.tsx"),
  },
  {
    path: "/admin/clansTournaments/",
    shell: "admin",
    group: "clansBattles",
    title: msg`Clan tournaments`,
    load: () => import("./TournamentsPage.tsx"),
  },
];
