import type { ScreenDef } from "../registry.ts";

export const screens: ScreenDef[] = [
  { path: "/admin/login", shell: "admin", title: { en: "Sign in", ru: "Вход" }, load: () => import("./LoginPage.tsx") },
  { path: "/admin/", shell: "admin", group: "system", title: { en: "Start page", ru: "Главная" }, load: () => import("./HomePage.tsx") },
  { path: "/admin/index", shell: "admin", title: { en: "Start page", ru: "Главная" }, load: () => import("./HomePage.tsx") },
];
