// The session store's rules that domain changes need (a ban, an erasure, a deactivation ends a
// subject's sessions) and housekeeping; cookies and the request side stay in api/http/session.ts.
import { and, eq, lt, ne } from "drizzle-orm";
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

/** Ends one session by its token's hash (a browser signing in as someone else). */
export async function endSessionByHash(db: DbOrTx, tokenHash: string) {
  await db.delete(sessions).where(eq(sessions.tokenHash, tokenHash));
}

/** Ends every other session of a player (a password change keeps only the browser that made it). */
export async function endOtherSessions(db: DbOrTx, playerId: number, keepTokenHash: string) {
  await db
    .delete(sessions)
    .where(and(eq(sessions.kind, "player"), eq(sessions.subjectId, playerId), ne(sessions.tokenHash, keepTokenHash)));
}
