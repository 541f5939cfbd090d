// Saved audiences: definitions over players' properties and warehouse facts, their size, and
// enter/exit actions (api/contracts/admin/audiences.ts, docs/decisions/audiences.md).
import type { ScreenDef } from "../registry.ts";
import { msg } from "@lingui/core/macro";

export const screens: ScreenDef[] = [
  {
    path: "/admin/audiences/",
    shell: "admin",
    group: "content",
    title: msg`Audiences`,
    load: () => import("./AudiencesPage.tsx"),
  },
];
