// Concurrent CSV downloads: 40 at once of the registrations export, and several at once of each
// export under /admin/metrics, every one complete and alike (they were reset mid-answer when
// chDB ended one stream for another).
import { test, expect } from "bun:test";
import { registrationsWorld } from "../../api/test/registrations-world.ts";

test("40 parallel CSV exports of registrations, and 8 of each other export, all complete and identical", async () => {
  const {
    w,
    year,
    month: m,
    from,
    to,
    csv,
  } = await registrationsWorld({
    count: 3000,
    ago: (i) => (i % 20) * 86_400_000 + i,
    countries: ["RU", "DE", "US"],
  });
  try {
    const month = `year=${year}&month=${m}`;
    const get = async (url: string) => {
      const res = await csv(url);
      return `${res.status} ${await res.text()}`;
    };
    const regs = await Promise.all(
      Array.from({ length: 40 }, () => get(`/admin/metrics/registrations/export/csv?${month}`)),
    );
    expect(regs[0]).toStartWith("200 ");
    expect(regs[0].split("\n").length).toBeGreaterThan(3);
    expect(new Set(regs).size).toBe(1);
    const others = [
      `/admin/metrics/playersTanks/export?${month}`,
      `/admin/metrics/playersCrews/export?${month}`,
      `/admin/metrics/comparePeriods/getCsv?from1=${from}&to1=${to}&from2=${from}&to2=${to}`,
      `/admin/metrics/payments/export/csv/daily?${month}`,
      `/admin/metrics/valuesMovements/export?${month}`,
      `/admin/metrics/ads/companies/csv?${month}`,
    ];
    const answers = await Promise.all(
      others.flatMap((url) => Array.from({ length: 8 }, () => get(url).then((a) => [url, a] as const))),
    );
    for (const url of others) {
      const mine = answers.filter(([u]) => u === url).map(([, a]) => a);
      expect(new Set(mine).size).toBe(1);
      expect(mine[0].slice(0, 4)).not.toBe("500 ");
    }
  } finally {
    await w.close();
  }
}, 120_000);
