// The period a metrics request asks for, from its validated fields (the schemas are the routes'
// contracts, api/contracts/admin/metrics.ts): a day the month does not have is a 400 on `day`.
import { fieldError } from "../../domain/errors.ts";
import { daysInMonth, resolvePeriod, type Period } from "../../../warehouse/metrics/period.ts";

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
