// An operator's journey through /admin/metrics against a freshly seeded server (startApp: its own
// data directory and port): sign in, read registrations by month and by year, export the CSV,
// open payments, store the monthly figures, recalculate one and clear them.
// Run: npx playwright test e2e/metrics.spec.ts (Debian's Chromium at /usr/bin/chromium).
import { test, expect, type Page } from "@playwright/test";
import { spawnSync } from "node:child_process";
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { startApp, type RunningApp } from "./server.ts";

let running: RunningApp;

test.use({
  launchOptions: { executablePath: "/usr/bin/chromium" },
  locale: "en-US",
  viewport: { width: 1400, height: 1000 },
});
test.describe.configure({ mode: "serial" });

test.beforeAll(async () => {
  // The journey needs the bundle of the code under test.
  const built = spawnSync(join("node_modules", ".bin", "bun"), ["ui/build.ts"], { stdio: "ignore" });
  if (built.status !== 0) throw new Error("ui build failed");
  running = await startApp("metrics", { SEED_PLAYERS: "150", SEED_DAYS: "60" });
});
test.afterAll(async () => {
  await running?.stop();
});

/** Signs the demo world's superadmin in through the sign-in screen. */
async function signIn(page: Page) {
  await page.goto(`${running.url}/admin/login`);
  await page.locator('input[name="username"], input[autocomplete="username"]').first().fill("admin");
  await page.locator('input[type="password"]').first().fill("tankodrome-admin");
  await page.locator('button[type="submit"]').first().click();
  await page.waitForURL((u) => !u.pathname.startsWith("/admin/login"));
}

test("an operator reads the dashboards, exports, and recalculates a month", async ({ page }) => {
  const base = running.url;
  await signIn(page);

  await page.goto(`${base}/admin/metrics/registrations/`);
  await expect(page.getByRole("heading", { level: 1, name: "Registrations" })).toBeVisible();
  await expect(page.locator("canvas").first()).toBeVisible();
  await page.getByLabel("View").selectOption("yearly");
  await expect(page.locator("table").last()).toContainText("2026-01-01");
  const download = page.waitForEvent("download");
  await page.getByText("Export CSV").click();
  const csv = readFileSync(await (await download).path(), "utf8");
  expect(csv.split("\n")[0]).toBe('"month","country","platform","source","registrations"');
  await page.screenshot({ path: "e2e/output/metrics-registrations.png" });

  await page.goto(`${base}/admin/metrics/dau/`);
  await expect(page.getByRole("heading", { level: 1, name: "Active players" })).toBeVisible();
  const dauDownload = page.waitForEvent("download");
  await page.getByRole("button", { name: "Export CSV" }).click();
  const dau = readFileSync(await (await dauDownload).path(), "utf8")
    .trim()
    .split("\n");
  expect(dau[0]).toBe("day,dau_players,wau_players_rolling_7_days,mau_players_rolling_30_days,stickiness_share");
  expect(dau[1]).toMatch(/^\d{4}-\d{2}-\d{2},/);
  expect(dau.length).toBeGreaterThan(28);

  await page.goto(`${base}/admin/metrics/payments/`);
  await expect(page.getByRole("heading", { level: 1, name: "Payments" })).toBeVisible();
  await expect(page.locator("table").first()).toContainText("Net revenue");

  await page.goto(`${base}/admin/metrics/comparePeriods/`);
  // Periods of unequal length are flagged; equal ones are not.
  const first = page.getByRole("group", { name: "First period" });
  const second = page.getByRole("group", { name: "Second period" });
  await first.getByLabel("From").fill("2026-10-01");
  await first.getByLabel("To").fill("2026-10-31");
  await second.getByLabel("From").fill("2026-11-01");
  await second.getByLabel("To").fill("2026-11-10");
  await expect(page.getByTestId("unequal-periods")).toContainText(
    "The periods differ in length: 31 days against 10 days.",
  );
  await second.getByLabel("To").fill("2026-12-01"); // 1.11–1.12, both ends included: 31 days too
  await expect(page.getByTestId("unequal-periods")).toHaveCount(0);
  await page.getByRole("button", { name: "Show" }).click();
  const months = page.locator("table").nth(1).locator("tbody tr");
  await expect(months).toHaveCount(12);
  await months.last().getByRole("button", { name: "Recalculate month" }).click();
  await expect(page.getByText(/recalculated/)).toBeVisible();
  await page.getByRole("button", { name: "Clear stored months" }).click();
  await page.locator("dialog button.tk-danger").click();
  await expect(page.getByText("Stored months cleared: 12")).toBeVisible();
  await page.screenshot({ path: "e2e/output/metrics-compare.png" });
});

test("the crews chart has the seeded crews and the retention table fits at 1366 px", async ({ page }) => {
  const base = running.url;
  await page.setViewportSize({ width: 1366, height: 900 });
  await signIn(page);

  // Every seeded player starts with the free crew roles: five roles, each owned by players, drawn.
  await page.goto(`${base}/admin/metrics/playersCrews/`);
  await expect(page.getByRole("heading", { level: 1, name: "Players' crews" })).toBeVisible();
  await expect(page.getByRole("img", { name: "Crew members by role and level" }).locator("canvas")).toBeVisible();
  const rows = page.locator("table tbody tr");
  await expect(rows).toHaveCount(5);
  await expect(rows.first()).toContainText("Commander");
  const owners = Number((await rows.first().locator("td").nth(1).innerText()).replace(/\D/g, ""));
  expect(owners).toBeGreaterThan(100);
  await rows.first().getByRole("button", { name: "Owners' profiles" }).click();
  await expect(page.getByRole("heading", { level: 2, name: /Owners of Commander: / })).toBeVisible();
  await page.screenshot({ path: "e2e/output/metrics-crews.png" });

  // The players' tanks (the same ownership screen): a tank's owners open under its table.
  await page.goto(`${base}/admin/metrics/playersTanks/`);
  await expect(page.getByRole("heading", { level: 1, name: "Players' tanks" })).toBeVisible();
  const tanks = page.locator("table tbody tr");
  await expect(tanks.first()).toBeVisible();
  const tank = (await tanks.first().locator("td").first().innerText()).trim();
  await tanks.first().getByRole("button", { name: "Owners' profiles" }).click();
  await expect(page.getByRole("heading", { level: 2, name: `Owners of ${tank}: `, exact: false })).toBeVisible();
  await expect(page.locator("h2 + ul li a").first()).toHaveAttribute("href", /^\/admin\/player\/\d+$/);

  // The retention table: key days only, no horizontal overflow of its box at 1366 px.
  await page.goto(`${base}/admin/metrics/retention/`);
  await expect(page.getByRole("heading", { level: 1, name: "Retention" })).toBeVisible();
  const box = page.locator(".tk-metrics-heat-box");
  await expect(box.locator("thead th")).toHaveText(["Cohort (day)", "Size", "D0", "D1", "D3", "D7", "D14", "D30"]);
  await expect(box.locator("tbody tr").first()).toContainText("100%");
  const fit = await box.evaluate((el) => ({
    client: el.clientWidth,
    scroll: el.scrollWidth,
    doc: document.documentElement.scrollWidth,
    view: innerWidth,
  }));
  expect(fit.scroll).toBeLessThanOrEqual(fit.client);
  expect(fit.doc).toBeLessThanOrEqual(fit.view);
  await page.getByLabel("Cohorts by").selectOption("week");
  await expect(box.locator("thead th")).toHaveText(["Cohort (week from)", "Size", "W0", "W1", "W2", "W4", "W8", "W12"]);
  expect(await box.evaluate((el) => el.scrollWidth <= el.clientWidth)).toBe(true);
  expect(new URL(page.url()).searchParams.get("unit")).toBe("week");
  await page.screenshot({ path: "e2e/output/metrics-retention.png" });
});

test("tank earnings hide tanks with fewer than 20 battles in the period (one battle does not top the list), and say so", async ({
  page,
}, info) => {
  await page.setViewportSize({ width: 1366, height: 900 });
  await signIn(page);
  await page.goto(`${running.url}/admin/metrics/tanksEarns/`);
  const min = page.getByTestId("min-battles");
  await expect(min).toHaveValue("20");
  const battles = async () =>
    (await page.locator("table tbody tr").evaluateAll((rows) => rows.map((r) => r.children[1]?.textContent ?? ""))).map(
      (s) => Number(s.replace(/\D/g, "")),
    );
  await expect(page.locator("table tbody tr").first()).toBeVisible({ timeout: 20_000 });
  for (const n of await battles()) expect(n).toBeGreaterThanOrEqual(20);
  await page.screenshot({ path: info.outputPath("tanks-earns-min-20.png"), fullPage: true });
  // A threshold above every tank's count: none left, and the note counts them all.
  await min.fill("1000000");
  await expect(page.getByTestId("hidden-tanks")).toBeVisible();
  await expect(page.locator("table tbody tr")).toHaveCount(0);
  await min.fill("0");
  await expect(page.getByTestId("hidden-tanks")).toHaveCount(0);
});
