// A new user's purchase on a fresh machine: the app started as `npm start` starts it (the
// embedded default, a seeded demo world, no provider settings), so every provider runs against
// its local stand-in in TEST MODE. A seeded web player goes from the payment methods screen
// through each provider's own pages and protocol (redirect, signed callback or webhook,
// server-to-server status) and sees the gold in the profile: Robokassa and Ecommpay (redirect),
// Stripe and PayPal (API); an iOS player buys through the App Store's test store sheet (store receipt:
// a JWS-signed transaction up a certificate chain, handed to /billing/apple/ as the game app does).
import { test, expect, type Page } from "@playwright/test";
import { addAdmin, addSession, sessionCookie, startApp, type RunningApp } from "./server.ts";

test.use({ launchOptions: { executablePath: "/usr/bin/chromium" }, locale: "en-US" });
test.describe.configure({ mode: "serial", timeout: 180_000 });

let running: RunningApp;

test.beforeAll(async () => {
  running = await startApp("payments-demo", { SEED_PLAYERS: "40", SEED_DAYS: "5" });
});
test.afterAll(async () => {
  await running?.stop();
});

const one = async (sql: string, args: (string | number)[] = []) => (await running.db.execute({ sql, args })).rows[0] as Record<string, unknown>;
const goldOf = async (id: number) => Number((await one("select gold from players where id = ?", [id])).gold);
const fmt = (n: number) => n.toLocaleString("en-US");

async function asPlayer(browser: import("@playwright/test").Browser, offset: number) {
  const p = await one("select id from players where platform = 'web' and erased_at is null and banned_until is null order by id limit 1 offset ?", [offset]);
  expect(p, "a seeded web player").toBeTruthy();
  const id = Number(p.id);
  const context = await browser.newContext();
  await context.addCookies([sessionCookie(await addSession(running.db, "player", id))]);
  return { id, page: await context.newPage() };
}

/** From the payment methods screen: the provider's section, the item's buy button. */
async function buyFrom(page: Page, provider: string, item: string) {
  await page.goto(`${running.url}/public/profile/paymentMethods`);
  await expect(page.getByRole("heading", { name: "Payment methods", level: 1 })).toBeVisible();
  await expect(page.getByTestId("test-mode")).toBeVisible();
  await page.getByRole("region", { name: provider }).locator(`[data-item="${item}"]`).getByRole("button").click();
}

async function goldInProfile(page: Page, id: number, expected: number) {
  await expect.poll(() => goldOf(id)).toBe(expected);
  await page.goto(`${running.url}/public/profile/`);
  await expect(page.getByText(`Gold: ${fmt(expected)}`).first()).toBeVisible();
}

test("redirect: Robokassa and Ecommpay from the payment methods screen to gold in the profile", async ({ browser }, info) => {
  const { id, page } = await asPlayer(browser, 0);
  const start = await goldOf(id);

  // Robokassa: its payment page (TEST MODE), Pay, the Result notification, back to Success.
  await buyFrom(page, "robokassa", "gold_500");
  await page.waitForURL(/\/test\/payments\/robokassa\/Merchant\/Index\.aspx\?/);
  await expect(page.locator("#test-mode")).toContainText("TEST MODE");
  await expect(page.locator("#amount")).toHaveText("149.00 RUB");
  await page.screenshot({ path: info.outputPath("robokassa-page.png"), fullPage: true });
  await page.locator("#pay").click();
  await page.waitForURL(/\/billing\/robokassa\/success\?/);
  await expect(page.getByRole("status")).toContainText("Paid");
  await expect(page.getByTestId("test-mode")).toBeVisible();
  await goldInProfile(page, id, start + 550);

  // Ecommpay: its Payment Page, Pay, the signed callback, back to our order page.
  await buyFrom(page, "ecommpay", "gold_100");
  await page.waitForURL(/\/test\/payments\/ecommpay\/payment\?/);
  await expect(page.locator("#test-mode")).toBeVisible();
  await page.locator("#pay").click();
  await page.waitForURL(/\/billing\/order\/return\?order=\d+/);
  await expect(page.getByRole("status")).toContainText("Paid");
  await goldInProfile(page, id, start + 650);
  await page.screenshot({ path: info.outputPath("profile-after-redirect.png"), fullPage: true });
});

test("API: Stripe and PayPal from the payment methods screen to gold in the profile", async ({ browser }, info) => {
  const { id, page } = await asPlayer(browser, 1);
  const start = await goldOf(id);

  // Stripe: Checkout Session, the hosted page, the signed webhook, back to the order page.
  await buyFrom(page, "stripe", "gold_500");
  await page.waitForURL(/\/test\/payments\/stripe\/pay\/cs_test_/);
  await expect(page.locator("#test-mode")).toBeVisible();
  await page.screenshot({ path: info.outputPath("stripe-page.png"), fullPage: true });
  await page.locator("#pay").click();
  await page.waitForURL(/\/billing\/stripe\/order\/checkout\?order=\d+/);
  await expect(page.getByRole("status")).toContainText("Paid");
  await goldInProfile(page, id, start + 550);

  // PayPal: Orders v2, the approval page, back to our order page, which captures.
  await buyFrom(page, "paypal", "gold_1200");
  await page.waitForURL(/\/test\/payments\/paypal\/checkoutnow\?token=/);
  await expect(page.locator("#test-mode")).toBeVisible();
  await page.locator("#approve").click();
  await page.waitForURL(/\/billing\/order\/return\?order=\d+/);
  await expect(page.getByRole("status")).toContainText("Paid");
  await goldInProfile(page, id, start + 550 + 1400);
  await page.screenshot({ path: info.outputPath("profile-after-api.png"), fullPage: true });
});

test("store receipt: an iOS player buys through the App Store test sheet and sees the gold in the profile", async ({ browser }, info) => {
  const p = await one("select id, country from players where platform = 'ios' and erased_at is null and banned_until is null order by id limit 1");
  expect(p, "a seeded iOS player").toBeTruthy();
  const id = Number(p.id);
  const context = await browser.newContext();
  await context.addCookies([sessionCookie(await addSession(running.db, "player", id))]);
  const page = await context.newPage();
  const start = await goldOf(id);
  await buyFrom(page, "apple", "gold_500");
  await page.waitForURL(/\/test\/payments\/apple\/buy\?/);
  await expect(page.locator("#test-mode")).toBeVisible();
  await page.screenshot({ path: info.outputPath("apple-sheet.png"), fullPage: true });
  await page.locator("#buy").click();
  await page.waitForURL(/\/billing\/order\/return\?order=\d+/);
  await expect(page.getByRole("status")).toContainText("Paid");
  await goldInProfile(page, id, start + 550);
  const o = await one("select status, provider, provider_tx_id from billing_orders where player_id = ? order by id desc limit 1", [id]);
  expect(o).toMatchObject({ status: "paid", provider: "apple" });
  expect(String(o.provider_tx_id)).toMatch(/^\d+$/);
});

test("an operator follows the start page's 'awaiting verification' count to the orders screen", async ({ browser }, info) => {
  // The demo world leaves some abandoned payments pending for days: awaiting verification.
  const waiting = Number((await one("select count(*) as n from billing_orders where status = 'pending' and updated_at < ?", [Date.now() - 30 * 60_000])).n);
  expect(waiting).toBeGreaterThan(0);
  const context = await browser.newContext();
  await context.addCookies([sessionCookie(await addSession(running.db, "admin", await addAdmin(running.db, "support")))]);
  const page = await context.newPage();
  await page.goto(`${running.url}/admin/`);
  const link = page.locator('a[href="/admin/billing/orders/?awaiting=1"]');
  await expect(link).toContainText(String(waiting));
  await link.click();
  await expect(page.getByRole("heading", { name: "Orders", level: 1 })).toBeVisible();
  await expect(page.getByTestId("awaiting")).toContainText(`${waiting} payment`);
  const statuses = page.locator("td [data-status]");
  await expect(statuses.first()).toBeVisible();
  expect(new Set(await statuses.allTextContents())).toEqual(new Set(["pending"]));
  await page.screenshot({ path: info.outputPath("orders-awaiting-1366.png"), fullPage: true });
  // All orders, then one provider's.
  await page.goto(`${running.url}/admin/billing/orders/?provider=robokassa`);
  await expect(page.locator("tbody tr").first()).toBeVisible();
  await page.setViewportSize({ width: 390, height: 844 });
  await page.screenshot({ path: info.outputPath("orders-390.png"), fullPage: true });
});
