// Issue 32, the scorecard of a running experiment: the demo world's "Большая мини-карта"
// (running for two weeks, half of the players at level 3 and above) on its control page shows,
// per variant, its players and every figure with its 95 % interval, and says whether the split
// matches the configured shares — in English and in Russian, at 1366 and 390 px; on the phone
// each metric is a card with every variant named in it, and nothing scrolls sideways (neither the
// page nor the table's box).
import { test, expect } from "@playwright/test";
import { addAdmin, addSession, sessionCookie, startApp, type RunningApp } from "./server.ts";

test.use({ launchOptions: { executablePath: "/usr/bin/chromium" } });
test.describe.configure({ timeout: 180_000 });

let running: RunningApp;
test.beforeAll(async () => {
  running = await startApp("experiments-scorecard", { SEED_PLAYERS: "60", SEED_DAYS: "20" });
});
test.afterAll(async () => {
  await running?.stop();
});

test("the scorecard of a running experiment shows its figures with intervals and the split check", async ({
  browser,
}, info) => {
  // Every event the demo world wrote has reached the warehouse (a card is kept 5 minutes once read).
  await expect
    .poll(
      async () => {
        const r = await running.db.execute(
          "select coalesce((select max(id) from outbox), 0) as last, coalesce((select shipped_to from outbox_cursor), 0) as shipped",
        );
        return Number(r.rows[0].last) <= Number(r.rows[0].shipped);
      },
      { timeout: 90_000 },
    )
    .toBe(true);
  const demo = await running.db.execute("select id from experiments where status = 'running' order by id limit 1");
  const id = Number(demo.rows[0].id);
  const operator = await addAdmin(running.db, "operator");

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
      await page.goto(`${running.url}/admin/experiments/control/${id}`);
      await expect(
        page.getByRole("heading", { level: 3, name: locale === "en" ? "Scorecard" : "Итоги" }),
      ).toBeVisible();
      const card = page.locator("[data-scorecard]");
      // Both variants, the control marked; players who played of those assigned.
      for (const variant of ["control", "big minimap"]) {
        const players = card.locator(`td[data-variant="${variant}"][data-metric="players"]`);
        await expect(players).toContainText(locale === "en" ? /[1-9]\d* of \d+/ : /[1-9]\d* из \d+/);
        // Every metric: a figure with its interval in brackets, or the words for too little data.
        for (const metric of ["conversion", "arpu", "d1", "d7", "battlesPerDau"]) {
          const cell = card.locator(`td[data-variant="${variant}"][data-metric="${metric}"]`);
          await expect(cell).toContainText(
            locale === "en" ? /\[.+ – .+\]|not enough data yet/ : /\[.+ – .+\]|пока мало данных/,
          );
        }
        await expect(card.locator(`td[data-variant="${variant}"][data-metric="battlesPerDau"]`)).toContainText("[");
      }
      await expect(
        card.getByRole("columnheader", { name: locale === "en" ? "control (control)" : "control (контроль)" }),
      ).toBeVisible();
      // The other variant's difference from the control.
      await expect(
        card.locator('td[data-variant="big minimap"][data-metric="battlesPerDau"] [data-diff]'),
      ).toContainText(locale === "en" ? "vs control" : "к контролю");
      // The split check says what it found.
      await expect(card.locator("[data-srm]")).toContainText(
        locale === "en" ? /chi-square [\d.,]+, p / : /хи-квадрат [\d.,\s]+, p /,
      );
      const scrolls = await page.evaluate(() => document.documentElement.scrollWidth > window.innerWidth);
      expect(scrolls).toBe(false);
      const box = card.locator(".tk-table-scroll");
      expect(await box.evaluate((b) => b.scrollWidth - b.clientWidth)).toBeLessThanOrEqual(0);
      if (width === 390) {
        // A card per metric: each variant's figure under its name (the control marked).
        const cell = card.locator('td[data-variant="control"][data-metric="arpu"]');
        expect(await cell.evaluate((c) => getComputedStyle(c).display)).toBe("block");
        expect(await cell.evaluate((c) => getComputedStyle(c, "::before").content)).toBe(
          locale === "en" ? '"control (control)"' : '"control (контроль)"',
        );
      }
      await card.screenshot({ path: info.outputPath(`scorecard-${locale}-${width}.png`) });
      expect(errors).toEqual([]);
      await context.close();
    }

  // The operator sets a guardrail, then promotes the bigger minimap: its value becomes the default.
  const s = await addSession(running.db, "admin", operator, "en");
  const context = await browser.newContext({ viewport: { width: 1366, height: 900 }, locale: "en-US" });
  await context.addCookies([sessionCookie(s)]);
  const page = await context.newPage();
  await page.goto(`${running.url}/admin/experiments/control/${id}`);
  await page.getByLabel("Battles per DAU, max drop %").fill("20");
  await page.getByRole("button", { name: "Save guardrails" }).click();
  await expect(page.getByText("Saved").first()).toBeVisible();
  await expect(page.getByLabel("Battles per DAU, max drop %")).toHaveValue("20");
  await page.getByRole("button", { name: "Promote “big minimap” to the default" }).click();
  await page.getByRole("button", { name: "Confirm" }).click();
  await expect(page.locator("[data-status]")).toHaveText("Stopped");
  const values = await running.db.execute(
    "select variant, value from options where scope = 'client' and key = 'battle.hud' and variant in ('default', 'bigMinimap')",
  );
  const byVariant = Object.fromEntries(values.rows.map((r) => [String(r.variant), JSON.parse(String(r.value))]));
  expect(byVariant.default).toEqual(byVariant.bigMinimap);
  await page.screenshot({ path: info.outputPath("promoted-en-1366.png"), fullPage: true });
  await context.close();
});
