// Experiments and ads journeys in Debian's Chromium: an operator creates an experiment on an
// option key with two variants, starts it after the confirmation and sees its players with their
// variants; then edits an ad placement's daily cap. The app runs as in production (startApp: bun
// edge/bun.ts on a fresh data directory); the option variants, players and a placement are
// written in code.
import { test, expect, type Page } from "@playwright/test";
import { addAdmin, addPlayer, addSession, sessionCookie, startApp, type RunningApp } from "./server.ts";
import { call } from "./contracts.ts";
import * as audiences from "../api/contracts/admin/audiences.ts";

test.use({ launchOptions: { executablePath: "/usr/bin/chromium" }, locale: "en-US" });
test.describe.configure({ mode: "serial", timeout: 120_000 });

let running: RunningApp;
let adminCookie: ReturnType<typeof sessionCookie>;
let adminSession: Awaited<ReturnType<typeof addSession>>;

test.beforeAll(async () => {
  running = await startApp("experiments");
  const { db } = running;
  const now = Date.now();
  for (const [variant, value] of [
    ["default", { showDamageNumbers: true, minimapSize: "medium", crosshair: "classic" }],
    ["bigMinimap", { showDamageNumbers: true, minimapSize: "large", crosshair: "dot" }],
  ] as const)
    await db.execute({
      sql: "insert into options (scope, key, variant, value, share, version, updated_at) values ('client', 'battle.hud', ?, ?, 0, 1, ?)",
      args: [variant, JSON.stringify(value), now],
    });
  for (let i = 0; i < 40; i++)
    await addPlayer(db, { nickname: `Tanker${i}`, country: "RU", level: 1 + (i % 15), createdAt: now - i * 60_000 });
  await db.execute({
    sql: "insert into ad_placements (placement, network, enabled, cap_per_day, reward, updated_at) values ('garage.rewarded', 'yandex', 1, 5, 2500, ?)",
    args: [now],
  });
  adminSession = await addSession(db, "admin", await addAdmin(db, "operator"));
  adminCookie = sessionCookie(adminSession);
});

test.afterAll(async () => {
  await running?.stop();
});

async function operatorPage(
  browser: import("@playwright/test").Browser,
  path: string,
): Promise<Page & { errors: string[] }> {
  const context = await browser.newContext();
  await context.addCookies([adminCookie]);
  const page = (await context.newPage()) as Page & { errors: string[] };
  page.errors = [];
  page.on("pageerror", (e) => page.errors.push(String(e)));
  page.on("console", (m) => m.type() === "error" && page.errors.push(m.text()));
  await page.goto(`${running.url}${path}`);
  return page;
}

test("an operator creates an experiment with two variants, starts it and sees its players assigned", async ({
  browser,
}, info) => {
  const page = await operatorPage(browser, "/admin/experiments/");
  await page.getByLabel("Name", { exact: true }).fill("Bigger minimap");
  await page.getByLabel("Description").fill("Does a larger minimap win more battles?");
  await page.getByLabel("Option key").selectOption("battle.hud");
  await page.getByRole("button", { name: "Create experiment" }).click();
  await page.waitForURL(/\/admin\/experiments\/control\/\d+$/);
  await expect(page.locator("[data-status]")).toHaveText("Draft");

  // A start without variants is refused with the server's message.
  await page.getByRole("button", { name: "Start", exact: true }).click();
  await page.getByRole("button", { name: "Confirm" }).click();
  await expect(page.getByText("Save the experiment's variants before starting it.")).toBeVisible();

  // Variant 1 is prefilled as the control on "default"; a zero total weight is refused.
  await page.getByLabel("Weight").first().fill("0");
  await page.getByRole("button", { name: "Save variants" }).click();
  await expect(page.getByText("The variants' weights must add up to more than 0.")).toBeVisible();
  await page.getByLabel("Weight").first().fill("1");
  await page.getByRole("button", { name: "Add a variant" }).click();
  await page.getByLabel("Variant name").nth(1).fill("big minimap");
  await page.getByLabel("Weight").nth(1).fill("1");
  await page.getByLabel("Option variant").nth(1).selectOption("bigMinimap");
  await page.getByRole("button", { name: "Save variants" }).click();
  await expect(page.getByText("Saved").first()).toBeVisible();

  // Before starting: how many it would enrol; then only a saved audience's members (level 10+:
  // 13 of the 40 players), chosen by its name and size.
  await expect(page.getByTestId("enrolled")).toHaveText("40 players would be enrolled if it started now.");
  await call(
    running,
    audiences.save,
    { name: "Veterans", definition: { conditions: [{ kind: "level", min: 10 }] }, actions: [], active: true },
    { session: adminSession },
  );
  await page.reload();
  await page.getByLabel("Saved audience").selectOption({ label: "Veterans — 13 players" });
  await page.getByRole("button", { name: "Save conditions" }).click();
  await expect(page.getByTestId("enrolled")).toHaveText("13 players would be enrolled if it started now.");

  await page.getByRole("button", { name: "Start", exact: true }).click();
  await page.getByRole("button", { name: "Confirm" }).click();
  await expect(page.locator("[data-status]")).toHaveText("Running");
  await expect(page.getByText("A running experiment's variants cannot be edited; stop it first.")).toBeVisible();

  const rows = page.locator(".tk-datatable tbody tr");
  await expect(rows.first()).toBeVisible();
  const variants = await page.locator(".tk-datatable tbody tr td:nth-child(6)").allTextContents();
  expect(new Set(variants)).toEqual(new Set(["control", "big minimap"]));
  await expect(page.getByTestId("enrolled")).toHaveText("13 players are in it.");
  await expect(page.locator(".tk-datatable tbody tr")).toHaveCount(13);
  const share = await running.db.execute("select share from options where variant = 'bigMinimap'");
  expect(Number(share.rows[0].share)).toBe(50);
  await page.screenshot({ path: info.outputPath("experiment-running.png"), fullPage: true });
  // The only failed requests are the two refusals above (the early start, the zero weights).
  expect(page.errors.map((e) => e.match(/status of (\d+)/)?.[1] ?? e).sort()).toEqual(["400", "409"]);
});

test("an operator edits an ad placement's daily cap", async ({ browser }, info) => {
  const page = await operatorPage(browser, "/admin/ads/settings/");
  const row = page.locator(".tk-datatable tbody tr", { hasText: "garage.rewarded" });
  await expect(row).toBeVisible();
  await row.getByRole("button", { name: "Edit" }).click();
  await page.getByLabel("Cap per day").fill("9999");
  await page.getByRole("button", { name: "Save placement" }).click();
  await expect(page.locator("[aria-invalid=true]")).toHaveCount(1);
  await page.getByLabel("Cap per day").fill("7");
  await page.getByRole("button", { name: "Save placement" }).click();
  await expect(row.locator("td").nth(4)).toHaveText("7");
  const saved = await running.db.execute("select cap_per_day from ad_placements where placement = 'garage.rewarded'");
  expect(Number(saved.rows[0].cap_per_day)).toBe(7);
  await page.screenshot({ path: info.outputPath("ad-placement.png"), fullPage: true });
  // The only failed request is the refused cap (over the maximum, answered by the server too? no: the form refuses it first).
  expect(page.errors).toEqual([]);
});
