// The inputs of the metrics routes: periods (year, month, day; -1 = current), types and filters,
// validated with zod and answered with the spec's messages (400) when wrong.
import { z } from "zod";
import * as f from "../../domain/fields.ts";
import { fieldError } from "../../domain/errors.ts";
import { daysInMonth, resolvePeriod, type Period } from "../../../warehouse/metrics/period.ts";

/** A period part: -1 (current) or min…max. */
const part = (min: number, max: number) =>
  f.optional(
    // A run of digits too long to be a safe integer is simply too big (not "not a number").
    z
      .preprocess((v) => (typeof v === "string" && /^\d{7,}$/.test(v.trim()) ? 9_999_999 : v), f.int(-1, max))
      .refine((v) => v === -1 || v >= min, { params: { rule: "min", values: [min] } }),
  );

export const periodFields = {
  year: part(2000, 2100),
  month: part(1, 12),
  day: part(1, 31),
};

type PeriodFields = { year?: number; month?: number; day?: number };

/** A day the month does not have (31.02…) is a 400 on `day`. */
function checkDay(v: PeriodFields, now: number) {
  if (v.day === undefined || v.day === -1) return;
  const d = new Date(now);
  const year = v.year === undefined || v.year === -1 ? d.getUTCFullYear() : v.year;
  const month = v.month === undefined || v.month === -1 ? d.getUTCMonth() + 1 : v.month;
  const max = daysInMonth(year, month);
  if (v.day > max) throw fieldError({ day: { id: "validation.max", values: [max] } });
}

export type PeriodKind = "yearly" | "monthly" | "daily" | "query";

/** The period fields as path parameters (`/:year/:month/:day` of the period routes). */
export const pathPeriod = z.object(periodFields);

/** A metrics route's input: the period fields with the route's own (one schema per route, built at registration). */
export const metricsFields = <E extends z.ZodRawShape>(extra: E) => z.object({ ...periodFields, ...extra });

/**
 * The period a request asks for, from its validated fields (path parameters over query and body).
 * kind "query": the fields choose — a day → daily, a month → monthly, a year alone → yearly,
 * nothing → the current month.
 */
export function periodOf(kind: PeriodKind, v: PeriodFields, now: number): Period {
  checkDay(v, now);
  if (kind === "yearly") return resolvePeriod({ year: v.year }, now, "yearly");
  if (kind === "monthly") return resolvePeriod(v, now, "monthly");
  if (kind === "daily") return resolvePeriod(v, now, "daily");
  return v.year === undefined && v.month === undefined && v.day === undefined
    ? resolvePeriod({ month: -1 }, now, "monthly")
    : resolvePeriod({ ...v, ...(v.day !== undefined && v.month === undefined ? { month: -1 } : {}) }, now);
}

/** One of a fixed list of values; anything else is a 400 "Please check this value." */
export const oneOf = <T extends readonly [string, ...string[]]>(values: T) =>
  z.preprocess((v) => (typeof v === "string" ? v.trim() : v), z.enum(values));

/** A UTC day as DD.MM.YYYY or YYYY-MM-DD, to YYYY-MM-DD. */
export const day = () => f.dateTime().transform((ms) => new Date(ms).toISOString().slice(0, 10));

export const limit = (max = 1000, dflt = 100) =>
  z.preprocess((v) => (v === undefined || v === "" ? dflt : v), f.int(1, max));
export const offset = () => z.preprocess((v) => (v === undefined || v === "" ? 0 : v), f.int(0, 10_000_000));
