// The front door in Debian's Chromium, against the app as it runs in production (startApp): a
// visitor presses "Play" on the landing and is in the hangar with no form, fights a battle and reads
// the result; keeps the progress with an email + password, signs out, and on a fresh browser signs
// back in as the same player with the same silver and battles — at 1366 px and at 390 px. Then the
// social networks through their TEST MODE stand-ins: sign in with one, link a second, sign in with
// the second on a fresh browser. Screenshots go to e2e/output.
import { test, expect, type Page, type Browser } from "@playwright/test";
import { addAdmin, addSession, startApp, type RunningApp } from "./server.ts";

test.describe.configure({ mode: "serial", timeout: 300_000 });
test.use({ actionTimeout: 20_000, navigationTimeout: 30_000 });

let running: RunningApp;

test.beforeAll(async () => {
  test.setTimeout(180_000);
  running = await startApp("front-door", { SEED_PLAYERS: "20", SEED_DAYS: "2" });
  const admin = await addSession(running.db, "admin", await addAdmin(running.db, "operator", "ops"));
  const asAdmin = (path: string, init: RequestInit = {}) =>
    fetch(`${running.url}${path}`, {
      ...init,
      headers: {
        cookie: `tk_admin=${admin.token}`,
        "x-csrf-token": admin.csrf,
        accept: "application/json",
        "content-type": "application/json",
      },
    });
  // Short battles, set the way operators set them.
  const current = (await (await asAdmin("/admin/battleOptions/")).json()) as {
    current: { version: number; value: Record<string, unknown> };
  };
  const saved = await asAdmin("/admin/battleOptions/save", {
    method: "POST",
    body: JSON.stringify({
      value: {
        ...current.current.value,
        roundSeconds: 60,
        respawn: false,
        maps: ["steppe"],
        teamSize: 2,
        maxWaitSeconds: 1,
        tierSpread: 1,
      },
      baseVersion: current.current.version,
    }),
  });
  expect(saved.status, await saved.clone().text()).toBe(200);
});

test.afterAll(async () => {
  await running?.stop();
});

const watch = (page: Page) => {
  const problems: string[] = [];
  page.on("pageerror", (e) => problems.push(`pageerror: ${e.message}`));
  page.on("console", (m) => m.type() === "error" && problems.push(`console: ${m.text()}`));
  return problems;
};

interface Me {
  player: { id: number; silver: number; battles: number; guest: boolean };
}
const me = async (page: Page) =>
  (await (
    await page.request.get(`${running.url}/public/profile/`, { headers: { accept: "application/json" } })
  ).json()) as Me;

/** Drives and fires with the keys until the result screen shows. */
async function fight(page: Page) {
  const field = page.getByRole("img", { name: "Поле боя" });
  await expect(field).toBeVisible({ timeout: 30_000 });
  const result = page.getByRole("button", { name: "В ангар" });
  for (let round = 0; round < 60 && !(await result.isVisible()); round++) {
    await page.keyboard.down("KeyW");
    await page.keyboard.down("Space");
    await page.waitForTimeout(700);
    await page.keyboard.up("Space");
    await page.keyboard.down(round % 2 ? "KeyA" : "KeyD");
    await page.waitForTimeout(500);
    await page.keyboard.up(round % 2 ? "KeyA" : "KeyD");
    await page.keyboard.up("KeyW");
    await page.waitForTimeout(400);
  }
  await expect(result).toBeVisible({ timeout: 90_000 });
  await expect(page.getByRole("heading", { level: 1 })).toHaveText(/Победа!|Поражение|Ничья/);
  return result;
}

for (const [tag, viewport] of [
  ["desktop", { width: 1366, height: 800 }],
  ["phone", { width: 390, height: 844 }],
] as const) {
  test(`${tag}: Play → hangar → battle → result with no credentials; keep with email + password; back in on a fresh browser`, async ({
    browser,
  }) => {
    const app = running.url;
    const context = await browser.newContext({ locale: "ru-RU", viewport });
    const page = await context.newPage();
    const problems = watch(page);
    await page.goto(`${app}/ru/public`);
    await page.getByRole("link", { name: "Играть", exact: true }).first().click();
    // The hangar, "To battle" in view, and nothing typed.
    const toBattle = page.getByRole("button", { name: "В бой" });
    await expect(toBattle).toBeVisible({ timeout: 30_000 });
    await expect(toBattle).toBeInViewport();
    await page.screenshot({ path: `e2e/output/front-door-${tag}-hangar.png` });
    const guest = await me(page);
    expect(guest.player.guest).toBe(true);
    expect(guest.player.battles).toBe(0);

    await toBattle.click();
    const back = await fight(page);
    await page.screenshot({ path: `e2e/output/front-door-${tag}-result.png` });
    await back.click();
    await expect(page.getByText("Боёв: 1")).toBeVisible();
    const played = await me(page);
    expect(played.player).toMatchObject({ id: guest.player.id, battles: 1 });

    // Keeping the progress: the header's button leads to the account panel.
    await page.goto(`${app}/public/profile/#account`);
    const panel = page.locator("#account");
    await expect(panel.getByText("Вы играете как гость.")).toBeVisible();
    const email = `keeper-${tag}-${Date.now()}@example.com`;
    await panel.getByLabel("Email", { exact: true }).fill(email);
    await panel.getByLabel("Пароль", { exact: true }).fill("keeper password 1");
    await panel.getByLabel("Пароль ещё раз").fill("keeper password 1");
    await panel.getByRole("button", { name: "Сохранить прогресс" }).click();
    await expect(panel.getByText(email)).toBeVisible();
    await expect(panel.getByText("не подтверждён")).toBeVisible();
    await panel.scrollIntoViewIfNeeded();
    await page.screenshot({ path: `e2e/output/front-door-${tag}-kept.png` });
    // The confirmation mail went to the mail log (the embedded default's outbox of mails).
    const mail = await running.db.execute({
      sql: 'select count(*) as n from mail_log where "to" = ?',
      args: [email],
    });
    expect(Number(mail.rows[0].n)).toBe(1);
    const kept = await me(page);
    expect(kept.player.guest).toBe(false);

    // Sign out, then a fresh browser signs back in.
    if (tag === "phone")
      await page
        .getByRole("button", { name: "Меню" })
        .click()
        .catch(() => undefined);
    await page.getByRole("button", { name: "Выйти" }).click();
    await page.waitForURL(/\/ru\/public$/);
    await context.close();

    const fresh = await browser.newContext({ locale: "ru-RU", viewport });
    const again = await fresh.newPage();
    const problems2 = watch(again);
    await again.goto(`${app}/public/login`);
    await again.getByLabel("Email").fill(email);
    await again.getByLabel("Пароль").fill("keeper password 1");
    await again.getByRole("button", { name: "Войти", exact: true }).click();
    await again.waitForURL(/\/public\/profile\/$/);
    const back2 = await me(again);
    expect(back2.player).toMatchObject({ id: guest.player.id, battles: 1, silver: played.player.silver });
    await again.screenshot({ path: `e2e/output/front-door-${tag}-back.png` });
    await fresh.close();
    expect([...problems, ...problems2]).toEqual([]);
  });
}

async function viaNetwork(page: Page, button: RegExp, uid: string) {
  await page.getByRole("link", { name: button }).click();
  await expect(page.getByText("TEST MODE", { exact: false }).first()).toBeVisible();
  await page.getByLabel(/User id/).fill(uid);
  await page.getByRole("button", { name: /Allow/ }).click();
}

test("social: sign in with a network through its TEST MODE stand-in, link a second, sign in with the second on a fresh browser", async ({
  browser,
}: {
  browser: Browser;
}) => {
  const app = running.url;
  const context = await browser.newContext({ locale: "en-US", viewport: { width: 1366, height: 800 } });
  const page = await context.newPage();
  const problems = watch(page);
  await page.goto(`${app}/public/login`);
  await page.screenshot({ path: "e2e/output/front-door-social-login.png" });
  await viaNetwork(page, /Sign in with Google/, "g-e2e-1");
  await page.waitForURL(/\/en\/play\/$/);
  await expect(page.getByRole("button", { name: "To battle" })).toBeVisible({ timeout: 30_000 });
  const first = await me(page);
  expect(first.player.guest).toBe(false);

  await page.goto(`${app}/public/profile/#account`);
  const panel = page.locator("#account");
  await expect(panel.getByText("Google")).toBeVisible();
  await viaNetwork(page, /Link VK/, "7700123");
  await page.waitForURL(/\/public\/profile\/#account$/);
  await expect(panel.getByText("VK", { exact: true })).toBeVisible();
  await panel.scrollIntoViewIfNeeded();
  await page.screenshot({ path: "e2e/output/front-door-social-linked.png" });
  await context.close();

  const fresh = await browser.newContext({ locale: "en-US", viewport: { width: 390, height: 844 } });
  const again = await fresh.newPage();
  const problems2 = watch(again);
  await again.goto(`${app}/public/login`);
  await viaNetwork(again, /Sign in with VK/, "7700123");
  await again.waitForURL(/\/en\/play\/$/);
  expect((await me(again)).player.id).toBe(first.player.id);
  await again.screenshot({ path: "e2e/output/front-door-social-back-390.png" });
  await fresh.close();
  expect([...problems, ...problems2]).toEqual([]);
});
