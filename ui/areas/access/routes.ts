import { msg } from "@lingui/core/macro";
import type { ScreenDef } from "../registry.ts";

export const screens: ScreenDef[] = [
  {
    path: "/admin/login",
    shell: "admin",
    title: msg({ message: "Sign in", context: "page title" }),
    load: () => import("./LoginPage.tsx"),
  },
  { path: "/admin/logout", shell: "admin", title: msg`Sign out`, load: () => import("./LogoutPage.tsx") },
  { path: "/admin/", shell: "admin", group: "system", title: msg`Start page`, load: () => import("./HomePage.tsx") },
  { path: "/admin/index", shell: "admin", title: msg`Start page`, load: () => import("./HomePage.tsx") },
  {
    path: "/admin/admins/",
    shell: "admin",
    group: "system",
    title: msg`Admins`,
    load: () => import("./AdminsPage.tsx"),
  },
  {
    path: "/admin/adminLog/",
    shell: "admin",
    group: "system",
    title: msg`Admin log`,
    load: () => import("./AdminLogPage.tsx"),
  },
  // The player's account.
  {
    path: "/public/login",
    shell: "public",
    title: msg({ message: "Sign in", context: "page title" }),
    load: () => import("./player/SignInPage.tsx"),
  },
  {
    path: "/public/resetPassword/",
    shell: "public",
    title: msg`Reset password`,
    load: () => import("./player/ResetRequestPage.tsx"),
  },
  {
    path: "/:locale/public/resetPassword/",
    shell: "public",
    title: msg`Reset password`,
    load: () => import("./player/ResetRequestPage.tsx"),
  },
  { path: "/public/reset", shell: "public", title: msg`New password`, load: () => import("./player/ResetPage.tsx") },
  // The front door (api/identity/front-door.ts).
  {
    path: "/public/signup",
    shell: "public",
    title: msg`Create an account`,
    load: () => import("./player/SignUpPage.tsx"),
  },
  {
    path: "/public/magicLink",
    shell: "public",
    title: msg`Sign in by mail`,
    load: () => import("./player/MagicLinkPage.tsx"),
  },
  { path: "/public/magic", shell: "public", title: msg`Sign in by mail`, load: () => import("./player/MagicPage.tsx") },
  {
    path: "/public/social/:network/callback",
    shell: "public",
    title: msg({ message: "Sign in", context: "page title" }),
    load: () => import("./player/SocialCallbackPage.tsx"),
  },
  {
    path: "/public/verify",
    shell: "public",
    title: msg`Email confirmation`,
    load: () => import("./player/VerifyPage.tsx"),
  },
  {
    path: "/public/profile/changePassword",
    shell: "public",
    title: msg({ message: "Change password", context: "page title" }),
    load: () => import("./player/ChangePasswordPage.tsx"),
  },
  {
    path: "/public/profile/resetPassword",
    shell: "public",
    title: msg`Password reset link`,
    load: () => import("./player/OwnResetPage.tsx"),
  },
];
