// What every players-admin route shares: the roles, the player lookup (404 for an unknown id) and
// the typed read of an input(schema)-validated body.
import { z } from "zod";
import type { PlayerRow } from "../../domain/players.ts";
import * as f from "../../domain/fields.ts";

// The player lookup is the domain's (api/domain/players.ts); the players-admin routes take it from here.
export { playerOr404, type PlayerRow } from "../../domain/players.ts";

/** Support reads, operators change, admins erase (as in the payments area). */
export const SUPPORT = { auth: "admin", role: "support" } as const;
export const OPERATOR = { auth: "admin", role: "operator" } as const;
export const ADMIN = { auth: "admin", role: "admin" } as const;

/** The path parameter of every /admin/…/:playerId{[0-9]+} route (0 or past 2^53 is a 400, not a query). */
export const byPlayer = z.object({ playerId: f.id() });

/** The row an operator may see: everything but the password hash (only whether there is one). */
export function publicRow(p: PlayerRow) {
  const { passwordHash, ...rest } = p;
  return { ...rest, hasPassword: passwordHash !== null };
}
