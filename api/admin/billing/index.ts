// The billing back office: the catalog (/admin/billing), every player's orders
// (/admin/billing/orders/) and one player's payments (/admin/playerPayment).
import type { Hono } from "hono";
import type { HonoEnv } from "../../http/env.ts";
import { registerCatalogAdmin } from "./catalog.ts";
import { registerPlayerPayments } from "./payments.ts";
import { registerOrdersAdmin } from "./orders.ts";

export function registerAdminBilling(app: Hono<HonoEnv>) {
  registerCatalogAdmin(app);
  registerPlayerPayments(app);
  registerOrdersAdmin(app);
}
