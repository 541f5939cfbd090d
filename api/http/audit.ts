import type { Context } from "hono";
import type { DbOrTx } from "../db/index.ts";
import { audit as auditAs, type AuditEntry } from "../domain/audit.ts";
import type { HonoEnv } from "./env.ts";
import { adminCtx } from "./context.ts";

export type { AuditAction, AuditChange, AuditDetails, AuditEntry, NamedAuditAction } from "../domain/audit.ts";
export { detailsOf, NO_CHANGES, pathAction, valuesOf } from "../domain/audit.ts";

/**
 * The admin log row of the current request, for a handler that makes its change itself: the
 * request's operator acts through `db` (the handler's transaction). Services write theirs with
 * audit(ctx, entry) of api/domain/audit.ts.
 */
export function audit(c: Context<HonoEnv>, db: DbOrTx, entry: AuditEntry): Promise<void> {
  return auditAs(adminCtx(c, db), entry);
}
