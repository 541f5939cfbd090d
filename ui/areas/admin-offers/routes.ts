// Operators define special offers (time-limited bundles and discounts).
import type { ScreenDef } from "../registry.ts";
import { msg } from "@lingui/core/macro";

export const screens: ScreenDef[] = [
  {
    path: "/admin/specialOfferOptions/",
    shell: "admin",
    group: "content",
    title: msg`Special offers`,
    load: () => import("./OffersPage.tsx"),
  },
];
