// The whole-list content screens in Debian's Chromium: an operator edits a consumable through its
// typed form (a bad price is refused with the spec's message under the field), adds an item whose
// id only the server can refuse (the refusal names the item and the field, not items.N.id), sees
// what the draft changes in words, applies it after a confirmation, and the store has it.
import { test, expect } from "@playwright/test";
import { signedInPage, startApp, type RunningApp } from "./server.ts";

let running: RunningApp;
test.beforeAll(async () => {
  running = await startApp("content-lists", { SEED_PLAYERS: "5", SEED_DAYS: "3" });
});
test.afterAll(async () => {
  await running?.stop();
});

test("an operator changes a consumable's gold price through check and apply", async ({ browser }, info) => {
  const { context, page } = await signedInPage(
    browser,
    running.db,
    { admin: "operator" },
    { context: { locale: "en-US" } },
  );
  const errors: string[] = [];
  // The refused check below answers 400 on purpose; Chromium logs that as a console error.
  page.on(
    "console",
    (m) => m.type() === "error" && !m.location().url.endsWith("/admin/consumables/save") && errors.push(m.text()),
  );
  page.on("requestfailed", (r) => errors.push(`failed ${r.url()}`));

  await page.goto(`${running.url}/admin/consumables/`);
  const list = page.getByRole("table", { name: "The list" });
  await expect(list).toBeVisible();
  const first = (
    await running.db.execute(
      "select id, price_gold as p from content_consumables where consumable = 1 order by sort_order, id limit 1",
    )
  ).rows[0];
  const target = { id: Number(first.id) };
  const priceOf = async () =>
    Number(
      (
        await running.db.execute({
          sql: "select price_gold as p from content_consumables where id = ?",
          args: [target.id],
        })
      ).rows[0].p,
    );
  const before = await priceOf();

  // A negative price: the form refuses the field with the spec's message; nothing reaches the draft.
  await page.getByRole("button", { name: `Edit #${target.id}`, exact: true }).click();
  const editor = page.getByRole("region", { name: `Item #${target.id}`, exact: true });
  await editor.getByLabel("Price, gold").fill("-5");
  await editor.getByRole("button", { name: "Keep in the draft" }).click();
  await expect(editor.getByText("Please enter a value greater than or equal to 0.")).toBeVisible();
  await editor.getByLabel("Price, gold").fill(String(before + 7));
  await editor.getByRole("button", { name: "Keep in the draft" }).click();
  await expect(editor).toHaveCount(0);

  // An item whose id the equipment list already uses: only the server knows; its refusal names the item and the field.
  const taken = Number(
    (await running.db.execute("select id from content_consumables where consumable = 0 order by id limit 1")).rows[0]
      .id,
  );
  await page.getByRole("button", { name: "Add an item" }).click();
  const added = page.getByRole("region", { name: "New item" });
  await added.getByLabel("Id").fill(String(taken));
  await added.getByLabel("Name (ru)").fill("Тест");
  await added.getByLabel("Name (en)").fill("Test");
  await added.getByLabel("Kind").selectOption("repair");
  await added.getByRole("button", { name: "Keep in the draft" }).click();
  await page.getByRole("button", { name: "Check the changes" }).click();
  const refused = page.getByRole("alert", { name: "Refused" });
  await expect(refused).toContainText(`#${taken} Test · Id: Please make sure the value is unique.`);
  await expect(refused).not.toContainText("items.");
  expect(await priceOf()).toBe(before);
  await list.getByRole("button", { name: `Remove #${taken}`, exact: true }).click();

  await page.getByRole("button", { name: "Check the changes" }).click();
  await expect(page.getByRole("status", { name: "Changes" })).toContainText(
    `Changed #${target.id}: Price, gold: ${before} → ${before + 7}`,
  );
  expect(await priceOf()).toBe(before);
  await page.getByRole("button", { name: "Apply" }).click();
  await page.getByRole("dialog").getByRole("button", { name: "Confirm" }).click();
  await expect.poll(priceOf).toBe(before + 7);
  await expect(list).toContainText(String(before + 7));
  await page.screenshot({ path: info.outputPath("consumables.png"), fullPage: true });
  expect(errors).toEqual([]);
  await context.close();
});
