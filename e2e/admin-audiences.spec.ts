// Issue 32, saved audiences: an operator builds an audience on /admin/audiences/ (country UY,
// level 7 and up), sees its size while typing the rules, saves it and attaches it to a special
// offer on the offers screen; a matching player sees the offer, a player of the same country below
// the level and one of the level in another country do not. The audiences screen in English and
// Russian at 1366 and 390 px, without horizontal scrolling on the phone.
import { test, expect } from "@playwright/test";
import { addAdmin, addPlayer, addSession, signedInPage, startApp, type RunningApp } from "./server.ts";
import { call } from "./contracts.ts";
import { offers } from "../api/contracts/public/profile/offers.ts";
import * as options from "../api/contracts/admin/options.ts";

let running: RunningApp;
test.beforeAll(async () => {
  running = await startApp("admin-audiences", { SEED_PLAYERS: "5", SEED_DAYS: "2" });
});
test.afterAll(async () => {
  await running?.stop();
});

test("an operator builds an audience, sees its size, attaches it to an offer; only its members see the offer", async ({
  browser,
}, info) => {
  const veteran = await addPlayer(running.db, { nickname: "uy_veteran", country: "UY", level: 8 });
  const rookie = await addPlayer(running.db, { nickname: "uy_rookie", country: "UY", level: 2 });
  const elsewhere = await addPlayer(running.db, { nickname: "br_veteran", country: "BR", level: 9 });

  const { context, page } = await signedInPage(
    browser,
    running.db,
    { admin: "operator" },
    {
      context: { viewport: { width: 1366, height: 900 } },
    },
  );
  await page.goto(`${running.url}/admin/audiences/`);
  await expect(page.getByRole("heading", { level: 1, name: "Audiences" })).toBeVisible();
  await expect(page.getByText("Nothing here yet.")).toBeVisible();
  await page.getByRole("button", { name: "New audience" }).click();
  const form = page.getByRole("form", { name: "New audience" });
  await form.getByLabel("Name").fill("Uruguay veterans");
  // The first rule is a level: from 7.
  await form.getByLabel("From").fill("7");
  await form.getByRole("button", { name: "Add rule" }).click();
  await form.getByLabel("Rule").nth(1).selectOption("country");
  await form.getByLabel("Countries, e.g. RU, KZ").fill("UY");
  await expect(form.getByTestId("audience-size")).toHaveText("1 player now");
  // Widening the level shows the size move, then back.
  await form.getByLabel("From").fill("1");
  await expect(form.getByTestId("audience-size")).toHaveText("2 players now");
  await form.getByLabel("From").fill("7");
  await expect(form.getByTestId("audience-size")).toHaveText("1 player now");
  await form.getByRole("button", { name: "Save audience" }).click();
  await expect(page.getByText("Audience saved: 1 members")).toBeVisible();
  const row = page.getByRole("row").filter({ hasText: "Uruguay veterans" });
  await expect(row).toContainText("Level 7–…");
  await expect(row).toContainText("Country: UY");
  await page.screenshot({ path: info.outputPath("audiences-en-1366.png"), fullPage: true });

  // Attach it to a special offer.
  await page.goto(`${running.url}/admin/specialOfferOptions/`);
  await page.getByRole("button", { name: "New offer" }).click();
  const offer = page.getByRole("form", { name: "New offer" });
  await offer.getByLabel("Title (Russian)").fill("Ветеранам Уругвая");
  await offer.getByLabel("Title (English)").fill("For Uruguay veterans");
  await offer.getByLabel("Price in gold").fill("10");
  await offer.getByRole("textbox", { name: "Gold", exact: true }).fill("100");
  await offer.getByLabel("Saved audience").selectOption({ label: "Uruguay veterans" });
  await offer.getByRole("button", { name: "Save offer" }).click();
  await expect(page.getByText("Offer saved")).toBeVisible();

  // And to a notification: the picker names the audience with its size; the reach counts its members.
  await page.goto(`${running.url}/admin/notification/`);
  await page.getByRole("button", { name: "New notification" }).click();
  const note = page.getByRole("region", { name: "New notification" });
  await note.getByLabel("Name (operators only)").fill("Uruguay veterans' weekend");
  await note.getByLabel("Saved audience").selectOption({ label: "Uruguay veterans — 1 player" });
  await note.getByRole("button", { name: "Create" }).click();
  const editor = page.getByRole("region", { name: /^Notification #\d+$/ });
  await expect(editor.getByTestId("reach")).toContainText("1 player would receive it if it were activated now.");
  await expect(editor.getByLabel("Saved audience")).toHaveValue(/^\d+$/);
  await page.screenshot({ path: info.outputPath("notification-audience-en-1366.png"), fullPage: true });

  // And to an option variant: its members read it (what the game reads), the others the default.
  const session = await addSession(running.db, "admin", await addAdmin(running.db, "operator"));
  await call(running, options.clientSave, { key: "lobby.motd", value: { text: "Hello" } }, { session });
  await page.goto(`${running.url}/admin/clientOptions/editor/lobby.motd/uy?new=1`);
  await page.getByLabel("Value (free-form JSON)").fill('{ "text": "Hola, veteranos" }');
  await page.getByLabel("Saved audience").selectOption({ label: "Uruguay veterans — 1 player" });
  await page.getByRole("button", { name: "Save", exact: true }).click();
  await expect(page).toHaveURL(/\/editor\/lobby\.motd\/uy$/);
  await expect(page.getByLabel("Saved audience")).toHaveValue(/^\d+$/);
  await page.screenshot({ path: info.outputPath("option-variant-audience-en-1366.png"), fullPage: true });
  const reads = async (playerId: number) =>
    (await call(running, options.apiGet, { key: "lobby.motd", playerId }, { session })).variant;
  expect(await reads(veteran)).toBe("uy");
  expect(await reads(rookie)).toBe("default");
  expect(await reads(elsewhere)).toBe("default");
  await context.close();

  const sees = async (playerId: number) => {
    const session = await addSession(running.db, "player", playerId);
    const r = await call(running, offers, {}, { session });
    return r.offers.some((o) => o.title === "For Uruguay veterans");
  };
  // The offers' cache is reloaded within its check interval (2 s): poll.
  await expect.poll(() => sees(veteran)).toBe(true);
  expect(await sees(rookie)).toBe(false);
  expect(await sees(elsewhere)).toBe(false);
});

test("the audiences screen in English and Russian, at 1366 and 390 px", async ({ browser }, info) => {
  for (const locale of ["en", "ru"] as const)
    for (const width of [1366, 390]) {
      const { context, page } = await signedInPage(
        browser,
        running.db,
        { admin: "operator" },
        {
          locale,
          context: { viewport: { width, height: 900 }, locale: locale === "ru" ? "ru-RU" : "en-US" },
        },
      );
      const errors: string[] = [];
      page.on("console", (m) => m.type() === "error" && errors.push(m.text()));
      await page.goto(`${running.url}/admin/audiences/`);
      await expect(
        page.getByRole("heading", { level: 1, name: locale === "en" ? "Audiences" : "Аудитории" }),
      ).toBeVisible();
      await expect(page.getByRole("row").filter({ hasText: "Uruguay veterans" })).toBeVisible();
      await page.getByRole("button", { name: locale === "en" ? "New audience" : "Новая аудитория" }).click();
      await expect(page.getByTestId("audience-size")).toContainText(locale === "en" ? "players now" : "сейчас");
      // An "any of" group with a warehouse fact, as the editor shows it.
      await page
        .getByRole("button", { name: locale === "en" ? 'Add an "any of" group' : "Добавить группу «любое из»" })
        .click();
      const group = page.getByTestId("audience-group");
      await group.getByLabel(locale === "en" ? "Rule" : "Правило").selectOption("winsIn");
      await expect(
        group.getByLabel(locale === "en" ? "Period: the last N days" : "Период: последние N дней"),
      ).toBeVisible();
      await page.screenshot({ path: info.outputPath(`audiences-${locale}-${width}.png`), fullPage: true });
      const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
      expect(overflow).toBeLessThanOrEqual(0);
      // The notification's saved-audience picker, in the same language and width.
      await page.goto(`${running.url}/admin/notification/`);
      await page.getByRole("button", { name: locale === "en" ? "New notification" : "Новое уведомление" }).click();
      const picker = page.getByLabel(locale === "en" ? "Saved audience" : "Сохранённая аудитория");
      await expect(picker.locator("option", { hasText: "Uruguay veterans" })).toHaveText(
        locale === "en" ? "Uruguay veterans — 1 player" : "Uruguay veterans — 1 игрок",
      );
      await page.screenshot({ path: info.outputPath(`notification-${locale}-${width}.png`), fullPage: true });
      expect(await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth)).toBeLessThanOrEqual(
        0,
      );
      // The option variant's audience (set by the journey above), in the same language and width.
      await page.goto(`${running.url}/admin/clientOptions/editor/lobby.motd/uy`);
      await expect(
        page.getByLabel(locale === "en" ? "Saved audience" : "Сохранённая аудитория").locator("option:checked"),
      ).toHaveText(locale === "en" ? "Uruguay veterans — 1 player" : "Uruguay veterans — 1 игрок");
      await page.screenshot({ path: info.outputPath(`option-${locale}-${width}.png`), fullPage: true });
      expect(await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth)).toBeLessThanOrEqual(
        0,
      );
      expect(errors).toEqual([]);
      await context.close();
    }
});

test("an any-of group with a warehouse fact: its size, a missing period refused under its field, saved", async ({
  browser,
}, info) => {
  await addPlayer(running.db, { nickname: "py_veteran", country: "PY", level: 9 });
  await addPlayer(running.db, { nickname: "bo_veteran", country: "BO", level: 8 });
  await addPlayer(running.db, { nickname: "bo_rookie", country: "BO", level: 3 });
  const { context, page } = await signedInPage(
    browser,
    running.db,
    { admin: "operator" },
    { context: { viewport: { width: 1366, height: 900 } } },
  );
  await page.goto(`${running.url}/admin/audiences/`);
  await page.getByRole("button", { name: "New audience" }).click();
  const form = page.getByRole("form", { name: "New audience" });
  await form.getByLabel("Name").fill("River Plate veterans");
  await form.getByLabel("From").fill("7");
  await form.getByRole("button", { name: 'Add an "any of" group' }).click();
  const group = form.getByTestId("audience-group");
  await expect(group.getByRole("group", { name: "And at least one of these (group 1)" })).toHaveCount(0);
  await expect(form.getByRole("group", { name: "And at least one of these (group 1)" })).toBeVisible();
  await group.getByLabel("Rule").selectOption("country");
  await group.getByLabel("Countries, e.g. RU, KZ").fill("PY");
  await expect(form.getByTestId("audience-size")).toHaveText("1 player now");
  await group.getByRole("button", { name: "Add rule to group 1" }).click();
  await group.getByLabel("Rule").nth(1).selectOption("country");
  await group.getByLabel("Countries, e.g. RU, KZ").nth(1).fill("BO");
  await expect(form.getByTestId("audience-size")).toHaveText("2 players now");
  // A warehouse fact in the group with no period: the save is refused under that field.
  await group.getByRole("button", { name: "Add rule to group 1" }).click();
  await group.getByLabel("Rule").nth(2).selectOption("battlesIn");
  await group.getByLabel("From").fill("100000");
  const period = group.getByLabel("Period: the last N days");
  await expect(period).toHaveValue("30");
  await period.fill("");
  await form.getByRole("button", { name: "Save audience" }).click();
  await expect(period).toHaveAttribute("aria-invalid", "true");
  await expect(group.getByText("This field is required.")).toBeVisible();
  await page.screenshot({ path: info.outputPath("audience-group-refused-en-1366.png"), fullPage: true });
  await period.fill("30");
  await expect(form.getByTestId("audience-size")).toHaveText("2 players now");
  await form.getByRole("button", { name: "Save audience" }).click();
  await expect(page.getByText("Audience saved: 2 members")).toBeVisible();
  const row = page.getByRole("row").filter({ hasText: "River Plate veterans" });
  await expect(row).toContainText(
    "Level 7–…; (Country: PY or Country: BO or Battles in the period (warehouse) 100000–… in 30 days)",
  );
  await page.screenshot({ path: info.outputPath("audience-group-saved-en-1366.png"), fullPage: true });
  await context.close();
});
