// The session store's rules that domain changes need (a ban, an erasure, a deactivation ends a
// subject's sessions) and housekeeping; cookies and the request side stay in api/http/session.ts.
import { and, eq, lt } from "drizzle-orm";
import { sessions } from "../db/schema/index.ts";
import type { DbOrTx } from "../db/index.ts";

/** Ends every session of a subject (deactivation, password change, erasure). */
export async function endAllSessions(db: DbOrTx, kind: "player" | "admin", subjectId: number) {
  await db.delete(sessions).where(and(eq(sessions.kind, kind), eq(sessions.subjectId, subjectId)));
}

/** Deletes sessions past their expiry (api/maintenance.ts); returns how many. */
export async function pruneExpiredSessions(db: DbOrTx, now: number): Promise<number> {
  const gone = await db.delete(sessions).where(lt(sessions.expiresAt, now)).returning({ t: sessions.tokenHash });
  return gone.length;
}
