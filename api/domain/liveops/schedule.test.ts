// The schedule engine against an independent reference over 10 years (2024–2033: leap days 2024,
// 2028, 2032; every DST night of Berlin, New York and Lord Howe's half-hour shift; month ends).
// The reference walks every UTC minute, reads its wall time from Intl's sv-SE text (not the
// engine's formatToParts), matches CRON fields by a predicate over the field's text (not the
// engine's expanded tables), and applies the rules of docs/decisions/liveops.md literally: a wall
// time starts when the wall clock first reaches it, ends when it first reaches the end's wall time
// or at the next start.
import { describe, expect, test } from "bun:test";
import { compileSchedule, type Period, type Schedule, ScheduleError } from "./schedule.ts";

const MIN = 60_000;
const HOUR = 60 * MIN;
const DAY = 24 * HOUR;
const FROM = Date.UTC(2024, 0, 1);
const TO = Date.UTC(2034, 0, 1);
/** Longer than any period below (the monthly one is cut at the next start: ≤ 31 days). */
const MARGIN = 35 * DAY;

// ------------------------------------------------------------------ the reference

const WALL_TEXT = /^(\d{4})-(\d{2})-(\d{2}) (\d{2}):(\d{2})$/;

function wallReader(timeZone: string) {
  const fmt = new Intl.DateTimeFormat("sv-SE", {
    timeZone,
    year: "numeric",
    month: "2-digit",
    day: "2-digit",
    hour: "2-digit",
    minute: "2-digit",
    hourCycle: "h23",
  });
  return (t: number) => {
    const text = fmt.format(t);
    const m = WALL_TEXT.exec(text);
    if (!m) throw new Error(`unexpected wall text ${text}`);
    const [y, mo, d, h, mi] = m.slice(1).map(Number);
    return Date.UTC(y, mo - 1, d, h, mi);
  };
}

interface Fields {
  minute: number;
  hour: number;
  dom: number;
  month: number;
  dow: number;
}

/** One CRON field's text as a test of a value, part by part, as crontab(5) words it. */
function field(text: string, min: number): (value: number) => boolean {
  const parts = text.split(",").map((part) => {
    const [range, stepText] = part.split("/");
    const step = stepText ? Number(stepText) : 1;
    if (range === "*") return { lo: min, hi: Number.POSITIVE_INFINITY, step };
    if (range.includes("-")) {
      const [lo, hi] = range.split("-").map(Number);
      return { lo, hi, step };
    }
    return { lo: Number(range), hi: stepText ? Number.POSITIVE_INFINITY : Number(range), step };
  });
  return (value) => parts.some((p) => value >= p.lo && value <= p.hi && (value - p.lo) % p.step === 0);
}

function cronMatcher(expr: string) {
  const [mi, h, dom, mon, dow] = expr.split(" ");
  const [minute, hour, day, month, weekday] = [field(mi, 0), field(h, 0), field(dom, 1), field(mon, 1), field(dow, 0)];
  const dayOr = !dom.startsWith("*") && !dow.startsWith("*");
  return (f: Fields) => {
    if (!minute(f.minute) || !hour(f.hour) || !month(f.month)) return false;
    const d = day(f.dom);
    const w = weekday(f.dow) || (f.dow === 0 && weekday(7));
    return dayOr ? d || w : d && w;
  };
}

/** For a wall time: the wall time its period ends if one starts there, else null. */
type StartsAt = (wall: number, f: Fields) => number | null;

function referenceStarts(s: Schedule): StartsAt {
  if (s.kind === "cron") {
    const matches = cronMatcher(s.cron);
    return (wall, f) => (matches(f) ? wall + s.durationMinutes * MIN : null);
  }
  const wall = (text: string) => Date.parse(`${text}:00Z`);
  const ends = new Map(s.periods.map((p) => [wall(p.start), wall(p.end)]));
  return (w) => ends.get(w) ?? null;
}

/** Every period of each schedule (all in one zone) starting in [from, to), minute by minute. */
function reference(timeZone: string, schedules: Schedule[], from: number, to: number): Period[][] {
  const wallAt = wallReader(timeZone);
  const startsAt = schedules.map(referenceStarts);
  const out = schedules.map((): Period[] => []);
  const open: ({ start: number; endWall: number } | null)[] = schedules.map(() => null);
  let maxWall = wallAt(from - MIN);
  const found: (number | null)[] = schedules.map(() => null);
  let day = { start: Number.NaN, dom: 0, month: 0, dow: 0 };
  for (let hour = from; hour < to + MARGIN; hour += HOUR) {
    // One Intl call per end of the hour; every minute's when the offset changes inside it.
    const w0 = wallAt(hour);
    const steady = wallAt(hour + 59 * MIN) - w0 === 59 * MIN;
    for (let k = 0; k < 60; k++) {
      const t = hour + k * MIN;
      const wall = steady ? w0 + k * MIN : wallAt(t);
      for (let i = 0; i < schedules.length; i++) {
        const o = open[i];
        if (o && wall >= o.endWall) {
          out[i].push({ start: o.start, end: t });
          open[i] = null;
        }
      }
      if (wall <= maxWall) continue; // a wall time seen before (fall-back): nothing starts again
      found.fill(null);
      for (let x = maxWall + MIN; x <= wall; x += MIN) {
        const dayStart = Math.floor(x / DAY) * DAY;
        if (dayStart !== day.start) {
          const d = new Date(dayStart);
          day = { start: dayStart, dom: d.getUTCDate(), month: d.getUTCMonth() + 1, dow: d.getUTCDay() };
        }
        const f = { minute: ((x - dayStart) / MIN) % 60, hour: Math.floor((x - dayStart) / HOUR), ...day };
        for (let i = 0; i < schedules.length; i++) found[i] = startsAt[i](x, f) ?? found[i];
      }
      maxWall = wall;
      for (let i = 0; i < schedules.length; i++) {
        const endWall = found[i];
        if (endWall === null) continue;
        const o = open[i];
        if (o) out[i].push({ start: o.start, end: t });
        open[i] = endWall > wall ? { start: t, endWall } : null;
      }
    }
  }
  return out.map((list) => list.filter((p) => p.start < to));
}

// ------------------------------------------------------------------ the cases

const CRONS: [string, number][] = [
  ["30 2 * * *", 60], // a start in the spring-forward gap; once in the fall-back overlap
  ["0 0 * * *", 1440], // the duration meets the next start (days of 23 and 25 hours)
  ["0 0 * * 6", 2880], // a weekend: Saturday 00:00 to Monday 00:00
  ["0 0 31 * *", 1440], // month ends: skipped in 30-day months and February
  ["0 12 29 2 *", 720], // leap days only
  ["0 0 1 * *", 44640], // 31 days: longer than a short month, cut at the next start
  ["*/20 1-3 * * 0", 30], // dense around DST hours: starts in a gap fall on one instant
  ["0 9 1,15 * 1", 120], // both day fields: a day matching either (Vixie cron)
  ["15 2 * 3,10 0", 30], // wholly inside the gap: no period that night
  ["0 */6 * * *", 600], // longer than the interval: cut at the next start
  ["45 23 28-31 * 5-7", 90], // month ends on Friday to Sunday nights (7 = Sunday), across midnight
];

const FIXED = [
  { start: "2026-03-08T01:30", end: "2026-03-08T02:30" }, // ends in New York's gap
  { start: "2026-03-08T02:30", end: "2026-03-08T04:00" }, // starts in it
  { start: "2026-03-28T22:00", end: "2026-03-29T02:30" }, // ends in Berlin's gap
  { start: "2026-03-29T02:40", end: "2026-03-29T05:00" }, // starts in it
  { start: "2026-10-25T01:30", end: "2026-10-25T02:30" }, // ends in Berlin's overlap
  { start: "2026-11-01T01:00", end: "2026-11-01T01:30" }, // inside New York's overlap
  { start: "2028-02-28T12:00", end: "2028-03-01T12:00" }, // across a leap day
];

const ZONES = ["Europe/Berlin", "America/New_York", "Australia/Lord_Howe"];

const schedulesIn = (timeZone: string): Schedule[] => [
  ...CRONS.map(([cron, durationMinutes]): Schedule => ({ kind: "cron", cron, durationMinutes, timeZone })),
  { kind: "fixed", periods: FIXED, timeZone },
];

const iso = (p: Period) => `${new Date(p.start).toISOString()}–${new Date(p.end).toISOString()}`;

/** A small seeded generator (mulberry32): the same samples every run. */
function random(seed: number) {
  let a = seed;
  return () => {
    a = (a + 0x6d2b79f5) | 0;
    let t = Math.imul(a ^ (a >>> 15), 1 | a);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

describe("schedule engine = the minute-by-minute reference over 10 years", () => {
  for (const zone of ZONES) {
    test(zone, () => {
      const schedules = schedulesIn(zone);
      let clock = performance.now();
      const expected = reference(zone, schedules, FROM - MARGIN, TO);
      const referenceMs = performance.now() - clock;
      clock = performance.now();
      const rnd = random(zone.length);
      let compared = 0;
      schedules.forEach((s, i) => {
        const label = s.kind === "cron" ? `${s.cron} for ${s.durationMinutes} min` : "fixed";
        const want = expected[i].filter((p) => p.end > FROM);
        const engine = compileSchedule(s);
        const got = engine.periodsBetween(FROM, TO);
        expect({ label, periods: got.map(iso) }).toEqual({ label, periods: want.map(iso) });
        compared += want.length;

        // activeAt / nextStart at the boundaries that are not the usual length (DST, cuts, gaps),
        // a sample of the others, and random instants.
        const lengths = new Map<number, number>();
        for (const p of want) lengths.set(p.end - p.start, (lengths.get(p.end - p.start) ?? 0) + 1);
        const usual = [...lengths.entries()].sort((a, b) => b[1] - a[1])[0]?.[0];
        const probes: number[] = [];
        for (const p of want)
          if (p.end - p.start !== usual || rnd() < 0.02)
            for (const b of [p.start, p.end]) probes.push(b - MIN, b - 1, b, b + 1, b + 30_000);
        for (let k = 0; k < 200; k++) probes.push(FROM + Math.floor(rnd() * (TO - FROM - 40 * DAY)));
        for (const t of probes.filter((t) => t >= FROM && t < TO)) {
          const active = want.find((p) => p.start <= t && t < p.end) ?? null;
          expect({ label, t, active: engine.activeAt(t) }).toEqual({ label, t, active });
          // The reference knows the starts before TO only: a later next start is not compared.
          const next = want.find((p) => p.start > t)?.start;
          if (next !== undefined) expect({ label, t, next: engine.nextStart(t) }).toEqual({ label, t, next });
        }
      });
      console.log(
        `${zone}: ${compared} periods; reference ${referenceMs.toFixed(0)} ms, engine ${(performance.now() - clock).toFixed(0)} ms`,
      );
      expect(compared).toBeGreaterThan(29_000);
    }, 120_000);
  }
});

// ------------------------------------------------------------------ the decisions, by hand

const at = (text: string) => Date.parse(text);
const cron = (expr: string, durationMinutes: number, timeZone = "Europe/Berlin") =>
  compileSchedule({ kind: "cron", cron: expr, durationMinutes, timeZone });
const between = (expr: string, minutes: number, from: string, to: string, timeZone?: string) =>
  cron(expr, minutes, timeZone).periodsBetween(at(from), at(to)).map(iso);

describe("the hard cases, as decided", () => {
  test("a 02:30 start on the spring-forward night begins when the gap ends (03:00 CEST) and ends at 03:30 local", () => {
    expect(between("30 2 * * *", 60, "2026-03-29T00:00Z", "2026-03-29T12:00Z")).toEqual([
      "2026-03-29T01:00:00.000Z–2026-03-29T01:30:00.000Z",
    ]);
  });

  test("a 02:30 start on the fall-back night happens once, at the first 02:30, and ends at 03:30 local", () => {
    expect(between("30 2 * * *", 60, "2026-10-24T22:00Z", "2026-10-25T12:00Z")).toEqual([
      "2026-10-25T00:30:00.000Z–2026-10-25T02:30:00.000Z",
    ]);
  });

  test("a daily period of 24 h hands over at the next midnight: 23 h and 25 h days, never a gap or two at once", () => {
    const s = cron("0 0 * * *", 1440);
    const spring = s.activeAt(at("2026-03-29T12:00Z"));
    expect(spring).toEqual({ start: at("2026-03-28T23:00Z"), end: at("2026-03-29T22:00Z") });
    const autumn = s.activeAt(at("2026-10-25T12:00Z"));
    expect(autumn).toEqual({ start: at("2026-10-24T22:00Z"), end: at("2026-10-25T23:00Z") });
    // At the very instant the period ends the next one is active (Nakama #568/#1166).
    expect(s.activeAt(at("2026-10-25T23:00Z"))?.start).toBe(at("2026-10-25T23:00Z"));
    expect(s.activeAt(at("2026-10-25T23:00Z") - 1)?.start).toBe(at("2026-10-24T22:00Z"));
    expect(s.nextStart(at("2026-10-25T23:00Z") - 1)).toBe(at("2026-10-25T23:00Z"));
  });

  test("a weekend from Saturday 00:00 for 2 days ends Monday 00:00 local on the fall-back weekend (49 h)", () => {
    expect(between("0 0 * * 6", 2880, "2026-10-24T12:00Z", "2026-10-25T12:00Z")).toEqual([
      "2026-10-23T22:00:00.000Z–2026-10-25T23:00:00.000Z",
    ]);
  });

  test("a period never ends before its duration has run (Nakama #319): a 7-day period runs 7 days", () => {
    const s = cron("0 12 * * 1", 7 * 1440, "UTC");
    expect(s.activeAt(at("2026-11-29T11:59:59Z"))).toEqual({
      start: at("2026-11-23T12:00Z"),
      end: at("2026-11-30T12:00Z"),
    });
  });

  test("the 31st is skipped in 30-day months and February; 29 February only in leap years", () => {
    expect(
      between("0 0 31 * *", 60, "2026-01-01T00:00Z", "2027-01-01T00:00Z", "UTC").map((p) => p.slice(0, 10)),
    ).toEqual(["2026-01-31", "2026-03-31", "2026-05-31", "2026-07-31", "2026-08-31", "2026-10-31", "2026-12-31"]);
    expect(
      between("0 0 29 2 *", 60, "2024-01-01T00:00Z", "2034-01-01T00:00Z", "UTC").map((p) => p.slice(0, 10)),
    ).toEqual(["2024-02-29", "2028-02-29", "2032-02-29"]);
  });

  test("a period wholly inside the gap does not happen", () => {
    expect(between("15 2 * * *", 30, "2026-03-28T00:00Z", "2026-03-30T12:00Z")).toEqual([
      "2026-03-28T01:15:00.000Z–2026-03-28T01:45:00.000Z",
      "2026-03-30T00:15:00.000Z–2026-03-30T00:45:00.000Z",
    ]);
  });

  test("bad schedules are refused with their problem", () => {
    const problem = (s: Schedule) => {
      try {
        compileSchedule(s);
        return "accepted";
      } catch (e) {
        return e instanceof ScheduleError ? e.problem : String(e);
      }
    };
    const c = (expr: string, durationMinutes = 60, timeZone = "UTC") =>
      problem({ kind: "cron", cron: expr, durationMinutes, timeZone });
    expect(c("0 0 * * *")).toBe("accepted");
    expect(c("0 0 * *")).toBe("cron.fields");
    expect(c("61 0 * * *")).toBe("cron.value");
    expect(c("0 0 0 * *")).toBe("cron.value");
    expect(c("0 0 5-1 * *")).toBe("cron.value");
    expect(c("*/0 0 * * *")).toBe("cron.value");
    expect(c("0 0 30 2 *")).toBe("cron.never");
    expect(c("0 0 31 4,6,9,11 *")).toBe("cron.never");
    expect(c("0 0 * * *", 0)).toBe("duration");
    expect(c("0 0 * * *", 1.5)).toBe("duration");
    expect(c("0 0 * * *", 60, "Mars/Olympus_Mons")).toBe("zone");
    const f = (periods: { start: string; end: string }[]) => problem({ kind: "fixed", periods, timeZone: "UTC" });
    expect(f([{ start: "2026-02-30T00:00", end: "2026-03-01T00:00" }])).toBe("fixed.time");
    expect(f([{ start: "2026-03-01T00:00", end: "2026-03-01T00:00" }])).toBe("fixed.empty");
    expect(
      f([
        { start: "2026-03-01T00:00", end: "2026-03-03T00:00" },
        { start: "2026-03-02T00:00", end: "2026-03-04T00:00" },
      ]),
    ).toBe("fixed.order");
  });
});
