// Issue 31, a 7-day ban from a battle's outlier: the demo world's cheater deals three and a half
// times the damage of their tiers. An operator opens one of the cheater's battles, finds them
// flagged in the battle's cheat signals (damage and kills per battle against the tier's medians),
// picks the 7-day preset — the date-time picker shows the end as DD.MM.YYYY HH:mm:ss — and bans
// them after a confirmation; the ban log says so, about a week long. The outliers' page lists
// them, in Russian too.
import { test, expect } from "@playwright/test";
import { signedInPage, startApp, type RunningApp } from "./server.ts";

let running: RunningApp;
test.beforeAll(async () => {
  running = await startApp("cheat-signals", { SEED_PLAYERS: "40", SEED_DAYS: "10" });
});
test.afterAll(async () => {
  await running?.stop();
});
const one = async (sql: string, args: (string | number)[] = []) => (await running.db.execute({ sql, args })).rows[0];
const DAY = 86_400_000;

test("a 7-day ban from a battle's outlier", async ({ browser }, info) => {
  const { context, page } = await signedInPage(
    browser,
    running.db,
    { admin: "operator" },
    { context: { viewport: { width: 1366, height: 900 }, locale: "en-US" } },
  );
  const errors: string[] = [];
  page.on("console", (m) => m.type() === "error" && errors.push(m.text()));

  // The outliers' page names the cheater; take one of their battles from the store.
  await page.goto(`${running.url}/admin/cheatSignals/`);
  await expect(page.getByRole("heading", { level: 1, name: "Cheat signals" })).toBeVisible();
  const first = page.getByRole("list", { name: "Outliers" }).getByRole("listitem").first();
  await expect(first).toContainText("Damage per battle");
  const playerId = Number((await first.getAttribute("data-testid"))!.replace("outlier-", ""));
  // A battle of theirs on the tier they are an outlier on.
  const tier = Number((await first.textContent())!.match(/tier (\d+)/)![1]);
  const battle = await one(
    `select bp.battle_id as id from battle_players bp join battles b on b.id = bp.battle_id
       join content_tanks t on t.id = bp.tank_id
     where bp.player_id = ? and b.status = 'finished' and t.tier = ? order by b.started_at desc`,
    [playerId, tier],
  );
  const before = Number((await one("select count(*) as n from ban_log where player_id = ?", [playerId])).n);
  await one("update players set banned_until = null where id = ?", [playerId]);

  // The battle's page: the cheater flagged among its players.
  await page.goto(`${running.url}/admin/battles/${battle.id}/events`);
  const signals = page.getByRole("region", { name: "Cheat signals" });
  const card = signals.getByTestId(`signal-${playerId}`);
  await expect(card).toContainText("outlier");
  await expect(card).toContainText(/Damage per battle [\d,.]+ \(median [\d,.]+, ×[\d.]+\)/);
  await card.getByRole("button", { name: "Ban…" }).click();
  const form = card.getByRole("form");
  await expect(form.getByLabel("Reason")).toHaveValue(/Cheat signals: damage ×/);
  await form.getByRole("button", { name: "7 days" }).click();
  // Read once the preset is drawn (a read straight after the click could still see the empty field).
  await expect(form.getByLabel("Banned until")).toHaveValue(/^\d\d\.\d\d\.\d{4} \d\d:\d\d:\d\d$/);
  const shown = await form.getByLabel("Banned until").inputValue();
  await form.getByRole("button", { name: "Ban", exact: true }).click();
  await expect(page.getByRole("dialog")).toContainText(`until ${shown}`);
  await page.getByRole("dialog").getByRole("button", { name: "Confirm" }).click();
  // Banned: the card offers no ban any more, the log has it.
  await expect(card.getByRole("button", { name: "Ban…" })).toHaveCount(0);
  await expect
    .poll(async () => Number((await one("select count(*) as n from ban_log where player_id = ?", [playerId])).n))
    .toBe(before + 1);
  await page.screenshot({ path: info.outputPath("battle-outlier-banned.png"), fullPage: true });

  const ban = await one(
    "select action, until, created_at as at, reason from ban_log where player_id = ? order by id desc",
    [playerId],
  );
  expect(Number((await one("select count(*) as n from ban_log where player_id = ?", [playerId])).n)).toBe(before + 1);
  expect(ban.action).toBe("ban");
  expect(String(ban.reason)).toContain("Cheat signals");
  expect(Math.abs(Number(ban.until) - Number(ban.at) - 7 * DAY)).toBeLessThan(5 * 60_000);
  expect(errors).toEqual([]);
  await context.close();
});

test("the outliers in Russian on a phone", async ({ browser }, info) => {
  const { context, page } = await signedInPage(
    browser,
    running.db,
    { admin: "support" },
    { context: { viewport: { width: 390, height: 844 }, locale: "ru-RU" }, locale: "ru" },
  );
  await page.goto(`${running.url}/admin/cheatSignals/`);
  await expect(page.getByRole("heading", { level: 1, name: "Сигналы читов" })).toBeVisible();
  await expect(page.getByRole("list", { name: "Выбросы" }).getByRole("listitem").first()).toContainText("Урон за бой");
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
  await page.screenshot({ path: info.outputPath("outliers-ru-phone.png"), fullPage: true });
  await context.close();
});
