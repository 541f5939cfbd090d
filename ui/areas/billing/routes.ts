// The billing area's screens: the catalog and a player's payments in the admin, and the
// player's purchase and return pages.
import type { ScreenDef } from "../registry.ts";
import { msg } from "@lingui/core/macro";

export const screens: ScreenDef[] = [
  {
    path: "/admin/billing/",
    shell: "admin",
    group: "billing",
    title: msg`Billing catalog`,
    load: () => import("./CatalogPage.tsx"),
  },
  {
    path: "/admin/billing/orders/",
    shell: "admin",
    group: "billing",
    title: msg`Orders`,
    load: () => import("./OrdersPage.tsx"),
  },
  {
    path: "/admin/playerPayment/:playerId",
    shell: "admin",
    title: msg`Player payments`,
    load: () => import("./PlayerPaymentsPage.tsx"),
  },
  {
    path: "/billing/stripe/order/checkout",
    shell: "public",
    title: msg`Buy gold`,
    load: () => import("./CheckoutPage.tsx"),
  },
  { path: "/billing/robokassa/success", shell: "public", title: msg`Buy gold`, load: () => import("./ReturnPage.tsx") },
  { path: "/billing/robokassa/fail", shell: "public", title: msg`Buy gold`, load: () => import("./ReturnPage.tsx") },
  { path: "/billing/order/return", shell: "public", title: msg`Buy gold`, load: () => import("./ReturnPage.tsx") },
];
