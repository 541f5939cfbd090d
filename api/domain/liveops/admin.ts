// Operators' side of the live-events calendar (docs/decisions/liveops.md): save an event (its
// schedule, audience, entry rules, scoring, leagues and prize table checked; audited with what
// changed) and read the calendar of a window — every event's periods in it, with the clashes
// (two active events of one kind whose periods overlap for players who could be in both).
import { z } from "zod";
import { asc, eq } from "drizzle-orm";
import {
  LIVE_EVENT_AUDIENCES,
  LIVE_EVENT_FEE_CURRENCIES,
  LIVE_EVENT_KINDS,
  LIVE_EVENT_METRICS,
  LIVE_EVENT_MULTIPLIED,
  liveEventPeriods,
  liveEvents,
} from "../../db/schema/liveops.ts";
import { specialOffers } from "../../db/schema/offers.ts";
import * as f from "../fields.ts";
import { transact, type AdminCtx, type Ctx } from "../context.ts";
import { audienceExists } from "../audiences/members.ts";
import { sharedPlayers } from "../audiences/overlap.ts";
import { audit, detailsOf } from "../audit.ts";
import { fieldError, notFound, type FieldMessage } from "../errors.ts";
import { compileSchedule, MAX_DURATION_MINUTES, ScheduleError, type Schedule } from "./schedule.ts";
import { prizeTableSchema } from "./prizes.ts";

const DAY = 86_400_000;
/** The calendar shows at most this long a window, and this many periods of one event in it. */
export const CALENDAR_MAX_DAYS = 92;
export const CALENDAR_MAX_PERIODS = 400;

export const scheduleSchema = z.discriminatedUnion("kind", [
  z.object({
    kind: z.literal("cron"),
    cron: f.text(9, 120),
    durationMinutes: f.int(1, MAX_DURATION_MINUTES),
    timeZone: f.text(1, 64),
  }),
  z.object({
    kind: z.literal("fixed"),
    periods: z
      .array(z.object({ start: f.text(16, 16), end: f.text(16, 16) }))
      .min(1)
      .max(100),
    timeZone: f.text(1, 64),
  }),
]);

export const liveEventInput = z.object({
  id: f.optional(f.id()),
  kind: z.enum(LIVE_EVENT_KINDS),
  titleRu: f.text(1, 80),
  titleEn: f.text(1, 80),
  schedule: scheduleSchema,
  audience: f.optional(z.enum(LIVE_EVENT_AUDIENCES)).default("all"),
  /** The saved audience when `audience` is "saved" (docs/decisions/audiences.md). */
  audienceId: z.preprocess((v) => (v === null ? undefined : v), f.optional(f.id())),
  minLevel: f.optional(f.int(1, 100)).default(1),
  maxLevel: f.optional(f.int(1, 100)).default(100),
  minTier: f.optional(f.int(1, 10)).default(1),
  maxTier: f.optional(f.int(1, 10)).default(10),
  feeCurrency: f.optional(z.enum(LIVE_EVENT_FEE_CURRENCIES)).default("silver"),
  fee: f.optional(f.int(0, 1_000_000)).default(0),
  sizeLimit: f.optional(f.int(2, 1_000_000)),
  metric: f.optional(z.enum(LIVE_EVENT_METRICS)).default("wins"),
  perTier: f.optional(f.bool()).default(false),
  bucketSize: f.optional(f.int(2, 10_000)),
  prizes: f.optional(prizeTableSchema).default({ by: "rank", rows: [] }),
  multiplied: f.optional(z.enum(LIVE_EVENT_MULTIPLIED)),
  multiplierPct: f.optional(f.int(101, 1000)),
  offerId: f.optional(f.id()),
  active: f.optional(f.bool()).default(true),
});
export type LiveEventInput = z.output<typeof liveEventInput>;

type EventRow = typeof liveEvents.$inferSelect;

/** An event as the operators' screens read it: its JSON columns parsed. */
export const eventView = (r: EventRow) => ({
  id: r.id,
  kind: r.kind,
  titleRu: r.titleRu,
  titleEn: r.titleEn,
  schedule: JSON.parse(r.schedule) as Schedule,
  audience: r.audience,
  audienceId: r.audienceId,
  minLevel: r.minLevel,
  maxLevel: r.maxLevel,
  minTier: r.minTier,
  maxTier: r.maxTier,
  feeCurrency: r.feeCurrency,
  fee: r.fee,
  sizeLimit: r.sizeLimit,
  metric: r.metric,
  perTier: r.perTier,
  bucketSize: r.bucketSize,
  prizes: prizeTableSchema.parse(JSON.parse(r.prizes)),
  multiplied: r.multiplied,
  multiplierPct: r.multiplierPct,
  offerId: r.offerId,
  autoEnter: r.autoEnter,
  entrant: r.entrant,
  builtin: r.builtin,
  active: r.active,
  createdAt: r.createdAt,
  updatedAt: r.updatedAt,
});
export type LiveEventView = ReturnType<typeof eventView>;

/** The rules a schema cannot state, each refused with its field's message. */
async function check(ctx: Ctx, input: LiveEventInput): Promise<void> {
  const fields: Record<string, FieldMessage> = {};
  try {
    compileSchedule(input.schedule);
  } catch (e) {
    if (!(e instanceof ScheduleError)) throw e;
    fields.schedule = { id: `liveops.schedule.${e.problem}`, values: [e.message.slice(e.problem.length + 2)] };
  }
  if (
    input.audience === "saved" &&
    (input.audienceId === undefined || !(await audienceExists(ctx.db, input.audienceId)))
  )
    fields.audienceId = { id: "audience.unknown" };
  if (input.minLevel > input.maxLevel) fields.maxLevel = { id: "liveops.levels" };
  if (input.minTier > input.maxTier) fields.maxTier = { id: "liveops.tiers" };
  if (input.kind === "multiplier" && (input.multiplied === undefined || input.multiplierPct === undefined))
    fields.multiplierPct = { id: "liveops.multiplier" };
  if (input.kind === "offerWindow") {
    const [offer] =
      input.offerId === undefined
        ? []
        : await ctx.db
            .select({ id: specialOffers.id })
            .from(specialOffers)
            .where(eq(specialOffers.id, input.offerId))
            .limit(1);
    if (!offer) fields.offerId = { id: "liveops.offer" };
  }
  if (Object.keys(fields).length > 0) throw fieldError(fields);
}

/** Creates an event or changes one (id given); audited with what changed. */
export function saveLiveEvent({ ctx, input }: { ctx: AdminCtx; input: LiveEventInput }) {
  return transact(ctx, async (c) => {
    await check(c, input);
    const now = c.clock.now();
    const { id, schedule, prizes, ...rest } = input;
    const values = {
      ...rest,
      schedule: JSON.stringify(schedule),
      prizes: JSON.stringify(prizes),
      audienceId: input.audience === "saved" ? (input.audienceId ?? null) : null,
      sizeLimit: input.sizeLimit ?? null,
      bucketSize: input.bucketSize ?? null,
      multiplied: input.kind === "multiplier" ? (input.multiplied ?? null) : null,
      multiplierPct: input.kind === "multiplier" ? (input.multiplierPct ?? null) : null,
      offerId: input.kind === "offerWindow" ? (input.offerId ?? null) : null,
      updatedAt: now,
    };
    let before: LiveEventView | undefined;
    let row: EventRow;
    if (id !== undefined) {
      const [old] = await c.db.select().from(liveEvents).where(eq(liveEvents.id, id)).limit(1);
      if (!old) throw notFound();
      before = eventView(old);
      [row] = await c.db.update(liveEvents).set(values).where(eq(liveEvents.id, id)).returning();
    } else
      [row] = await c.db
        .insert(liveEvents)
        .values({ ...values, createdAt: now })
        .returning();
    const event = eventView(row);
    await audit(c, {
      action: "/admin/liveops/save",
      targetType: "liveEvent",
      targetId: event.id,
      summary: before ? `changed live event "${event.titleEn}"` : `created live event "${event.titleEn}"`,
      details: detailsOf(before, event),
    });
    return { event, created: !before };
  });
}

interface CalendarPeriod {
  start: number;
  end: number;
  /** Entries so far and whether its prizes are paid (tournaments; 0 and false before anyone enters). */
  entries: number;
  settled: boolean;
  /** The ids of the other events this period clashes with. */
  clashes: number[];
}

/** Could one player be in both events' audiences? (A saved audience may hold anyone: assumed to meet every other.) */
const audiencesMeet = (a: EventRow, b: EventRow) =>
  (a.audience === "all" ||
    b.audience === "all" ||
    a.audience === "saved" ||
    b.audience === "saved" ||
    a.audience === b.audience) &&
  a.minLevel <= b.maxLevel &&
  b.minLevel <= a.maxLevel;

/** Do two events of one kind compete for the same thing? (Multipliers: of the same figure; offer windows: of the same offer.) */
const sameSlot = (a: EventRow, b: EventRow) =>
  a.kind === b.kind &&
  // The weekly boards every battle enters meet each other, not the tournaments a player enters.
  // Clans' boards meet clans' boards only (their entries are clans, not players).
  (a.kind !== "tournament" || (a.autoEnter === b.autoEnter && a.entrant === b.entrant)) &&
  (a.kind !== "multiplier" || a.multiplied === b.multiplied) &&
  (a.kind !== "offerWindow" || a.offerId === b.offerId);

/**
 * The calendar of [from, to): every event with its periods in the window (at most
 * CALENDAR_MAX_PERIODS each, `truncated` when there were more), and for each period the other
 * active events it clashes with.
 */
export async function liveCalendar({ ctx, input }: { ctx: Ctx; input: { from?: number; to?: number } }) {
  const from = input.from ?? ctx.clock.now();
  const to = Math.min(input.to ?? from + 28 * DAY, from + CALENDAR_MAX_DAYS * DAY);
  if (to <= from) throw fieldError({ to: { id: "liveops.window" } });
  const rows = await ctx.db.select().from(liveEvents).orderBy(asc(liveEvents.id));
  const periods = await ctx.db.select().from(liveEventPeriods);
  const stored = new Map(periods.map((p) => [`${p.eventId}:${p.periodStart}`, p]));
  const events = rows.map((r) => {
    const all = compileSchedule(JSON.parse(r.schedule) as Schedule).periodsBetween(from, to);
    return { row: r, all, shown: all.slice(0, CALENDAR_MAX_PERIODS) };
  });
  // Active events running at the same time in the window (any kind): the players they share now,
  // counted once per pair from the audiences' membership (audiences/overlap.ts).
  const shared = new Map<string, number>();
  for (const a of events)
    for (const b of events)
      if (
        a.row.id < b.row.id &&
        a.row.active &&
        b.row.active &&
        a.shown.some((p) => b.shown.some((q) => q.start < p.end && p.start < q.end))
      )
        shared.set(`${a.row.id}:${b.row.id}`, await sharedPlayers(ctx.db, a.row, b.row));
  const together = (id: number) =>
    events.flatMap(({ row: o }) => {
      const n = shared.get(id < o.id ? `${id}:${o.id}` : `${o.id}:${id}`);
      return n === undefined ? [] : [{ eventId: o.id, players: n }];
    });
  return {
    from,
    to,
    events: events.map(({ row, all, shown }) => ({
      event: eventView(row),
      truncated: all.length > shown.length,
      together: together(row.id),
      periods: shown.map((p): CalendarPeriod => {
        const s = stored.get(`${row.id}:${p.start}`);
        const clashes = row.active
          ? events
              .filter(
                (o) =>
                  o.row.id !== row.id &&
                  o.row.active &&
                  sameSlot(row, o.row) &&
                  audiencesMeet(row, o.row) &&
                  o.shown.some((q) => q.start < p.end && p.start < q.end),
              )
              .map((o) => o.row.id)
          : [];
        return { start: p.start, end: p.end, entries: s?.entries ?? 0, settled: s?.state === "settled", clashes };
      }),
    })),
  };
}
