// The two shells in both locales, in Debian's Chromium against a freshly seeded server: each page
// must render with no console error and no failed request; an admin is signed in through a
// session seeded in code. Prints the time to first render of /ru/public and /admin/. Also walks
// the design system's server-side list and form on the tanks screen.
import { test, expect, type Page } from "@playwright/test";
import { readFileSync } from "node:fs";
import { startApp, addAdmin, addSession, type RunningApp } from "./server.ts";
import { firstRender, watch, withoutEchoes } from "./screens.ts";

test.describe.configure({ mode: "serial", timeout: 120_000 });

let running: RunningApp;
let app = "";
let adminToken = "";

test.beforeAll(async () => {
  test.setTimeout(180_000);
  running = await startApp("shells", { SEED_PLAYERS: "200" });
  app = running.url;
  adminToken = (await addSession(running.db, "admin", await addAdmin(running.db, "admin"), "ru")).token;
});

test.afterAll(async () => {
  await running?.stop();
});

/** The page's first render (e2e/screens.ts), after a first request: a server that has just booted answers it slowly. */
async function firstRenderOf(page: Page, path: string) {
  await fetch(app + path);
  return firstRender(page, app + path);
}

// The design system's list and form on a real admin screen (the tanks of the content area); the admin shell.
async function asAdmin(context: import("@playwright/test").BrowserContext, locale: string) {
  await context.addCookies([
    { name: "tk_admin", value: adminToken, domain: "127.0.0.1", path: "/" },
    { name: "lang", value: locale, domain: "127.0.0.1", path: "/" },
  ]);
}

for (const locale of ["ru", "en"]) {
  test(`public shell in ${locale}`, async ({ page }) => {
    const problems = watch(page);
    const ms = await firstRenderOf(page, `/${locale}/public`);
    if (locale === "ru") console.log(`time to first render /ru/public: ${ms} ms`);
    await expect(page.locator("html")).toHaveAttribute("lang", locale);
    await page.screenshot({ path: `e2e/output/shell-public-${locale}.png`, fullPage: true });
    expect(withoutEchoes(problems)).toEqual([]);
  });
}

for (const locale of ["ru", "en"]) {
  test(`admin shell in ${locale}`, async ({ page, context }) => {
    await asAdmin(context, locale);
    const problems = watch(page);
    const ms = await firstRenderOf(page, "/admin/");
    console.log(`time to first render /admin/ (${locale}): ${ms} ms`);
    await expect(page.getByRole("navigation").first()).toBeVisible();
    await page.screenshot({ path: `e2e/output/shell-admin-${locale}.png`, fullPage: true });
    expect(withoutEchoes(problems)).toEqual([]);
  });
}

test("an unknown address gets the not-found page", async ({ page }) => {
  await page.goto(`${app}/en/public/no-such-page`);
  await expect(page.locator(".tk-notfound h1")).toHaveText("Page not found");
  await page.screenshot({ path: "e2e/output/shell-not-found.png" });
});

test("a server-side list: keyboard sorting, paging and filters live in the address; CSV of the whole filtered set", async ({
  page,
  context,
}) => {
  await asAdmin(context, "en");
  const problems = watch(page);
  // The filtered list answers late, as on a busy machine: the pager must not be read while it
  // still shows the unfiltered set (the clean-clone run once exported 14 rows against 44 read).
  await page.route(/\/admin\/tank\/getTanks\?.*nation=ussr/, async (r) => {
    await new Promise((done) => setTimeout(done, 800));
    await r.continue();
  });
  await page.goto(`${app}/admin/tank/`);
  await page.locator("table tbody tr").first().waitFor();
  await page.getByRole("button", { name: /^Tier/ }).focus();
  await page.keyboard.press("Enter");
  await expect(page).toHaveURL(/sort=tier/);
  await expect(page.getByRole("columnheader", { name: /Tier/ })).toHaveAttribute("aria-sort", /ascending|descending/);
  await page.getByRole("button", { name: "Next" }).click();
  await expect(page).toHaveURL(/page=2/);
  await page.getByLabel("Nation").selectOption("ussr");
  await expect(page).toHaveURL(/nation=ussr/);
  await expect(page).not.toHaveURL(/page=2/); // a new filter starts from the first page
  // The previous list stays on screen, busy, until the filtered one arrives: read the total then.
  const list = page.locator(".tk-datatable [aria-busy]");
  await expect(list).toHaveAttribute("aria-busy", "false");
  const inAll = async () => Number(/(\d+) in all/.exec(await page.locator(".tk-pager").innerText())![1]);
  const total = await inAll();
  await page.reload(); // the address alone brings the same list back
  await expect(page.getByLabel("Nation")).toHaveValue("ussr");
  await expect(list).toHaveAttribute("aria-busy", "false");
  expect(await inAll()).toBe(total);
  const download = page.waitForEvent("download");
  await page.getByRole("button", { name: "Export CSV" }).click();
  const lines = readFileSync(await (await download).path(), "utf8")
    .trimEnd()
    .split("\n");
  expect(lines[0]).toContain("Tier");
  expect(lines.length - 1).toBe(total);
  expect(lines.slice(1).every((l) => l.includes(",ussr,"))).toBe(true);
  expect(withoutEchoes(problems)).toEqual([]);
});

for (const [locale, required, max] of [
  ["en", "This field is required.", "Please enter a value less than or equal to 10."],
  ["ru", "Это поле обязательно для заполнения.", "Введите значение не больше 10."],
] as const) {
  test(`a form shows the server's validation messages before sending (${locale})`, async ({ page, context }) => {
    await asAdmin(context, locale);
    await page.goto(`${app}/admin/tank/`);
    await page.locator("table tbody tr").first().waitFor();
    await page.locator(".tk-row .tk-btn.tk-primary").first().click(); // New
    await page.locator("form.tk-form button[type=submit]").click();
    await expect(page.locator("form.tk-form input[name=id]")).toBeFocused(); // the first bad field
    const tier = page.locator("form.tk-form input[name=tier]");
    await tier.fill("11");
    await tier.blur();
    await expect(page.locator(`#${await tier.getAttribute("aria-describedby")}`)).toHaveText(max);
    await expect(
      page.locator(`#${await page.locator("form.tk-form input[name=nameRu]").getAttribute("aria-describedby")}`),
    ).toHaveText(required);
  });
}
