// The admin log as operators read it (/admin/adminLog/): filtered by admin, action (a prefix),
// target and period, newest first, each row's change as data. And the admins list's reads.
import { and, count, desc, eq, gte, like, lte, sql } from "drizzle-orm";
import { adminLog, admins } from "../db/schema/access.ts";
import { fieldError } from "./errors.ts";
import type { AuditDetails } from "./audit-details.ts";
import type { Ctx } from "./context.ts";

export interface AdminLogQuery {
  admin?: string;
  action?: string;
  target?: string;
  from?: number;
  to?: number;
  page?: number;
  pageSize?: number;
}

export async function adminLogPage({ ctx, input: q }: { ctx: Ctx; input: AdminLogQuery }) {
  if (q.from !== undefined && q.to !== undefined && q.from > q.to)
    throw fieldError({ to: { id: "identity.periodOrder" } });
  const where = and(
    q.admin ? sql`lower(${adminLog.adminUsername}) = lower(${q.admin})` : undefined,
    q.action ? like(adminLog.action, `${q.action.replace(/[%_]/g, "")}%`) : undefined,
    q.target
      ? sql`(${adminLog.targetId} = ${q.target} OR ${adminLog.targetType} || ':' || ${adminLog.targetId} = ${q.target})`
      : undefined,
    q.from ? gte(adminLog.createdAt, q.from) : undefined,
    q.to ? lte(adminLog.createdAt, q.to) : undefined,
  );
  const pageSize = q.pageSize ?? 50;
  const pageNo = q.page ?? 1;
  const db = ctx.db;
  const [rows, [{ n }]] = await Promise.all([
    db
      .select()
      .from(adminLog)
      .where(where)
      .orderBy(desc(adminLog.id))
      .limit(pageSize)
      .offset((pageNo - 1) * pageSize),
    db.select({ n: count() }).from(adminLog).where(where),
  ]);
  return {
    rows: rows.map((r) => ({ ...r, details: r.details ? (JSON.parse(r.details) as AuditDetails) : null })),
    total: n,
    page: pageNo,
    pageSize,
  };
}

/** How many rows of the admin log an admin wrote. */
export async function actionsOf(ctx: Ctx, adminId: number) {
  const [{ n }] = await ctx.db.select({ n: count() }).from(adminLog).where(eq(adminLog.adminId, adminId));
  return n;
}

/** Every admin account, by name. */
export const allAdmins = (ctx: Ctx) => ctx.db.select().from(admins).orderBy(admins.username);
