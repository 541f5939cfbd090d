import type { ScreenDef } from "../registry.ts";

export const screens: ScreenDef[] = [
  { path: "/admin/login", shell: "admin", title: { en: "Sign in", ru: "Вход" }, load: () => import("./LoginPage.tsx") },
  { path: "/admin/", shell: "admin", group: "system", title: { en: "Start page", ru: "Главная" }, load: () => import("./HomePage.tsx") },
  { path: "/admin/index", shell: "admin", title: { en: "Start page", ru: "Главная" }, load: () => import("./HomePage.tsx") },
  { path: "/admin/admins/", shell: "admin", group: "system", title: { en: "Admins", ru: "Администраторы" }, load: () => import("./AdminsPage.tsx") },
  { path: "/admin/adminLog/", shell: "admin", group: "system", title: { en: "Admin log", ru: "Журнал действий" }, load: () => import("./AdminLogPage.tsx") },
  // The player's account.
  { path: "/public/login", shell: "public", title: { en: "Sign in", ru: "Вход" }, load: () => import("./player/SignInPage.tsx") },
  { path: "/public/resetPassword/", shell: "public", title: { en: "Reset password", ru: "Сброс пароля" }, load: () => import("./player/ResetRequestPage.tsx") },
  { path: "/:locale/public/resetPassword/", shell: "public", title: { en: "Reset password", ru: "Сброс пароля" }, load: () => import("./player/ResetRequestPage.tsx") },
  { path: "/public/reset", shell: "public", title: { en: "New password", ru: "Новый пароль" }, load: () => import("./player/ResetPage.tsx") },
  { path: "/public/profile/changePassword", shell: "public", title: { en: "Change password", ru: "Смена пароля" }, load: () => import("./player/ChangePasswordPage.tsx") },
  { path: "/public/profile/resetPassword", shell: "public", title: { en: "Password reset link", ru: "Ссылка для сброса пароля" }, load: () => import("./player/OwnResetPage.tsx") },
];
