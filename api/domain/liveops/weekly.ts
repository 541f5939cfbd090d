// The weekly players' tournament as an event of the calendar (docs/decisions/liveops.md, "The
// weekly tournaments as instances"): a built-in tournament `0 0 * * 1` for 10 080 minutes in UTC
// that every finished battle enters its player into, whose entries carry the four figures the
// screens order by. Its migration (0034) creates it and fills its past weeks from the battles
// fought before it; the demo world fills them the same way (the same statement, below).
import { and, eq, sql } from "drizzle-orm";
import type { DbOrTx } from "../../db/index.ts";
import { liveEvents, type LIVE_EVENT_BUILTINS } from "../../db/schema/liveops.ts";

export type Builtin = (typeof LIVE_EVENT_BUILTINS)[number];

/** The schedule of the weekly tournaments: Monday 00:00 UTC for a week. */
export const WEEKLY_SCHEDULE = { kind: "cron", cron: "0 0 * * 1", durationMinutes: 10_080, timeZone: "UTC" } as const;

/** The built-in weekly event (null once removed from the store, which the screens then sum battles for). */
export async function builtinEvent(db: DbOrTx, builtin: Builtin) {
  const [ev] = await db
    .select()
    .from(liveEvents)
    .where(and(eq(liveEvents.builtin, builtin), eq(liveEvents.kind, "tournament")))
    .limit(1);
  return ev ?? null;
}

/**
 * Fills the weekly players' event with the battles finished before `until` that it has no entry
 * for (one entry per player and UTC week: the sums the screens summed, the entry's tier the
 * lowest tier fought), and one open period row per week; periods that have ended are then
 * settled by the sweep like any other. The same statements as migration 0034's.
 */
export async function backfillWeeklyPlayers(db: DbOrTx, eventId: number, until: number) {
  await db.run(sql`
    INSERT INTO live_event_entries (event_id, period_start, player_id, tier, bucket, score, battles, wins, rating_delta, experience, scored_at, joined_at)
    SELECT ${eventId}, w.wk, w.player_id, w.tier, 0, w.rating_delta, w.battles, w.wins, w.rating_delta, w.experience, w.last_at, w.first_at
    FROM (
      SELECT ((bp.ended_at / 86400000 + 3) / 7) * 604800000 - 259200000 AS wk, bp.player_id,
        coalesce(min(ct.tier), 1) AS tier, count(*) AS battles,
        sum(CASE WHEN bp.result = 'win' THEN 1 ELSE 0 END) AS wins, sum(bp.rating_delta) AS rating_delta,
        sum(bp.experience) AS experience, min(bp.ended_at) AS first_at, max(bp.ended_at) AS last_at
      FROM battle_players bp LEFT JOIN content_tanks ct ON ct.id = bp.tank_id
      WHERE bp.result IS NOT NULL AND bp.ended_at IS NOT NULL AND bp.ended_at < ${until}
      GROUP BY wk, bp.player_id
    ) w
    WHERE true
    ON CONFLICT DO NOTHING`);
  await db.run(sql`
    INSERT INTO live_event_periods (event_id, period_start, period_end, state, entries)
    SELECT ${eventId}, period_start, period_start + 604800000, 'open', count(*)
    FROM live_event_entries WHERE event_id = ${eventId} GROUP BY period_start
    ON CONFLICT (event_id, period_start) DO UPDATE SET entries = excluded.entries`);
}
