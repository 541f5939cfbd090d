// What every players-admin route shares: the roles and the player path parameter. (The player
// lookup, playerOr404, is the domain's: api/domain/players.ts; the operator's player row is
// publicRow in api/domain/player-card.ts.)
import { z } from "zod";
import * as f from "../../domain/fields.ts";

/** Support reads, operators change, admins erase (as in the payments area). */
export const SUPPORT = { auth: "admin", role: "support" } as const;
export const OPERATOR = { auth: "admin", role: "operator" } as const;
export const ADMIN = { auth: "admin", role: "admin" } as const;

/** The path parameter of every /admin/…/:playerId{[0-9]+} route (0 or past 2^53 is a 400, not a query). */
export const byPlayer = z.object({ playerId: f.id() });
