// Registrations. Definition: one registration event = one new player, counted on the UTC day
// (or hour, month) of its timestamp. Split by the country, platform and source (install
// campaign) recorded at registration. Yearly and monthly views read the daily rollup
// (registrations_daily); a daily view reads the raw events of that day by hour.
import type { Warehouse } from "../port.ts";
import { type Period, bucketOfDay, bucketOfTs, DAY_RANGE, TS_RANGE, fill, periodParams } from "./period.ts";

export interface KeyCount {
  key: string;
  n: number;
}
export interface RegistrationsData {
  period: Period;
  total: number;
  series: { bucket: string; n: number }[];
  byCountry: KeyCount[];
  byPlatform: KeyCount[];
  bySource: KeyCount[];
}

/** The period's rows at the finest grain the period allows: bucket × country × platform × source. */
export function registrationsSql(p: Period): string {
  return p.unit === "hour"
    ? `SELECT ${bucketOfTs("hour")} AS bucket, country, platform, source, toUInt64(count()) AS n FROM registrations WHERE ${TS_RANGE}
       GROUP BY bucket, country, platform, source ORDER BY bucket, country, platform, source`
    : `SELECT ${bucketOfDay(p.unit)} AS bucket, country, platform, source, toUInt64(sum(n)) AS n FROM registrations_daily WHERE ${DAY_RANGE}
       GROUP BY bucket, country, platform, source ORDER BY bucket, country, platform, source`;
}

interface Row {
  bucket: string;
  country: string;
  platform: string;
  source: string;
  n: number;
}

const split = (rows: Row[], key: "country" | "platform" | "source"): KeyCount[] => {
  const m = new Map<string, number>();
  for (const r of rows) m.set(r[key], (m.get(r[key]) ?? 0) + r.n);
  return [...m].map(([k, n]) => ({ key: k, n })).sort((a, b) => b.n - a.n || a.key.localeCompare(b.key));
};

export async function registrations(wh: Warehouse, p: Period): Promise<RegistrationsData> {
  const data = await wh.query<Row>(registrationsSql(p), periodParams(p));
  const per = new Map<string, number>();
  for (const r of data) per.set(r.bucket, (per.get(r.bucket) ?? 0) + r.n);
  return {
    period: p,
    total: data.reduce((s, r) => s + r.n, 0),
    series: fill(p, [...per].map(([bucket, n]) => ({ bucket, n })), (bucket) => ({ bucket, n: 0 })),
    byCountry: split(data, "country"),
    byPlatform: split(data, "platform"),
    bySource: split(data, "source"),
  };
}
