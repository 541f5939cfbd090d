// Live events' schedules (docs/decisions/liveops.md): fixed periods or a CRON-like rule with a
// duration, read in an IANA time zone. Pure: Web-standard APIs only (Intl.DateTimeFormat for the
// zone's offsets), no store, no clock.
//
// The rules, in one place (the decisions file says why):
// - A "wall" time is the zone's local calendar time, held as the milliseconds Date.UTC gives
//   for those fields. A CRON rule matches whole wall minutes (minute hour day-of-month month
//   day-of-week, Vixie cron: when both day fields are restricted a day matching either counts;
//   `*/n` restricts nothing, as `*`). A 31st in a 30-day month or a 29 February in a common year
//   does not exist, so it is skipped, as cron does.
// - A wall time W happens at instant(W) = the first instant whose wall time is at least W. In a
//   spring-forward gap that is the gap's end (a 02:30 start in Berlin's last March night begins
//   at 03:00 CEST); in a fall-back overlap it is the first of the two (02:30 starts once).
// - Starts that fall on one instant (several wall times in one gap) are one period; its nominal
//   start is the latest of them.
// - A period runs [instant(W), instant(W + duration)) with the duration in wall-clock minutes (a
//   weekend from Saturday 00:00 for 2 days ends Monday 00:00 local, whatever DST did), cut at the
//   next period's start: periods of one schedule never overlap, and a duration that meets the next
//   start hands over at that very instant (half-open: at the instant the new period is active).
// - A period that comes out empty (its whole wall span inside a gap) does not happen.

export const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;
/** How far a search for the next/previous matching day goes: 8 years reach any 29 February. */
const SEARCH_DAYS = 366 * 9;
/** The longest duration a CRON period may have: a year. */
export const MAX_DURATION_MINUTES = 366 * 24 * 60;

export type Schedule =
  | { kind: "cron"; cron: string; durationMinutes: number; timeZone: string }
  | {
      kind: "fixed";
      /** Wall times in the zone, "YYYY-MM-DDTHH:mm", in order and not overlapping. */
      periods: { start: string; end: string }[];
      timeZone: string;
    };

/** A period as instants (epoch ms), half-open [start, end). */
export interface Period {
  start: number;
  end: number;
}

export type ScheduleProblem =
  | "zone"
  | "cron.fields"
  | "cron.value"
  | "cron.never"
  | "duration"
  | "fixed.time"
  | "fixed.order"
  | "fixed.empty";

export class ScheduleError extends Error {
  constructor(
    readonly problem: ScheduleProblem,
    detail: string,
  ) {
    super(`${problem}: ${detail}`);
  }
}

// ---------------------------------------------------------------- the zone

const formats = new Map<string, Intl.DateTimeFormat>();

function formatOf(timeZone: string): Intl.DateTimeFormat {
  let f = formats.get(timeZone);
  if (!f) {
    try {
      f = new Intl.DateTimeFormat("en-US", {
        timeZone,
        hourCycle: "h23",
        year: "numeric",
        month: "numeric",
        day: "numeric",
        hour: "numeric",
        minute: "numeric",
        second: "numeric",
      });
    } catch {
      throw new ScheduleError("zone", timeZone);
    }
    formats.set(timeZone, f);
  }
  return f;
}

/** A zone's offset at an instant (wall − instant, ms) and the wall times it gives. */
export class Zone {
  private readonly fmt: Intl.DateTimeFormat;
  constructor(readonly timeZone: string) {
    this.fmt = formatOf(timeZone);
  }

  offsetAt(t: number): number {
    const whole = Math.floor(t / 1000) * 1000;
    const p: Record<string, number> = {};
    for (const part of this.fmt.formatToParts(whole)) if (part.type !== "literal") p[part.type] = Number(part.value);
    const wall = Date.UTC(p.year, p.month - 1, p.day, p.hour, p.minute, p.second);
    return wall - whole;
  }

  wallOf(t: number): number {
    return t + this.offsetAt(t);
  }

  /** The first instant whose wall time is at least `w`. */
  instantOf(w: number): number {
    const o1 = this.offsetAt(w - DAY);
    const o2 = this.offsetAt(w + DAY);
    if (o1 === o2 && this.wallOf(w - o1) === w) return w - o1; // no change of offset near w
    let best = Number.POSITIVE_INFINITY;
    for (const o of new Set([o1, o2, this.offsetAt(w - o1), this.offsetAt(w - o2)])) {
      const t = w - o;
      if (t < best && this.wallOf(t) === w) best = t;
    }
    if (best !== Number.POSITIVE_INFINITY) return best;
    // A gap: the first instant after it. Narrow to the hour the two offsets bracket when they do.
    let lo = w - Math.max(o1, o2);
    let hi = w - Math.min(o1, o2);
    if (!(this.wallOf(lo) < w && this.wallOf(hi) >= w)) {
      lo = w - 2 * DAY;
      hi = w + 2 * DAY;
    }
    while (hi - lo > 1) {
      const mid = Math.floor((lo + hi) / 2);
      if (this.wallOf(mid) >= w) hi = mid;
      else lo = mid;
    }
    return hi;
  }

  /** The latest wall time of any instant up to `t` (after a fall-back, the wall before it). */
  maxWallUpTo(t: number): number {
    const now = this.offsetAt(t);
    const before = this.offsetAt(t - DAY);
    const wall = t + now;
    if (before <= now) return wall;
    // A fall-back inside the last day: find its instant T; the wall just before it was T − 1 + before.
    let lo = t - DAY;
    let hi = t;
    while (hi - lo > 1) {
      const mid = Math.floor((lo + hi) / 2);
      if (this.offsetAt(mid) === before) lo = mid;
      else hi = mid;
    }
    return Math.max(wall, hi - 1 + before);
  }
}

// ---------------------------------------------------------------- the CRON rule

interface CronRule {
  minutes: number[];
  hours: number[];
  dom: boolean[];
  months: boolean[];
  dow: boolean[];
  /** Vixie cron: a day field starting with `*` restricts nothing in the OR of the two day fields. */
  dayAnd: boolean;
}

const FIELDS = [
  { name: "minute", min: 0, max: 59 },
  { name: "hour", min: 0, max: 23 },
  { name: "day of month", min: 1, max: 31 },
  { name: "month", min: 1, max: 12 },
  { name: "day of week", min: 0, max: 7 },
] as const;

function expand(text: string, field: (typeof FIELDS)[number]): boolean[] {
  const on = new Array<boolean>(field.max + 1).fill(false);
  const bad = () => new ScheduleError("cron.value", `${field.name}: ${text}`);
  const num = (s: string) => {
    if (!/^\d{1,2}$/.test(s)) throw bad();
    const n = Number(s);
    if (n < field.min || n > field.max) throw bad();
    return n;
  };
  for (const part of text.split(",")) {
    const [range, stepText, extra] = part.split("/");
    if (extra !== undefined) throw bad();
    const step = stepText === undefined ? 1 : Number(stepText);
    if (stepText !== undefined && (!/^\d{1,2}$/.test(stepText) || step < 1)) throw bad();
    let lo: number;
    let hi: number;
    if (range === "*") [lo, hi] = [field.min, field.max];
    else if (range.includes("-")) {
      const [a, b, more] = range.split("-");
      if (more !== undefined) throw bad();
      [lo, hi] = [num(a), num(b)];
      if (lo > hi) throw bad();
    } else {
      lo = num(range);
      hi = stepText === undefined ? lo : field.max;
    }
    for (let v = lo; v <= hi; v += step) on[v] = true;
  }
  return on;
}

export function parseCron(expr: string): CronRule {
  const parts = expr.trim().split(/\s+/);
  if (parts.length !== 5) throw new ScheduleError("cron.fields", expr);
  const [mi, h, dom, mon, dow] = parts.map((p, i) => expand(p, FIELDS[i]));
  const list = (on: boolean[]) => on.flatMap((v, i) => (v ? [i] : []));
  if (dow[7]) dow[0] = true;
  return {
    minutes: list(mi),
    hours: list(h),
    dom,
    months: mon,
    dow: dow.slice(0, 7),
    dayAnd: parts[2].startsWith("*") || parts[4].startsWith("*"),
  };
}

function dayMatches(rule: CronRule, day: Date): boolean {
  if (!rule.months[day.getUTCMonth() + 1]) return false;
  const d = rule.dom[day.getUTCDate()];
  const w = rule.dow[day.getUTCDay()];
  return rule.dayAnd ? d && w : d || w;
}

/** The first whole wall minute at or after `w` the rule matches, or null (none within 9 years). */
function nextMatch(rule: CronRule, w: number): number | null {
  const from = Math.ceil(w / MINUTE) * MINUTE;
  let day = Math.floor(from / DAY) * DAY;
  let startMinute = (from - day) / MINUTE;
  for (let i = 0; i < SEARCH_DAYS; i++, day += DAY, startMinute = 0) {
    if (!dayMatches(rule, new Date(day))) continue;
    for (const h of rule.hours)
      for (const m of rule.minutes) if (h * 60 + m >= startMinute) return day + (h * 60 + m) * MINUTE;
  }
  return null;
}

/** The last whole wall minute at or before `w` the rule matches, or null (none within 9 years). */
function prevMatch(rule: CronRule, w: number): number | null {
  const from = Math.floor(w / MINUTE) * MINUTE;
  let day = Math.floor(from / DAY) * DAY;
  let endMinute = (from - day) / MINUTE;
  for (let i = 0; i < SEARCH_DAYS; i++, day -= DAY, endMinute = 24 * 60 - 1) {
    if (!dayMatches(rule, new Date(day))) continue;
    for (let hi = rule.hours.length - 1; hi >= 0; hi--)
      for (let mi = rule.minutes.length - 1; mi >= 0; mi--) {
        const at = rule.hours[hi] * 60 + rule.minutes[mi];
        if (at <= endMinute) return day + at * MINUTE;
      }
  }
  return null;
}

// ---------------------------------------------------------------- starts as wall times

/**
 * A schedule's starts as wall times, each with the wall time its period ends (before the cut at
 * the next start). CRON rules and fixed lists answer the same two questions.
 */
interface WallStarts {
  /** The first start at or after wall `w`. */
  next(w: number): { at: number; endWall: number } | null;
  /** The last start at or before wall `w`. */
  prev(w: number): { at: number; endWall: number } | null;
}

function cronStarts(rule: CronRule, durationMinutes: number): WallStarts {
  const withEnd = (at: number | null) => (at === null ? null : { at, endWall: at + durationMinutes * MINUTE });
  return { next: (w) => withEnd(nextMatch(rule, w)), prev: (w) => withEnd(prevMatch(rule, w)) };
}

const WALL_TEXT = /^(\d{4})-(\d{2})-(\d{2})T(\d{2}):(\d{2})$/;

/** "YYYY-MM-DDTHH:mm" as a wall time, or null when it is no calendar time. */
export function parseWall(text: string): number | null {
  const m = WALL_TEXT.exec(text);
  if (!m) return null;
  const [y, mo, d, h, mi] = m.slice(1).map(Number);
  const w = Date.UTC(y, mo - 1, d, h, mi);
  const back = new Date(w);
  if (back.getUTCFullYear() !== y || back.getUTCMonth() !== mo - 1 || back.getUTCDate() !== d) return null;
  if (h > 23 || mi > 59) return null;
  return w;
}

function fixedStarts(periods: { start: string; end: string }[]): WallStarts {
  const list = periods.map((p) => {
    const at = parseWall(p.start);
    const endWall = parseWall(p.end);
    if (at === null || endWall === null) throw new ScheduleError("fixed.time", `${p.start}–${p.end}`);
    if (endWall <= at) throw new ScheduleError("fixed.empty", `${p.start}–${p.end}`);
    return { at, endWall };
  });
  for (let i = 1; i < list.length; i++)
    if (list[i].at < list[i - 1].endWall)
      throw new ScheduleError("fixed.order", `${periods[i - 1].start} / ${periods[i].start}`);
  return {
    next: (w) => list.find((s) => s.at >= w) ?? null,
    prev: (w) => {
      for (let i = list.length - 1; i >= 0; i--) if (list[i].at <= w) return list[i];
      return null;
    },
  };
}

// ---------------------------------------------------------------- the compiled schedule

export interface CompiledSchedule {
  /** The periods overlapping [from, to), in order. */
  periodsBetween(from: number, to: number): Period[];
  /** The period running at `t` (start ≤ t < end), or null. */
  activeAt(t: number): Period | null;
  /** The start of the first period beginning after `t`, or null when none comes. */
  nextStart(t: number): number | null;
}

/** Checks a schedule and gives its periods; a bad one throws a ScheduleError naming the problem. */
export function compileSchedule(schedule: Schedule): CompiledSchedule {
  const zone = new Zone(schedule.timeZone);
  let starts: WallStarts;
  if (schedule.kind === "cron") {
    const d = schedule.durationMinutes;
    if (!Number.isInteger(d) || d < 1 || d > MAX_DURATION_MINUTES) throw new ScheduleError("duration", String(d));
    const rule = parseCron(schedule.cron);
    if (nextMatch(rule, Date.UTC(2000, 0, 1)) === null) throw new ScheduleError("cron.never", schedule.cron);
    starts = cronStarts(rule, d);
  } else starts = fixedStarts(schedule.periods);

  interface Group {
    start: number;
    /** The latest wall start falling on `start`. */
    last: number;
    endWall: number;
  }
  // Each start's instant is asked twice (as the next group's start, then as its own): remember them.
  const instants = new Map<number, number>();
  const instantOf = (w: number) => {
    let t = instants.get(w);
    if (t === undefined) {
      if (instants.size > 4096) instants.clear();
      t = zone.instantOf(w);
      instants.set(w, t);
    }
    return t;
  };
  /** The starts from `first` on that fall on one instant, as one group (null: none). */
  const groupFrom = (first: { at: number; endWall: number } | null): Group | null => {
    if (!first) return null;
    const start = instantOf(first.at);
    let g = { start, last: first.at, endWall: first.endWall };
    for (;;) {
      const more = starts.next(g.last + MINUTE);
      if (!more || instantOf(more.at) !== start) return g;
      g = { start, last: more.at, endWall: more.endWall };
    }
  };
  const after = (g: Group) => groupFrom(starts.next(g.last + MINUTE));

  /** The non-empty periods, in order, from the one running at or starting after `from`. */
  function* periodsFrom(from: number): Generator<Period> {
    const seen = zone.maxWallUpTo(from);
    // The latest start at or before `from`: its wall time is at most the latest wall seen by then.
    let g = groupFrom(starts.prev(seen)) ?? groupFrom(starts.next(Math.floor(seen / MINUTE) * MINUTE + MINUTE));
    while (g) {
      const next = after(g);
      const end = Math.min(instantOf(g.endWall), next?.start ?? Number.POSITIVE_INFINITY);
      if (end > g.start && end > from) yield { start: g.start, end };
      g = next;
    }
  }

  return {
    periodsBetween(from, to) {
      const out: Period[] = [];
      for (const p of periodsFrom(from)) {
        if (p.start >= to) break;
        out.push(p);
      }
      return out;
    },
    activeAt(t) {
      for (const p of periodsFrom(t)) return p.start <= t ? p : null;
      return null;
    },
    nextStart(t) {
      for (const p of periodsFrom(t)) if (p.start > t) return p.start;
      return null;
    },
  };
}
