// Who is in a saved audience now (docs/decisions/audiences.md): what offers, notifications and
// live events ask on a player's request — one indexed read of the membership rows, no warehouse.
import { and, eq, isNull } from "drizzle-orm";
import type { DbOrTx } from "../../db/index.ts";
import { audienceMembers, audiences } from "../../db/schema/audiences.ts";

/** Is the player a member of the saved audience now? */
export async function inAudience(db: DbOrTx, audienceId: number, playerId: number): Promise<boolean> {
  const [m] = await db
    .select({ n: audienceMembers.entryNo })
    .from(audienceMembers)
    .where(
      and(
        eq(audienceMembers.audienceId, audienceId),
        eq(audienceMembers.playerId, playerId),
        isNull(audienceMembers.exitedAt),
      ),
    )
    .limit(1);
  return !!m;
}

/** The saved audiences the player is a member of now. */
export async function audiencesOf(db: DbOrTx, playerId: number): Promise<Set<number>> {
  const rows = await db
    .select({ id: audienceMembers.audienceId })
    .from(audienceMembers)
    .where(and(eq(audienceMembers.playerId, playerId), isNull(audienceMembers.exitedAt)));
  return new Set(rows.map((r) => r.id));
}

/** Does a saved audience exist? (A form naming one is refused otherwise.) */
export async function audienceExists(db: DbOrTx, audienceId: number): Promise<boolean> {
  const [a] = await db.select({ id: audiences.id }).from(audiences).where(eq(audiences.id, audienceId)).limit(1);
  return !!a;
}

/** Every saved audience's id and name, for the forms that choose one. */
export function audienceChoices(db: DbOrTx) {
  return db.select({ id: audiences.id, name: audiences.name }).from(audiences).orderBy(audiences.name);
}
