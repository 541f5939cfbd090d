// The admin log: one row per operator's change, written by the service that makes the change,
// from the context's actor, in the same transaction, with its event for the adminControl metrics.
import { adminLog } from "../db/schema/access.ts";
import { newEventId, toCHDateTime } from "../../warehouse/events.ts";
import { emit } from "./outbox.ts";
import type { AdminCtx } from "./context.ts";
import type { AuditAction, AuditDetails } from "./audit-details.ts";

export type { AuditAction, AuditChange, AuditDetails, NamedAuditAction } from "./audit-details.ts";
export { detailsOf, NO_CHANGES, pathAction, valuesOf } from "./audit-details.ts";

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
 * Writes the operator's admin log row through the context's store — the transaction of the change,
 * so the log and the change commit together — and marks the request audited.
 */
export async function audit(ctx: AdminCtx, entry: AuditEntry): Promise<void> {
  const { db, clock, actor } = ctx;
  const now = clock.now();
  await db.insert(adminLog).values({
    adminId: actor.adminId,
    adminUsername: actor.username,
    action: entry.action,
    targetType: entry.targetType ?? null,
    targetId: entry.targetId === undefined ? null : String(entry.targetId),
    summary: entry.summary.slice(0, 2000),
    details: JSON.stringify(entry.details).slice(0, 20_000),
    method: actor.request.method,
    path: actor.request.path,
    address: actor.request.address,
    createdAt: now,
  });
  await emit(db, "admin_actions", {
    event_id: newEventId(),
    ts: toCHDateTime(now),
    admin_id: actor.adminId,
    admin_username: actor.username,
    role: actor.role,
    action: entry.action,
    target_type: entry.targetType ?? "",
    target_id: entry.targetId === undefined ? "" : String(entry.targetId),
  });
  actor.request.audited = true;
}
