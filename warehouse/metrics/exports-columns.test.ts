// The warehouse's CSV exports say what their columns hold (docs/decisions/exports.md): the period
// column named by its unit with its start in ISO 8601, money in US cents, counts named by what
// they count, and every compared figure with its unit.
import { test, expect } from "bun:test";
import { registrationsWorld } from "../../api/test/registrations-world.ts";
import { csvRecords, parseCsv } from "../../api/domain/csv.ts";

test("registrations, values movements, compare and campaigns name their units", async () => {
  const { w, year, month, day, from, to, csv } = await registrationsWorld({
    count: 40,
    ago: (i) => (i % 4) * 3_600_000 + i,
    countries: ["RU", "DE"],
  });
  try {
    const get = async (url: string) => {
      const res = await csv(url);
      expect([url, res.status]).toEqual([url, 200]);
      return res.text();
    };
    const B = "/admin/metrics";
    const count = (rows: Record<string, string>[]) => rows.reduce((a, r) => a + Number(r.registrations), 0);

    const byDay = csvRecords(await get(`${B}/registrations/export/csv?year=${year}&month=${month}`))!;
    expect(Object.keys(byDay[0])).toEqual(["day", "country", "platform", "source", "registrations"]);
    expect(byDay.every((r) => /^\d{4}-\d\d-\d\d$/.test(r.day))).toBe(true);
    expect(count(byDay)).toBe(40);
    const byMonth = csvRecords(await get(`${B}/registrations/export/csv?year=${year}`))!;
    expect(Object.keys(byMonth[0])[0]).toBe("month");
    expect(byMonth.every((r) => /^\d{4}-\d\d-01$/.test(r.month))).toBe(true);
    const byHour = csvRecords(await get(`${B}/registrations/export/csv?year=${year}&month=${month}&day=${day}`))!;
    expect(Object.keys(byHour[0])[0]).toBe("hour_utc");
    expect(byHour.every((r) => /^\d{4}-\d\d-\d\dT\d\d:00:00Z$/.test(r.hour_utc))).toBe(true);

    const movements = parseCsv(await get(`${B}/valuesMovements/export?year=${year}&month=${month}`))!;
    expect(movements[0].slice(0, 4)).toEqual(["day", "currency", "reason", "level"]);

    const compared = parseCsv(await get(`${B}/comparePeriods/getCsv?from1=${from}&to1=${to}&from2=${from}&to2=${to}`))!;
    expect(compared[0]).toEqual(["metric", "unit", `${from}..${to}`, `${from}..${to}`, "change_percent"]);
    const units = Object.fromEntries(compared.slice(1).map((r) => [r[0], r[1]]));
    expect(units).toMatchObject({
      revenue: "usd_cents",
      arpu: "usd_cents",
      registrations: "players",
      conversion: "share_of_1",
    });
    expect(Object.values(units).every(Boolean)).toBe(true);

    const campaigns = csvRecords(await get(`${B}/ads/companies/csv?year=${year}&month=${month}`))!;
    expect(Object.keys(campaigns[0])).toEqual([
      "campaign",
      "installs",
      "paying_players",
      "purchases",
      "net_revenue_usd_cents",
      "gross_usd_cents",
      "refunds_usd_cents",
      "arpu_usd_cents",
    ]);
    expect(campaigns.find((r) => r.campaign === "organic")?.installs).toBe("40");
  } finally {
    await w.close();
  }
}, 120_000);
