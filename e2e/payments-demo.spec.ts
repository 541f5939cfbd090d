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
import { signedInPage, startApp, type RunningApp } from "./server.ts";

test.use({ launchOptions: { executablePath: "/usr/bin/chromium" }, locale: "en-US" });
test.describe.configure({ mode: "serial", timeout: 180_000 });

let running: RunningApp;

test.beforeAll(async () => {
  running = await startApp("payments-demo", { SEED_PLAYERS: "40", SEED_DAYS: "5" });
});
test.afterAll(async () => {
  await running?.stop();
});

const one = async (sql: string, args: (string | number)[] = []) =>
  (await running.db.execute({ sql, args })).rows[0] as Record<string, unknown>;
const goldOf = async (id: number) => Number((await one("select gold from players where id = ?", [id])).gold);
const fmt = (n: number) => n.toLocaleString("en-US");

/**
 * The offset-th seeded player of a platform (neither erased nor banned), signed in on a page of
 * its own; `start` is its gold now, `noViolations` fails on a CSP violation the page reported.
 */
async function asPlayer(browser: import("@playwright/test").Browser, platform: "web" | "ios" | "android", offset = 0) {
  const p = await one(
    "select id from players where platform = ? and erased_at is null and banned_until is null order by id limit 1 offset ?",
    [platform, offset],
  );
  expect(p, `a seeded ${platform} player`).toBeTruthy();
  const id = Number(p.id);
  // The spec reads the site in English: a player's saved language wins on pages without one in the path.
  await running.db.execute({ sql: "update players set locale = 'en' where id = ?", args: [id] });
  const { page } = await signedInPage(browser, running.db, { player: id });
  return { id, page, noViolations: noCspViolations(page), start: await goldOf(id) };
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
    expect(
      await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth),
      `${name} at ${width} px`,
    ).toBe(true);
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

/**
 * From the payment methods screen, an item bought on the provider's stand-in (TEST MODE): its
 * page (the amount it shows, when given; the banner), its pay button, back to our page saying Paid.
 */
async function buyOnStandIn(
  page: Page,
  info: import("@playwright/test").TestInfo,
  o: { provider: string; item: string; at: RegExp; shot: string; amount?: string; press?: string; back?: RegExp },
) {
  await buyFrom(page, o.provider, o.item);
  await page.waitForURL(o.at);
  if (o.amount) await expect(page.locator("#amount")).toHaveText(o.amount);
  await testModeBanner(page, info, o.shot);
  await page.locator(o.press ?? "#pay").click();
  await page.waitForURL(o.back ?? /\/billing\/order\/return\?order=\d+/);
  await expect(page.getByRole("status")).toContainText("Paid");
}

async function goldInProfile(page: Page, id: number, expected: number) {
  await expect.poll(() => goldOf(id)).toBe(expected);
  await page.goto(`${running.url}/public/profile/`);
  await expect(page.getByText(`Gold: ${fmt(expected)}`).first()).toBeVisible();
}

test("redirect: Robokassa and Ecommpay from the payment methods screen to gold in the profile", async ({
  browser,
}, info) => {
  const { id, page, noViolations, start } = await asPlayer(browser, "web", 0);

  // Robokassa: its payment page (TEST MODE), Pay, the Result notification, back to Success.
  await buyOnStandIn(page, info, {
    provider: "robokassa",
    item: "gold_500",
    at: /\/test\/payments\/robokassa\/Merchant\/Index\.aspx\?/,
    amount: "149.00 RUB",
    shot: "robokassa-page",
    back: /\/billing\/robokassa\/success\?/,
  });
  await expect(page.getByTestId("test-mode")).toBeVisible();
  await goldInProfile(page, id, start + 550);

  // Ecommpay: its Payment Page, Pay, the signed callback, back to our order page.
  await buyOnStandIn(page, info, {
    provider: "ecommpay",
    item: "gold_100",
    at: /\/test\/payments\/ecommpay\/payment\?/,
    shot: "ecommpay-page",
  });
  await goldInProfile(page, id, start + 650);
  await page.screenshot({ path: info.outputPath("profile-after-redirect.png"), fullPage: true });
  noViolations();
});

test("API: Stripe and PayPal from the payment methods screen to gold in the profile", async ({ browser }, info) => {
  const { id, page, noViolations, start } = await asPlayer(browser, "web", 1);

  // Stripe: Checkout Session, the hosted page, the signed webhook, back to the order page.
  await buyOnStandIn(page, info, {
    provider: "stripe",
    item: "gold_500",
    at: /\/test\/payments\/stripe\/pay\/cs_test_/,
    shot: "stripe-page",
    back: /\/billing\/stripe\/order\/checkout\?order=\d+/,
  });
  await goldInProfile(page, id, start + 550);

  // PayPal: Orders v2, the approval page, back to our order page, which captures.
  await buyOnStandIn(page, info, {
    provider: "paypal",
    item: "gold_1200",
    at: /\/test\/payments\/paypal\/checkoutnow\?token=/,
    shot: "paypal-page",
    press: "#approve",
  });
  await goldInProfile(page, id, start + 550 + 1400);
  await page.screenshot({ path: info.outputPath("profile-after-api.png"), fullPage: true });
  noViolations();
});

test("store receipt: an iOS player buys through the App Store test sheet and sees the gold in the profile", async ({
  browser,
}, info) => {
  const { id, page, noViolations, start } = await asPlayer(browser, "ios");
  await buyOnStandIn(page, info, {
    provider: "apple",
    item: "gold_500",
    at: /\/test\/payments\/apple\/buy\?/,
    shot: "apple-sheet",
    press: "#buy",
  });
  await goldInProfile(page, id, start + 550);
  const o = await one(
    "select status, provider, provider_tx_id from billing_orders where player_id = ? order by id desc limit 1",
    [id],
  );
  expect(o).toMatchObject({ status: "paid", provider: "apple" });
  expect(String(o.provider_tx_id)).toMatch(/^\d+$/);
  noViolations();
});

test("store receipt: an Android player pays through RuStore's test sheet (Pay SDK), replays credit once, a refund takes the gold back", async ({
  browser,
}, info) => {
  const { id, page, noViolations, start } = await asPlayer(browser, "android");

  // The RuStore section in test mode, at a phone's width too: its notice and a buy button per item, no sideways scroll.
  for (const width of [390, 1366]) {
    await page.setViewportSize({ width, height: 800 });
    await page.goto(`${running.url}/public/profile/paymentMethods`);
    const section = page.getByRole("region", { name: "rustore" });
    await expect(section.getByText("in test mode a test sheet stands in for it")).toBeVisible();
    await expect(section.locator('[data-item="gold_500"]').getByRole("button")).toHaveText(
      /^Buy in the test store for RUB[\s\u00a0]149\.00$/,
    );
    expect(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true);
    await page.screenshot({ path: info.outputPath(`rustore-methods-${width}.png`), fullPage: true });
  }

  // The payment methods screen → RuStore's sheet (TEST MODE) → Pay: the money is on hold, the
  // app reports the invoice, our server confirms the hold and credits; back to the order page.
  await buyOnStandIn(page, info, {
    provider: "rustore",
    item: "gold_500",
    at: /\/test\/payments\/rustore\/buy\?/,
    amount: "149.00 RUB",
    shot: "rustore-sheet",
  });
  await goldInProfile(page, id, start + 550);
  const o = await one(
    "select id, status, provider, provider_flow, provider_ref, provider_purchase_id, provider_tx_id from billing_orders where player_id = ? order by id desc limit 1",
    [id],
  );
  expect(o).toMatchObject({ status: "paid", provider: "rustore", provider_flow: "pay" });
  const invoiceId = String(o.provider_ref);
  expect(String(o.provider_tx_id)).toBe(invoiceId);

  // RuStore delivers its notification again, 5 times in a row and 20 at once; the app reports again too: credited once.
  const post = (path: string, body: unknown) =>
    fetch(`${running.url}${path}`, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify(body),
    });
  const notification = await (
    await fetch(`${running.url}/test/payments/rustore/console/notification/${invoiceId}`)
  ).json();
  const report = { orderId: String(o.id), invoiceId, purchaseId: String(o.provider_purchase_id) };
  for (let i = 0; i < 5; i++) {
    expect((await post("/billing/rustore/notification", notification)).status).toBe(200);
    expect((await post("/billing/rustore/purchase/validate", report)).status).toBe(200);
  }
  const burst = await Promise.all([
    ...Array.from({ length: 20 }, () => post("/billing/rustore/notification", notification)),
    ...Array.from({ length: 20 }, () => post("/billing/rustore/purchase/validate", report)),
  ]);
  expect(burst.map((r) => r.status)).toEqual(Array(40).fill(200));
  expect(await goldOf(id)).toBe(start + 550);
  const credits = await one("select count(*) as n from ledger_entries where ref = ? and reason = 'payment.credit'", [
    `order:${o.id}`,
  ]);
  expect(Number(credits.n)).toBe(1);

  // A refund made in RuStore Console: RuStore notifies, the order is reversed through the ledger, and its replays take nothing more.
  const refund = await fetch(`${running.url}/test/payments/rustore/console/refund/${invoiceId}`, { method: "POST" });
  expect(refund.status).toBe(200);
  const refundNotice = await refund.json();
  await expect
    .poll(async () => (await one("select status from billing_orders where id = ?", [Number(o.id)])).status)
    .toBe("refunded");
  for (let i = 0; i < 5; i++) expect((await post("/billing/rustore/notification", refundNotice)).status).toBe(200);
  expect(
    (await Promise.all(Array.from({ length: 20 }, () => post("/billing/rustore/notification", refundNotice)))).map(
      (r) => r.status,
    ),
  ).toEqual(Array(20).fill(200));
  const back = await one(
    "select count(*) as n, sum(delta) as d from ledger_entries where ref = ? and reason = 'payment.refund'",
    [`order:${o.id}`],
  );
  expect([Number(back.n), Number(back.d)]).toEqual([1, -550]);
  await goldInProfile(page, id, start);
  await page.screenshot({ path: info.outputPath("profile-after-rustore-refund.png"), fullPage: true });
  noViolations();
});

test("an operator follows the start page's 'awaiting verification' count to the orders screen", async ({
  browser,
}, info) => {
  // The demo world leaves some abandoned payments pending for days: awaiting verification.
  const waiting = Number(
    (
      await one("select count(*) as n from billing_orders where status = 'pending' and updated_at < ?", [
        Date.now() - 30 * 60_000,
      ])
    ).n,
  );
  expect(waiting).toBeGreaterThan(0);
  const { page } = await signedInPage(browser, running.db, { admin: "support" });
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

test("issue 25: a bank's inquiry on a paid Stripe order takes no gold; operators see it on the order, in English and Russian", async ({
  browser,
}, info) => {
  // A web player pays through Stripe's stand-in; then Stripe's inquiry about that payment (a dispute
  // in warning_needs_response: no funds withdrawn), signed for the test-mode webhook secret by Stripe's library.
  const buyer = await asPlayer(browser, "web", 3);
  await buyOnStandIn(buyer.page, info, {
    provider: "stripe",
    item: "gold_500",
    at: /\/test\/payments\/stripe\/pay\/cs_test_/,
    shot: "stripe-page-inquiry",
    back: /\/billing\/stripe\/order\/checkout\?order=\d+/,
  });
  await expect.poll(() => goldOf(buyer.id)).toBe(buyer.start + 550);
  await buyer.page.context().close();
  const o = await one(
    "select id, player_id, provider_tx_id from billing_orders where provider = 'stripe' and status = 'paid' and player_id = ? order by id desc limit 1",
    [buyer.id],
  );
  expect(o, "the player's paid Stripe order").toBeTruthy();
  const gold = await goldOf(Number(o.player_id));
  const { default: Stripe } = await import("stripe");
  const payload = JSON.stringify({
    id: `evt_e2e_inquiry_${o.id}`,
    object: "event",
    type: "charge.dispute.created",
    created: Math.floor(Date.now() / 1000),
    data: {
      object: {
        id: `dp_e2e_${o.id}`,
        object: "dispute",
        amount: 199,
        charge: `ch_e2e_${o.id}`,
        currency: "usd",
        payment_intent: o.provider_tx_id,
        reason: "fraudulent",
        status: "warning_needs_response",
      },
    },
  });
  const signature = await Stripe.webhooks.generateTestHeaderStringAsync({
    payload,
    secret: "whsec_tankodrome_local",
    cryptoProvider: Stripe.createSubtleCryptoProvider(),
  });
  const r = await fetch(`${running.url}/billing/stripe/event/handle`, {
    method: "POST",
    headers: { "content-type": "application/json", "stripe-signature": signature },
    body: payload,
  });
  expect(r.status).toBe(200);
  expect(await goldOf(Number(o.player_id))).toBe(gold);
  for (const locale of ["en", "ru"] as const) {
    const { page } = await signedInPage(
      browser,
      running.db,
      { admin: "support" },
      {
        locale,
        context: { locale: locale === "ru" ? "ru-RU" : "en-US" },
      },
    );
    await page.goto(`${running.url}/admin/billing/orders/?provider=stripe&playerId=${o.player_id}`);
    const badge = page.locator(`tr:has-text("${o.provider_tx_id}") [data-dispute="inquiry"]`);
    await expect(badge).toHaveText(locale === "en" ? "inquiry open" : "запрос банка");
    // The screen's dispute filter finds it among all orders.
    await page.goto(`${running.url}/admin/billing/orders/?dispute=inquiry`);
    await expect(page.locator(`tr:has-text("${o.provider_tx_id}") [data-dispute="inquiry"]`)).toBeVisible();
    await expect(page.getByLabel(locale === "en" ? "Dispute" : "Спор")).toHaveValue("inquiry");
    for (const width of [1366, 390]) {
      await page.setViewportSize({ width, height: 844 });
      await page.screenshot({ path: info.outputPath(`orders-inquiry-${locale}-${width}.png`), fullPage: true });
    }
    await page.goto(`${running.url}/admin/playerPayment/${o.player_id}`);
    await expect(page.locator('[data-dispute="inquiry"]').first()).toBeVisible();
    await page.screenshot({ path: info.outputPath(`player-payments-inquiry-${locale}.png`), fullPage: true });
    await page.context().close();
  }
});
