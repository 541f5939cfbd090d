// The billing area's screens: the catalog and a player's payments in the admin, and the
// player's purchase and return pages.
import type { ScreenDef } from "../registry.ts";
import { billingMessages as m } from "./messages.ts";

const title = (id: keyof typeof m.en) => ({ en: m.en[id], ru: m.ru[id] });

export const screens: ScreenDef[] = [
  { path: "/admin/billing/", shell: "admin", group: "billing", title: title("catalog.title"), load: () => import("./CatalogPage.tsx") },
  { path: "/admin/playerPayment/:playerId", shell: "admin", title: { en: "Player payments", ru: "Платежи игрока" }, load: () => import("./PlayerPaymentsPage.tsx") },
  { path: "/billing/stripe/order/checkout", shell: "public", title: title("buy.title"), load: () => import("./CheckoutPage.tsx") },
  { path: "/billing/robokassa/success", shell: "public", title: title("buy.title"), load: () => import("./ReturnPage.tsx") },
  { path: "/billing/robokassa/fail", shell: "public", title: title("buy.title"), load: () => import("./ReturnPage.tsx") },
];
