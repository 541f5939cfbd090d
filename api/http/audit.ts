import type { Context } from "hono";
import { adminLog } from "../db/schema/access.ts";
import type { DbOrTx } from "../db/index.ts";
import { emit } from "../domain/outbox.ts";
import { newEventId, toCHDateTime } from "../../warehouse/events.ts";
import type { HonoEnv } from "./env.ts";
import { clientAddress } from "./session.ts";
import type { AuditAction, AuditDetails } from "../domain/audit-details.ts";

export type { AuditAction, AuditChange, AuditDetails, NamedAuditAction } from "../domain/audit-details.ts";
export { detailsOf, NO_CHANGES, pathAction, valuesOf } from "../domain/audit-details.ts";

export interface AuditEntry {
  /** A named action (AUDIT_ACTIONS, each with words in the back office) or the route's own path. */
  action: AuditAction;
  targetType?: string;
  targetId?: string | number;
  /** What changed, in a line an operator can read ("gold 100 → 250", "role operator → admin"): the log's search text and CSV. */
  summary: string;
  /**
   * The same change as data (fields before and after), which the admin log shows in the viewer's
   * language; required, so no row is written that only the English summary describes
   * (`NO_CHANGES` when the action's words say it all).
   */
  details: AuditDetails;
}

/**
 * Writes the admin log row of the current request, in the caller's transaction so the log
 * and the change commit together, and its event for the adminControl metrics.
 */
export async function audit(c: Context<HonoEnv>, db: DbOrTx, entry: AuditEntry): Promise<void> {
  const admin = c.var.admin;
  if (!admin) throw new Error("audit() needs a signed-in admin");
  const now = c.var.deps.clock.now();
  await db.insert(adminLog).values({
    adminId: admin.adminId,
    adminUsername: admin.username,
    action: entry.action,
    targetType: entry.targetType ?? null,
    targetId: entry.targetId === undefined ? null : String(entry.targetId),
    summary: entry.summary.slice(0, 2000),
    details: JSON.stringify(entry.details).slice(0, 20_000),
    method: c.req.method,
    path: c.req.path,
    address: clientAddress(c),
    createdAt: now,
  });
  await emit(db, "admin_actions", {
    event_id: newEventId(),
    ts: toCHDateTime(now),
    admin_id: admin.adminId,
    admin_username: admin.username,
    role: admin.role,
    action: entry.action,
    target_type: entry.targetType ?? "",
    target_id: entry.targetId === undefined ? "" : String(entry.targetId),
  });
  c.set("audited", true);
}
