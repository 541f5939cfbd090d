// Issue 32, the live events' calendar: an operator schedules a weekend tournament in Berlin time
// for non-payers with a prize table, and a Sunday cup for everyone that overlaps it (and the demo
// world's weekend tournament); the calendar
// shows both with their periods in Berlin time, marks the clash and says how many players the two
// share (from the audiences, issue 32's "same players") — in English and in Russian,
// at 1366 and 390 px, without horizontal scrolling on the phone.
import { test, expect } from "@playwright/test";
import { addAdmin, addSession, sessionCookie, startApp, type RunningApp } from "./server.ts";
import { call } from "./contracts.ts";
import * as liveops from "../api/contracts/admin/liveops.ts";
import * as offers from "../api/contracts/admin/offers.ts";

let running: RunningApp;
test.beforeAll(async () => {
  running = await startApp("admin-liveops", { SEED_PLAYERS: "5", SEED_DAYS: "2" });
});
test.afterAll(async () => {
  await running?.stop();
});

test("an operator schedules a weekend tournament and sees it, and its clash, on the calendar", async ({
  browser,
}, info) => {
  const operator = await addAdmin(running.db, "operator");
  const session = await addSession(running.db, "admin", operator);
  const weekend = await call(
    running,
    liveops.save,
    {
      kind: "tournament",
      titleRu: "Турнир выходных",
      titleEn: "Weekend tournament",
      schedule: { kind: "cron", cron: "0 0 * * 6", durationMinutes: 2880, timeZone: "Europe/Berlin" },
      audience: "nonPayers",
      prizes: { by: "rank", rows: [{ from: 1, to: 3, gold: 100, silver: 0 }] },
    },
    { session },
  );
  expect(weekend.created).toBe(true);
  await call(
    running,
    liveops.save,
    {
      kind: "tournament",
      titleRu: "Кубок воскресенья",
      titleEn: "Sunday cup",
      schedule: { kind: "cron", cron: "0 12 * * 0", durationMinutes: 240, timeZone: "Europe/Berlin" },
    },
    { session },
  );

  for (const locale of ["en", "ru"] as const)
    for (const width of [1366, 390]) {
      const s = await addSession(running.db, "admin", operator, locale);
      const context = await browser.newContext({
        viewport: { width, height: 900 },
        locale: locale === "ru" ? "ru-RU" : "en-US",
      });
      await context.addCookies([sessionCookie(s)]);
      const page = await context.newPage();
      const errors: string[] = [];
      page.on("console", (m) => m.type() === "error" && errors.push(m.text()));
      await page.goto(`${running.url}/admin/liveops/`);
      const heading = locale === "en" ? "Live events" : "События и турниры";
      await expect(page.getByRole("heading", { level: 1, name: heading })).toBeVisible();
      const card = page.locator(`[data-event="${weekend.event.id}"]`);
      await expect(card.getByRole("heading", { level: 2 })).toHaveText(
        locale === "en" ? "Weekend tournament" : "Турнир выходных",
      );
      // Four weekly periods in 28 days (five when one runs now), starting Saturday 00:00 in Berlin, each clashing with the cup.
      await expect(card.getByRole("listitem").nth(3)).toBeVisible();
      expect(await card.getByRole("listitem").count()).toBeLessThanOrEqual(5);
      await expect(card.getByRole("listitem").first()).toContainText(locale === "en" ? "Sat" : "сб");
      await expect(card.getByRole("listitem").first()).toContainText("00:00");
      // The demo world's own weekend tournament (Saturday 10:00 Moscow time) clashes with both.
      await expect(card.getByRole("listitem").first()).toContainText(
        locale === "en"
          ? "Clashes with: Weekend tournament, Sunday cup"
          : "Пересекается с: Турнир выходного дня, Кубок воскресенья",
      );
      await expect(page.getByRole("alert")).toContainText(
        locale === "en" ? "3 events clash with others" : "3 события пересекаются с другими",
      );
      // The players both are meant for now: the non-payers (the weekend's audience; the cup is for everyone).
      const nonPayers = Number(
        (
          await running.db.execute(
            "select count(*) as n from players p where p.erased_at is null and not exists (select 1 from billing_orders o where o.player_id = p.id and o.status = 'paid' and o.provider <> 'manual')",
          )
        ).rows[0].n,
      );
      const cupId = (await running.db.execute("select id from live_events where title_en = 'Sunday cup'")).rows[0].id;
      const shared = card.getByTestId("together").locator(`[data-with="${cupId}"]`);
      await expect(shared).toContainText(
        locale === "en"
          ? `Sunday cup: ${nonPayers === 0 ? "no player in both" : `${nonPayers} player${nonPayers === 1 ? "" : "s"} in both`} (clash)`
          : "Кубок воскресенья: ",
      );
      if (locale === "ru") await expect(shared).toContainText("(пересекается)");
      // The weekly clans' tournament says clans enter it, and counts its entries as clans.
      const clansId = (await running.db.execute("select id from live_events where builtin = 'weeklyClans'")).rows[0].id;
      const clansCard = page.locator(`[data-event="${clansId}"]`);
      await expect(clansCard).toContainText(locale === "en" ? "Clans enter it" : "Участвуют кланы");
      await expect(clansCard.getByRole("listitem").first()).toContainText(
        locale === "en" ? /\d+ clans? entered/ : /\d+ клан(-участник|а-участника|ов-участников)/,
      );
      const scrolls = await page.evaluate(() => document.documentElement.scrollWidth > window.innerWidth);
      expect(scrolls).toBe(false);
      await page.screenshot({ path: info.outputPath(`calendar-${locale}-${width}.png`), fullPage: true });
      expect(errors).toEqual([]);
      await context.close();
    }
});

test("an operator schedules a weekend tournament for an audience with a prize table through the form and sees it on the calendar", async ({
  browser,
}, info) => {
  const operator = await addAdmin(running.db, "operator");
  for (const [locale, width] of [
    ["en", 1366],
    ["ru", 390],
  ] as const) {
    const s = await addSession(running.db, "admin", operator, locale);
    const context = await browser.newContext({
      viewport: { width, height: 900 },
      locale: locale === "ru" ? "ru-RU" : "en-US",
    });
    await context.addCookies([sessionCookie(s)]);
    const page = await context.newPage();
    const errors: string[] = [];
    page.on("console", (m) => m.type() === "error" && errors.push(m.text()));
    await page.goto(`${running.url}/admin/liveops/`);
    const en = locale === "en";
    await page.getByRole("button", { name: en ? "New event" : "Новое событие" }).click();
    const form = page.locator("[data-event-form]");
    const title = en ? "Form weekend cup" : "Кубок выходных из формы";
    await form.getByLabel(en ? "Title (Russian)" : "Название (русское)").fill(`${title} ru`);
    await form.getByLabel(en ? "Title (English)" : "Название (английское)").fill(title);
    await form.getByLabel(en ? "Time zone" : "Часовой пояс").fill("Europe/Berlin");
    // A bad CRON: the engine's problem shows at once, before anything is sent.
    await form.getByRole("textbox", { name: /^CRON/ }).fill("0 0 * *");
    await expect(form.locator("[data-preview]")).toContainText("cron.fields");
    await form.getByRole("textbox", { name: /^CRON/ }).fill("0 0 * * 6");
    await form.getByLabel(en ? "Duration, minutes" : "Длительность, минут").fill("2880");
    // The preview: the next Saturdays from 00:00 to Monday 00:00, Berlin time.
    const first = form.locator("[data-preview] li").first();
    await expect(first).toContainText(en ? "Sat" : "сб");
    await expect(first).toContainText("00:00");
    await expect(first).toContainText(en ? "Mon" : "пн");
    expect(await form.locator("[data-preview] li").count()).toBe(5);
    await form.getByLabel(en ? "Audience" : "Аудитория").selectOption("nonPayers");
    await form.getByRole("button", { name: en ? "Add a prize row" : "Добавить строку призов" }).click();
    const row = form.locator('[data-prize-row="0"]');
    await row.getByLabel(en ? "Places from" : "Места с").fill("1");
    await row.getByLabel(en ? "Places to" : "Места по").fill("3");
    await row.getByLabel(en ? "Gold" : "Золото").fill("150");
    const scrolls = await page.evaluate(() => document.documentElement.scrollWidth > window.innerWidth);
    expect(scrolls).toBe(false);
    await page.screenshot({ path: info.outputPath(`form-${locale}-${width}.png`), fullPage: true });
    await form.getByRole("button", { name: en ? "Create the event" : "Создать событие" }).click();
    await expect(form).toHaveCount(0);
    const card = page
      .locator("[data-event]")
      .filter({ has: page.getByRole("heading", { level: 2, name: en ? title : `${title} ru`, exact: true }) });
    await expect(card.getByRole("heading", { level: 2 })).toBeVisible();
    await expect(card).toContainText(en ? "Non-payers" : "Неплатящие");
    await expect(card.getByRole("listitem").first()).toContainText(en ? "Sat" : "сб");
    // Saturday's weekend clashes with the other weekend tournaments for non-payers.
    await expect(card.locator(".tk-liveops-clash").first()).toBeVisible();
    const saved = await running.db.execute({
      sql: "select audience, prizes, schedule from live_events where title_en = ?",
      args: [title],
    });
    expect(saved.rows[0].audience).toBe("nonPayers");
    expect(JSON.parse(String(saved.rows[0].prizes))).toEqual({
      by: "rank",
      rows: [{ from: 1, to: 3, gold: 150, silver: 0 }],
    });
    expect(JSON.parse(String(saved.rows[0].schedule))).toEqual({
      kind: "cron",
      cron: "0 0 * * 6",
      durationMinutes: 2880,
      timeZone: "Europe/Berlin",
    });
    // Edit: the form opens with the saved values.
    await card.getByRole("button", { name: en ? "Edit" : "Изменить" }).click();
    await expect(form.getByLabel(en ? "Title (English)" : "Название (английское)")).toHaveValue(title);
    await expect(form.locator('[data-prize-row="0"]').getByLabel(en ? "Gold" : "Золото")).toHaveValue("150");
    await page.screenshot({ path: info.outputPath(`calendar-after-${locale}-${width}.png`), fullPage: true });
    expect(errors).toEqual([]);
    await context.close();
  }
});

test("an offer window's special offer is chosen from a list of the offers, by number and title", async ({
  browser,
}, info) => {
  const operator = await addAdmin(running.db, "operator");
  const session = await addSession(running.db, "admin", operator);
  const made = await call(
    running,
    offers.save,
    {
      titleRu: "Окно выходных",
      titleEn: "Weekend window offer",
      grants: { gold: 100, silver: 0, premiumDays: 0, items: [] },
      priceGold: 10,
      startsAt: Date.now(),
      endsAt: Date.now() + 30 * 86_400_000,
    },
    { session },
  );
  const offerId = made.offer.id;
  const s = await addSession(running.db, "admin", operator, "en");
  const context = await browser.newContext({ viewport: { width: 390, height: 900 }, locale: "en-US" });
  await context.addCookies([sessionCookie(s)]);
  const page = await context.newPage();
  await page.goto(`${running.url}/admin/liveops/`);
  await page.getByRole("button", { name: "New event" }).click();
  const form = page.locator("[data-event-form]");
  await form.getByLabel("Kind").selectOption("offerWindow");
  await form.getByLabel("Title (Russian)").fill("Окно выходных");
  await form.getByLabel("Title (English)").fill("Weekend window");
  await form.getByLabel("Special offer").selectOption({ label: `#${offerId} Weekend window offer` });
  await page.screenshot({ path: info.outputPath("offer-window-en-390.png"), fullPage: true });
  expect(await page.evaluate(() => document.documentElement.scrollWidth > window.innerWidth)).toBe(false);
  await form.getByRole("button", { name: "Create the event" }).click();
  await expect(form).toHaveCount(0);
  const saved = await running.db.execute("select kind, offer_id from live_events where title_en = 'Weekend window'");
  expect(saved.rows[0].kind).toBe("offerWindow");
  expect(Number(saved.rows[0].offer_id)).toBe(offerId);
  await context.close();
});
