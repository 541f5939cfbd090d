// An operator's sign-in and sign-out as the store and the admin log keep them (the password check,
// the throttle and the session cookie are the request's: api/admin/access/index.ts).
import { eq } from "drizzle-orm";
import { admins } from "../db/schema/access.ts";
import { audit } from "./audit.ts";
import { type AdminCtx, transact } from "./context.ts";

/**
 * The operator of `ctx` has signed in from `address`: their last sign-in time (and the password's
 * new hash when the old form was replaced), and the admin log's row — in the caller's transaction
 * when it holds one (with the session it started), else in one of its own.
 */
export function recordAdminSignIn({
  ctx,
  input,
}: {
  ctx: AdminCtx;
  input: { address: string | null; passwordHash?: string };
}): Promise<void> {
  return transact(ctx, async (tx) => {
    const adminId = tx.actor.adminId;
    await tx.db
      .update(admins)
      .set({ lastLoginAt: tx.clock.now(), ...(input.passwordHash ? { passwordHash: input.passwordHash } : {}) })
      .where(eq(admins.id, adminId));
    await audit(tx, {
      action: "admin.login",
      targetType: "admin",
      targetId: adminId,
      summary: `signed in from ${input.address ?? "unknown address"}`,
      details: { changes: [] },
    });
  });
}

/** The operator of `ctx` signs out: the admin log's row (the session ends with the request). */
export function recordAdminSignOut({ ctx }: { ctx: AdminCtx }): Promise<void> {
  return transact(ctx, (tx) =>
    audit(tx, {
      action: "admin.logout",
      targetType: "admin",
      targetId: tx.actor.adminId,
      summary: "signed out",
      details: { changes: [] },
    }),
  );
}
