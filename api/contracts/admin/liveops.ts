// /admin/liveops/*: the live-events calendar (docs/decisions/liveops.md) — save an event and read
// the calendar of a window with each period's clashes (api/domain/liveops/admin.ts).
import { z } from "zod";
import * as f from "../../domain/fields.ts";
import {
  LIVE_EVENT_AUDIENCES,
  LIVE_EVENT_BUILTINS,
  LIVE_EVENT_ENTRANTS,
  LIVE_EVENT_FEE_CURRENCIES,
  LIVE_EVENT_KINDS,
  LIVE_EVENT_METRICS,
  LIVE_EVENT_MULTIPLIED,
} from "../../db/schema/liveops.ts";
import { liveEventInput } from "../../domain/liveops/admin.ts";
import { contract } from "../contract.ts";

const O = { auth: "admin", role: "operator" } as const;

const schedule = z.discriminatedUnion("kind", [
  z.object({ kind: z.literal("cron"), cron: z.string(), durationMinutes: z.int(), timeZone: z.string() }),
  z.object({
    kind: z.literal("fixed"),
    periods: z.array(z.object({ start: z.string(), end: z.string() })),
    timeZone: z.string(),
  }),
]);

const prizes = z.discriminatedUnion("by", [
  z.object({
    by: z.literal("rank"),
    rows: z.array(z.object({ from: z.int(), to: z.int(), gold: z.int(), silver: z.int() })),
  }),
  z.object({
    by: z.literal("percentile"),
    rows: z.array(z.object({ topPercent: z.int(), gold: z.int(), silver: z.int() })),
  }),
]);

/** An event as stored, its schedule and prize table read. */
export const liveEvent = z.object({
  id: z.int(),
  kind: z.enum(LIVE_EVENT_KINDS),
  titleRu: z.string(),
  titleEn: z.string(),
  schedule,
  audience: z.enum(LIVE_EVENT_AUDIENCES),
  audienceId: z.int().nullable(),
  minLevel: z.int(),
  maxLevel: z.int(),
  minTier: z.int(),
  maxTier: z.int(),
  feeCurrency: z.enum(LIVE_EVENT_FEE_CURRENCIES),
  fee: z.int(),
  sizeLimit: z.int().nullable(),
  metric: z.enum(LIVE_EVENT_METRICS),
  perTier: z.boolean(),
  bucketSize: z.int().nullable(),
  prizes,
  multiplied: z.enum(LIVE_EVENT_MULTIPLIED).nullable(),
  multiplierPct: z.int().nullable(),
  offerId: z.int().nullable(),
  /** Every battle of a period enters its player (the weekly tournaments); not set by the form. */
  autoEnter: z.boolean(),
  /** Who enters a tournament: players, or clans (a clan's members' battles count for it). */
  entrant: z.enum(LIVE_EVENT_ENTRANTS),
  /** The weekly tournament the tournaments' screens read, when this event is it. */
  builtin: z.enum(LIVE_EVENT_BUILTINS).nullable(),
  active: z.boolean(),
  createdAt: z.int(),
  updatedAt: z.int(),
});

export const save = contract({
  method: "ANY",
  path: "/admin/liveops/save",
  ...O,
  mutates: true,
  summary: "Create or change a live event (tournament, multiplier, offer window)",
  input: liveEventInput,
  output: z.object({ event: liveEvent, created: z.boolean() }),
});

const calendarOutput = z.object({
  from: z.int(),
  to: z.int(),
  events: z.array(
    z.object({
      event: liveEvent,
      truncated: z.boolean(),
      /** The other active events running at the same time in the window, with the players both are meant for now. */
      together: z.array(z.object({ eventId: z.int(), players: z.int() })),
      periods: z.array(
        z.object({
          start: z.int(),
          end: z.int(),
          entries: z.int(),
          settled: z.boolean(),
          clashes: z.array(z.int()),
        }),
      ),
    }),
  ),
});

/** The calendar screen; as JSON, the calendar of the next 28 days. */
export const page = contract({
  method: "ANY",
  path: "/admin/liveops/",
  ...O,
  kind: "page",
  output: calendarOutput,
});

/** The calendar of [from, to) (default: 28 days from now; at most 92 days). */
export const calendar = contract({
  method: "ANY",
  path: "/admin/liveops/calendar",
  ...O,
  summary: "The live events' periods in a window, with their clashes",
  input: z.object({ from: f.optional(f.dateTime()), to: f.optional(f.dateTime()) }),
  output: calendarOutput,
});
