// Registrations. Definition: one registration event = one new player, counted on the UTC day
// (or hour, month) of its timestamp. Split by the country, platform and source (install
// campaign) recorded at registration, and by kind: `game` (the game client's API), `guest` (one
// click on the site), `email` (the site's sign-up), `social` (a network's sign-in on the site).
// A guest is a registration on the day it was made; keeping the account later (a claim) is not
// another one. Guests → claimed: of the guests registered in the period, those who kept the
// account by now (claims by registration time), and the claims made in the period by method.
// Yearly and monthly views read the daily rollup (registrations_daily) for the bucket, country,
// platform and source; kinds and claims read the raw events (a registration or a claim a player).
import { z } from "zod";
import type { Warehouse } from "../port.ts";
import { type Period, bucketOfDay, bucketOfTs, DAY_RANGE, TS_RANGE, fill, periodParams } from "./period.ts";

const DimKeyNRow = z.object({ dim: z.string(), key: z.string(), n: z.number() });

export const KeyCountSchema = z.object({ key: z.string(), n: z.number() });
export type KeyCount = z.infer<typeof KeyCountSchema>;
export interface RegistrationsData {
  period: Period;
  total: number;
  series: { bucket: string; n: number }[];
  byCountry: KeyCount[];
  byPlatform: KeyCount[];
  bySource: KeyCount[];
  byKind: KeyCount[];
  /** Guests registered in the period, those of them who kept the account by now, and that share. */
  guests: { registered: number; claimed: number; conversion: number };
  /** Claims made in the period, by method (email, social). */
  claimsByMethod: KeyCount[];
}

/**
 * The period's rows at the finest grain the period allows: period × country × platform × source (the
 * CSV export). The period's column is named by its unit and holds its start in ISO 8601
 * (`hour_utc` 2026-11-27T10:00:00Z, `day` 2026-11-27, `month` 2026-11-01; docs/decisions/exports.md).
 */
export function registrationsSql(p: Period): string {
  return p.unit === "hour"
    ? `SELECT formatDateTime(toStartOfHour(ts), '%Y-%m-%dT%H:00:00Z', 'UTC') AS hour_utc, country, platform, source,
         toUInt64(count()) AS registrations FROM registrations WHERE ${TS_RANGE}
       GROUP BY hour_utc, country, platform, source ORDER BY hour_utc, country, platform, source`
    : // The day's own column is read in a subquery: an alias \`day\` would shadow it in the range.
      `SELECT ${bucketOfDay(p.unit, "d")} AS ${p.unit}, country, platform, source, toUInt64(sum(n)) AS registrations
       FROM (SELECT day AS d, country, platform, source, n FROM registrations_daily WHERE ${DAY_RANGE})
       GROUP BY ${p.unit}, country, platform, source ORDER BY ${p.unit}, country, platform, source`;
}

/** The dashboard's aggregates in one statement: per bucket, country, platform, source and kind, and the guests' claims. */
export function registrationsSummarySql(p: Period): string {
  const src =
    p.unit === "hour"
      ? `(SELECT ${bucketOfTs("hour")} AS bucket, country, platform, source, toUInt64(1) AS n FROM registrations WHERE ${TS_RANGE})`
      : `(SELECT ${bucketOfDay(p.unit)} AS bucket, country, platform, source, n FROM registrations_daily WHERE ${DAY_RANGE})`;
  return [
    ...["bucket", "country", "platform", "source"].map(
      (dim) => `SELECT '${dim}' AS dim, ${dim} AS key, toUInt64(sum(n)) AS n FROM ${src} GROUP BY key`,
    ),
    `SELECT 'kind' AS dim, kind AS key, toUInt64(count()) AS n FROM registrations WHERE ${TS_RANGE} GROUP BY key`,
    `SELECT 'claimed' AS dim, 'guest' AS key, toUInt64(count()) AS n FROM claims
       WHERE reg_ts >= {fromTs:DateTime64(3, 'UTC')} AND reg_ts < {toTs:DateTime64(3, 'UTC')}`,
    `SELECT 'claims' AS dim, method AS key, toUInt64(count()) AS n FROM claims WHERE ${TS_RANGE} GROUP BY key`,
  ].join(" UNION ALL ");
}

const sorted = (xs: KeyCount[]) => xs.sort((a, b) => b.n - a.n || a.key.localeCompare(b.key));

export async function registrations(wh: Warehouse, p: Period): Promise<RegistrationsData> {
  const data = await wh.query(registrationsSummarySql(p), periodParams(p), DimKeyNRow);
  const of = (dim: string) => data.filter((r) => r.dim === dim).map((r) => ({ key: r.key, n: r.n }));
  const series = of("bucket").map((r) => ({ bucket: r.key, n: r.n }));
  const registered = of("kind").find((r) => r.key === "guest")?.n ?? 0;
  const claimed = of("claimed")[0]?.n ?? 0;
  return {
    period: p,
    total: series.reduce((s, r) => s + r.n, 0),
    series: fill(p, series, (bucket) => ({ bucket, n: 0 })),
    byCountry: sorted(of("country")),
    byPlatform: sorted(of("platform")),
    bySource: sorted(of("source")),
    byKind: sorted(of("kind")),
    guests: { registered, claimed, conversion: registered ? claimed / registered : 0 },
    claimsByMethod: sorted(of("claims")),
  };
}
