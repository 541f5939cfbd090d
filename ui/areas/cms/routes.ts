// The back office's content pages (CMS).
import { msg } from "@lingui/core/macro";
import type { ScreenDef } from "../registry.ts";

export const screens: ScreenDef[] = [
  {
    path: "/admin/cms/",
    shell: "admin",
    group: "content",
    title: msg`Content pages`,
    load: () => import("./CmsPage.tsx"),
  },
];
