// Operators' player-facing queues: avatar moderation and support tickets with their threads.
import type { ScreenDef } from "../registry.ts";
import { msg } from "@lingui/core/macro";

export const screens: ScreenDef[] = [
  {
    path: "/admin/playerAvatars/",
    shell: "admin",
    group: "players",
    title: msg`Avatar moderation`,
    load: () => import("./AvatarsPage.tsx"),
  },
  {
    path: "/admin/feedback",
    shell: "admin",
    group: "players",
    title: msg`Support tickets`,
    load: () => import("./FeedbackListPage.tsx"),
  },
  {
    path: "/admin/feedback/:ticketId/messages/",
    shell: "admin",
    title: msg`Ticket`,
    load: () => import("./FeedbackThreadPage.tsx"),
  },
  {
    path: "/admin/feedback/:playerId",
    shell: "admin",
    title: msg`Player's tickets`,
    load: () => import("./FeedbackListPage.tsx"),
  },
];
