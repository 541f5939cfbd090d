// Operators' notifications: inbox pop-ups and system messages in the game chat (one screen, two addresses).
import type { ScreenDef } from "../registry.ts";
import { msg } from "@lingui/core/macro";

export const screens: ScreenDef[] = [
  {
    path: "/admin/notification/",
    shell: "admin",
    group: "content",
    title: msg`Notifications`,
    load: () => import("./NotificationsPage.tsx"),
  },
  {
    path: "/admin/notificationChat/",
    shell: "admin",
    group: "content",
    title: msg`Chat notifications`,
    load: () => import("./NotificationsPage.tsx"),
  },
];
