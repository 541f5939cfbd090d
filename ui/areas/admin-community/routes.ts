// The players' community and support screens: chat and its moderation, a player's chat, devices
// (with terms and friends), tournaments, experiments and analysis, the support tools, geography.
import type { ScreenDef } from "../registry.ts";
import { msg } from "@lingui/core/macro";

export const screens: ScreenDef[] = [
  {
    path: "/admin/chat/",
    shell: "admin",
    group: "players",
    title: msg`Chat`,
    load: () => import("./ChatAdminPage.tsx"),
  },
  {
    path: "/admin/chatClan/",
    shell: "admin",
    group: "players",
    title: msg`Clan chat`,
    load: () => import("./ChatClanPage.tsx"),
  },
  {
    path: "/admin/playersTournaments/",
    shell: "admin",
    group: "players",
    title: msg`Players' tournaments`,
    load: () => import("./PlayersTournamentsPage.tsx"),
  },
  {
    path: "/admin/tools/",
    shell: "admin",
    group: "players",
    title: msg`Support tools`,
    load: () => import("./ToolsPage.tsx"),
  },
  {
    path: "/admin/commonGeoip/",
    shell: "admin",
    group: "players",
    title: msg`Geography`,
    load: () => import("./GeoPage.tsx"),
  },
  {
    path: "/admin/player/:playerId/chatHistory",
    shell: "admin",
    title: msg`Player's chat`,
    load: () => import("./PlayerChatPage.tsx"),
  },
  {
    path: "/admin/player/:playerId/devices",
    shell: "admin",
    title: msg`Player's devices`,
    load: () => import("./PlayerDevicesPage.tsx"),
  },
  {
    path: "/admin/player/:playerId/tournaments",
    shell: "admin",
    title: msg`Player's tournaments`,
    load: () => import("./PlayerTournamentsPage.tsx"),
  },
  {
    path: "/admin/player/:playerId/experiments",
    shell: "admin",
    title: msg`Player's experiments`,
    load: () => import("./PlayerExperimentsPage.tsx"),
  },
  {
    path: "/admin/player/:playerId/analysis/",
    shell: "admin",
    title: msg`Player's analysis`,
    load: () => import("./PlayerAnalysisPage.tsx"),
  },
];
