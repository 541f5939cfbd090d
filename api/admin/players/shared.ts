// What every players-admin route shares: the roles, the player lookup (404 for an unknown id) and
// the typed read of an input(schema)-validated body.
import { eq } from "drizzle-orm";
import { z } from "zod";
import type { DbOrTx } from "../../db/index.ts";
import { players } from "../../db/schema/players.ts";
import { notFound } from "../../domain/errors.ts";
import * as f from "../../domain/fields.ts";

/** Support reads, operators change, admins erase (as in the payments area). */
export const SUPPORT = { auth: "admin", role: "support" } as const;
export const OPERATOR = { auth: "admin", role: "operator" } as const;
export const ADMIN = { auth: "admin", role: "admin" } as const;

export type PlayerRow = typeof players.$inferSelect;

/** The path parameter of every /admin/…/:playerId{[0-9]+} route (0 or past 2^53 is a 400, not a query). */
export const byPlayer = z.object({ playerId: f.id() });

/** The player row, or 404. */
export async function playerOr404(db: DbOrTx, playerId: number): Promise<PlayerRow> {
  const [p] = await db.select().from(players).where(eq(players.id, playerId)).limit(1);
  if (!p) throw notFound();
  return p;
}

/** The row an operator may see: everything but the password hash (only whether there is one). */
export function publicRow(p: PlayerRow) {
  const { passwordHash, ...rest } = p;
  return { ...rest, hasPassword: passwordHash !== null };
}
