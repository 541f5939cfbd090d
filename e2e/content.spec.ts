// The progression content screens in Debian's Chromium, one journey per area: an operator edits
// an item in its typed form, exports the area, imports a broken file (a clear error, nothing
// changed) and a good one (its preview first, then applied); item pages save their sections; the
// tank and options documents show their difference and keep backups; UI texts are edited and
// reach the pages; a player's crew, daily tasks and quests are changed. Both locales are looked at.
import { test, expect, type Page } from "@playwright/test";
import { addAdmin, addSession, startApp, sessionCookie, type RunningApp } from "./server.ts";

let running: RunningApp;
test.beforeAll(async () => {
  running = await startApp("content", { SEED_PLAYERS: "8", SEED_DAYS: "3" });
});
test.afterAll(async () => {
  await running?.stop();
});

async function operatorPage(browser: import("@playwright/test").Browser, locale: "en" | "ru" = "en") {
  const admin = await addSession(running.db, "admin", await addAdmin(running.db, "admin"), locale);
  const context = await browser.newContext({
    locale: locale === "en" ? "en-US" : "ru-RU",
    viewport: { width: 1366, height: 900 },
  });
  await context.addCookies([sessionCookie(admin)]);
  const page = await context.newPage();
  const errors: string[] = [];
  // A refused import answers 400 on purpose; Chromium logs that as a console error.
  page.on(
    "console",
    (m) => m.type() === "error" && !/import|importData/.test(m.location().url) && errors.push(m.text()),
  );
  page.on("requestfailed", (r) => errors.push(`failed ${r.url()}`));
  return { page, errors, context };
}
const one = async (sql: string, args: (string | number)[] = []) => (await running.db.execute({ sql, args })).rows[0];

async function exported(page: Page, button = "Export JSON") {
  const download = page.waitForEvent("download");
  await page.getByRole("link", { name: button }).click();
  const file = await (await download).path();
  const { readFileSync } = await import("node:fs");
  return JSON.parse(readFileSync(file, "utf8"));
}

async function importFile(page: Page, doc: unknown) {
  await page
    .getByLabel("Import JSON")
    .setInputFiles({ name: "import.json", mimeType: "application/json", buffer: Buffer.from(JSON.stringify(doc)) });
  await page.getByRole("button", { name: "Check the file" }).click();
}

test("bots: edit, export, a bad import changes nothing, a good one previews then applies", async ({
  browser,
}, info) => {
  const { page, errors, context } = await operatorPage(browser);
  await page.goto(`${running.url}/admin/bots/`);
  await expect(page.getByRole("heading", { level: 1, name: "Bots" })).toBeVisible();
  await page
    .getByRole("row", { name: /Снайпер/ })
    .getByRole("button", { name: "Edit" })
    .click();
  await page.getByLabel("Reaction, ms").fill("10");
  await page.getByRole("button", { name: "Save" }).click();
  await expect(page.getByText("Please enter a value greater than or equal to 50.")).toBeVisible();
  await page.getByLabel("Reaction, ms").fill("420");
  await page.getByRole("button", { name: "Save" }).click();
  await expect
    .poll(async () => Number((await one("select reaction_ms as r from content_bots where name = 'Снайпер'")).r))
    .toBe(420);

  const doc = await exported(page);
  expect(doc.format).toBe("tankodrome.bot");
  const broken = {
    ...doc,
    items: doc.items.map((b: { name: string }) => (b.name === "Ас" ? { ...b, aggression: 500, weight: 1 } : b)),
  };
  await importFile(page, broken);
  await expect(page.getByRole("alert")).toContainText("aggression");
  expect(Number((await one("select weight as w from content_bots where name = 'Ас'")).w)).toBe(5);

  const good = { ...doc, items: doc.items.map((b: { name: string }) => (b.name === "Ас" ? { ...b, weight: 9 } : b)) };
  await importFile(page, good);
  await expect(page.getByText("What the import changes")).toBeVisible();
  await expect(page.getByText("Weight: 5 → 9")).toBeVisible();
  expect(Number((await one("select weight as w from content_bots where name = 'Ас'")).w)).toBe(5);
  await page.getByRole("button", { name: "Apply the import" }).click();
  await expect
    .poll(async () => Number((await one("select weight as w from content_bots where name = 'Ас'")).w))
    .toBe(9);
  await page.screenshot({ path: info.outputPath("bots.png"), fullPage: true });
  expect(errors).toEqual([]);
  await context.close();
});

test("daily tasks: edit a template, export, bad and good imports", async ({ browser }, info) => {
  const { page, errors, context } = await operatorPage(browser);
  await page.goto(`${running.url}/admin/dailyTasks/`);
  await expect(page.getByRole("heading", { level: 1, name: "Daily tasks" })).toBeVisible();
  await page
    .getByRole("row", { name: /Destroy 3 tanks/ })
    .getByRole("button", { name: "Edit" })
    .click();
  await page.getByLabel("Reward", { exact: true }).fill("13000");
  await page.getByRole("button", { name: "Save" }).click();
  await expect
    .poll(async () => Number((await one("select reward_amount as r from content_daily_tasks where id = 5")).r))
    .toBe(13000);
  const doc = await exported(page);
  await importFile(page, {
    ...doc,
    items: [...doc.items, { ...doc.items[0], id: 50, kind: "play_class", tankType: null }],
  });
  await expect(page.getByRole("alert")).toContainText("tankType");
  expect((await one("select count(*) as n from content_daily_tasks where id = 50")).n).toBe(0);
  await importFile(page, {
    ...doc,
    items: [...doc.items, { ...doc.items[0], id: 50, nameEn: "Play 4 battles", nameRu: "Проведите 4 боя", target: 4 }],
  });
  await expect(page.getByText("New: 1 (#50)")).toBeVisible();
  await page.getByRole("button", { name: "Apply the import" }).click();
  await expect.poll(async () => (await one("select count(*) as n from content_daily_tasks where id = 50")).n).toBe(1);
  await page.screenshot({ path: info.outputPath("daily-tasks.png"), fullPage: true });
  expect(errors).toEqual([]);
  await context.close();
});

test("crews and decorations: item pages save their sections; module upgrades edit a level", async ({
  browser,
}, info) => {
  const { page, errors, context } = await operatorPage(browser);
  await page.goto(`${running.url}/admin/crews/`);
  await page
    .getByRole("row", { name: /gunner|Gunner/ })
    .getByRole("link", { name: "Open" })
    .click();
  await expect(page.getByRole("heading", { level: 1, name: "Crews: Gunner" })).toBeVisible();
  const gains = page.locator("section", { has: page.getByRole("heading", { name: "XP per battle" }) });
  await gains.getByLabel("Win").fill("135");
  await gains.getByRole("button", { name: "Save" }).click();
  await expect
    .poll(async () => JSON.parse(String((await one("select gains from content_crews where id = 2")).gains)).win)
    .toBe(135);
  await page.screenshot({ path: info.outputPath("crew.png"), fullPage: true });

  await page.goto(`${running.url}/admin/decorations/`);
  await page.getByRole("button", { name: "New" }).click();
  await page.getByLabel("Kind", { exact: true }).selectOption("horn");
  await page.getByLabel("Name (ru)").fill("Гудок");
  await page.getByLabel("Name (en)").fill("Hooter");
  await page.getByRole("button", { name: "Save" }).click();
  await expect(page.getByRole("heading", { level: 1, name: /Decorations: Hooter/ })).toBeVisible();
  const prices = page.locator("section", { has: page.getByRole("heading", { name: "Price groups" }) });
  await prices.getByRole("button", { name: "Add a row" }).click();
  await prices.getByLabel("Days (0: forever)").fill("30");
  await prices.getByLabel("Price, gold").fill("150");
  await prices.getByRole("button", { name: "Save" }).click();
  await expect(page.getByRole("status").getByText("Saved")).toHaveCount(2);
  await expect
    .poll(async () => String((await one("select groups from content_decorations where name_en = 'Hooter'")).groups))
    .toContain('"priceGold":150');
  // The saved page re-reads itself: leaving before that read ends aborts it (a failed request).
  await page.waitForLoadState("networkidle");

  await page.goto(`${running.url}/admin/moduleUpgrade/`);
  await page.getByRole("row", { name: /^101 / }).getByRole("button", { name: "Edit" }).click();
  await page.getByLabel("Bonus, %").fill("4");
  await page.getByRole("button", { name: "Save" }).click();
  await expect
    .poll(async () => Number((await one("select bonus from content_module_upgrades where id = 101")).bonus))
    .toBe(4);
  expect(errors).toEqual([]);
  await context.close();
});

test("tanks: New with a taken id is refused under the id field (T-26 stays), an edit keeps its id", async ({
  browser,
}, info) => {
  const { page, context } = await operatorPage(browser);
  const t26 = await one("select * from content_tanks where id = 2");
  expect(t26.name_en).toBe("T-26");
  await page.goto(`${running.url}/admin/tank/`);
  await expect(page.getByRole("heading", { level: 1, name: "Tanks" })).toBeVisible();
  await page.getByRole("button", { name: "New", exact: true }).click();
  const form = page.locator("form");
  await form.getByLabel("Id", { exact: true }).fill("2");
  await form.getByLabel("Name (ru)").fill("Новый танк");
  await form.getByLabel("Name (en)").fill("New tank");
  await form.getByLabel("Nation").selectOption({ label: "USSR" });
  await form.getByLabel("Type", { exact: true }).selectOption({ label: "Light" });
  await form.getByLabel("Tier").fill("3");
  for (const f of ["Hit points", "Damage", "Penetration", "Armour", "Speed, km/h", "Shots/min ×10"])
    await form.getByLabel(f, { exact: true }).fill("10");
  await form.getByRole("button", { name: "Save" }).click();
  const id = form.getByLabel("Id", { exact: true });
  await expect(id).toHaveAttribute("aria-invalid", "true");
  const said = page.locator(`#${await id.getAttribute("aria-describedby")}`);
  await expect(said).toContainText("#2 already exists (T-26)");
  await expect(page.getByText("Saved")).toHaveCount(0);
  expect(await one("select * from content_tanks where id = 2")).toEqual(t26);
  await page.screenshot({ path: info.outputPath("tank-new-taken.png"), fullPage: true });
  // The next free id the message names saves a new tank beside T-26.
  const next = Number((await said.textContent())!.match(/#(\d+), /)![1]);
  await id.fill(String(next));
  await form.getByRole("button", { name: "Save" }).click();
  await expect(page.getByText("Saved")).toBeVisible();
  expect((await one("select name_en from content_tanks where id = ?", [next])).name_en).toBe("New tank");
  expect((await one("select name_en from content_tanks where id = 2")).name_en).toBe("T-26");
  await context.close();
});

test("tank data: export, a bad import changes nothing, a good one shows its difference, applies with a backup that restores", async ({
  browser,
}, info) => {
  const { page, errors, context } = await operatorPage(browser);
  await page.goto(`${running.url}/admin/tankData/`);
  await expect(page.getByRole("heading", { level: 1, name: "Tank data" })).toBeVisible();
  const doc = await exported(page);
  const hp = Number((await one("select hp from content_tanks where id = 1")).hp);
  await importFile(page, { ...doc, tanks: doc.tanks.map((t: { id: number }) => (t.id === 1 ? { ...t, hp: -1 } : t)) });
  await expect(page.getByRole("alert")).toContainText("tanks 1, hp");
  expect(Number((await one("select hp from content_tanks where id = 1")).hp)).toBe(hp);
  await importFile(page, {
    ...doc,
    tanks: doc.tanks.map((t: { id: number }) => (t.id === 1 ? { ...t, hp: hp + 10 } : t)),
  });
  await expect(page.getByText(`1: hp ${hp} → ${hp + 10}`)).toBeVisible();
  await page.getByRole("button", { name: "Apply the import" }).click();
  await expect.poll(async () => Number((await one("select hp from content_tanks where id = 1")).hp)).toBe(hp + 10);
  await expect(page.getByRole("cell", { name: "Before an import" })).toBeVisible();
  await page
    .getByRole("row", { name: /Before an import/ })
    .getByRole("button", { name: "Restore" })
    .click();
  await page.getByRole("dialog").getByRole("button", { name: "Confirm" }).click();
  await expect.poll(async () => Number((await one("select hp from content_tanks where id = 1")).hp)).toBe(hp);
  await page.screenshot({ path: info.outputPath("tank-data.png"), fullPage: true });

  await page.goto(`${running.url}/admin/optionsData/`);
  await page.getByRole("button", { name: "Take a backup" }).click();
  await expect(page.getByRole("cell", { name: "Taken by hand" })).toBeVisible();
  expect(errors).toEqual([]);
  await context.close();
});

test("translation: texts from the project, an edit reaches the pages without a rebuild", async ({ browser }, info) => {
  const { page, errors, context } = await operatorPage(browser);
  await page.goto(`${running.url}/admin/translation/`);
  await expect(page.getByRole("heading", { level: 1, name: "Translation" })).toBeVisible();
  await page.getByRole("button", { name: "Import from the project" }).click();
  await page.getByRole("tab", { name: /English/ }).click();
  await page.getByPlaceholder("Search the texts").fill("Take a backup");
  await page
    .getByRole("row", { name: /Take a backup/ })
    .getByRole("button", { name: "Edit" })
    .click();
  await page.getByLabel("Text", { exact: true }).fill("Back up now");
  await page.getByRole("button", { name: "Save" }).click();
  await expect(page.getByRole("cell", { name: "Back up now" })).toBeVisible();
  await page.goto(`${running.url}/admin/optionsData/`);
  await expect(page.getByRole("button", { name: "Back up now" })).toBeVisible();
  await page.screenshot({ path: info.outputPath("translation.png"), fullPage: true });
  expect(errors).toEqual([]);
  await context.close();
});

test("a player's crew, daily tasks and quests, in Russian", async ({ browser }, info) => {
  const { page, errors, context } = await operatorPage(browser, "ru");
  const playerId = Number((await one("select id from players order by id limit 1")).id);
  await page.goto(`${running.url}/admin/player/${playerId}/dailyTasks`);
  await expect(page.getByRole("heading", { level: 1, name: /Ежедневные задания/ })).toBeVisible();
  const task = await one(
    "select id, target, reward_amount as r, reward_currency as c from player_daily_tasks where player_id = ? and completed_at is null order by id desc limit 1",
    [playerId],
  );
  await page.getByRole("button", { name: "Задать прогресс" }).first().click();
  await page.getByLabel(/Прогресс \(цель/).fill(String(task.target));
  await page.getByRole("button", { name: "Сохранить" }).click();
  await expect
    .poll(
      async () =>
        (
          await one(
            "select count(*) as n from player_daily_tasks where player_id = ? and completed_at is not null and day = (select max(day) from player_daily_tasks)",
            [playerId],
          )
        ).n,
    )
    .toBeGreaterThan(0);
  await expect(page.getByRole("cell", { name: /\d\d\.\d\d\.\d{4}/ }).first()).toBeVisible();
  await page.screenshot({ path: info.outputPath("player-tasks.png"), fullPage: true });

  await page.goto(`${running.url}/admin/player/${playerId}/crews`);
  await expect(page.getByRole("heading", { level: 1, name: /Экипаж/ })).toBeVisible();
  await page
    .getByRole("row", { name: /Наводчик/ })
    .getByRole("button", { name: "Изменить" })
    .click();
  await page.getByLabel("Уровень навыка").fill("3");
  await page.getByRole("button", { name: "Сохранить" }).click();
  await expect
    .poll(async () =>
      Number(
        (await one("select skill_level as s from player_crew_members where player_id = ? and crew_id = 2", [playerId]))
          .s,
      ),
    )
    .toBe(3);
  await expect(page.getByRole("row", { name: /Наводчик/ }).getByRole("cell", { name: "3", exact: true })).toBeVisible();

  await page.goto(`${running.url}/admin/player/${playerId}/quests`);
  await expect(page.getByRole("heading", { level: 1, name: /Квесты/ })).toBeVisible();
  await page
    .getByRole("row", { name: /Первые шаги/ })
    .getByRole("button", { name: "Изменить" })
    .click();
  await page.getByLabel(/Шаг \(от 0/).fill("3");
  await page.getByRole("button", { name: "Сохранить" }).click();
  await expect
    .poll(
      async () =>
        (
          await one("select completed_at as c from player_quests where player_id = ? and quest_key = 'first-steps'", [
            playerId,
          ])
        )?.c ?? null,
    )
    .not.toBeNull();
  await expect(page.getByRole("row", { name: /Первые шаги/ }).getByRole("cell", { name: "выполнен" })).toBeVisible();
  await page.goto(`${running.url}/admin/bots/`);
  await expect(page.getByRole("heading", { level: 1, name: "Боты" })).toBeVisible();
  await page.screenshot({ path: info.outputPath("bots-ru.png"), fullPage: true });
  expect(errors).toEqual([]);
  await context.close();
});
