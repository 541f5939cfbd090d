// On call from a phone (issue 31): at 390 px the orders list, a player's payments and the battles
// list are cards — each row's amount, status and its verify / reverse / stop reachable without
// scrolling sideways — in English and in Russian. The app runs with a seeded demo world (orders of
// every provider); a running battle is put in the store as a battle server leaves it.
import { test, expect, type Locator, type Page } from "@playwright/test";
import { signedInPage, startApp, type RunningApp } from "./server.ts";

test.use({ launchOptions: { executablePath: "/usr/bin/chromium" } });
test.describe.configure({ mode: "serial", timeout: 180_000 });
const slow = { timeout: 20_000 };

let running: RunningApp;
let payer = 0;
let battleId = 0;

test.beforeAll(async () => {
  running = await startApp("phone-lists", { SEED_PLAYERS: "40", SEED_DAYS: "5" });
  const one = async (sql: string) => (await running.db.execute(sql)).rows[0] as Record<string, unknown>;
  payer = Number(
    (
      await one(
        "select player_id from billing_orders where provider <> 'manual' and status = 'paid' order by id limit 1",
      )
    ).player_id,
  );
  const player = Number((await one("select id from players order by id limit 1")).id);
  battleId = Number(
    (
      await running.db.execute({
        sql: "insert into battles (mode, map, status, started_at) values ('random', 'steppe', 'running', ?) returning id",
        args: [Date.now() - 60_000],
      })
    ).rows[0].id,
  );
  await running.db.execute({
    sql: "insert into battle_players (battle_id, player_id, tank_id) values (?, ?, 1)",
    args: [battleId, player],
  });
});
test.afterAll(async () => {
  await running?.stop();
});

/** Neither the page nor the table's box scrolls sideways, and the thing is inside the window's width. */
async function reachable(page: Page, thing: Locator) {
  await thing.scrollIntoViewIfNeeded();
  await expect(thing).toBeVisible();
  const box = (await thing.boundingBox())!;
  expect(box.x).toBeGreaterThanOrEqual(0);
  expect(box.x + box.width).toBeLessThanOrEqual(390);
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
  // Nor does the table's own box: no column hides to the right of the card.
  const box2 = await thing.evaluate((el) => {
    const scroller = el.closest(".tk-table-scroll");
    return scroller ? scroller.scrollWidth - scroller.clientWidth : 0;
  });
  expect(box2).toBeLessThanOrEqual(1);
}

for (const lang of ["en", "ru"] as const) {
  const w = (en: string, ru: string) => (lang === "ru" ? ru : en);

  test(`orders, a player's payments and battles as cards at 390 px (${lang})`, async ({ browser }, info) => {
    const { page, context } = await signedInPage(
      browser,
      running.db,
      { admin: "admin" },
      { locale: lang, context: { viewport: { width: 390, height: 844 }, locale: lang === "ru" ? "ru-RU" : "en-US" } },
    );
    // Orders: the first card's amount and status.
    await page.goto(`${running.url}/admin/billing/orders/`);
    const order = page.locator("tbody tr").first();
    await expect(order).toBeVisible(slow);
    await reachable(page, order.locator(`td[data-label="${w("Amount", "Сумма")}"]`));
    await reachable(page, order.locator(`td[data-label="${w("Status", "Состояние")}"]`));
    await page.screenshot({ path: info.outputPath(`orders-${lang}-390.png`) });

    // A payer's payments: verify and reverse on a paid provider order.
    await page.goto(`${running.url}/admin/playerPayment/${payer}`);
    const paid = page
      .locator("tbody tr")
      .filter({ has: page.locator('[data-status="paid"]') })
      .first();
    await expect(paid).toBeVisible(slow);
    await reachable(page, paid.getByRole("button", { name: w("Verify", "Проверить"), exact: true }));
    await reachable(page, paid.getByRole("button", { name: w("Reverse", "Отменить"), exact: true }));
    await reachable(page, paid.locator(`td[data-label="${w("Amount", "Сумма")}"]`));
    await page.screenshot({ path: info.outputPath(`payments-${lang}-390.png`) });

    // Battles: the running one's stop.
    await page.goto(`${running.url}/admin/battles/`);
    const battle = page
      .locator("tbody tr")
      .filter({ has: page.getByRole("link", { name: `#${battleId}`, exact: true }) });
    await expect(battle).toBeVisible(slow);
    await reachable(page, battle.getByRole("button", { name: w("Stop", "Остановить"), exact: true }));
    // Its state in words, not the stored value.
    await expect(battle.locator('[data-status="running"]')).toHaveText(w("Running", "Идёт"));
    await page.screenshot({ path: info.outputPath(`battles-${lang}-390.png`) });
    await context.close();
  });
}
