// How many players two live events share (docs/decisions/audiences.md, "Used by"): the calendar
// shows it for events that run at the same time. An event's players are its audience now —
// everyone, payers, non-payers (the one payer rule) or a saved audience's members (its
// membership rows) — within its level range, as meantFor reads one player (liveops/running.ts),
// here as SQL over `players` so the count is one query per pair.
import { and, count, gte, isNull, lte, not, sql, type SQL } from "drizzle-orm";
import type { DbOrTx } from "../../db/index.ts";
import type { liveEvents } from "../../db/schema/liveops.ts";
import { players } from "../../db/schema/players.ts";
import { payerSql } from "../payers.ts";

type EventAudience = Pick<typeof liveEvents.$inferSelect, "audience" | "audienceId" | "minLevel" | "maxLevel">;

// Qualified: inside the subqueries drizzle would write the column bare (and bind it to their table).
const playerId = sql`"players"."id"`;

/** SQL over `players`: the player is in the event's audience now (its level range aside). */
function audienceSql(ev: EventAudience): SQL | undefined {
  switch (ev.audience) {
    case "all":
      return undefined;
    case "payers":
      return payerSql(playerId);
    case "nonPayers":
      return not(payerSql(playerId));
    case "saved":
      return ev.audienceId === null
        ? sql`0`
        : sql`exists (select 1 from audience_members m where m.audience_id = ${ev.audienceId} and m.player_id = ${playerId} and m.exited_at is null)`;
  }
}

/** The players (not erased) who are in both events' audiences and level ranges now. */
export async function sharedPlayers(db: DbOrTx, a: EventAudience, b: EventAudience): Promise<number> {
  const low = Math.max(a.minLevel, b.minLevel);
  const high = Math.min(a.maxLevel, b.maxLevel);
  if (low > high) return 0;
  const [r] = await db
    .select({ n: count() })
    .from(players)
    .where(
      and(isNull(players.erasedAt), gte(players.level, low), lte(players.level, high), audienceSql(a), audienceSql(b)),
    );
  return r?.n ?? 0;
}
