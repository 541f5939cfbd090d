// Typed forms where JSON boxes were, in Debian's Chromium, in Russian: an operator edits a kit
// through its fields (the count of an item, a tank picked from the known tanks in a new row), has
// the server check the list, applies it, reloads and sees it; changes the ad settings through
// their fields, saves, reloads and sees them. A bad value gets our message, in Russian, under the
// field it is about (never the browser's own bubble, never a raw path like items.0.count).
// Hand-written forms (outside SchemaForm) do the same through one mechanism (ui/lib/field-errors.ts):
// an operator's manual credit and the chat word filter, a player's password change — a refusal's
// messages sit under their fields (aria-invalid, aria-describedby, the first focused), nothing is
// saved, and a good save takes the stale messages and error notices away.
import { test, expect, type Locator, type Page } from "@playwright/test";
import { addAdmin, addSession, sessionCookie, startApp, type RunningApp } from "./server.ts";
import * as players from "../api/contracts/game/api/players.ts";
import { call } from "./contracts.ts";

let running: RunningApp;
test.beforeAll(async () => {
  running = await startApp("forms", { SEED_PLAYERS: "5", SEED_DAYS: "3" });
});
test.afterAll(async () => {
  await running?.stop();
});

async function operatorPage(
  browser: import("@playwright/test").Browser,
): Promise<{ page: Page; errors: string[]; close: () => Promise<void> }> {
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

test("an operator edits a kit through typed fields, checks, applies, reloads and sees it; a bad count is named in Russian", async ({
  browser,
}, info) => {
  const { page, errors, close } = await operatorPage(browser);
  const kitItems = async () =>
    JSON.parse(String((await running.db.execute("select items from content_kits where id = 1")).rows[0].items)) as {
      kind: string;
      id: number;
      count: number;
    }[];
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
  const reread = page.waitForResponse(
    (r) => new URL(r.url()).pathname === "/admin/kits/" && r.request().method() === "GET",
  );
  await page.getByRole("dialog").getByRole("button", { name: "Подтвердить" }).click();
  await reread;
  await expect
    .poll(kitItems)
    .toEqual([{ ...before[0], count: 7 }, ...before.slice(1), { kind: "tank", id: 5, count: 1 }]);

  await page.reload();
  await expect(page.getByRole("table", { name: "Список" })).toContainText("×7");
  await expect(page.getByRole("table", { name: "Список" })).toContainText("Т-34 ×1");
  await page.getByRole("button", { name: "Изменить #1", exact: true }).click();
  await expect(
    page
      .getByRole("region", { name: "Запись №1", exact: true })
      .getByRole("group", { name: "Что входит в набор, строка 1" })
      .getByLabel("Количество"),
  ).toHaveValue("7");
  await page.setViewportSize({ width: 390, height: 844 });
  expect(await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth)).toBeLessThanOrEqual(0);
  await page.screenshot({ path: info.outputPath("kit-390.png"), fullPage: true });
  expect(errors).toEqual([]);
  await close();
});

test("an operator changes the ad settings through typed fields, saves, reloads and sees them; a cap too high is named in Russian", async ({
  browser,
}, info) => {
  const { page, errors, close } = await operatorPage(browser);
  const stored = async () =>
    JSON.parse(String((await running.db.execute("select value from ad_settings where id = 1")).rows[0].value));
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
  const reread = page.waitForResponse(
    (r) => new URL(r.url()).pathname === "/admin/ads/" && r.request().method() === "GET",
  );
  await page.getByRole("button", { name: "Сохранить" }).click();
  await reread;
  await expect(page.getByRole("status").filter({ hasText: "Сохранено" })).toBeVisible();
  await expect.poll(stored).toEqual({
    ...before,
    networks: { ...before.networks, vk: !before.networks.vk },
    caps: { ...before.caps, perHour: 3, perDay: 30 },
    rewarded: { ...before.rewarded, silver: 1750 },
  });

  await page.reload();
  await expect(page.getByLabel("Реклам в час, не больше")).toHaveValue("3");
  await expect(page.getByLabel("Реклам в день, не больше", { exact: true })).toHaveValue("30");
  await expect(page.getByLabel("Серебро за одну рекламу")).toHaveValue("1750");
  await expect(page.getByLabel("ВКонтакте")).toBeChecked({ checked: !before.networks.vk });
  await page.screenshot({ path: info.outputPath("ads.png"), fullPage: true });
  expect(errors).toEqual([]);
  await close();
});

test("an operator types a catalog price in roubles, not kopecks; a price that is not an amount is named in Russian", async ({
  browser,
}, info) => {
  const { page, errors, close } = await operatorPage(browser);
  const first = (
    await running.db.execute("select id, prices from billing_catalog_items order by sort_order, id limit 1")
  ).rows[0];
  const id = String(first.id);
  const prices = () =>
    running.db
      .execute({ sql: "select prices from billing_catalog_items where id = ?", args: [id] })
      .then((r) => JSON.parse(String(r.rows[0].prices)) as { market: string; currency: string; amount: number }[]);
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

/** The server's message for a field, said under that field: the input is marked invalid, described by the message, and the message sits in the input's own field box. */
async function expectMessageUnder(input: Locator, text: string) {
  await expect(input).toHaveAttribute("aria-invalid", "true");
  const ids = ((await input.getAttribute("aria-describedby")) ?? "").split(" ").filter((id) => id.endsWith("-error"));
  expect(ids).toHaveLength(1);
  const message = input.page().locator(`[id="${ids[0]}"]`);
  await expect(message).toHaveText(text);
  await expect(message).toBeVisible();
  // Under its own input: in the same field box, and below it.
  expect(
    await message.evaluate(
      (m, inputId) => !!m.closest("label, .tk-field, .tk-field-stack")?.querySelector(`[id="${inputId}"]`),
      await input.getAttribute("id"),
    ),
  ).toBe(true);
  const [a, b] = [await input.boundingBox(), await message.boundingBox()];
  expect(b!.y).toBeGreaterThanOrEqual(a!.y + a!.height - 1);
}

/** Chromium logs every 4xx answer to the console; the refusals these journeys ask for are expected. */
const refusalLogged = (e: string) => /status of (400|409)\b/.test(e);

/** The field messages of the next refusal of `path` (the server's words in the request's locale). */
function refusalOf(page: Page, path: string) {
  return page
    .waitForResponse((r) => new URL(r.url()).pathname === path && r.status() === 400)
    .then(async (r) => ((await r.json()) as { error: { fields: Record<string, string> } }).error.fields);
}

test("an operator's manual credit: bad input is named in Russian under its fields, nothing is credited; a good credit clears the stale messages and the error notice", async ({
  browser,
}, info) => {
  const { page, errors, close } = await operatorPage(browser);
  const playerId = String((await running.db.execute("select id from players order by id limit 1")).rows[0].id);
  const state = async () => {
    const gold = Number(
      (await running.db.execute({ sql: "select gold from players where id = ?", args: [playerId] })).rows[0].gold,
    );
    const orders = Number(
      (
        await running.db.execute({
          sql: "select count(*) as n from billing_orders where player_id = ?",
          args: [playerId],
        })
      ).rows[0].n,
    );
    return { gold, orders };
  };
  const before = await state();

  await page.setViewportSize({ width: 1366, height: 900 });
  await page.goto(`${running.url}/admin/playerPayment/${playerId}`);
  const form = page.locator("form", { has: page.getByRole("heading", { name: "Ручное начисление" }) });
  await expect(form).toBeVisible();
  const gold = form.getByLabel("Золото");
  const reason = form.getByLabel("Причина");

  // A refusal that names no field (the server busy): an error notice.
  await page.route(
    "**/admin/playerPayment/add",
    (route) =>
      route.fulfill({
        status: 409,
        contentType: "application/json",
        body: JSON.stringify({ error: { code: "conflict", message: "Сервер занят, попробуйте ещё раз." } }),
      }),
    { times: 1 },
  );
  await gold.fill("10");
  await reason.fill("компенсация");
  await form.getByRole("button", { name: "Ручное начисление" }).click();
  const notice = page.getByRole("alert").filter({ hasText: "Сервер занят, попробуйте ещё раз." });
  await expect(notice).toBeVisible();

  // Bad input: the server's Russian messages under «Золото» and «Причина», the first focused; no raw field names.
  await gold.fill("много");
  await reason.fill("x");
  const refused = refusalOf(page, "/admin/playerPayment/add");
  await form.getByRole("button", { name: "Ручное начисление" }).click();
  const fields = await refused;
  expect(Object.keys(fields).sort()).toEqual(["gold", "reason"]);
  expect(fields.gold).toMatch(/[а-яё]/i);
  expect(fields.reason).toMatch(/[а-яё]/i);
  await expectMessageUnder(gold, fields.gold);
  await expectMessageUnder(reason, fields.reason);
  await expect(gold).toBeFocused();
  await expect(form.getByText(/\bgold\b|\breason\b/)).toHaveCount(0);
  expect(await state()).toEqual(before);
  await page.screenshot({ path: info.outputPath("credit-refused-1366.png"), fullPage: true });
  await page.setViewportSize({ width: 390, height: 844 });
  await expectMessageUnder(reason, fields.reason);
  expect(await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth)).toBeLessThanOrEqual(0);
  await form.scrollIntoViewIfNeeded();
  await page.screenshot({ path: info.outputPath("credit-refused-390.png") });
  await page.setViewportSize({ width: 1366, height: 900 });

  // A good credit: saved, and the stale messages and the old error notice are gone.
  await gold.fill("25");
  await reason.fill("компенсация за сбой");
  await form.getByRole("button", { name: "Ручное начисление" }).click();
  await expect(page.getByRole("status").filter({ hasText: "Начислено" })).toBeVisible();
  await expect.poll(async () => (await state()).gold).toBe(before.gold + 25);
  await expect(gold).not.toHaveAttribute("aria-invalid", "true");
  await expect(reason).not.toHaveAttribute("aria-invalid", "true");
  await expect(form.locator(".tk-field-error")).toHaveCount(0);
  await expect(notice).toHaveCount(0);
  expect(errors.filter((e) => !refusalLogged(e))).toEqual([]);
  await close();
});

test("the chat word filter: a word too long is named by its line under the box, in Russian; nothing is saved until the list is right", async ({
  browser,
}, info) => {
  const { page, errors, close } = await operatorPage(browser);
  const words = async () =>
    (await running.db.execute("select word from chat_words order by word")).rows.map((r) => String(r.word));
  const before = await words();

  await page.setViewportSize({ width: 1366, height: 900 });
  await page.goto(`${running.url}/admin/chat/`);
  const box = page.getByLabel("Слова, скрываемые в сообщениях игроков, по одному в строке");
  await expect(box).toBeVisible();
  await box.fill(["дурак", "x".repeat(60)].join("\n"));
  const refused = refusalOf(page, "/admin/chat/setMessage");
  await page.getByRole("button", { name: "Сохранить фильтр" }).click();
  const fields = await refused;
  expect(Object.keys(fields)).toEqual(["words.1"]);
  // The message names the line in words ("строка 2"), never the path words.1.
  await expectMessageUnder(box, `строка 2: ${fields["words.1"]}`);
  await expect(box).toBeFocused();
  await expect(page.getByText("words.1")).toHaveCount(0);
  expect(await words()).toEqual(before);
  await page.locator("form", { has: box }).screenshot({ path: info.outputPath("words-refused-1366.png") });
  await page.setViewportSize({ width: 390, height: 844 });
  expect(await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth)).toBeLessThanOrEqual(0);
  await page.locator("form", { has: box }).screenshot({ path: info.outputPath("words-refused-390.png") });
  await page.setViewportSize({ width: 1366, height: 900 });

  await box.fill(["дурак", "балбес"].join("\n"));
  await page.getByRole("button", { name: "Сохранить фильтр" }).click();
  await expect(page.getByRole("status").filter({ hasText: "Фильтр слов сохранён" })).toBeVisible();
  await expect.poll(words).toEqual(["балбес", "дурак"]);
  await expect(box).not.toHaveAttribute("aria-invalid", "true");
  await expect(page.locator(".tk-field-error")).toHaveCount(0);
  expect(errors.filter((e) => !refusalLogged(e))).toEqual([]);
  await close();
});

test("a player changes the password on the site: a wrong current password is named in Russian under its field, nothing changes; the right one saves and clears the message", async ({
  browser,
}, info) => {
  const GAME_KEY = "tankodrome-demo-game-key"; // the Bun server's local default (edge/config.ts)
  const email = `fields${Date.now()}@example.com`;
  const { playerId } = await call(
    running,
    players.register,
    { email, password: "first password 1", nickname: `Fields${Date.now() % 100000}`, locale: "ru" },
    { gameKey: GAME_KEY },
  );
  const { token } = await call(running, players.siteToken, { playerId }, { gameKey: GAME_KEY });
  const hash = async () =>
    String(
      (await running.db.execute({ sql: "select password_hash from players where id = ?", args: [playerId] })).rows[0]
        .password_hash,
    );
  const before = await hash();

  const context = await browser.newContext({ locale: "ru-RU", viewport: { width: 390, height: 844 } });
  await context.addCookies([{ name: "lang", value: "ru", domain: "127.0.0.1", path: "/" }]);
  const page = await context.newPage();
  const errors: string[] = [];
  page.on("console", (m) => m.type() === "error" && errors.push(m.text()));
  page.on("dialog", (d) => errors.push(`dialog ${d.message()}`));
  await page.goto(`${running.url}/ru/public?token=${encodeURIComponent(token)}`);
  await page.goto(`${running.url}/public/profile/changePassword`);
  const current = page.getByLabel("Текущий пароль");
  await expect(current).toBeVisible();

  await current.fill("not it at all");
  await page.getByLabel("Новый пароль", { exact: true }).fill("second password 2");
  await page.getByLabel("Новый пароль ещё раз").fill("second password 2");
  const refused = refusalOf(page, "/public/profile/changePassword");
  await page.getByRole("button", { name: "Сменить пароль" }).click();
  const fields = await refused;
  expect(Object.keys(fields)).toEqual(["currentPassword"]);
  expect(fields.currentPassword).toMatch(/[а-яё]/i);
  await expectMessageUnder(current, fields.currentPassword);
  await expect(current).toBeFocused();
  await expect(page.getByText("currentPassword")).toHaveCount(0);
  expect(await hash()).toBe(before);
  expect(await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth)).toBeLessThanOrEqual(0);
  await page.screenshot({ path: info.outputPath("password-refused-390.png"), fullPage: true });

  await current.fill("first password 1");
  await page.getByRole("button", { name: "Сменить пароль" }).click();
  await expect(page.getByText("Пароль изменён. Другие ваши сеансы завершены.").first()).toBeVisible();
  await expect.poll(hash).not.toBe(before);
  await expect(current).not.toHaveAttribute("aria-invalid", "true");
  await expect(page.locator(".tk-field-error")).toHaveCount(0);
  await page.setViewportSize({ width: 1366, height: 900 });
  await page.screenshot({ path: info.outputPath("password-saved-1366.png"), fullPage: true });
  expect(errors.filter((e) => !refusalLogged(e))).toEqual([]);
  await context.close();
});

test("a period the server refuses on the clan tournaments is said under its date, in Russian; a good period clears it", async ({
  browser,
}) => {
  const { page, errors, close } = await operatorPage(browser);
  await page.setViewportSize({ width: 1366, height: 900 });
  await page.goto(`${running.url}/admin/clansTournaments/`);
  await expect(page.getByRole("heading", { level: 1, name: "Клановые турниры" })).toBeVisible();
  const from = page.getByLabel("С (ДД.ММ.ГГГГ)");
  await from.fill("32.13.2026");
  const refused = refusalOf(page, "/admin/clansTournaments/loadTop");
  await page.getByRole("button", { name: "Показать" }).click();
  const fields = await refused;
  expect(Object.keys(fields)).toEqual(["from"]);
  await expectMessageUnder(from, fields.from);
  await expect(from).toBeFocused();

  await from.fill("");
  await page.getByLabel("По (ДД.ММ.ГГГГ)").fill("01.01.2020");
  await page.getByRole("button", { name: "Показать" }).click();
  await expect(from).not.toHaveAttribute("aria-invalid", "true");
  await expect(page.locator(".tk-field-error")).toHaveCount(0);
  expect(errors.filter((e) => !refusalLogged(e))).toEqual([]);
  await close();
});

test("a new option key the server would refuse is named under its field in the server's Russian words; no editor opens", async ({
  browser,
}) => {
  const { page, errors, close } = await operatorPage(browser);
  await page.goto(`${running.url}/admin/serverOptions/`);
  const form = page.locator("form", { has: page.getByRole("button", { name: "Новый ключ или вариант" }) });
  const key = form.getByLabel("Ключ");
  await key.fill("bad key!");
  await form.getByRole("button", { name: "Новый ключ или вариант" }).click();
  await expectMessageUnder(key, "Проверьте это значение.");
  await expect(key).toBeFocused();
  expect(new URL(page.url()).pathname).toBe("/admin/serverOptions/");
  await key.fill("goodKey");
  await expect(key).not.toHaveAttribute("aria-invalid", "true");
  await form.getByRole("button", { name: "Новый ключ или вариант" }).click();
  await expect(page).toHaveURL(/\/admin\/serverOptions\/editor\/goodKey\/default\?new=1$/);
  expect(errors).toEqual([]);
  await close();
});
