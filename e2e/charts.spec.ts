// Every screen that draws charts, after the chart code was cut into lazy chunks per kind (ui/components/
// Chart.tsx, chart-kinds/*.ts): each metrics screen (read from ui/areas/metrics/routes.ts), the
// players' statistics, a player's and a clan's counters, a player's analysis, and the start page's
// small charts, at 1366 px against a freshly seeded server. A screen fails on a console error (an
// echarts part not registered is one), a failed request, or a chart that is not drawn: a chart's
// <figure> without its canvas, or a screen with data and no chart. Screenshots in e2e/output/charts/.
import { test, expect, type Page } from "@playwright/test";
import { spawnSync } from "node:child_process";
import { mkdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { startApp, addAdmin, addSession, type RunningApp } from "./server.ts";

test.describe.configure({ mode: "serial", timeout: 60_000 });
test.use({ viewport: { width: 1366, height: 900 }, locale: "en-US" });

const root = new URL("..", import.meta.url).pathname;
const shots = join(root, "e2e/output/charts");
/** Every metrics screen's address. */
const metricsPaths = [
  ...readFileSync(join(root, "ui/areas/metrics/routes.ts"), "utf8").matchAll(/screen\("(\/admin\/metrics\/[^"]+)"/g),
].map((m) => m[1]);

let running: RunningApp;
let adminToken = "";
let playerId = "";
let clanId = "";

test.beforeAll(async () => {
  test.setTimeout(180_000);
  mkdirSync(shots, { recursive: true });
  // The screens need the bundle of the code under test.
  if (spawnSync(join(root, "node_modules/.bin/bun"), ["ui/build.ts"], { cwd: root, stdio: "ignore" }).status !== 0)
    throw new Error("ui build failed");
  running = await startApp("charts", { SEED_PLAYERS: "150", SEED_DAYS: "60" });
  adminToken = (await addSession(running.db, "admin", await addAdmin(running.db, "superadmin"))).token;
  const one = async (sql: string) => String((await running.db.execute(sql)).rows[0]?.[0] ?? "");
  playerId = await one("select player_id from battle_players group by player_id order by count(*) desc limit 1");
  clanId = await one(
    "select clan_id from battle_players where clan_id is not null group by clan_id order by count(*) desc limit 1",
  );
});
test.afterAll(async () => {
  await running?.stop();
});

/** Opens a screen as the operator and collects its console errors and failed requests. */
async function open(page: Page, path: string): Promise<string[]> {
  const problems: string[] = [];
  page.on("console", (m) => m.type() === "error" && problems.push(`console: ${m.text()}`));
  page.on("pageerror", (e) => problems.push(`page error: ${e.message}`));
  // A streamed read (a player's analysis) is cut by the page itself when it starts the read again.
  page.on(
    "requestfailed",
    (r) =>
      !(/\/loadStreamed\b/.test(r.url()) && r.failure()?.errorText === "net::ERR_ABORTED") &&
      problems.push(`failed: ${r.url()} ${r.failure()?.errorText}`),
  );
  page.on("response", (r) => r.status() >= 400 && problems.push(`${r.status()}: ${r.url()}`));
  await page.context().addCookies([
    { name: "tk_admin", value: adminToken, domain: "127.0.0.1", path: "/" },
    { name: "lang", value: "en", domain: "127.0.0.1", path: "/" },
  ]);
  await page.goto(`${running.url}${path}`);
  await expect(page.locator("h1:visible").first()).toBeVisible();
  // Data loaded: no loading state left (a chart's own loading state included).
  await expect(page.locator('[aria-busy="true"]')).toHaveCount(0, { timeout: 20_000 });
  return problems;
}

/** Every chart <figure> holds a drawn canvas of its size; returns how many charts the screen shows. */
async function chartsDrawn(page: Page): Promise<number> {
  const figures = page.locator("figure.tk-chart");
  const n = await figures.count();
  for (let i = 0; i < n; i++) {
    const canvas = figures.nth(i).locator("canvas").first();
    await expect(canvas).toBeVisible();
    const box = await canvas.boundingBox();
    expect(box && box.width > 100 && box.height > 100).toBe(true);
    // Something is painted: the canvas is not one flat colour.
    const painted = await canvas.evaluate((c: HTMLCanvasElement) => {
      const d = c.getContext("2d")!.getImageData(0, 0, c.width, c.height).data;
      for (let p = 4; p < d.length; p += 4)
        if (d[p] !== d[0] || d[p + 1] !== d[1] || d[p + 2] !== d[2] || d[p + 3] !== d[3]) return true;
      return false;
    });
    expect(painted).toBe(true);
  }
  return n;
}

for (const path of metricsPaths) {
  test(`metrics screen ${path} draws its charts`, async ({ page }) => {
    const problems = await open(page, path);
    // A screen that asks which periods to show first (comparing periods) shows them.
    const show = page.getByRole("button", { name: "Show", exact: true });
    if (await show.count()) {
      await show.click();
      await expect(page.locator("figure.tk-chart").first()).toBeVisible();
      await expect(page.locator('[aria-busy="true"]')).toHaveCount(0, { timeout: 20_000 });
    }
    const empty = await page.locator(".tk-empty").count();
    const charts = await chartsDrawn(page);
    // A screen with data draws at least one chart.
    if (empty === 0) expect(charts).toBeGreaterThan(0);
    await page.screenshot({
      path: join(shots, `${path.replace(/^\/admin\/metrics\//, "").replace(/\W+/g, "-")}.png`),
      fullPage: true,
    });
    expect(problems).toEqual([]);
  });
}

test("the other chart screens draw theirs, and the start page its small charts", async ({ page }) => {
  for (const path of [
    "/admin/playersStats/",
    `/admin/playerCounters/${playerId}`,
    `/admin/player/${playerId}/analysis/`,
    `/admin/clanCounters/${clanId}`,
  ]) {
    const problems = await open(page, path);
    await chartsDrawn(page);
    await page.screenshot({
      path: join(shots, `${path.split("/").filter(Boolean).slice(1, 2).join("")}.png`),
      fullPage: true,
    });
    expect({ path, problems }).toEqual({ path, problems: [] });
    page.removeAllListeners();
  }
  const problems = await open(page, "/admin/");
  await expect(page.locator("svg.tk-spark").first()).toBeVisible();
  await page.screenshot({ path: join(shots, "start-page.png"), fullPage: true });
  expect(problems).toEqual([]);
});
