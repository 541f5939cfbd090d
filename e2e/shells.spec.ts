// The two shells in both locales, in Debian's Chromium against a freshly seeded server: each page
// must render with no console error and no failed request; an admin is signed in through a
// session seeded in code. Prints the time to first render of /ru/public and /admin/. Also walks
// the design system's server-side list and form on the tanks screen.
import { test, expect, type Page } from "@playwright/test";
import { spawn, type ChildProcess } from "node:child_process";
import { createHash, randomBytes } from "node:crypto";
import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { createClient, type Client } from "@libsql/client";

test.describe.configure({ mode: "serial", timeout: 120_000 });

const port = 39_600 + Math.floor(Math.random() * 300);
const app = `http://127.0.0.1:${port}`;
const dir = mkdtempSync(join(tmpdir(), "tk-e2e-shells-"));
let server: ChildProcess;
let db: Client;
let adminToken = "";

test.beforeAll(async () => {
  server = spawn("node_modules/.bin/bun", ["edge/bun.ts"], {
    env: { ...process.env, PORT: String(port), HOST: "127.0.0.1", DATA_DIR: dir, SEED_PLAYERS: "200", PUBLIC_URL: app },
    stdio: ["ignore", "pipe", "inherit"],
  });
  await new Promise<void>((ok, fail) => {
    server.stdout!.on("data", (d: Buffer) => String(d).includes("Tankodrome ready") && ok());
    server.on("exit", (code) => fail(new Error(`server exited ${code}`)));
  });
  db = createClient({ url: `file:${dir}/tankodrome.db` });
  await db.execute("PRAGMA busy_timeout = 10000");
  const now = Date.now();
  const a = await db.execute({ sql: "insert into admins (username, email, password_hash, role, active, created_at) values (?, ?, '-', 'admin', 1, ?) returning id", args: [`shell${now % 100000}`, `shell${now}@example.com`, now] });
  adminToken = randomBytes(32).toString("base64url");
  await db.execute({
    sql: "insert into sessions (token_hash, kind, subject_id, csrf_token, locale, created_at, last_seen_at, expires_at) values (?, 'admin', ?, ?, 'ru', ?, ?, ?)",
    args: [createHash("sha256").update(adminToken).digest("hex"), Number(a.rows[0].id), randomBytes(24).toString("base64url"), now, now, now + 3_600_000],
  });
});

test.afterAll(async () => {
  server?.kill("SIGTERM");
  db?.close();
  rmSync(dir, { recursive: true, force: true });
});

// Collects what would make a page broken for a user: console errors, failed and 5xx requests.
function watch(page: Page) {
  const problems: string[] = [];
  // The browser logs every 4xx as a console error; those are judged by their responses below,
  // where a signed-out visitor's 401 from the profile is the expected answer (sign-in links).
  page.on("console", (m) => m.type() === "error" && !m.text().startsWith("Failed to load resource") && problems.push(`console: ${m.text()}`));
  page.on("pageerror", (e) => problems.push(`page error: ${e.message}`));
  page.on("requestfailed", (r) => problems.push(`failed: ${r.url()} ${r.failure()?.errorText}`));
  page.on("response", (r) => {
    const expected = r.status() === 401 && new URL(r.url()).pathname === "/public/profile/";
    if (r.status() >= 400 && !expected) problems.push(`${r.status()}: ${r.url()}`);
  });
  return problems;
}

/** Milliseconds from the start of the navigation until the shell's <main> is in the document. */
async function firstRender(page: Page, path: string) {
  await page.addInitScript(() => {
    new MutationObserver((_, o) => {
      if (document.querySelector("#root main")) {
        (window as unknown as { tkFirstRender: number }).tkFirstRender = performance.now();
        o.disconnect();
      }
    }).observe(document, { childList: true, subtree: true });
  });
  // A server that has just booted answers its very first request slowly; a running one does not.
  await fetch(app + path);
  await page.goto(app + path);
  await page.locator("#root > *").first().waitFor();
  await page.locator("main").first().waitFor();
  return Math.round(await page.evaluate(() => (window as unknown as { tkFirstRender: number }).tkFirstRender));
}

for (const locale of ["ru", "en"]) {
  test(`public shell in ${locale}`, async ({ page }) => {
    const problems = watch(page);
    const ms = await firstRender(page, `/${locale}/public`);
    if (locale === "ru") console.log(`time to first render /ru/public: ${ms} ms`);
    await expect(page.locator("html")).toHaveAttribute("lang", locale);
    await page.screenshot({ path: `e2e/output/shell-public-${locale}.png`, fullPage: true });
    expect(problems).toEqual([]);
  });
}

for (const locale of ["ru", "en"]) {
  test(`admin shell in ${locale}`, async ({ page, context }) => {
    await context.addCookies([
      { name: "tk_admin", value: adminToken, domain: "127.0.0.1", path: "/" },
      { name: "lang", value: locale, domain: "127.0.0.1", path: "/" },
    ]);
    const problems = watch(page);
    const ms = await firstRender(page, "/admin/");
    console.log(`time to first render /admin/ (${locale}): ${ms} ms`);
    await expect(page.getByRole("navigation").first()).toBeVisible();
    await page.screenshot({ path: `e2e/output/shell-admin-${locale}.png`, fullPage: true });
    expect(problems).toEqual([]);
  });
}

test("an unknown address gets the not-found page", async ({ page }) => {
  await page.goto(`${app}/en/public/no-such-page`);
  await expect(page.locator(".tk-notfound h1")).toHaveText("Page not found");
  await page.screenshot({ path: "e2e/output/shell-not-found.png" });
});

// The design system's list and form on a real admin screen (the tanks of the content area).
async function asAdmin(context: import("@playwright/test").BrowserContext, locale: string) {
  await context.addCookies([
    { name: "tk_admin", value: adminToken, domain: "127.0.0.1", path: "/" },
    { name: "lang", value: locale, domain: "127.0.0.1", path: "/" },
  ]);
}

test("a server-side list: keyboard sorting, paging and filters live in the address; CSV of the whole filtered set", async ({ page, context }) => {
  await asAdmin(context, "en");
  const problems = watch(page);
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
  const total = Number(/(\d+) in all/.exec(await page.locator(".tk-pager").innerText())![1]);
  await page.reload(); // the address alone brings the same list back
  await expect(page.getByLabel("Nation")).toHaveValue("ussr");
  const download = page.waitForEvent("download");
  await page.getByRole("button", { name: "Export CSV" }).click();
  const lines = readFileSync(await (await download).path(), "utf8").trimEnd().split("\n");
  expect(lines[0]).toContain("Tier");
  expect(lines.length - 1).toBe(total);
  expect(lines.slice(1).every((l) => l.includes(",ussr,"))).toBe(true);
  expect(problems).toEqual([]);
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
    await expect(page.locator(`#${await page.locator("form.tk-form input[name=nameRu]").getAttribute("aria-describedby")}`)).toHaveText(required);
  });
}
