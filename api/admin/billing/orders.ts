// /admin/billing/orders/ — every player's orders for operators: status, provider, player, item,
// amount, transaction, dispute; filtered by status, provider, player, dispute and "awaiting verification" (pending
// for over 30 minutes: a callback was probably lost, and verify on the player's payments screen
// settles it), server-side paged and sorted. The start page's "awaiting verification" counter
// links here. The HTML address serves the screen; the same address answers the list as JSON.
import type { Hono } from "hono";
import type { HonoEnv } from "../../http/env.ts";
import { page } from "../../http/router.ts";
import { listOrders } from "../../domain/billing/orders-admin.ts";
import * as billing from "../../contracts/admin/billing.ts";

export function registerOrdersAdmin(app: Hono<HonoEnv>) {
  page(app, billing.orders, async (_c, input, ctx) => ({
    ...(await listOrders({ ctx, input })),
    providers: [...billing.ORDER_PROVIDERS],
  }));
}
