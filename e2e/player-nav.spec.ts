import { test, expect } from "@playwright/test";
import { signedInPage, startApp } from "./server.ts";
// Issue 31, on call from a phone: a player's fifteen sections are a menu that opens at 390 px
// (one line, the current section named), a row of buttons at 1366 px; in Russian.
test("a player's sections: a menu on a phone, a row on a desktop", async ({ browser }) => {
  const running = await startApp("player-nav", { SEED_PLAYERS: "5", SEED_DAYS: "3" });
  const id = Number((await running.db.execute("select id from players order by id limit 1")).rows[0].id);
  const { context, page } = await signedInPage(
    browser,
    running.db,
    { admin: "admin" },
    { context: { viewport: { width: 390, height: 900 }, locale: "ru-RU" }, locale: "ru" },
  );
  await page.goto(`${running.url}/admin/player/${id}`);
  const nav = page.getByRole("navigation", { name: "Разделы игрока" });
  await expect(nav.getByText("Раздел: Карточка")).toBeVisible();
  await nav.getByText("Раздел: Карточка").click();
  await page.screenshot({ path: test.info().outputPath("sections-menu-ru-390.png") });
  await nav.getByRole("link", { name: "Журнал" }).click();
  await expect(page).toHaveURL(new RegExp(`/admin/playerLog/${id}`));
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
  await page.setViewportSize({ width: 1366, height: 900 });
  await expect(nav.getByRole("link", { name: "Карточка" })).toBeVisible();
  await expect(nav.getByRole("link", { name: "Карточка" })).toHaveCount(1);
  await context.close();
  await running.stop();
});
