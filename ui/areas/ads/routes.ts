// The ads screens: the global settings document and the per-placement settings.
import { msg } from "@lingui/core/macro";
import type { ScreenDef } from "../registry.ts";

export const screens: ScreenDef[] = [
  { path: "/admin/ads/", shell: "admin", group: "content", title: msg`Ads`, load: () => import("./AdsPage.tsx") },
  {
    path: "/admin/ads/settings/",
    shell: "admin",
    group: "content",
    title: msg`Ad placements`,
    load: () => import("./AdPlacementsPage.tsx"),
  },
];
