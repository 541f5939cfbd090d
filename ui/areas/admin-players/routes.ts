// The operators' players area: the search, a player's card, ban log, tanks and shop.
import type { ScreenDef } from "../registry.ts";
import { msg } from "@lingui/core/macro";

export const screens: ScreenDef[] = [
  {
    path: "/admin/player/",
    shell: "admin",
    group: "players",
    title: msg`Players`,
    load: () => import("./PlayersSearchPage.tsx"),
  },
  {
    path: "/admin/player/:playerId/tanks",
    shell: "admin",
    title: msg`Player's tanks`,
    load: () => import("./PlayerTanksPage.tsx"),
  },
  {
    path: "/admin/player/:playerId/battles/:battleId",
    shell: "admin",
    title: msg`Battle`,
    load: () => import("./PlayerBattlePage.tsx"),
  },
  {
    path: "/admin/player/:playerId/battles",
    shell: "admin",
    title: msg`Player's battles`,
    load: () => import("./PlayerBattlesPage.tsx"),
  },
  {
    path: "/admin/player/:playerId/shop",
    shell: "admin",
    title: msg`Buy for the player`,
    load: () => import("./PlayerShopPage.tsx"),
  },
  { path: "/admin/player/:playerId", shell: "admin", title: msg`Player`, load: () => import("./PlayerCardPage.tsx") },
  {
    path: "/admin/banLog/",
    shell: "admin",
    group: "players",
    title: msg`Ban log`,
    load: () => import("./BanLogAllPage.tsx"),
  },
  { path: "/admin/banLog/:playerId", shell: "admin", title: msg`Ban log`, load: () => import("./BanLogPage.tsx") },
  {
    path: "/admin/cheatSignals/",
    shell: "admin",
    group: "players",
    title: msg`Cheat signals`,
    load: () => import("./CheatSignalsPage.tsx"),
  },
  {
    path: "/admin/playerLog/:playerId",
    shell: "admin",
    title: msg`Player log`,
    load: () => import("./PlayerLogPage.tsx"),
  },
  {
    path: "/admin/playerCounters/:playerId",
    shell: "admin",
    title: msg`Player counters`,
    load: () => import("./PlayerCountersPage.tsx"),
  },
  {
    path: "/admin/playersStats/",
    shell: "admin",
    group: "players",
    title: msg`Players statistics`,
    load: () => import("./PlayersStatsPage.tsx"),
  },
];
