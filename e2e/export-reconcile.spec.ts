// Issue 31, an export opened and reconciled against the screen to the cent: an analyst opens
// Payments (by market, the year by month) on the demo world once the warehouse has every event,
// downloads its CSV and adds it up in code as a spreadsheet would. The file says its units in its
// header (money in USD cents, the period's first day in ISO 8601); each month's net revenue, each
// market's and the year's total on the screen equal the file's sums to the cent.
import { test, expect } from "@playwright/test";
import { readFileSync } from "node:fs";
import { csvRecords } from "../api/domain/csv.ts";
import { signedInPage, startApp, type RunningApp } from "./server.ts";

let running: RunningApp;
test.beforeAll(async () => {
  running = await startApp("export-reconcile", { SEED_PLAYERS: "120", SEED_DAYS: "60" });
});
test.afterAll(async () => {
  await running?.stop();
});
const one = async (sql: string) => (await running.db.execute(sql)).rows[0];

/** "$1,234.56" or "-$0.50" (en-US) as cents. */
const cents = (text: string) => {
  const m = text.replace(/\s/g, "").match(/^([-−]?)\$([\d,]+)\.(\d\d)$/);
  if (!m) throw new Error(`not an amount: ${text}`);
  return (m[1] ? -1 : 1) * (Number(m[2].replace(/,/g, "")) * 100 + Number(m[3]));
};
const sum = (xs: number[]) => xs.reduce((a, b) => a + b, 0);

test("the payments export reconciles with the screen to the cent", async ({ browser }, info) => {
  // Every event the demo world wrote has reached the warehouse.
  await expect
    .poll(
      async () => {
        const r = await one(
          "select coalesce((select max(id) from outbox), 0) as last, coalesce((select shipped_to from outbox_cursor), 0) as shipped",
        );
        return Number(r.last) <= Number(r.shipped);
      },
      { timeout: 60_000 },
    )
    .toBe(true);

  const { context, page } = await signedInPage(
    browser,
    running.db,
    { admin: "admin" },
    { context: { viewport: { width: 1366, height: 900 }, locale: "en-US", acceptDownloads: true } },
  );
  await page.goto(`${running.url}/admin/metrics/payments/`);
  await expect(page.getByRole("heading", { level: 1, name: "Payments" })).toBeVisible();
  const tables = page.locator("table.tk-metrics-table");
  await expect(tables).toHaveCount(2);
  const read = (i: number) =>
    tables
      .nth(i)
      .locator("tbody tr")
      .evaluateAll((trs) => trs.map((tr) => [...tr.querySelectorAll("td")].map((td) => td.innerText.trim())));
  const markets = await read(0);
  const months = await read(1);
  const total = months.pop()!;
  expect(total[0]).toBe("Total");
  const shownTotal = cents(total[1]);
  expect(shownTotal).toBeGreaterThan(0);

  const download = page.waitForEvent("download");
  await page.getByRole("link", { name: "Export CSV" }).click();
  const file = await download;
  expect(file.suggestedFilename()).toMatch(/^payments-market-\d{4}\.csv$/);
  const text = readFileSync((await file.path())!, "utf8");
  await file.saveAs(info.outputPath(file.suggestedFilename()));
  const rows = csvRecords(text)!;
  expect(Object.keys(rows[0])).toEqual([
    "month",
    "market",
    "net_revenue_usd_cents",
    "gross_usd_cents",
    "refunds_usd_cents",
    "purchases",
    "paying_players",
  ]);
  for (const r of rows) {
    expect(r.month).toMatch(/^\d{4}-\d\d-01$/);
    expect(r.net_revenue_usd_cents).toMatch(/^-?\d+$/);
  }

  // The year: the screen's total, the file's sum.
  expect(sum(rows.map((r) => Number(r.net_revenue_usd_cents)))).toBe(shownTotal);
  // Each month (the screen's rows are the year's months, first day in ISO 8601).
  for (const [month, net, gross, refunds] of months) {
    const inFile = rows.filter((r) => r.month === month);
    expect([month, sum(inFile.map((r) => Number(r.net_revenue_usd_cents)))]).toEqual([month, cents(net)]);
    expect([month, sum(inFile.map((r) => Number(r.gross_usd_cents)))]).toEqual([month, cents(gross)]);
    expect([month, sum(inFile.map((r) => Number(r.refunds_usd_cents)))]).toEqual([month, cents(refunds)]);
  }
  // Each market (the screen names them; the file keeps the store's id): the same amounts.
  const byMarket = new Map<string, number>();
  for (const r of rows) byMarket.set(r.market, (byMarket.get(r.market) ?? 0) + Number(r.net_revenue_usd_cents));
  expect(markets.map((m) => cents(m[1])).sort((a, b) => a - b)).toEqual([...byMarket.values()].sort((a, b) => a - b));
  expect(markets.length).toBeGreaterThan(1);

  await page.screenshot({ path: info.outputPath("payments-reconciled.png"), fullPage: true });
  await context.close();
});
