// The CMS screen in Debian's Chromium: an operator adds a guide category and a guide with ru and
// en markdown texts, sees it listed, and the public guide page shows the English text.
import { test, expect } from "@playwright/test";
import { signedInPage, startApp, type RunningApp } from "./server.ts";

let running: RunningApp;
test.beforeAll(async () => {
  running = await startApp("cms", { SEED_PLAYERS: "5", SEED_DAYS: "3" });
});
test.afterAll(async () => {
  await running?.stop();
});

test("an operator writes a guide in ru and en; the public page shows it", async ({ browser }, info) => {
  const { context, page } = await signedInPage(
    browser,
    running.db,
    { admin: "operator" },
    { context: { locale: "en-US" } },
  );
  const errors: string[] = [];
  page.on("console", (m) => m.type() === "error" && errors.push(m.text()));
  page.on("requestfailed", (r) => errors.push(`failed ${r.url()}`));

  await page.goto(`${running.url}/admin/cms/`);
  await page.getByRole("button", { name: "New category" }).click();
  const catForm = page.getByRole("region", { name: "New category" });
  await catForm.getByLabel("Title (en)").fill("Armour basics");
  await catForm.getByLabel("Title (ru)").fill("Основы брони");
  await catForm.getByRole("button", { name: "Save" }).click();
  await page.getByRole("button", { name: "Armour basics / Основы брони" }).click();

  await page.getByRole("button", { name: "New content" }).click();
  const form = page.getByRole("region", { name: "New content" });
  // The spec's message before anything is sent: a title is required.
  await form.getByRole("button", { name: "Save" }).click();
  await expect(form.getByLabel("Title (en)")).toHaveAttribute("aria-invalid", "true");
  await form.getByLabel("Title (en)").fill("Angling your hull");
  await form.getByLabel("Title (ru)").fill("Угол наклона корпуса");
  await form.getByRole("textbox", { name: "Text (en)" }).fill("Turn **30 degrees** to the enemy.");
  await form.getByRole("textbox", { name: "Text (ru)" }).fill("Повернитесь на **30 градусов** к противнику.");
  await form.getByRole("button", { name: "Save" }).click();
  const row = page.getByRole("table", { name: "Contents" }).getByRole("row", { name: /Angling your hull/ });
  await expect(row).toBeVisible();
  await page.screenshot({ path: info.outputPath("cms.png"), fullPage: true });

  const id = Number(
    (await running.db.execute("select id from cms_contents where title_en = 'Angling your hull'")).rows[0].id,
  );
  await page.goto(`${running.url}/en/public/information/guide/content/${id}`);
  await expect(page.locator("strong", { hasText: "30 degrees" })).toBeVisible();
  expect(errors).toEqual([]);
  await context.close();
});
