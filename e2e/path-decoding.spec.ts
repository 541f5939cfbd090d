// A screen's path parameters are decoded once (wouter has decoded the path already): the clan
// search's name from the address keeps a literal `%25`, and a lone `%` is a `%`, not a crash.
import { test, expect } from "@playwright/test";
import { signedInPage, startApp, type RunningApp } from "./server.ts";

test.use({ launchOptions: { executablePath: "/usr/bin/chromium" }, locale: "en-US" });

let running: RunningApp;
test.beforeAll(async () => {
  running = await startApp("path-decoding", { SEED_PLAYERS: "5", SEED_DAYS: "2" });
});
test.afterAll(async () => {
  await running?.stop();
});

test("the clan search's name in the path is decoded once", async ({ browser }, info) => {
  const p = (
    await running.db.execute(
      "select id from players where erased_at is null and banned_until is null order by id limit 1",
    )
  ).rows[0];
  const { page } = await signedInPage(browser, running.db, { player: Number(p.id) });
  const errors: string[] = [];
  page.on("pageerror", (e) => errors.push(String(e)));
  for (const [segment, name] of [
    ["a%2525b", "a%25b"],
    ["%25", "%"],
    ["Iron%20Wolves", "Iron Wolves"],
  ]) {
    await page.goto(`${running.url}/public/profile/searchClans/${segment}`);
    await expect(page.getByRole("textbox").first()).toHaveValue(name);
  }
  await page.screenshot({ path: info.outputPath("search-clans-decoded-once.png") });
  expect(errors).toEqual([]);
});
