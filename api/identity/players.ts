// Finding a player by what they sign in with: an email (site) or a social identity (game client).
import { and, eq, isNull, sql } from "drizzle-orm";
import { players, playerIdentities } from "../db/schema/players.ts";
import type { DbOrTx } from "../db/index.ts";

export type PlayerRow = typeof players.$inferSelect;

/** A live (not erased) player by email, case-insensitively. */
export async function playerByEmail(db: DbOrTx, email: string): Promise<PlayerRow | undefined> {
  const [p] = await db
    .select()
    .from(players)
    .where(and(sql`lower(${players.email}) = lower(${email})`, isNull(players.erasedAt)))
    .limit(1);
  return p;
}

export async function playerByIdentity(db: DbOrTx, network: string, uid: string): Promise<PlayerRow | undefined> {
  const [row] = await db
    .select({ p: players })
    .from(playerIdentities)
    .innerJoin(players, eq(players.id, playerIdentities.playerId))
    .where(and(eq(playerIdentities.network, network), eq(playerIdentities.uid, uid), isNull(players.erasedAt)))
    .limit(1);
  return row?.p;
}

export async function playerById(db: DbOrTx, id: number): Promise<PlayerRow | undefined> {
  const [p] = await db
    .select()
    .from(players)
    .where(and(eq(players.id, id), isNull(players.erasedAt)))
    .limit(1);
  return p;
}
