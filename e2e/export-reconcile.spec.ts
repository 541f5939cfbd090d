// Issue 31, an export opened and reconciled against the screen to the cent. The back office's
// lists (orders, a player's payments, battles, players) save files whose columns say their units
// (money in minor units with its currency and in US cents, ISO 8601 UTC times, one figure per
// column): each file has the list's every row, and each row on screen equals its line.
// The warehouse's Payments: an analyst opens Payments (by market, the year by month) on the demo world once the warehouse has every event,
// downloads its CSV and adds it up in code as a spreadsheet would. The file says its units in its
// header (money in USD cents, the period's first day in ISO 8601); each month's net revenue, each
// market's and the year's total on the screen equal the file's sums to the cent.
import { test, expect } from "@playwright/test";
import { readFileSync } from "node:fs";
import { csvRecords } from "../api/domain/csv.ts";
import { signedInPage, startApp, type RunningApp } from "./server.ts";
import type { Page } from "@playwright/test";

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

/** The list's rows on screen (1366 px: a table), each as its header's label → the cell's text. */
const screenRows = async (page: Page) =>
  page.locator(".tk-datatable table").evaluate((table) => {
    const heads = [...table.querySelectorAll("thead th")].map((th) =>
      (th as HTMLElement).innerText.replace(/[^\p{L}\p{N})]+$/u, ""),
    );
    return [...table.querySelectorAll("tbody tr")].map((tr) =>
      Object.fromEntries(
        [...tr.querySelectorAll("td")].map((td, i) => [heads[i], td.innerText.replace(/\s+/g, " ").trim()]),
      ),
    );
  });
/** "N in all" under the list. */
const inAll = async (page: Page) =>
  Number((/([\d,]+) in all/.exec(await page.locator(".tk-pager").innerText()) ?? ["", "-1"])[1].replace(/,/g, ""));
/** The file's ISO 8601 UTC time as the screen writes it (DD.MM.YYYY HH:mm:ss; the context is in UTC). */
const screenTime = (iso: string) => iso.replace(/^(\d{4})-(\d\d)-(\d\d)T(\d\d:\d\d:\d\d)Z$/, "$3.$2.$1 $4");
/** Minor units of a currency as the screen writes them (en-US). */
const screenMoney = (minor: string, currency: string) =>
  new Intl.NumberFormat("en-US", { style: "currency", currency }).format(Number(minor) / 100).replace(/\s+/g, " ");

/** Opens a list, saves its export, and answers the screen's rows, its total and the file's records. */
async function listAndFile(
  browser: import("@playwright/test").Browser,
  path: string,
  info: import("@playwright/test").TestInfo,
) {
  const { context, page } = await signedInPage(
    browser,
    running.db,
    { admin: "admin" },
    { context: { viewport: { width: 1366, height: 900 }, locale: "en-US", timezoneId: "UTC", acceptDownloads: true } },
  );
  await page.goto(`${running.url}${path}`);
  await expect(page.locator(".tk-datatable [aria-busy='false']").first()).toBeVisible();
  await expect(page.locator(".tk-datatable tbody tr").first()).toBeVisible();
  const shown = await screenRows(page);
  const total = await inAll(page);
  const download = page.waitForEvent("download");
  await page.getByRole("button", { name: "Export CSV" }).click();
  const file = await download;
  await file.saveAs(info.outputPath(file.suggestedFilename()));
  const records = csvRecords(readFileSync((await file.path())!, "utf8"))!;
  await context.close();
  return { shown, total, records };
}

const MONEY = ["minor_units", "currency", "usd_cents"];
test("the orders' export has every order, each as the screen shows it to the cent", async ({ browser }, info) => {
  const { shown, total, records } = await listAndFile(browser, "/admin/billing/orders/?size=100", info);
  expect(Object.keys(records[0])).toEqual([
    "order_id",
    "created_at_utc",
    "player_id",
    "player_nickname",
    "market",
    "paid_at_utc",
    "updated_at_utc",
    "provider",
    "item_id",
    "status",
    "dispute",
    ...MONEY.map((m) => `amount_${m}`),
    ...MONEY.map((m) => `refunded_${m}`),
    "granted_gold",
    "granted_silver",
    "granted_premium_days",
    "provider_tx_id",
    "debt_gold",
  ]);
  expect(total).toBeGreaterThan(20);
  expect(records.length).toBe(total);
  expect(new Set(records.map((r) => r.order_id)).size).toBe(total);
  const byId = new Map(records.map((r) => [r.order_id, r]));
  expect(shown.length).toBe(Math.min(100, total));
  let paidCents = 0;
  for (const row of shown) {
    const r = byId.get(row.Order)!;
    expect(r, row.Order).toBeTruthy();
    expect([row.Order, row.Created]).toEqual([row.Order, screenTime(r.created_at_utc)]);
    expect([row.Order, row.Updated]).toEqual([row.Order, screenTime(r.updated_at_utc)]);
    expect(r.created_at_utc).toMatch(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\dZ$/);
    if (r.provider === "manual")
      expect([row.Order, row.Amount]).toEqual([
        row.Order,
        `+${Number(r.granted_gold).toLocaleString("en-US")} / ${Number(r.granted_silver).toLocaleString("en-US")}`,
      ]);
    else {
      expect([row.Order, row.Amount]).toEqual([row.Order, screenMoney(r.amount_minor_units, r.amount_currency)]);
      expect(r.amount_usd_cents).toMatch(/^\d+$/);
      if (r.amount_currency === "USD") expect(r.amount_usd_cents).toBe(r.amount_minor_units);
      if (r.status === "paid") paidCents += Number(r.amount_usd_cents);
    }
  }
  expect(paidCents).toBeGreaterThan(0);
});

test("a player's payments export as their screen shows them to the cent", async ({ browser }, info) => {
  const who = await one(
    "select player_id as id, count(*) as n from billing_orders group by player_id order by n desc, player_id limit 1",
  );
  const { shown, total, records } = await listAndFile(browser, `/admin/playerPayment/${who.id}?size=100`, info);
  expect(Object.keys(records[0]).slice(0, 2)).toEqual(["order_id", "created_at_utc"]);
  expect(Object.keys(records[0])).toContain("amount_usd_cents");
  expect(total).toBe(Number(who.n));
  expect(records.length).toBe(total);
  const byId = new Map(records.map((r) => [r.order_id, r]));
  for (const row of shown) {
    const r = byId.get(row.Order)!;
    expect([row.Order, row.Created]).toEqual([row.Order, screenTime(r.created_at_utc)]);
    if (r.provider !== "manual")
      expect([row.Order, row.Amount]).toEqual([row.Order, screenMoney(r.amount_minor_units, r.amount_currency)]);
  }
});

test("the battles' export has every battle, each as the screen shows it", async ({ browser }, info) => {
  const { shown, total, records } = await listAndFile(browser, "/admin/battles/?size=100", info);
  expect(Object.keys(records[0])).toEqual([
    "battle_id",
    "mode",
    "map",
    "status",
    "players",
    "started_at_utc",
    "ended_at_utc",
    "duration_seconds",
    "stopped_by_admin_id",
  ]);
  expect(records.length).toBe(total);
  const byId = new Map(records.map((r) => [`#${r.battle_id}`, r]));
  for (const row of shown) {
    const r = byId.get(row.Battle)!;
    expect([row.Battle, row.Started, row.Ended, row.Players]).toEqual([
      row.Battle,
      screenTime(r.started_at_utc),
      r.ended_at_utc ? screenTime(r.ended_at_utc) : "",
      r.players,
    ]);
  }
});

test("the players' export keeps country, region and city apart", async ({ browser }, info) => {
  const { shown, total, records } = await listAndFile(browser, "/admin/player/?size=100", info);
  expect(Object.keys(records[0]).slice(0, 6)).toEqual(["player_id", "nickname", "email", "country", "region", "city"]);
  expect(records.length).toBe(total);
  expect(records.every((r) => /^[A-Z]{2}$/.test(r.country))).toBe(true);
  const byId = new Map(records.map((r) => [r.player_id, r]));
  for (const row of shown) {
    const r = byId.get(row.Id)!;
    expect([row.Id, row.Country, row.City, row.Registered]).toEqual([
      row.Id,
      r.country,
      r.city,
      screenTime(r.registered_at_utc),
    ]);
  }
});
