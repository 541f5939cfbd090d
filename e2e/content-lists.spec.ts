// The whole-list content screens in Debian's Chromium: an operator edits the consumables list as
// JSON, has the server check it (a bad price is refused with the spec's message and nothing
// changes), sees what the draft changes, applies it after a confirmation, and the store has it.
import { test, expect } from "@playwright/test";
import { addAdmin, addSession, startApp, type RunningApp } from "./server.ts";

let running: RunningApp;
test.beforeAll(async () => {
  running = await startApp("content-lists", { SEED_PLAYERS: "5", SEED_DAYS: "3" });
});
test.afterAll(async () => {
  await running?.stop();
});

test("an operator changes a consumable's gold price through check and apply", async ({ browser }, info) => {
  const operator = await addSession(running.db, "admin", await addAdmin(running.db));
  const context = await browser.newContext({ locale: "en-US" });
  await context.addCookies([{ name: operator.cookieName, value: operator.token, domain: "127.0.0.1", path: "/" }]);
  const page = await context.newPage();
  const errors: string[] = [];
  // The refused check below answers 400 on purpose; Chromium logs that as a console error.
  page.on("console", (m) => m.type() === "error" && !m.location().url.endsWith("/admin/consumables/save") && errors.push(m.text()));
  page.on("requestfailed", (r) => errors.push(`failed ${r.url()}`));

  await page.goto(`${running.url}/admin/consumables/`);
  await expect(page.getByRole("table", { name: "Current list" })).toBeVisible();
  const editor = page.getByLabel("The list as JSON");
  const items = JSON.parse(await editor.inputValue()) as { id: number; priceGold: number }[];
  expect(items.length).toBeGreaterThan(0);
  const target = items[0];
  const priceOf = async () => Number((await running.db.execute({ sql: "select price_gold as p from content_consumables where id = ?", args: [target.id] })).rows[0].p);
  const before = await priceOf();

  // A negative price: the server refuses the field with the spec's message; nothing changes.
  await editor.fill(JSON.stringify(items.map((it, i) => (i === 0 ? { ...it, priceGold: -5 } : it)), null, 2));
  await page.getByRole("button", { name: "Check the changes" }).click();
  await expect(page.getByRole("alert", { name: "Refused" })).toContainText("items.0.priceGold");
  expect(await priceOf()).toBe(before);

  await editor.fill(JSON.stringify(items.map((it, i) => (i === 0 ? { ...it, priceGold: before + 7 } : it)), null, 2));
  await page.getByRole("button", { name: "Check the changes" }).click();
  await expect(page.getByRole("status", { name: "Changes" })).toContainText(`Changed #${target.id}: priceGold ${before} → ${before + 7}`);
  expect(await priceOf()).toBe(before);
  await page.getByRole("button", { name: "Apply" }).click();
  await page.getByRole("dialog").getByRole("button", { name: "Confirm" }).click();
  await expect.poll(priceOf).toBe(before + 7);
  await expect(page.getByRole("table", { name: "Current list" })).toContainText(String(before + 7));
  await page.screenshot({ path: info.outputPath("consumables.png"), fullPage: true });
  expect(errors).toEqual([]);
  await context.close();
});
