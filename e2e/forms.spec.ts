// Typed forms where JSON boxes were, in Debian's Chromium, in Russian: an operator edits a kit
// through its fields (the count of an item, a tank picked from the known tanks in a new row), has
// the server check the list, applies it, reloads and sees it; changes the ad settings through
// their fields, saves, reloads and sees them. A bad value gets our message, in Russian, under the
// field it is about (never the browser's own bubble, never a raw path like items.0.count).
import { test, expect, type Page } from "@playwright/test";
import { addAdmin, addSession, sessionCookie, startApp, type RunningApp } from "./server.ts";

let running: RunningApp;
test.beforeAll(async () => {
  running = await startApp("forms", { SEED_PLAYERS: "5", SEED_DAYS: "3" });
});
test.afterAll(async () => {
  await running?.stop();
});

async function operatorPage(browser: import("@playwright/test").Browser): Promise<{ page: Page; errors: string[]; close: () => Promise<void> }> {
  const operator = await addSession(running.db, "admin", await addAdmin(running.db), "ru");
  const context = await browser.newContext({ locale: "ru-RU" });
  await context.addCookies([sessionCookie(operator)]);
  const page = await context.newPage();
  const errors: string[] = [];
  page.on("console", (m) => m.type() === "error" && errors.push(m.text()));
  page.on("requestfailed", (r) => errors.push(`failed ${r.url()}`));
  // No bubble of the browser's own: a native validation message would open a dialog-less tooltip
  // we cannot see; any form submitted with one pending would not reach our handler at all.
  page.on("dialog", (d) => errors.push(`dialog ${d.message()}`));
  return { page, errors, close: () => context.close() };
}

test("an operator edits a kit through typed fields, checks, applies, reloads and sees it; a bad count is named in Russian", async ({ browser }, info) => {
  const { page, errors, close } = await operatorPage(browser);
  const kitItems = async () => JSON.parse(String((await running.db.execute("select items from content_kits where id = 1")).rows[0].items)) as { kind: string; id: number; count: number }[];
  const before = await kitItems();

  await page.goto(`${running.url}/admin/kits/`);
  await expect(page.getByRole("heading", { level: 1, name: "Наборы" })).toBeVisible();
  await page.getByRole("button", { name: "Изменить #1", exact: true }).click();
  const editor = page.getByRole("region", { name: "Запись №1", exact: true });
  await expect(editor).toBeVisible();
  // No JSON box: the kit's items are rows of fields.
  await expect(page.getByText("JSON", { exact: false })).toHaveCount(0);
  const row1 = editor.getByRole("group", { name: "Что входит в набор, строка 1" });
  await expect(row1.getByLabel("Вид")).toHaveValue("consumable");

  // A count of 0: our message under the field, in Russian; nothing reaches the draft.
  await row1.getByLabel("Количество").fill("0");
  await editor.getByRole("button", { name: "Оставить в черновике" }).click();
  await expect(row1.getByText("Введите значение не меньше 1.")).toBeVisible();
  await expect(row1.getByLabel("Количество")).toBeFocused();
  await expect(page.getByText("items.0.count")).toHaveCount(0);

  await row1.getByLabel("Количество").fill("7");
  await editor.getByRole("button", { name: "Добавить строку" }).click();
  const added = editor.getByRole("group", { name: `Что входит в набор, строка ${before.length + 1}` });
  await added.getByLabel("Вид").selectOption("tank");
  await added.getByLabel("Товар").selectOption({ label: "Т-34 (#5)" });
  await added.getByLabel("Количество").fill("1");
  await page.screenshot({ path: info.outputPath("kit-form.png"), fullPage: true });
  await editor.getByRole("button", { name: "Оставить в черновике" }).click();
  await expect(editor).toHaveCount(0);

  await page.getByRole("button", { name: "Проверить изменения" }).click();
  await expect(page.getByRole("status", { name: "Изменения" })).toContainText("Т-34 ×1");
  expect(await kitItems()).toEqual(before);
  await page.getByRole("button", { name: "Применить" }).click();
  // After applying, the screen reads the list again: wait for that before reloading.
  const reread = page.waitForResponse((r) => new URL(r.url()).pathname === "/admin/kits/" && r.request().method() === "GET");
  await page.getByRole("dialog").getByRole("button", { name: "Подтвердить" }).click();
  await reread;
  await expect.poll(kitItems).toEqual([{ ...before[0], count: 7 }, ...before.slice(1), { kind: "tank", id: 5, count: 1 }]);

  await page.reload();
  await expect(page.getByRole("table", { name: "Список" })).toContainText("×7");
  await expect(page.getByRole("table", { name: "Список" })).toContainText("Т-34 ×1");
  await page.getByRole("button", { name: "Изменить #1", exact: true }).click();
  await expect(page.getByRole("region", { name: "Запись №1", exact: true }).getByRole("group", { name: "Что входит в набор, строка 1" }).getByLabel("Количество")).toHaveValue("7");
  await page.setViewportSize({ width: 390, height: 844 });
  expect(await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth)).toBeLessThanOrEqual(0);
  await page.screenshot({ path: info.outputPath("kit-390.png"), fullPage: true });
  expect(errors).toEqual([]);
  await close();
});

test("an operator changes the ad settings through typed fields, saves, reloads and sees them; a cap too high is named in Russian", async ({ browser }, info) => {
  const { page, errors, close } = await operatorPage(browser);
  const stored = async () => JSON.parse(String((await running.db.execute("select value from ad_settings where id = 1")).rows[0].value));
  const before = await stored();

  await page.goto(`${running.url}/admin/ads/`);
  await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
  const perHour = page.getByLabel("Реклам в час, не больше");
  await expect(perHour).toHaveValue(String(before.caps.perHour));

  await perHour.fill("61");
  await page.getByRole("button", { name: "Сохранить" }).click();
  await expect(page.getByText("Введите значение не больше 60.")).toBeVisible();
  await expect(perHour).toBeFocused();
  await expect(page.getByText("caps.perHour")).toHaveCount(0);
  expect(await stored()).toEqual(before);

  await perHour.fill("3");
  await page.getByLabel("Реклам в день, не больше", { exact: true }).fill("30");
  await page.getByLabel("Серебро за одну рекламу").fill("1750");
  const vk = page.getByLabel("ВКонтакте");
  await vk.setChecked(!before.networks.vk);
  // After the save the screen reads the settings again: wait for that before reloading.
  const reread = page.waitForResponse((r) => new URL(r.url()).pathname === "/admin/ads/" && new URL(r.url()).searchParams.get("v") === "1");
  await page.getByRole("button", { name: "Сохранить" }).click();
  await reread;
  await expect(page.getByRole("status").filter({ hasText: "Сохранено" })).toBeVisible();
  await expect.poll(stored).toEqual({ ...before, networks: { ...before.networks, vk: !before.networks.vk }, caps: { ...before.caps, perHour: 3, perDay: 30 }, rewarded: { ...before.rewarded, silver: 1750 } });

  await page.reload();
  await expect(page.getByLabel("Реклам в час, не больше")).toHaveValue("3");
  await expect(page.getByLabel("Реклам в день, не больше", { exact: true })).toHaveValue("30");
  await expect(page.getByLabel("Серебро за одну рекламу")).toHaveValue("1750");
  await expect(page.getByLabel("ВКонтакте")).toBeChecked({ checked: !before.networks.vk });
  await page.screenshot({ path: info.outputPath("ads.png"), fullPage: true });
  expect(errors).toEqual([]);
  await close();
});

test("an operator types a catalog price in roubles, not kopecks; a price that is not an amount is named in Russian", async ({ browser }, info) => {
  const { page, errors, close } = await operatorPage(browser);
  const first = (await running.db.execute("select id, prices from billing_catalog_items order by sort_order, id limit 1")).rows[0];
  const id = String(first.id);
  const prices = () => running.db.execute({ sql: "select prices from billing_catalog_items where id = ?", args: [id] }).then((r) => JSON.parse(String(r.rows[0].prices)) as { market: string; currency: string; amount: number }[]);
  const before = await prices();
  const rub = before.findIndex((p) => p.currency === "RUB");
  expect(rub).toBeGreaterThanOrEqual(0);

  await page.goto(`${running.url}/admin/billing/`);
  await page.getByRole("row").filter({ hasText: id }).getByRole("button", { name: "Изменить" }).click();
  const price = page.getByRole("group", { name: `Цена ${rub + 1}` });
  const amount = price.getByLabel("Сумма, RUB");
  // The stored kopecks are shown as roubles.
  await expect(amount).toHaveValue((before[rub].amount / 100).toFixed(2));

  await amount.fill("12,345");
  await page.getByRole("button", { name: "Сохранить", exact: true }).click();
  await expect(price.getByText("Введите число.")).toBeVisible();
  await expect(amount).toBeFocused();
  expect(await prices()).toEqual(before);

  await amount.fill("149,50");
  await page.getByRole("button", { name: "Сохранить", exact: true }).click();
  await expect.poll(prices).toEqual(before.map((p, i) => (i === rub ? { ...p, amount: 14950 } : p)));
  await page.screenshot({ path: info.outputPath("billing.png"), fullPage: true });
  expect(errors).toEqual([]);
  await close();
});
