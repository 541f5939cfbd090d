// /admin/billing/orders/ — every player's orders for operators: status, provider, player, item,
// amount, transaction, dispute; filtered by status, provider, player, dispute and "awaiting verification" (pending
// for over 30 minutes: a callback was probably lost, and verify on the player's payments screen
// settles it), server-side paged and sorted. The start page's "awaiting verification" counter
// links here. The HTML address serves the screen; the same address answers the list as JSON.
import type { Hono } from "hono";
import { z } from "zod";
import { and, asc, count, desc, eq, type SQL } from "drizzle-orm";
import type { HonoEnv } from "../../http/env.ts";
import { page } from "../../http/router.ts";
import * as f from "../../domain/fields.ts";
import { players } from "../../db/schema/players.ts";
import { catalogItems, orders, ORDER_STATUSES, DISPUTE_STATES } from "../../db/schema/billing.ts";
import { awaitingVerification } from "../../billing/orders.ts";
import { orderView } from "../../billing/apply.ts";
import { providers } from "../../billing/registry.ts";

const SORTS = {
  id: orders.id,
  createdAt: orders.createdAt,
  updatedAt: orders.updatedAt,
  amount: orders.amountMinor,
  status: orders.status,
  provider: orders.provider,
  player: orders.playerId,
} as const;
const PROVIDERS: [string, ...string[]] = ["manual", ...Object.keys(providers)];

export const ordersQuery = z.object({
  page: f.optional(f.int(1, 100_000)).default(1),
  size: f.optional(f.int(1, 100)).default(20),
  sort: f.optional(z.enum(Object.keys(SORTS) as [keyof typeof SORTS])).default("id"),
  dir: f.optional(z.enum(["asc", "desc"])).default("desc"),
  status: f.optional(z.enum(ORDER_STATUSES)),
  provider: f.optional(z.enum(PROVIDERS)),
  playerId: f.optional(f.id()),
  awaiting: f.optional(z.enum(["1"])),
  /** The order's dispute: an open inquiry to answer, a chargeback open, won or lost. */
  dispute: f.optional(z.enum(DISPUTE_STATES)),
});

export function registerOrdersAdmin(app: Hono<HonoEnv>) {
  page(
    app,
    { path: "/admin/billing/orders/", auth: "admin", role: "support" },
    { query: ordersQuery },
    async (c, q) => {
      const { db, clock } = c.var.deps;
      const conds: SQL[] = [];
      if (q.status) conds.push(eq(orders.status, q.status));
      if (q.provider) conds.push(eq(orders.provider, q.provider));
      if (q.playerId) conds.push(eq(orders.playerId, q.playerId));
      if (q.awaiting) conds.push(awaitingVerification(clock.now()));
      if (q.dispute) conds.push(eq(orders.dispute, q.dispute));
      const where = conds.length ? and(...conds) : undefined;
      const col = SORTS[q.sort];
      const rows = await db
        .select({
          order: orders,
          nickname: players.nickname,
          itemTitleRu: catalogItems.titleRu,
          itemTitleEn: catalogItems.titleEn,
        })
        .from(orders)
        .leftJoin(players, eq(players.id, orders.playerId))
        .leftJoin(catalogItems, eq(catalogItems.id, orders.itemId))
        .where(where)
        .orderBy(q.dir === "asc" ? asc(col) : desc(col), desc(orders.id))
        .limit(q.size)
        .offset((q.page - 1) * q.size);
      const [{ n }] = await db.select({ n: count() }).from(orders).where(where);
      const [{ waiting }] = await db.select({ waiting: count() }).from(orders).where(awaitingVerification(clock.now()));
      return c.json({
        rows: rows.map((r) => ({
          ...orderView(r.order),
          nickname: r.nickname,
          itemTitle: r.itemTitleRu === null ? null : { ru: r.itemTitleRu, en: r.itemTitleEn },
        })),
        total: n,
        page: q.page,
        size: q.size,
        awaitingVerification: waiting,
        providers: PROVIDERS,
      });
    },
  );
}
