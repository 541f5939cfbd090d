// The weekly players' tournament as an event of the calendar (docs/decisions/liveops.md, "The
// weekly tournaments as instances"): a built-in tournament `0 0 * * 1` for 10 080 minutes in UTC
// that every finished battle enters its player into, whose entries carry the four figures the
// screens order by. Its migration (0034) creates it and fills its past weeks from the battles
// fought before it.
import { and, eq } from "drizzle-orm";
import type { DbOrTx } from "../../db/index.ts";
import { runningPeriod } from "./running.ts";
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

/** The built-in weekly event's period starting at `from`, if it has one there (a whole week of its board). */
export async function weeklyPeriodAt(db: DbOrTx, builtin: Builtin, from: number) {
  const ev = await builtinEvent(db, builtin);
  if (!ev) return null;
  const p = runningPeriod(ev, from);
  return p && p.start === from ? { eventId: ev.id, ...p } : null;
}
