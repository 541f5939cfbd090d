// The inputs of the metrics routes: periods (year, month, day; -1 = current), types and filters,
// validated with zod and answered with the spec's messages (400) when wrong.
import type { MiddlewareHandler } from "hono";
import { z } from "zod";
import * as f from "../../http/fields.ts";
import { readFields, validationError } from "../../http/validate.ts";
import type { HonoEnv } from "../../http/env.ts";
import { daysInMonth, resolvePeriod, type Period } from "../../../warehouse/metrics/period.ts";

/** A period part: -1 (current) or min…max. */
const part = (min: number, max: number) =>
  f.optional(
    // A run of digits too long to be a safe integer is simply too big (not "not a number").
    z.preprocess((v) => (typeof v === "string" && /^\d{7,}$/.test(v.trim()) ? 9_999_999 : v), f.int(-1, max)).refine((v) => v === -1 || v >= min, { params: { rule: "min", values: [min] } }),
  );

export const periodFields = {
  year: part(2000, 2100),
  month: part(1, 12),
  day: part(1, 31),
};

type PeriodFields = { year?: number; month?: number; day?: number };

/** Rejects a day the month does not have (31.02…). */
function checkDay(v: PeriodFields, ctx: z.RefinementCtx, now: number) {
  if (v.day === undefined || v.day === -1) return;
  const d = new Date(now);
  const year = v.year === undefined || v.year === -1 ? d.getUTCFullYear() : v.year;
  const month = v.month === undefined || v.month === -1 ? d.getUTCMonth() + 1 : v.month;
  const max = daysInMonth(year, month);
  if (v.day > max) ctx.addIssue({ code: "custom", path: ["day"], params: { rule: "max", values: [max] }, input: v.day });
}

export type PeriodKind = "yearly" | "monthly" | "daily" | "query";

/**
 * Validates the request's fields (path parameters over query and body) with `extra`, resolves
 * the period and puts `{ period, ...extra }` where `c.req.valid("json")` reads it.
 * kind "query": the fields choose — a day → daily, a month → monthly, a year alone → yearly,
 * nothing → the current month.
 */
export function metricsInput<S extends z.ZodRawShape>(kind: PeriodKind | "none", extra: S = {} as S): MiddlewareHandler<HonoEnv> {
  // One schema per route, built here rather than per request: zod compiles an object schema's
  // parser on its first use, so a schema built per request paid that on every request. The day
  // check needs the request's clock; parsing is synchronous, so `now` cannot change under it.
  let now = 0;
  const schema = z.object({ ...periodFields, ...extra }).superRefine((v, ctx) => checkDay(v as PeriodFields, ctx, now));
  return async (c, next) => {
    const raw = { ...(await readFields(c)), ...c.req.param() } as Record<string, unknown>;
    now = c.var.deps.clock.now();
    const result = schema.safeParse(raw);
    if (!result.success) throw validationError(result.error.issues, raw);
    const v = result.data as PeriodFields & Record<string, unknown>;
    let period: Period | undefined;
    if (kind === "yearly") period = resolvePeriod({ year: v.year }, now, "yearly");
    else if (kind === "monthly") period = resolvePeriod(v, now, "monthly");
    else if (kind === "daily") period = resolvePeriod(v, now, "daily");
    else if (kind === "query")
      period = v.year === undefined && v.month === undefined && v.day === undefined ? resolvePeriod({ month: -1 }, now, "monthly") : resolvePeriod({ ...v, ...(v.day !== undefined && v.month === undefined ? { month: -1 } : {}) }, now);
    c.req.addValidatedData("json", { ...v, period });
    await next();
  };
}

/** One of a fixed list of values; anything else is a 400 "Please check this value." */
export const oneOf = <T extends readonly [string, ...string[]]>(values: T) => z.preprocess((v) => (typeof v === "string" ? v.trim() : v), z.enum(values));

/** A UTC day as DD.MM.YYYY or YYYY-MM-DD, to YYYY-MM-DD. */
export const day = () =>
  f.dateTime().transform((ms) => new Date(ms).toISOString().slice(0, 10));

export const limit = (max = 1000, dflt = 100) => z.preprocess((v) => (v === undefined || v === "" ? dflt : v), f.int(1, max));
export const offset = () => z.preprocess((v) => (v === undefined || v === "" ? 0 : v), f.int(0, 10_000_000));
