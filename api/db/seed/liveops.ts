// The demo world's live-events calendar: a weekend tournament with a prize table and a weekday
// evening cup for newcomers, so the operators' calendar has its weeks filled from the first start;
// and the weekly players' and clans' tournaments (their events come with the migrations; the seeded
// battles entered and scored them as they ended) with prize tables, their past weeks settled and
// paid at their ends as the timer would have.
import { and, asc, eq, lte } from "drizzle-orm";
import type { WorldStep } from "../demo.ts";
import { liveEventPeriods, liveEvents } from "../schema/liveops.ts";
import { systemCtx } from "../../domain/context.ts";
import { settlePeriod } from "../../domain/liveops/tournaments.ts";
import { builtinEvent } from "../../domain/liveops/weekly.ts";
import { scheduleSchema } from "../../domain/liveops/admin.ts";
import { prizeTableSchema } from "../../domain/liveops/prizes.ts";
import { compileSchedule } from "../../domain/liveops/schedule.ts";

// Through the operators' own rules: a demo event the save form would refuse is not seeded.
const scheduleOf = (s: unknown) => {
  const schedule = scheduleSchema.parse(s);
  compileSchedule(schedule);
  return JSON.stringify(schedule);
};
const prizesOf = (p: unknown) => JSON.stringify(prizeTableSchema.parse(p));

/** The demo weekly players' tournament's prizes (the migration leaves the table empty: an operator's call). */
export const WEEKLY_DEMO_PRIZES = {
  by: "rank",
  rows: [
    { from: 1, to: 1, gold: 200, silver: 0 },
    { from: 2, to: 3, gold: 100, silver: 0 },
    { from: 4, to: 10, gold: 0, silver: 25_000 },
  ],
} as const;

/** The demo weekly clans' tournament's prizes, to each fighter of the placed clans (the migration leaves none). */
export const WEEKLY_CLANS_DEMO_PRIZES = {
  by: "rank",
  rows: [
    { from: 1, to: 1, gold: 50, silver: 0 },
    { from: 2, to: 3, gold: 0, silver: 20_000 },
  ],
} as const;

export const liveopsStep: WorldStep = async ({ db, opts }) => {
  const at = opts.now;
  for (const [builtin, prizes] of [
    ["weeklyPlayers", WEEKLY_DEMO_PRIZES],
    ["weeklyClans", WEEKLY_CLANS_DEMO_PRIZES],
  ] as const) {
    const weekly = await builtinEvent(db, builtin);
    if (!weekly) continue;
    await db
      .update(liveEvents)
      .set({ prizes: prizesOf(prizes) })
      .where(eq(liveEvents.id, weekly.id));
    const ended = await db
      .select()
      .from(liveEventPeriods)
      .where(
        and(
          eq(liveEventPeriods.eventId, weekly.id),
          eq(liveEventPeriods.state, "open"),
          lte(liveEventPeriods.periodEnd, at),
        ),
      )
      .orderBy(asc(liveEventPeriods.periodStart));
    for (const p of ended)
      await settlePeriod({
        ctx: systemCtx(db, { now: () => Math.min(at, p.periodEnd + 5 * 60_000) }),
        input: { eventId: weekly.id, periodStart: p.periodStart },
      });
  }
  const common = { kind: "tournament" as const, audience: "all" as const, createdAt: at, updatedAt: at };
  await db.insert(liveEvents).values([
    {
      ...common,
      titleRu: "Турнир выходного дня",
      titleEn: "Weekend tournament",
      // Saturday 10:00 Moscow time for two days: ends as Monday begins.
      schedule: scheduleOf({
        kind: "cron",
        cron: "0 10 * * 6",
        durationMinutes: 2 * 24 * 60 - 10 * 60,
        timeZone: "Europe/Moscow",
      }),
      minLevel: 3,
      metric: "wins",
      perTier: true,
      bucketSize: 100,
      prizes: prizesOf({
        by: "rank",
        rows: [
          { from: 1, to: 1, gold: 500, silver: 0 },
          { from: 2, to: 3, gold: 250, silver: 0 },
          { from: 4, to: 10, gold: 0, silver: 100_000 },
        ],
      }),
    },
    {
      ...common,
      titleRu: "Вечерний кубок новичков",
      titleEn: "Newcomers' evening cup",
      // Weekdays 19:00–22:00 Moscow time, levels 1–10 on tiers I–III: newcomers among newcomers.
      schedule: scheduleOf({ kind: "cron", cron: "0 19 * * 1-5", durationMinutes: 180, timeZone: "Europe/Moscow" }),
      maxLevel: 10,
      maxTier: 3,
      metric: "damage",
      sizeLimit: 500,
      prizes: prizesOf({
        by: "percentile",
        rows: [
          { topPercent: 10, gold: 50, silver: 20_000 },
          { topPercent: 50, gold: 0, silver: 10_000 },
        ],
      }),
    },
  ]);
};
