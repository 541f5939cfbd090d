// The quests editor in Debian's Chromium against the app as it runs in production: the `quests`
// server option opens as a typed form (not the JSON editor); an operator adds a step to a quest,
// saves, reloads and sees it (and the option's value through the API); a bad target shows the
// field's own message under the field and changes nothing; the form fits a 390 px phone.
import { test, expect } from "@playwright/test";
import { addAdmin, addSession, sessionCookie, startApp, type RunningApp } from "./server.ts";

test.use({ launchOptions: { executablePath: "/usr/bin/chromium" }, locale: "en-US" });
test.describe.configure({ mode: "serial", timeout: 120_000 });

let running: RunningApp;
let admin: Awaited<ReturnType<typeof addSession>>;
const call = (path: string, body: unknown) =>
  fetch(`${running.url}${path}`, {
    method: "POST",
    headers: {
      "content-type": "application/json",
      accept: "application/json",
      "accept-language": "en",
      cookie: `tk_admin=${admin.token}`,
      "x-csrf-token": admin.csrf,
    },
    body: JSON.stringify(body),
  });
const stored = async () =>
  (await (
    await fetch(`${running.url}/admin/serverOptions/editor/quests/default`, {
      headers: { accept: "application/json", cookie: `tk_admin=${admin.token}` },
    })
  ).json()) as { value: { key: string; steps: { kind: string; target: number }[] }[]; version: number };

test.beforeAll(async () => {
  running = await startApp("quests");
  admin = await addSession(running.db, "admin", await addAdmin(running.db, "operator"));
  const quests = [
    {
      key: "first-steps",
      nameRu: "Первые шаги",
      nameEn: "First steps",
      steps: [
        { kind: "play_battles", target: 5 },
        { kind: "win_battles", target: 3 },
      ],
      reward: { currency: "gold", amount: 100 },
    },
    {
      key: "heavy-hitter",
      nameRu: "Тяжёлая рука",
      nameEn: "Heavy hitter",
      minLevel: 5,
      steps: [{ kind: "play_class", target: 5, tankType: "heavy" }],
      reward: { currency: "silver", amount: 100000 },
    },
  ];
  expect((await call("/admin/serverOptions/save", { key: "quests", value: quests })).status).toBe(200);
});

test.afterAll(async () => {
  await running?.stop();
});

test.beforeEach(async ({ context }) => {
  await context.addCookies([sessionCookie(admin)]);
});

test("an operator adds a step to a quest, saves, reloads and sees it", async ({ page }) => {
  await page.goto(`${running.url}/admin/serverOptions/`);
  await page.getByRole("link", { name: "default" }).first().click();
  await expect(page).toHaveURL(/\/admin\/serverOptions\/editor\/quests\/default$/);
  await expect(page.getByRole("heading", { name: "Quests: default" })).toBeVisible();
  await expect(page.getByLabel("Value (JSON)")).toHaveCount(0);
  await expect(page.locator("#q-0-key")).toHaveValue("first-steps");
  await expect(page.locator("#q-1-steps-0-tankType")).toHaveValue("heavy");
  const before = (await stored()).version;

  await page.getByRole("button", { name: "Add a step" }).first().click();
  await page.locator("#q-0-steps-2-kind").selectOption({ label: "Deal damage" });
  await page.locator("#q-0-steps-2-target").fill("2500");
  // Reorder: the new step goes first.
  await page.getByRole("button", { name: "Move step 3 up" }).click();
  await page.getByRole("button", { name: "Move step 2 up" }).click();
  await page.locator("#q-0-reward-amount").fill("150");
  await page.getByRole("button", { name: "Save" }).click();
  await expect(page.getByText("Saved")).toBeVisible();

  await page.reload();
  await expect(page.locator("#q-0-steps-0-kind")).toHaveValue("deal_damage");
  await expect(page.locator("#q-0-steps-0-target")).toHaveValue("2500");
  await expect(page.locator("#q-0-steps-1-kind")).toHaveValue("play_battles");
  await expect(page.locator("#q-0-reward-amount")).toHaveValue("150");
  const after = await stored();
  expect(after.version).toBe(before + 1);
  expect(after.value[0].steps).toEqual([
    { kind: "deal_damage", target: 2500 },
    { kind: "play_battles", target: 5 },
    { kind: "win_battles", target: 3 },
  ]);
  expect(after.value[1].key).toBe("heavy-hitter");
});

test("a bad target shows the field's message and changes nothing", async ({ page }) => {
  await page.goto(`${running.url}/admin/serverOptions/editor/quests/default`);
  const before = await stored();
  const target = page.locator("#q-1-steps-0-target");
  await target.fill("0");
  await page.locator("#q-0-key").fill("heavy-hitter");
  await page.getByRole("button", { name: "Save" }).click();
  await expect(target).toHaveAttribute("aria-invalid", "true");
  await expect(page.locator("#q-1-steps-0-target-error")).toHaveText(
    "Please enter a value greater than or equal to 1.",
  );
  await expect(page.locator("#q-1-key-error")).toHaveText("Please make sure the value is unique.");
  await expect(page.getByText("steps.0.target")).toHaveCount(0);
  // The server says the same under the same field when a value skips the browser's check.
  const res = await call("/admin/serverOptions/save", {
    key: "quests",
    value: [{ ...before.value[0], steps: [{ kind: "win_battles", target: 0 }] }],
  });
  expect(res.status).toBe(400);
  expect(((await res.json()) as { error: { fields: Record<string, string> } }).error.fields).toEqual({
    "value.0.steps.0.target": "Please enter a value greater than or equal to 1.",
  });
  await page.reload();
  await expect(target).toHaveValue("5");
  expect(await stored()).toEqual(before);
});

test("the quests form fits a 390 px phone, in Russian", async ({ browser }) => {
  const ru = await addSession(running.db, "admin", await addAdmin(running.db, "operator", "ru"), "ru");
  const context = await browser.newContext({ locale: "ru-RU", viewport: { width: 390, height: 844 } });
  await context.addCookies([sessionCookie(ru)]);
  const page = await context.newPage();
  await page.goto(`${running.url}/admin/serverOptions/editor/quests/default`);
  await expect(page.getByRole("heading", { name: "Квесты: default" })).toBeVisible();
  await expect(page.getByRole("button", { name: "Добавить шаг" }).first()).toBeVisible();
  await expect(page.locator("#q-0-steps-0-kind option:checked")).toHaveText("Нанести урон");
  const overflow = await page.evaluate(
    () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
  );
  expect(overflow).toBeLessThanOrEqual(0);
  await page.screenshot({ path: "e2e/output/quests-390-ru.png", fullPage: false });
  await context.close();
});
