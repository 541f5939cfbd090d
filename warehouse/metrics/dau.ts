// Daily, weekly and monthly active players. Definition: a player is active on a UTC day when
// they have at least one `activity` event that day (login, battle, purchase… — whatever the
// game records as activity). DAU = distinct active players of a day; WAU of day d = distinct
// players active on any of d-6…d; MAU of day d = distinct players active on any of d-29…d;
// stickiness = DAU / MAU; days after today have no figures. A month's MAU (yearly view) = distinct players active in that
// calendar month; its average DAU = the sum of its days' DAU over the month's days elapsed by
// now. Read from the exact bitmap rollups active_days, active_monthly and active_daily (by
// country and platform); hours (daily view) from raw events of that day.
// Guests (docs/decisions/front-door.md) are players: a guest is active on the days it plays, like
// anyone, before and after keeping its account (a claim is not activity). A guest pruned after its
// idle lifetime keeps the activity it had: past days' figures never change.
import { z } from "zod";
import type { Warehouse } from "../port.ts";
import { type Period, DAY_RANGE, addDays, bucketOfTs, fill, isoDay, periodParams, TS_RANGE } from "./period.ts";
import { KeyCountSchema, type KeyCount } from "./registrations.ts";

export interface DauPoint {
  bucket: string;
  dau: number;
  wau: number;
  mau: number;
  stickiness: number;
}
export interface DauData {
  period: Period;
  series: DauPoint[];
  /** Distinct players active in the whole period. */
  active: number;
  byCountry: KeyCount[];
  byPlatform: KeyCount[];
}

export const ratio = (a: number, b: number, digits = 4) =>
  b === 0 ? 0 : Math.round((a / b) * 10 ** digits) / 10 ** digits;

export const ROLLING_SQL = `SELECT toString(target) AS bucket, groupBitmapMergeIf(players, k = 0) AS dau, groupBitmapMergeIf(players, k < 7) AS wau,
  groupBitmapMerge(players) AS mau
  FROM (SELECT day + k AS target, k, players FROM active_days ARRAY JOIN range(30) AS k
        WHERE day >= subtractDays({from:Date}, 29) AND day < {to:Date})
  WHERE target >= {from:Date} AND target < {to:Date} GROUP BY target ORDER BY target`;

const MONTH_RANGE = "month >= {from:Date} AND month < {to:Date}";
export const MONTHLY_SQL = `SELECT toString(month) AS bucket, groupBitmapMerge(players) AS mau FROM active_monthly WHERE ${MONTH_RANGE} GROUP BY month ORDER BY month`;
export const DAILY_SQL = `SELECT toString(day) AS bucket, groupBitmapMerge(players) AS dau FROM active_days WHERE ${DAY_RANGE} GROUP BY day ORDER BY day`;
export const HOURLY_SQL = `SELECT ${bucketOfTs("hour")} AS bucket, uniqExact(player_id) AS dau FROM activity
  WHERE toDate(ts) >= {from:Date} AND toDate(ts) < {to:Date} AND ${TS_RANGE} GROUP BY bucket ORDER BY bucket`;
/** Whole-month periods (yearly, monthly) read the monthly rollup; a single day the daily one. */
const wholeMonths = (p: Period) => p.kind !== "daily";
export const splitSql = (col: "country" | "platform", p: Period) =>
  wholeMonths(p)
    ? `SELECT ${col} AS key, groupBitmapMerge(players) AS n FROM active_monthly WHERE ${MONTH_RANGE} GROUP BY key ORDER BY n DESC, key`
    : `SELECT ${col} AS key, groupBitmapMerge(players) AS n FROM active_daily WHERE ${DAY_RANGE} GROUP BY key ORDER BY n DESC, key`;
export const activeSql = (p: Period) =>
  wholeMonths(p)
    ? `SELECT groupBitmapMerge(players) AS n FROM active_monthly WHERE ${MONTH_RANGE}`
    : `SELECT groupBitmapMerge(players) AS n FROM active_days WHERE ${DAY_RANGE}`;

const NRow = z.object({ n: z.number() });
const BucketMauRow = z.object({ bucket: z.string(), mau: z.number() });
const BucketDauRow = z.object({ bucket: z.string(), dau: z.number() });
const RollingRow = z.object({ bucket: z.string(), dau: z.number(), wau: z.number(), mau: z.number() });

export async function dau(wh: Warehouse, p: Period, now: number): Promise<DauData> {
  const params = periodParams(p);
  const [byCountry, byPlatform, [{ n: active } = { n: 0 }]] = await Promise.all([
    wh.query(splitSql("country", p), params, KeyCountSchema),
    wh.query(splitSql("platform", p), params, KeyCountSchema),
    wh.query(activeSql(p), params, NRow),
  ]);
  let series: DauPoint[];
  const zero = (bucket: string): DauPoint => ({ bucket, dau: 0, wau: 0, mau: 0, stickiness: 0 });
  if (p.unit === "month") {
    const [months, days] = await Promise.all([
      wh.query(MONTHLY_SQL, params, BucketMauRow),
      wh.query(DAILY_SQL, params, BucketDauRow),
    ]);
    const today = isoDay(now);
    series = fill(
      p,
      months.map((m) => {
        const next = `${addDays(m.bucket, 40).slice(0, 8)}01`;
        const end = today < next ? addDays(today, 1) : next;
        const elapsed = Math.max(1, Math.round((Date.parse(end) - Date.parse(m.bucket)) / 86_400_000));
        const sum = days.filter((d) => d.bucket >= m.bucket && d.bucket < next).reduce((s, d) => s + d.dau, 0);
        const avg = Math.round((sum / elapsed) * 100) / 100;
        return { bucket: m.bucket, dau: avg, wau: 0, mau: m.mau, stickiness: ratio(avg, m.mau) };
      }),
      zero,
    );
  } else {
    // Days after today have no figures (a rolling window would otherwise still count the past).
    const tomorrow = addDays(isoDay(now), 1);
    // biome-ignore lint/complexity/useMathMinMax: ISO days (strings) compare in order; Math.min would give NaN
    const to = p.to < tomorrow ? p.to : tomorrow;
    const rolling = await wh.query(ROLLING_SQL, periodParams({ from: p.from, to }), RollingRow);
    if (p.unit === "day")
      series = fill(
        p,
        rolling.map((r) => ({ ...r, stickiness: ratio(r.dau, r.mau) })),
        zero,
      );
    else {
      const hours = await wh.query(HOURLY_SQL, params, BucketDauRow);
      const whole = rolling[0] ?? { dau: 0, wau: 0, mau: 0 };
      // Hours carry the players active in that hour; WAU/MAU are the day's.
      series = fill(
        p,
        hours.map((h) => ({
          bucket: h.bucket,
          dau: h.dau,
          wau: whole.wau,
          mau: whole.mau,
          stickiness: ratio(whole.dau, whole.mau),
        })),
        (bucket) => ({ ...zero(bucket), wau: whole.wau, mau: whole.mau, stickiness: ratio(whole.dau, whole.mau) }),
      );
    }
  }
  return { period: p, series, active, byCountry, byPlatform };
}

/** Countries by distinct active players in the period, largest first, with their share of all actives. */
export async function topCountries(
  wh: Warehouse,
  p: Period,
  limit: number,
): Promise<{ period: Period; active: number; countries: (KeyCount & { share: number })[] }> {
  const params = periodParams(p);
  const [list, [{ n: active } = { n: 0 }]] = await Promise.all([
    wh.query(`${splitSql("country", p)} LIMIT {limit:UInt32}`, { ...params, limit }, KeyCountSchema),
    wh.query(activeSql(p), params, NRow),
  ]);
  return { period: p, active, countries: list.map((c) => ({ ...c, share: ratio(c.n, active) })) };
}
