// The billing back office: the catalog (/admin/billing) and players' payments (/admin/playerPayment).
import type { Hono } from "hono";
import type { HonoEnv } from "../../http/env.ts";
import { registerCatalogAdmin } from "./catalog.ts";
import { registerPlayerPayments } from "./payments.ts";

export function registerAdminBilling(app: Hono<HonoEnv>) {
  registerCatalogAdmin(app);
  registerPlayerPayments(app);
}
