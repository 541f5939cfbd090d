// Identity journeys in Debian's Chromium against the app as it runs in production (startApp: bun
// edge/bun.ts on a fresh data directory): an operator signs in, creates a second admin, promotes
// and deactivates them and reads the log; a player arrives from the game with a sign-in link,
// lands signed in with a clean address bar (no reload), changes the password, signs out and
// signs back in with email and password.
import { test, expect } from "@playwright/test";
import { createAdminWithCli, game, GAME_API_KEY, startApp, type RunningApp } from "./server.ts";
import * as players from "../api/contracts/game/api/players.ts";

test.use({ launchOptions: { executablePath: "/usr/bin/chromium" }, locale: "en-US" });
test.describe.configure({ mode: "serial", timeout: 120_000 });

const OPERATOR = { username: "chief", password: "chief password 123" };
let running: RunningApp;

test.beforeAll(async () => {
  running = await startApp("access", { GAME_API_KEY });
  // The first superadmin, the way a real deployment makes one.
  const made = createAdminWithCli(running, {
    username: OPERATOR.username,
    role: "superadmin",
    email: "chief@example.com",
    password: OPERATOR.password,
  });
  expect(made.status, made.stderr).toBe(0);
});

test.afterAll(async () => {
  await running?.stop();
});

test("an operator signs in, creates a second admin, promotes and deactivates them, and reads the log", async ({
  page,
}, info) => {
  const app = running.url;
  const errors: string[] = [];
  page.on("pageerror", (e) => errors.push(String(e)));
  await page.goto(`${app}/admin/admins/`);
  await page.waitForURL(/\/admin\/login/);
  await page.getByLabel("Username").fill(OPERATOR.username);
  await page.getByLabel("Password").fill(OPERATOR.password);
  await page.getByRole("button", { name: "Sign in" }).click();
  await page.waitForURL(/\/admin\/admins\/$/);
  await expect(page.getByRole("heading", { name: "Admins" })).toBeVisible();

  const form = page.getByRole("form", { name: "New admin" });
  await form.getByLabel("Username").fill("deputy");
  await form.getByLabel("Email").fill("deputy@example.com");
  await form.getByLabel("Password").fill("deputy password 1");
  await form.getByLabel("Role").selectOption("support");
  await form.getByRole("button", { name: "Create" }).click();
  const row = page.locator('tr[data-username="deputy"]');
  await expect(row).toContainText("support");
  await expect(row).toContainText("active");

  await row.getByRole("button", { name: "Promote" }).click();
  await expect(row.locator("td").nth(2)).toHaveText("operator");

  await row.getByRole("button", { name: "Deactivate" }).click();
  const dialog = page.getByRole("dialog");
  await expect(dialog).toContainText("Deactivate deputy?");
  await dialog.getByRole("button", { name: "Confirm" }).click();
  await expect(row.locator("td").nth(3)).toHaveText("deactivated");
  await page.screenshot({ path: info.outputPath("admins.png") });

  await page.goto(`${app}/admin/adminLog/`);
  await expect(page.getByRole("heading", { name: "Admin log" })).toBeVisible();
  const table = page.locator("table");
  // Actions in words (the stored ids, e.g. admin.promote, stay what the filter and the CSV read).
  for (const action of ["Admin created", "Admin promoted", "Admin deactivated", "Signed in"])
    await expect(table).toContainText(action);
  await page.getByLabel("Action").fill("admin.promote");
  await page.getByLabel("Target").fill("deputy");
  await page.getByRole("button", { name: "Show" }).click();
  await expect(table.locator("tbody tr")).toHaveCount(1);
  await expect(table.locator("tbody tr")).toContainText("Role: support → operator");
  // A period that ended before anything happened shows nothing.
  await page.getByLabel("To").fill("01.01.2020 00:00:00");
  await page.getByRole("button", { name: "Show" }).click();
  await expect(page.getByText("No log rows match these filters.")).toBeVisible();
  await page.screenshot({ path: info.outputPath("admin-log.png") });

  // Opening the sign-out address only asks; the button signs out (a POST with the CSRF token).
  await page.goto(`${app}/admin/logout`);
  await expect(page.getByRole("heading", { name: "Sign out of the back office?" })).toBeVisible();
  await expect(page.getByText(`You are signed in as ${OPERATOR.username}.`)).toBeVisible();
  await page.screenshot({ path: info.outputPath("logout-confirm.png") });
  await page.getByRole("link", { name: "Stay signed in" }).click();
  await page.waitForURL(/\/admin\/$/);
  await page.locator(".tk-topbar").getByRole("button", { name: "Sign out" }).click();
  await page.waitForURL(/\/admin\/login/);
  await page.goto(`${app}/admin/admins/`);
  await page.waitForURL(/\/admin\/login/);
  expect(errors).toEqual([]);
});

test("the admin log reads in Russian: actions, targets and changes in words; a row from before details keeps its summary", async ({
  browser,
}, info) => {
  const app = running.url;
  const context = await browser.newContext({ locale: "ru-RU" });
  const page = await context.newPage();
  const errors: string[] = [];
  page.on("pageerror", (e) => errors.push(String(e)));
  const signIn = await context.request.post(`${app}/admin/login`, {
    data: OPERATOR,
    headers: { accept: "application/json" },
  });
  expect(signIn.status()).toBe(200);
  const { csrfToken } = (await signIn.json()) as { csrfToken: string };
  const post = async (path: string, data: unknown) => {
    const res = await context.request.post(`${app}${path}`, {
      data,
      headers: { accept: "application/json", "x-csrf-token": csrfToken },
    });
    expect(res.status(), await res.text()).toBe(200);
  };
  // Rows whose writers kept only an English line before: an identity swap, a month recalculated, currency multipliers saved.
  const a = await game(running, players.register, {
    network: "vk",
    uid: `e2e-swap-a-${Date.now()}`,
    nickname: `SwapA${Date.now() % 100000}`,
  });
  const b = await game(running, players.register, {
    network: "ok",
    uid: `e2e-swap-b-${Date.now()}`,
    nickname: `SwapB${Date.now() % 100000}`,
  });
  await post("/admin/tools/swap/players", { playerA: a.playerId, playerB: b.playerId });
  await post("/admin/metrics/comparePeriods/recalculate/month", { year: 2026, month: 1 });
  await post("/admin/billing/multipliers/save", { multipliers: [] });
  // A row written before rows kept their change as data: shown as it was written.
  await running.db.execute({
    sql: "insert into admin_log (admin_id, admin_username, action, target_type, target_id, summary, details, method, path, address, created_at) values (1, 'chief', 'tools.transfer', 'player', ?, 'vk:old moved #1 → #2', null, 'POST', '/admin/tools/transfer/socialNetworks', '127.0.0.1', ?)",
    args: [String(b.playerId), Date.now() - 60_000],
  });

  await page.goto(`${app}/admin/adminLog/`);
  await expect(page.getByRole("heading", { name: "Журнал действий" })).toBeVisible();
  const rows = page.locator("table tbody tr");
  const swap = rows.filter({ hasText: "Привязки обменяны" });
  await expect(swap).toHaveCount(1);
  await expect(swap).toContainText(`игрок #${a.playerId},${b.playerId}`);
  await expect(swap).toContainText(/Способы входа: ВКонтакте e2e-swap-a-\d+ → Одноклассники e2e-swap-b-\d+/);
  await expect(rows.filter({ hasText: "Месяц пересчитан" })).toContainText("месяц #2026-01");
  await expect(rows.filter({ hasText: "Изменены множители валюты" })).toContainText("Множители: — → —");
  const old = rows.filter({ hasText: "Привязка перенесена" });
  await expect(old).toContainText("vk:old moved #1 → #2");
  // The English lines stay each row's title (and what search and the CSV read), never its text.
  const text = await page.locator("table tbody").innerText();
  for (const english of [
    "identities swapped",
    "recalculated",
    "multipliers:",
    "tools.swap",
    "metrics.recalculate_month",
  ])
    expect(text).not.toContain(english);
  await page.screenshot({ path: info.outputPath("admin-log-ru.png") });
  expect(errors).toEqual([]);
  await context.close();
});

test("a player arrives with a sign-in link, changes the password, signs out and signs back in", async ({
  page,
}, info) => {
  const app = running.url;
  const errors: string[] = [];
  page.on("pageerror", (e) => errors.push(String(e)));
  const email = `pilot${Date.now() % 100000}@example.com`;
  const reg = await game(running, players.register, {
    network: "vk",
    uid: `e2e-${Date.now()}`,
    nickname: `Pilot${Date.now() % 100000}`,
    email,
    password: "first password 1",
    locale: "en",
  });
  const link = await game(running, players.siteToken, { playerId: reg.playerId });
  expect(link.url).toBe(`${app}/en/public?token=${link.token}`);

  const documents: string[] = [];
  page.on("request", (r) => r.resourceType() === "document" && documents.push(r.url()));
  await page.goto(link.url);
  await expect(page.locator(".tk-me")).toContainText(reg.nickname);
  expect(page.url()).toBe(`${app}/en/public`);
  expect(documents).toEqual([link.url]); // the token left the address bar without a reload
  await page.screenshot({ path: info.outputPath("arrived.png") });

  // The link is spent: opening it again does not sign anyone in, and says why.
  const other = await page.context().browser()!.newContext({ locale: "en-US" });
  const stranger = await other.newPage();
  await stranger.goto(link.url);
  await expect(stranger.getByRole("alert")).toContainText("already used or expired");
  await expect(stranger.getByRole("banner").getByRole("link", { name: "Sign in" })).toBeVisible();
  await other.close();

  await page.getByRole("link", { name: "Password" }).click();
  await page.waitForURL(/\/public\/profile\/changePassword$/);
  await page.getByLabel("Current password").fill("first password 1");
  await page.getByLabel("New password", { exact: true }).fill("second password 2");
  await page.getByLabel("New password again").fill("second password 2");
  await page.getByRole("button", { name: "Change the password" }).click();
  await expect(page.getByRole("status").first()).toContainText("The password is changed");

  await page.getByRole("button", { name: "Sign out" }).click();
  await page.waitForURL(/\/en\/public$/);
  await page.getByRole("banner").getByRole("link", { name: "Sign in" }).click();
  await page.waitForURL(/\/public\/login\?next=/);
  await page.getByLabel("Email").fill(email);
  await page.getByLabel("Password").fill("first password 1");
  await page.getByRole("button", { name: "Sign in" }).click();
  await expect(page.getByRole("alert")).toHaveText("Wrong email or password.");
  await page.getByLabel("Password").fill("second password 2");
  await page.getByRole("button", { name: "Sign in" }).click();
  await page.waitForURL(/\/en\/public$/);
  await expect(page.locator(".tk-me")).toContainText(reg.nickname);
  await page.screenshot({ path: info.outputPath("signed-in-again.png") });
  expect(errors).toEqual([]);
});

test("a banned player's link and password sign-in both say why and until when", async ({ page }) => {
  const app = running.url;
  const email = `outlaw${Date.now() % 100000}@example.com`;
  const reg = await game(running, players.register, {
    network: "ok",
    uid: `e2e-ban-${Date.now()}`,
    email,
    password: "outlaw password 1",
    locale: "en",
  });
  const link = await game(running, players.siteToken, { playerId: reg.playerId });
  // The operators' ban lands on the player row; here it is written directly.
  await running.db.execute({
    sql: "update players set banned_until = ?, ban_reason = ? where id = ?",
    args: [Date.UTC(2030, 0, 2, 3, 4, 5), "cheating", reg.playerId],
  });
  const expected = "Your account is banned until 02.01.2030 03:04:05 UTC. Reason: cheating";
  await page.goto(link.url);
  await expect(page.getByRole("alert")).toHaveText(expected);
  await expect(page.getByRole("banner").getByRole("link", { name: "Sign in" })).toBeVisible();
  await page.goto(`${app}/public/login`);
  await page.getByLabel("Email").fill(email);
  await page.getByLabel("Password").fill("outlaw password 1");
  await page.getByRole("button", { name: "Sign in" }).click();
  await expect(page.getByRole("alert")).toHaveText(expected);
});
