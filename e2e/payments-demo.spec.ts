// A new user's purchase on a fresh machine: the app started as `npm start` starts it (the
// embedded default, a seeded demo world, no provider settings), so every provider runs against
// its local stand-in in TEST MODE. A seeded web player goes from the payment methods screen
// through each provider's own pages and protocol (redirect, signed callback or webhook,
// server-to-server status) and sees the gold in the profile: Robokassa and Ecommpay (redirect),
// Stripe and PayPal (API); an iOS player buys through the App Store's test store sheet (store receipt:
// a JWS-signed transaction up a certificate chain, handed to /billing/apple/ as the game app does);
// an Android player through RuStore's test sheet (Pay SDK: a hold our server confirms, the
// encrypted server notification, replays, and a refund notified back through the ledger).
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

/**
 * A stand-in's TEST MODE page: the banner is shown in its yellow (its stylesheet allowed by the
 * page's Content-Security-Policy), at a desktop's and a phone's width, with no sideways scroll.
 */
async function testModeBanner(page: Page, info: import("@playwright/test").TestInfo, name: string) {
  const banner = page.locator("#test-mode");
  await expect(banner).toContainText("TEST MODE");
  await expect(banner).toHaveCSS("background-color", "rgb(255, 212, 0)");
  const size = page.viewportSize();
  for (const width of [390, 1366]) {
    await page.setViewportSize({ width, height: 800 });
    expect(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth), `${name} at ${width} px`).toBe(true);
    await page.screenshot({ path: info.outputPath(`${name}-${width}.png`), fullPage: true });
  }
  if (size) await page.setViewportSize(size);
}

/** Fails the test on any Content-Security-Policy violation the page reports in the console. */
function noCspViolations(page: Page) {
  const violations: string[] = [];
  page.on("console", (m) => {
    if (/Content[- ]Security[- ]Policy/i.test(m.text())) violations.push(m.text());
  });
  page.on("pageerror", (e) => {
    if (/Content[- ]Security[- ]Policy/i.test(e.message)) violations.push(e.message);
  });
  return () => expect(violations, "CSP violations in the console").toEqual([]);
}

async function goldInProfile(page: Page, id: number, expected: number) {
  await expect.poll(() => goldOf(id)).toBe(expected);
  await page.goto(`${running.url}/public/profile/`);
  await expect(page.getByText(`Gold: ${fmt(expected)}`).first()).toBeVisible();
}

test("redirect: Robokassa and Ecommpay from the payment methods screen to gold in the profile", async ({ browser }, info) => {
  const { id, page } = await asPlayer(browser, 0);
  const noViolations = noCspViolations(page);
  const start = await goldOf(id);

  // Robokassa: its payment page (TEST MODE), Pay, the Result notification, back to Success.
  await buyFrom(page, "robokassa", "gold_500");
  await page.waitForURL(/\/test\/payments\/robokassa\/Merchant\/Index\.aspx\?/);
  await expect(page.locator("#test-mode")).toContainText("TEST MODE");
  await expect(page.locator("#amount")).toHaveText("149.00 RUB");
  await testModeBanner(page, info, "robokassa-page");
  await page.locator("#pay").click();
  await page.waitForURL(/\/billing\/robokassa\/success\?/);
  await expect(page.getByRole("status")).toContainText("Paid");
  await expect(page.getByTestId("test-mode")).toBeVisible();
  await goldInProfile(page, id, start + 550);

  // Ecommpay: its Payment Page, Pay, the signed callback, back to our order page.
  await buyFrom(page, "ecommpay", "gold_100");
  await page.waitForURL(/\/test\/payments\/ecommpay\/payment\?/);
  await testModeBanner(page, info, "ecommpay-page");
  await page.locator("#pay").click();
  await page.waitForURL(/\/billing\/order\/return\?order=\d+/);
  await expect(page.getByRole("status")).toContainText("Paid");
  await goldInProfile(page, id, start + 650);
  await page.screenshot({ path: info.outputPath("profile-after-redirect.png"), fullPage: true });
  noViolations();
});

test("API: Stripe and PayPal from the payment methods screen to gold in the profile", async ({ browser }, info) => {
  const { id, page } = await asPlayer(browser, 1);
  const noViolations = noCspViolations(page);
  const start = await goldOf(id);

  // Stripe: Checkout Session, the hosted page, the signed webhook, back to the order page.
  await buyFrom(page, "stripe", "gold_500");
  await page.waitForURL(/\/test\/payments\/stripe\/pay\/cs_test_/);
  await testModeBanner(page, info, "stripe-page");
  await page.locator("#pay").click();
  await page.waitForURL(/\/billing\/stripe\/order\/checkout\?order=\d+/);
  await expect(page.getByRole("status")).toContainText("Paid");
  await goldInProfile(page, id, start + 550);

  // PayPal: Orders v2, the approval page, back to our order page, which captures.
  await buyFrom(page, "paypal", "gold_1200");
  await page.waitForURL(/\/test\/payments\/paypal\/checkoutnow\?token=/);
  await testModeBanner(page, info, "paypal-page");
  await page.locator("#approve").click();
  await page.waitForURL(/\/billing\/order\/return\?order=\d+/);
  await expect(page.getByRole("status")).toContainText("Paid");
  await goldInProfile(page, id, start + 550 + 1400);
  await page.screenshot({ path: info.outputPath("profile-after-api.png"), fullPage: true });
  noViolations();
});

test("store receipt: an iOS player buys through the App Store test sheet and sees the gold in the profile", async ({ browser }, info) => {
  const p = await one("select id, country from players where platform = 'ios' and erased_at is null and banned_until is null order by id limit 1");
  expect(p, "a seeded iOS player").toBeTruthy();
  const id = Number(p.id);
  const context = await browser.newContext();
  await context.addCookies([sessionCookie(await addSession(running.db, "player", id))]);
  const page = await context.newPage();
  const noViolations = noCspViolations(page);
  const start = await goldOf(id);
  await buyFrom(page, "apple", "gold_500");
  await page.waitForURL(/\/test\/payments\/apple\/buy\?/);
  await testModeBanner(page, info, "apple-sheet");
  await page.locator("#buy").click();
  await page.waitForURL(/\/billing\/order\/return\?order=\d+/);
  await expect(page.getByRole("status")).toContainText("Paid");
  await goldInProfile(page, id, start + 550);
  const o = await one("select status, provider, provider_tx_id from billing_orders where player_id = ? order by id desc limit 1", [id]);
  expect(o).toMatchObject({ status: "paid", provider: "apple" });
  expect(String(o.provider_tx_id)).toMatch(/^\d+$/);
  noViolations();
});

test("store receipt: an Android player pays through RuStore's test sheet (Pay SDK), replays credit once, a refund takes the gold back", async ({ browser }, info) => {
  const p = await one("select id from players where platform = 'android' and erased_at is null and banned_until is null order by id limit 1");
  expect(p, "a seeded Android player").toBeTruthy();
  const id = Number(p.id);
  const context = await browser.newContext();
  await context.addCookies([sessionCookie(await addSession(running.db, "player", id))]);
  const page = await context.newPage();
  const noViolations = noCspViolations(page);
  const start = await goldOf(id);

  // The RuStore section in test mode, at a phone's width too: its notice and a buy button per item, no sideways scroll.
  for (const width of [390, 1366]) {
    await page.setViewportSize({ width, height: 800 });
    await page.goto(`${running.url}/public/profile/paymentMethods`);
    const section = page.getByRole("region", { name: "rustore" });
    await expect(section.getByText("in test mode a test sheet stands in for it")).toBeVisible();
    await expect(section.locator('[data-item="gold_500"]').getByRole("button")).toHaveText(/^Buy in the test store for RUB[\s\u00a0]149\.00$/);
    expect(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true);
    await page.screenshot({ path: info.outputPath(`rustore-methods-${width}.png`), fullPage: true });
  }

  // The payment methods screen → RuStore's sheet (TEST MODE) → Pay: the money is on hold, the
  // app reports the invoice, our server confirms the hold and credits; back to the order page.
  await buyFrom(page, "rustore", "gold_500");
  await page.waitForURL(/\/test\/payments\/rustore\/buy\?/);
  await expect(page.locator("#test-mode")).toContainText("TEST MODE");
  await expect(page.locator("#amount")).toHaveText("149.00 RUB");
  await testModeBanner(page, info, "rustore-sheet");
  await page.locator("#pay").click();
  await page.waitForURL(/\/billing\/order\/return\?order=\d+/);
  await expect(page.getByRole("status")).toContainText("Paid");
  await goldInProfile(page, id, start + 550);
  const o = await one("select id, status, provider, provider_flow, provider_ref, provider_purchase_id, provider_tx_id from billing_orders where player_id = ? order by id desc limit 1", [id]);
  expect(o).toMatchObject({ status: "paid", provider: "rustore", provider_flow: "pay" });
  const invoiceId = String(o.provider_ref);
  expect(String(o.provider_tx_id)).toBe(invoiceId);

  // RuStore delivers its notification again, 5 times in a row and 20 at once; the app reports again too: credited once.
  const post = (path: string, body: unknown) => fetch(`${running.url}${path}`, { method: "POST", headers: { "content-type": "application/json" }, body: JSON.stringify(body) });
  const notification = await (await fetch(`${running.url}/test/payments/rustore/console/notification/${invoiceId}`)).json();
  const report = { orderId: String(o.id), invoiceId, purchaseId: String(o.provider_purchase_id) };
  for (let i = 0; i < 5; i++) {
    expect((await post("/billing/rustore/notification", notification)).status).toBe(200);
    expect((await post("/billing/rustore/purchase/validate", report)).status).toBe(200);
  }
  const burst = await Promise.all([...Array.from({ length: 20 }, () => post("/billing/rustore/notification", notification)), ...Array.from({ length: 20 }, () => post("/billing/rustore/purchase/validate", report))]);
  expect(burst.map((r) => r.status)).toEqual(Array(40).fill(200));
  expect(await goldOf(id)).toBe(start + 550);
  const credits = await one("select count(*) as n from ledger_entries where ref = ? and reason = 'payment.credit'", [`order:${o.id}`]);
  expect(Number(credits.n)).toBe(1);

  // A refund made in RuStore Console: RuStore notifies, the order is reversed through the ledger, and its replays take nothing more.
  const refund = await fetch(`${running.url}/test/payments/rustore/console/refund/${invoiceId}`, { method: "POST" });
  expect(refund.status).toBe(200);
  const refundNotice = await refund.json();
  await expect.poll(async () => (await one("select status from billing_orders where id = ?", [Number(o.id)])).status).toBe("refunded");
  for (let i = 0; i < 5; i++) expect((await post("/billing/rustore/notification", refundNotice)).status).toBe(200);
  expect((await Promise.all(Array.from({ length: 20 }, () => post("/billing/rustore/notification", refundNotice)))).map((r) => r.status)).toEqual(Array(20).fill(200));
  const back = await one("select count(*) as n, sum(delta) as d from ledger_entries where ref = ? and reason = 'payment.refund'", [`order:${o.id}`]);
  expect([Number(back.n), Number(back.d)]).toEqual([1, -550]);
  await goldInProfile(page, id, start);
  await page.screenshot({ path: info.outputPath("profile-after-rustore-refund.png"), fullPage: true });
  noViolations();
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
