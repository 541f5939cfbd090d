// Billing journeys in Debian's Chromium: a player buys a gold pack through the Stripe and the
// Robokassa flows against the local stand-ins and sees the gold arrive; an operator watching the
// player's payments sees them appear live (SSE) and in the list. The app runs as it does in
// production (startApp: bun edge/bun.ts on a fresh data directory), its provider settings pointing
// at the stand-ins; players, operators and the catalog are seeded in code.
import { test, expect, type BrowserContext } from "@playwright/test";
import {
  addAdmin,
  addPlayer,
  addSession,
  serveStandin,
  type Standin,
  sessionCookie,
  startApp,
  type RunningApp,
} from "./server.ts";
import { stripeStandin } from "../api/billing/test-standins/stripe.ts";
import { robokassaStandin } from "../api/billing/test-standins/robokassa.ts";

test.use({ launchOptions: { executablePath: "/usr/bin/chromium" }, locale: "en-US" });
test.describe.configure({ mode: "serial", timeout: 120_000 });

let running: RunningApp;
let standins: Standin[] = [];
let playerId = 0;
let player: Awaited<ReturnType<typeof addSession>>;
let admin: Awaited<ReturnType<typeof addSession>>;

test.beforeAll(async () => {
  // The stand-ins call the app back and the app calls them: each is served first and made once
  // the app's address is known.
  let stripe: ReturnType<typeof stripeStandin>;
  let robokassa: ReturnType<typeof robokassaStandin>;
  const stripeApi = await serveStandin((r) => stripe.app.fetch(r));
  const roboApi = await serveStandin((r) => robokassa.app.fetch(r));
  standins = [stripeApi, roboApi];
  running = await startApp("billing", {
    STRIPE_SECRET_KEY: "sk_test_e2e",
    STRIPE_WEBHOOK_SECRET: "whsec_e2e",
    STRIPE_API_BASE: stripeApi.url,
    ROBOKASSA_LOGIN: "tankodrome",
    ROBOKASSA_PASSWORD1: "p1-e2e",
    ROBOKASSA_PASSWORD2: "p2-e2e",
    ROBOKASSA_BASE: roboApi.url,
    ROBOKASSA_TEST: "1",
  });
  const app = running.url;
  stripe = stripeStandin({
    secretKey: "sk_test_e2e",
    webhookSecret: "whsec_e2e",
    webhookUrl: `${app}/billing/stripe/event/handle`,
    origin: () => stripeApi.url,
  });
  robokassa = robokassaStandin({
    login: "tankodrome",
    password1: "p1-e2e",
    password2: "p2-e2e",
    resultUrl: `${app}/billing/robokassa/result`,
    successUrl: `${app}/billing/robokassa/success`,
    failUrl: `${app}/billing/robokassa/fail`,
  });
  const now = Date.now();
  playerId = await addPlayer(running.db, { nickname: `Buyer${now % 100000}`, country: "US", createdAt: now });
  player = await addSession(running.db, "player", playerId);
  admin = await addSession(running.db, "admin", await addAdmin(running.db, "admin"));
  // The catalog through the operator's API, as the back office would.
  const add = await fetch(`${app}/admin/billing/catalog/add`, {
    method: "POST",
    headers: { "content-type": "application/json", cookie: `tk_admin=${admin.token}`, "x-csrf-token": admin.csrf },
    body: JSON.stringify({
      id: "gold_500",
      titleRu: "500 золота",
      titleEn: "500 gold",
      grants: { gold: 500 },
      bonusGold: 50,
      prices: [
        { market: "web", currency: "RUB", amount: 9900 },
        { market: "web", currency: "USD", amount: 199 },
      ],
      sortOrder: 1,
    }),
  });
  expect(add.status).toBe(200);
});

test.afterAll(async () => {
  await running?.stop();
  for (const s of standins) await s.close();
});

const gold = async () =>
  Number((await running.db.execute({ sql: "select gold from players where id = ?", args: [playerId] })).rows[0].gold);

async function operatorWatching(context: BrowserContext) {
  await context.addCookies([sessionCookie(admin)]);
  const page = await context.newPage();
  await page.goto(`${running.url}/admin/playerPayment/${playerId}`);
  await expect(page.getByRole("heading", { name: new RegExp(`#${playerId}`) })).toBeVisible();
  return page;
}

test("a player buys gold with Stripe and with Robokassa; the operator sees both live and in the list", async ({
  browser,
}, info) => {
  const app = running.url;
  const ops = await operatorWatching(await browser.newContext());
  const context = await browser.newContext();
  await context.addCookies([sessionCookie(player)]);
  const buyer = await context.newPage();

  // Stripe: the offer in USD, the hosted checkout, back to the order page.
  await buyer.goto(`${app}/billing/stripe/order/checkout`);
  await buyer.locator('[data-item="gold_500"]').getByRole("button").click();
  await buyer.waitForURL(/127\.0\.0\.1:\d+\/pay\/cs_test_/);
  await expect(buyer.locator("#amount")).toHaveText("1.99 USD");
  await buyer.locator("#pay").click();
  await buyer.waitForURL(/\/billing\/stripe\/order\/checkout\?order=\d+/);
  await expect(buyer.getByRole("status")).toContainText("550 gold");
  await buyer.screenshot({ path: info.outputPath("stripe-paid.png") });
  expect(await gold()).toBe(550);

  // Robokassa: the same item in roubles, the payment page, back through Success.
  await buyer.goto(`${app}/billing/stripe/order/checkout`);
  await buyer.getByLabel("Robokassa").check();
  await buyer.locator('[data-item="gold_500"]').getByRole("button").click();
  await buyer.waitForURL(/Merchant\/Index\.aspx/);
  await expect(buyer.locator("#amount")).toHaveText("99.00 RUB");
  await buyer.locator("#pay").click();
  await buyer.waitForURL(/\/billing\/robokassa\/success\?/);
  await expect(buyer.getByRole("status")).toContainText("550 gold");
  await buyer.screenshot({ path: info.outputPath("robokassa-paid.png") });
  expect(await gold()).toBe(1100);

  // The operator's live feed showed both payments arriving; the list has them paid.
  const live = ops.locator(".tk-billing-live");
  await expect(live.getByText(/→ paid/)).toHaveCount(2, { timeout: 15_000 });
  await ops.reload();
  await expect(ops.locator('tbody [data-status="paid"]')).toHaveCount(2);
  await expect(ops.getByRole("cell", { name: "$1.99", exact: true })).toBeVisible();
  await ops.screenshot({ path: info.outputPath("operator-payments.png"), fullPage: true });

  // The catalog screen lists the item; refreshing the cache answers its new version.
  await ops.goto(`${app}/admin/billing/`);
  await expect(ops.getByRole("cell", { name: "gold_500", exact: true })).toBeVisible();
  await ops.getByRole("button", { name: "Refresh catalog cache" }).click();
  await expect(ops.getByText(/Cache version \d+/)).toBeVisible();
  await ops.screenshot({ path: info.outputPath("operator-catalog.png"), fullPage: true });
});

test("a weekend x2 on gold: the shop's pack shows the badge and says the bonus is not doubled (1366 and 390 px, en and ru); the operator's screen says what it multiplies", async ({
  browser,
}, info) => {
  const app = running.url;
  const headers = { "content-type": "application/json", cookie: `tk_admin=${admin.token}`, "x-csrf-token": admin.csrf };
  const now = Date.now();
  const save = (multipliers: unknown[]) =>
    fetch(`${app}/admin/billing/multipliers/save`, { method: "POST", headers, body: JSON.stringify({ multipliers }) });
  expect(
    (await save([{ currency: "gold", percent: 200, startsAt: now - 60_000, endsAt: now + 2 * 86_400_000 }])).status,
  ).toBe(200);
  try {
    for (const [lang, width] of [
      ["en", 1366],
      ["ru", 390],
      ["en", 390],
      ["ru", 1366],
    ] as const) {
      await running.db.execute({ sql: "update players set locale = ? where id = ?", args: [lang, playerId] });
      const context = await browser.newContext({
        viewport: { width, height: 900 },
        locale: lang === "ru" ? "ru-RU" : "en-US",
      });
      await context.addCookies([sessionCookie(player)]);
      const buyer = await context.newPage();
      await buyer.goto(`${app}/billing/stripe/order/checkout`);
      const pack = buyer.locator('[data-item="gold_500"]');
      await expect(pack.getByTestId("boost-badge")).toHaveText("x2");
      await expect(pack).toContainText(lang === "ru" ? "1050 золота" : "1050 gold");
      await expect(pack.getByTestId("boost-note")).toContainText(
        lang === "ru" ? "Бонус 50 золота не умножается." : "The bonus of 50 gold is not multiplied.",
      );
      expect(await buyer.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true);
      await buyer.screenshot({ path: info.outputPath(`shop-x2-${lang}-${width}.png`), fullPage: true });
      // The hangar names it too, linking to the shop.
      await buyer.goto(`${app}/${lang}/play/`);
      await expect(buyer.getByTestId("hangar-boost")).toContainText(
        lang === "ru" ? "x2 золота в пакетах магазина до" : "x2 gold in the shop's packs until",
      );
      expect(await buyer.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true);
      await buyer.screenshot({ path: info.outputPath(`hangar-x2-${lang}-${width}.png`) });
      await context.close();
    }
    const ops = await browser.newPage({ viewport: { width: 1366, height: 900 } });
    await ops.context().addCookies([sessionCookie(admin)]);
    await ops.goto(`${app}/admin/billing/`);
    await expect(ops.getByTestId("multiplier-scope")).toContainText("bonus gold is not multiplied");
    await ops.screenshot({ path: info.outputPath("operator-multipliers.png"), fullPage: true });
  } finally {
    await save([]);
    await running.db.execute({ sql: "update players set locale = 'en' where id = ?", args: [playerId] });
  }
});
