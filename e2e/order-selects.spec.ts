// The lists ordered from a select (ui/components/OrderSelect.tsx): the player's rating ("Order by":
// rating, wins, experience; the order in the address bar) and the back office's players'
// tournaments ("Ranked by": rating gained, wins, battles, experience), on a seeded demo world.
import { test, expect } from "@playwright/test";
import { signedInPage, startApp, type RunningApp } from "./server.ts";

test.use({ launchOptions: { executablePath: "/usr/bin/chromium" }, locale: "en-US" });
test.describe.configure({ mode: "serial", timeout: 120_000 });

let running: RunningApp;
test.beforeAll(async () => {
  running = await startApp("order-selects", { SEED_PLAYERS: "40", SEED_DAYS: "5" });
});
test.afterAll(async () => {
  await running?.stop();
});

/** The numbers of a table's column, top to bottom. */
const column = async (page: import("@playwright/test").Page, n: number) =>
  (await page.locator(`table tbody tr td:nth-child(${n})`).allInnerTexts()).map((s) => Number(s.replace(/\D/g, "")));
const descending = (xs: number[]) => xs.every((x, i) => i === 0 || xs[i - 1] >= x);

test("the rating: ordered by wins from the select, the order kept in the address", async ({ browser }) => {
  const p = (
    await running.db.execute(
      "select id from players where erased_at is null and banned_until is null order by id limit 1",
    )
  ).rows[0];
  const { page } = await signedInPage(browser, running.db, { player: Number(p.id) });
  await page.goto(`${running.url}/public/profile/rating`);
  await expect(page.getByRole("heading", { name: "Rating", level: 1 })).toBeVisible();
  const select = page.getByLabel("Order by");
  await expect(select.locator("option")).toHaveText(["Rating", "Wins", "Experience"]);
  await expect(select).toHaveValue("rating");
  await select.selectOption("wins");
  await expect(page).toHaveURL(/[?&]by=wins&page=1$/);
  await expect(page.getByTestId("own-place")).toContainText("Wins");
  // Place, player, level, rating, wins: the wins column is the order.
  await expect(page.locator("table tbody tr").first()).toBeVisible();
  const wins = await column(page, 5);
  expect(wins.length).toBeGreaterThan(1);
  expect(descending(wins), `wins ${wins.join(", ")}`).toBe(true);
  await page.reload();
  await expect(page.getByLabel("Order by")).toHaveValue("wins");
});

test("the players' tournaments: ranked by battles from the select", async ({ browser }) => {
  const { page } = await signedInPage(browser, running.db, { admin: "support" });
  await page.goto(`${running.url}/admin/playersTournaments/`);
  await expect(page.getByRole("heading", { name: "Players' tournaments", level: 1 })).toBeVisible();
  const select = page.getByLabel("Ranked by");
  await expect(select.locator("option")).toHaveText(["rating gained", "wins", "battles", "experience"]);
  const loaded = page.waitForResponse(
    (r) => r.url().includes("/admin/playersTournaments/loadTop?") && r.url().includes("by=battles"),
  );
  await select.selectOption("battles");
  expect((await loaded).status()).toBe(200);
  // Place, player, level, battles: the battles column is the order.
  await expect(page.locator("table tbody tr").first()).toBeVisible();
  const battles = await column(page, 4);
  expect(battles.length).toBeGreaterThan(1);
  expect(descending(battles), `battles ${battles.join(", ")}`).toBe(true);
});
