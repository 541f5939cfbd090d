// Concurrent CSV downloads: 40 at once of the registrations export, and several at once of each
// export under /admin/metrics, every one complete and alike (they were reset mid-answer when
// chDB ended one stream for another).
import { test, expect } from "bun:test";
import { makeWorld } from "../../api/test/fixture.ts";
import { signInAdmin } from "../../api/test/sign-in.ts";
import { emitMany } from "../../api/domain/outbox.ts";
import { newEventId, toCHDateTime } from "../events.ts";

test("40 parallel CSV exports of registrations, and 8 of each other export, all complete and identical", async () => {
  const w = await makeWorld();
  try {
    const admin = await signInAdmin(w, "superadmin");
    const now = w.clock.now();
    await emitMany(
      w.deps.db,
      "registrations",
      Array.from({ length: 3000 }, (_, i) => ({
        event_id: newEventId(),
        ts: toCHDateTime(now - (i % 20) * 86_400_000 - i),
        player_id: i + 1,
        country: ["RU", "DE", "US"][i % 3],
        platform: "web",
        source: "organic",
        locale: "ru",
      })),
    );
    await w.ship();
    const d = new Date(now);
    const month = `year=${d.getUTCFullYear()}&month=${d.getUTCMonth() + 1}`;
    const get = async (url: string) => {
      const res = await w.app.request(url, { headers: admin.headers({ accept: "text/csv" }) });
      return `${res.status} ${await res.text()}`;
    };
    const regs = await Promise.all(
      Array.from({ length: 40 }, () => get(`/admin/metrics/registrations/export/csv?${month}`)),
    );
    expect(regs[0]).toStartWith("200 ");
    expect(regs[0].split("\n").length).toBeGreaterThan(3);
    expect(new Set(regs).size).toBe(1);
    const from = new Date(now - 30 * 86_400_000).toISOString().slice(0, 10);
    const to = new Date(now).toISOString().slice(0, 10);
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
